import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { MAX_IDS_PER_IN_LIST, chunks } from "../../db/limits";
import { searchPages } from "../../db/schema";
import { readDocuments, type StoredDocument } from "../revisions/documents";
import { isPage, type Entry, type PageEntry } from "../revisions/entries";
import { pageRowText, type PageText } from "./page-text";

/**
 * Keeping the search index of a space's live content current. The index holds rows for main's
 * head only, and is written in the same batch as the revision that changes it, so search and
 * content never disagree. What a change costs is what it changes:
 *
 * - a merge replaces the row of each page whose text (title, description, body) it changed and
 *   removes those of the pages it deleted (`reindexChangedPages`); a move or a reorder touches
 *   nothing, since paths and ancestors are read from the page tree when results are served;
 * - a duplicated space copies the original's rows in one statement (`copySpaceIndex`);
 * - deleting a space changes nothing (search reads live spaces only), and the purge deletes its
 *   rows with the rest of its data (cron/purge-deleted-spaces.ts);
 * - a transfer changes nothing: rows belong to the space, not to its organization.
 */

/**
 * Rows go in as one JSON array per statement (`json_each`), not as bound values, so a large merge
 * (or the benchmark's 10,000 pages) is a handful of statements rather than one per dozen rows.
 * D1 caps a value at 2 MB; chunks stay well under.
 */
const MAX_JSON_BYTES_PER_STATEMENT = 900_000;

/** Statements replacing the rows of `pages` (and removing those of `removedPageIds`) in one space's index. */
export function replacePageRows(db: Database, spaceId: string, pages: readonly PageText[], removedPageIds: readonly string[] = []): BatchItem<"sqlite">[] {
  const deletes = chunks([...pages.map((page) => page.id), ...removedPageIds], MAX_IDS_PER_IN_LIST).map((ids) =>
    db.delete(searchPages).where(and(eq(searchPages.spaceId, spaceId), inArray(searchPages.pageId, ids))),
  );
  return [...deletes, ...insertPageRows(db, spaceId, pages)];
}

/** Statements inserting the rows of `pages`, which have none yet (a new space's bulk load). */
export function insertPageRows(db: Database, spaceId: string, pages: readonly PageText[]): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  let batch: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (batch.length === 0) return;
    const rows = `[${batch.join(",")}]`;
    statements.push(
      db.insert(searchPages).select(sql`SELECT NULL, ${spaceId}, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5
        FROM json_each(${rows})`),
    );
    batch = [];
    bytes = 0;
  };
  for (const page of pages) {
    const { title, description, headings, body, anchors } = pageRowText(page);
    const row = JSON.stringify([page.id, title, description, headings, body, anchors]);
    const size = new TextEncoder().encode(row).byteLength;
    if (bytes + size > MAX_JSON_BYTES_PER_STATEMENT) flush();
    batch.push(row);
    bytes += size + 1;
  }
  flush();
  return statements;
}

/** What the index reads of a page entry; the body is looked up by `documentId`. */
const textOf = (page: PageEntry) => ({ title: page.data.title, description: page.data.description ?? "", documentId: page.documentId });

/**
 * The statements bringing the index in step with entries that changed on main: `changes` pairs
 * each entry's state before (undefined: it is new) with its state after (null: deleted). Pages
 * whose title, description and body are unchanged are left alone. Bodies come from `known` (those
 * the merge just made) or are read in one round trip; nothing else of the space is read.
 */
export async function reindexChangedPages(
  db: Database,
  spaceId: string,
  changes: Iterable<[before: Entry | undefined, after: Entry | null]>,
  known: readonly StoredDocument[] = [],
): Promise<BatchItem<"sqlite">[]> {
  const changed: PageEntry[] = [];
  const removed: string[] = [];
  for (const [before, after] of changes) {
    if (after === null) {
      if (before && isPage(before)) removed.push(before.id);
    } else if (isPage(after) && (!before || !isPage(before) || JSON.stringify(textOf(before)) !== JSON.stringify(textOf(after)))) {
      changed.push(after);
    }
  }
  if (changed.length === 0 && removed.length === 0) return [];
  const bodies = new Map(known.map((document) => [document.id, document.markdown]));
  const missing = changed.map((page) => page.documentId).filter((id): id is string => id !== null && !bodies.has(id));
  for (const [id, markdown] of await readDocuments(db, missing)) bodies.set(id, markdown);
  const pages = changed.map((page) => ({ ...textOf(page), id: page.id, markdown: (page.documentId && bodies.get(page.documentId)) || "" }));
  return replacePageRows(db, spaceId, pages, removed);
}

/** The statement giving a duplicated space a copy of the original's index rows. */
export function copySpaceIndex(db: Database, fromSpaceId: string, toSpaceId: string): BatchItem<"sqlite"> {
  const p = searchPages;
  return db
    .insert(searchPages)
    .select(
      sql`SELECT NULL, ${toSpaceId}, ${p.pageId}, ${p.title}, ${p.description}, ${p.headings}, ${p.body}, ${p.anchors}
        FROM ${searchPages} WHERE ${p.spaceId} = ${fromSpaceId}`,
    );
}
