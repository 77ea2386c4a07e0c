import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, json, timestamp } from "./columns";
import { spaces } from "./content";

/**
 * A space's content, versioned so that a change costs what the change is, not what the space is
 * (docs/architecture.md, "Content storage").
 *
 * Every space has lines of revisions: `main` (the space's own content) and one per change request
 * (`line` = the change request id). A revision is a point on a line: its `ordinal`. An entry (a
 * page, a file or a reusable content) is stored as rows, each the entry's state over a half-open
 * range of ordinals [from_ordinal, to_ordinal) of one line; to_ordinal is null while the state is current. Editing
 * one page closes one row and opens one: a new revision writes only what it changes.
 *
 * A change request's line stores only what differs from main at its `base_ordinal` (the revision
 * it was last updated from): reading it is main at that ordinal, overlaid with the line's rows
 * (a `deleted` row hides the entry). Nothing ever rewrites the state a revision reads, so a
 * revision is immutable even though rows get their `to_ordinal` set when superseded.
 */
export const revisions = sqliteTable(
  "revisions",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    parents: json<string[]>("parents").notNull(),
    type: text("type", { enum: ["initial", "edits", "merge", "rollback", "update"] }).notNull(),
    /** `main`, or the id of the change request whose line this revision is on. */
    line: text("line").notNull().default("main"),
    ordinal: integer("ordinal").notNull().default(0),
    /** On a change request's line: the main ordinal it overlays. Null on main. */
    baseOrdinal: integer("base_ordinal"),
    /** For a merge revision: the change request merged. */
    mergedFrom: text("merged_from"),
    /** A revision imported from Git: the commit (GitBook's Revision.git). */
    git: json<RevisionGit>("git"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("revisions_space").on(table.spaceId), uniqueIndex("revisions_line").on(table.spaceId, table.line, table.ordinal)],
);

export type RevisionRow = typeof revisions.$inferSelect;

/** GitBook's Revision.git: the commit a revision was imported from (`url` from repoCommitURL). */
export interface RevisionGit {
  oid: string;
  message: string;
  url?: string;
  ref?: string;
  /** Whether the commit was made by this service's export (0.202 calls it createdByGitBook, the seed createdByService). */
  createdByGitBook: boolean;
  createdByService: boolean;
}

/**
 * What an entry is: a page, a file, or a reusable content (GitBook's RevisionReusableContent: a
 * titled body that pages include with a `reusable-content` block; docs/decisions.md, "Reusable
 * contents").
 */
export type EntryKind = "page" | "file" | "reusable-content";

/** What a page row holds besides its place in the tree and its document. */
export interface PageData {
  title: string;
  slug: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  condition?: string;
  layout?: Record<string, unknown>;
  /** A page whose content is computed from a source (GitBook's RevisionPageComputed); see domain/computed-pages. */
  computed?: ComputedPageSource;
  /** A shorter title for the table of contents (GitBook's linkTitle; SUMMARY.md's `[Title](page.md "Link title")`). */
  linkTitle?: string;
  /** GitBook's RevisionPageDocument.cover: the cover image (a file of the space or a URL) and its vertical position. */
  cover?: PageCover;
  /**
   * A page standing for a group of GitBook's table of contents (a `## Heading` of SUMMARY.md):
   * top level, no body, the group's pages are its children. Git export writes it back as a group.
   */
  group?: true;
  /** Where the page lives in a synced Git repository (GitBook's RevisionPage.git); set by a Git import. */
  git?: GitFileInfo;
  createdAt: string;
  updatedAt: string;
}

/** GitBook's ComputedContentSourceRevisionOpenAPI, as inserted: the spec is named by slug. */
export interface ComputedPageSource {
  type: "builtin:openapi";
  dependencies: { spec: { ref: { kind: "openapi"; spec: string } } };
  props: { models: boolean; downloadLink?: boolean; grouping?: "by-tag" | "by-operation" };
}

export interface FileData {
  name: string;
  contentType: string;
  size: number;
  dimensions?: { width: number; height: number };
  /** Where the file lives in a synced Git repository (GitBook's RevisionFile.git); set by a Git import. */
  git?: GitFileInfo;
}

