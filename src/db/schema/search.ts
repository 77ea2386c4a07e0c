import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { spaces } from "./content";

/**
 * The search index's rows: one per section of every page of every space's live content (its
 * active revision), plain text. Each heading starts a section (`anchor`: its id); the text before
 * the first heading is the page's root section (`anchor` ""), which also carries the page's
 * description. The page title is on every row, so a query whose words are split between the title
 * and a section still finds that section.
 *
 * The FTS5 index over these rows (`search_index`: an external-content table kept in step by
 * triggers, so every insert and delete here updates it) is written by hand in
 * migrations/0007_search_index.sql: drizzle-kit cannot declare virtual tables. Rows are only ever
 * inserted and deleted: a page whose text changes has its rows replaced (domain/search/indexing.ts).
 */
export const searchSections = sqliteTable(
  "search_sections",
  {
    /**
     * The rowid, shared with the FTS index (`content_rowid`). Never reused (AUTOINCREMENT), so a
     * row id names one version of a section for good.
     */
    id: integer("id").primaryKey({ autoIncrement: true }),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    /** The section's place in the page (0: the root section). */
    position: integer("position").notNull(),
    /** The heading's anchor id; "" for the root section. */
    anchor: text("anchor").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    heading: text("heading").notNull(),
    body: text("body").notNull(),
  },
  (table) => [index("search_sections_page").on(table.spaceId, table.pageId)],
);

export type SearchSectionRow = typeof searchSections.$inferSelect;
