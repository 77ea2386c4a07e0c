import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { spaces } from "./content";

/**
 * The search index's rows: one per page of every space's live content (its active revision),
 * plain text. Pages are what a search ranks; a page's sections (each heading starts one, the text
 * before the first heading is the root section) are kept in the same row, their headings and texts
 * each joined by a separator the tokenizer skips (domain/search/page-text.ts), with their anchors,
 * so the sections of the pages served are read back without a second index.
 *
 * Two FTS5 indexes read these rows (external content: the text is stored once, here), kept in step
 * by triggers on insert, update and delete: `search_index` over every field, and `search_titles`
 * over titles alone, which ranks the pages whose title holds every word before the others at the
 * cost of their titles only (domain/search/ranking.ts). They are written by hand in
 * migrations/0014_search_pages.sql: drizzle-kit cannot declare virtual tables. Rows are only ever
 * inserted and deleted: a page whose text changes has its row replaced (domain/search/indexing.ts).
 */
export const searchPages = sqliteTable(
  "search_pages",
  {
    /**
     * The rowid, shared with both FTS indexes (`content_rowid`). Never reused (AUTOINCREMENT), so
     * a row id names one version of a page's text for good.
     */
    id: integer("id").primaryKey({ autoIncrement: true }),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    /**
     * The space as the FTS indexes see it: its id behind U+E000, a private-use character that the
     * tokenizer keeps in tokens and that queries never carry (domain/search/query.ts). No word a
     * user types can match it, so words need no column filter to stay off this column.
     */
    spaceToken: text("space_token").generatedAlwaysAs(sql`char(57344) || space_id`, { mode: "virtual" }),
    pageId: text("page_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** The sections' headings, in order, joined by the section separator ("" for the root section). */
    headings: text("headings").notNull(),
    /** The sections' texts, in order, joined by the section separator. */
    body: text("body").notNull(),
    /** The sections' anchors, in order, as a JSON array ("" for the root section). */
    anchors: text("anchors").notNull(),
  },
  (table) => [uniqueIndex("search_pages_page").on(table.spaceId, table.pageId)],
);

export type SearchPageRow = typeof searchPages.$inferSelect;