/** What a reusable content row holds besides its body (`document_id`). */
export interface ReusableContentData {
  title: string;
  /** Where it lives in a synced Git repository (`.gitbook/includes/<name>.md`); set by a Git import. */
  git?: GitFileInfo;
  createdAt: string;
  updatedAt: string;
}

export interface PageCover {
  ref: { kind: "file"; file: string } | { kind: "url"; url: string };
  yPos: number;
}

/** A page's or file's blob in a synced Git repository: its oid and its path relative to the project directory. */
export interface GitFileInfo {
  oid: string;
  path: string;
}

export const contentEntries = sqliteTable(
  "content_entries",
  {
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    line: text("line").notNull(),
    kind: text("kind").$type<EntryKind>().notNull(),
    entryId: text("entry_id").notNull(),
    fromOrdinal: integer("from_ordinal").notNull(),
    toOrdinal: integer("to_ordinal"),
    /** Only on change request lines: the entry is deleted there. */
    deleted: flag("deleted").notNull().default(false),
    /** Pages: the parent page (null at the root) and the fractional sibling order key. */
    parentId: text("parent_id"),
    position: text("position"),
    data: json<PageData | FileData | ReusableContentData>("data").notNull(),
    /** Pages and reusable contents: the body, in the content-addressed `documents` table. */
    documentId: text("document_id"),
    /** Files: the R2 key of the bytes (content-addressed, shared by copies). */
    blobKey: text("blob_key"),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.line, table.kind, table.entryId, table.fromOrdinal] }),
    // Current state of a line (the common read) without scanning its history.
    index("content_entries_current").on(table.spaceId, table.line, table.kind, table.parentId).where(sql`${table.toOrdinal} IS NULL`),
    // The children of a page at any ordinal (a change request's base behind main's head), so a
    // page read walks down its subtree by index whatever point it reads (revisions/page-neighbourhood.ts).
    index("content_entries_children").on(table.spaceId, table.line, table.kind, table.parentId, table.fromOrdinal),
    // A document read by id checks that a page of the space uses it (domain/content-reads/documents.ts).
    index("content_entries_document").on(table.documentId, table.spaceId),
    // What one revision changed: the rows its line opened and closed at its ordinal (or over a
    // range of ordinals), so a diff reads what changed, never the whole line (revisions/changes.ts).
    // Partial on a term every row meets (ordinals start at 0): SQLite uses a partial index only for
    // a query that states its term, so only the diff's queries (which do) use these, and no read
    // of a revision's rows (`from_ordinal <= n`) is ever planned as a range over a line's history.
    index("content_entries_opened").on(table.spaceId, table.line, table.fromOrdinal).where(sql`${table.fromOrdinal} >= 0`),
    index("content_entries_closed").on(table.spaceId, table.line, table.toOrdinal).where(sql`${table.toOrdinal} >= 0`),
    // A page's slugs through main's history: a published URL of a path no page has now is looked
    // up here, to send it where the page went after a move or rename (revisions/former-paths.ts).
    index("content_entries_main_slug")
      .on(table.spaceId, sql`json_extract(${table.data}, '$.slug')`)
      .where(sql`${table.kind} = 'page' AND ${table.line} = 'main'`),
    index("content_entries_blob").on(table.blobKey),
  ],
);

export type ContentEntryRow = typeof contentEntries.$inferSelect;

/**
 * Page bodies (markdown without frontmatter), keyed by their SHA-256: identical bodies are stored
 * once, whichever revision, change request or copied space has them.
 */
export const documents = sqliteTable("documents", {
  id: text("id").primaryKey(),
  markdown: text("markdown").notNull(),
});

/** The links of each document, extracted once when the document is stored: the link index. */
export const documentLinks = sqliteTable(
  "document_links",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    relation: text("relation").$type<"link" | "image">().notNull(),
    targetKind: text("target_kind").$type<"page" | "file" | "url">().notNull(),
    target: text("target").notNull(),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.ordinal] }), index("document_links_target").on(table.targetKind, table.target)],
);

export type DocumentLinkRow = typeof documentLinks.$inferSelect;
