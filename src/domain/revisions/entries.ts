import { and, eq, getTableColumns, gt, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { MAX_IDS_PER_IN_LIST, chunks, insertChunks } from "../../db/limits";
import { contentEntries, documents, type ContentEntryRow, type EntryKind, type FileData, type PageData, type ReusableContentData } from "../../db/schema";
import type { LinePoint, RevisionPoint } from "./points";

/**
 * Reading and writing the versioned entries (pages, files and reusable contents) of a space's
 * revision lines; see the `content_entries` table for the model and docs/architecture.md for why.
 */

/** Every kind of entry: what a write of "any entry" goes through. */
export const ENTRY_KINDS: readonly EntryKind[] = ["page", "file", "reusable-content"];

/** The state of one entry at one revision. */
export interface Entry {
  kind: EntryKind;
  id: string;
  parentId: string | null;
  position: string | null;
  data: PageData | FileData | ReusableContentData;
  documentId: string | null;
  blobKey: string | null;
  /** Read only when asked for (`withMarkdown`). */
  markdown?: string;
}

export interface PageEntry extends Entry {
  kind: "page";
  data: PageData;
  position: string;
}

export interface FileEntry extends Entry {
  kind: "file";
  data: FileData;
  blobKey: string;
}

/** A reusable content: a titled body, outside the page tree (no parent, no position). */
export interface ReusableContentEntry extends Entry {
  kind: "reusable-content";
  data: ReusableContentData;
}

export const entryKey = (kind: EntryKind, id: string) => `${kind}:${id}`;

export function splitKey(key: string): { kind: EntryKind; id: string } {
  const separator = key.indexOf(":");
  return { kind: key.slice(0, separator) as EntryKind, id: key.slice(separator + 1) };
}

function validAt(spaceId: string, point: LinePoint): SQL {
  const line = and(eq(contentEntries.spaceId, spaceId), eq(contentEntries.line, point.line));
  if (point.isHead) return and(line, isNull(contentEntries.toOrdinal))!;
  return and(
    line,
    lte(contentEntries.fromOrdinal, point.ordinal),
    or(isNull(contentEntries.toOrdinal), gt(contentEntries.toOrdinal, point.ordinal)),
  )!;
}

export interface EntryFilter {
  kind?: EntryKind;
  ids?: readonly string[];
  /** Only entries whose parent is one of these (pages). */
  parentIds?: readonly string[];
  /** Only entries with no parent: the top-level pages (and files, which have none). */
  topLevel?: boolean;
  /** Also read each page's markdown (joined from `documents`, in the same statement). */
  withMarkdown?: boolean;
}

/** Rows of one line at one point, for a batch. `ids` lists longer than D1 allows are split. */
export function selectLineRows(db: Database, spaceId: string, point: LinePoint, filter: EntryFilter = {}): BatchItem<"sqlite">[] {
  const base = and(validAt(spaceId, point), filter.kind ? eq(contentEntries.kind, filter.kind) : undefined, filter.topLevel ? isNull(contentEntries.parentId) : undefined);
  const select = (where: SQL | undefined) =>
    filter.withMarkdown
      ? db
          .select({ ...getTableColumns(contentEntries), markdown: documents.markdown })
          .from(contentEntries)
          .leftJoin(documents, eq(documents.id, contentEntries.documentId))
          .where(where)
      : db.select().from(contentEntries).where(where);
  const lists = filter.ids ?? filter.parentIds;
  if (!lists) return [select(base)];
  const column = filter.ids ? contentEntries.entryId : contentEntries.parentId;
  return chunks(lists, MAX_IDS_PER_IN_LIST).map((ids) => select(and(base, inArray(column, ids))));
}

/** The statements reading a revision's entries: main's first, then the overlay's; see `combineRows`. */
export function selectRevisionRows(db: Database, point: RevisionPoint, filter: EntryFilter = {}) {
  const main = selectLineRows(db, point.spaceId, point.main, filter);
  const overlay = point.overlay ? selectLineRows(db, point.spaceId, point.overlay, filter) : [];
  return { statements: [...main, ...overlay], mainCount: main.length };
}

/** Folds batch results of `selectRevisionRows` into the revision's entries, by entryKey. */
export function combineRows(results: readonly unknown[], mainCount: number): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  results.forEach((rows, index) => {
    for (const row of rows as ContentEntryRow[]) {
      const key = entryKey(row.kind, row.entryId);
      if (index >= mainCount && row.deleted) entries.delete(key);
      else entries.set(key, toEntry(row));
    }
  });
  return entries;
}

/** Reads a revision's entries (all, or filtered) in one round trip. */
export async function readEntries(db: Database, point: RevisionPoint, filter: EntryFilter = {}): Promise<Map<string, Entry>> {
  const { statements, mainCount } = selectRevisionRows(db, point, filter);
  const results = await runBatch(db, statements);
  return combineRows(results, mainCount);
}

/** Reads one line's rows at a point (overlay rows keep their `deleted` flag), by entryKey. */
export async function readLine(db: Database, spaceId: string, point: LinePoint, filter: EntryFilter = {}) {
  const rows = new Map<string, ContentEntryRow>();
  const results = await runBatch(db, selectLineRows(db, spaceId, point, filter));
  for (const result of results) for (const row of result as ContentEntryRow[]) rows.set(entryKey(row.kind, row.entryId), row);
  return rows;
}

export function toEntry(row: ContentEntryRow & { markdown?: string | null }): Entry {
  return {
    ...(typeof row.markdown === "string" ? { markdown: row.markdown } : {}),
    kind: row.kind,
    id: row.entryId,
    parentId: row.parentId,
    position: row.position,
    data: row.data,
    documentId: row.documentId,
    blobKey: row.blobKey,
  };
}

export const isPage = (entry: Entry): entry is PageEntry => entry.kind === "page";
export const isFile = (entry: Entry): entry is FileEntry => entry.kind === "file";
export const isReusableContent = (entry: Entry): entry is ReusableContentEntry => entry.kind === "reusable-content";

/** Two states of an entry are the same content (the comparison a merge is built on). */
export function sameState(a: Entry | null | undefined, b: Entry | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return (
    a.parentId === b.parentId &&
    a.position === b.position &&
    a.documentId === b.documentId &&
    a.blobKey === b.blobKey &&
    canonicalJson(a.data) === canonicalJson(b.data)
  );
}

/** JSON with sorted keys, so equal data compares equal whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** A change to one entry on a line: its new state, or a deletion (`state` null). */
export interface EntryWrite {
  kind: EntryKind;
  id: string;
  state: Entry | null;
  /** On a change request line, a deletion of an entry main has: written as a hiding row. */
  tombstone?: boolean;
}

/**
 * The statements that move a line to `ordinal`: the current row of every written entry is closed,
 * and a row is opened for each new state (or tombstone). Costs what is written, not the space.
 */
export function writeLine(db: Database, spaceId: string, line: string, ordinal: number, writes: readonly EntryWrite[]) {
  const statements: BatchItem<"sqlite">[] = [];
  for (const kind of ENTRY_KINDS) {
    const ids = writes.filter((write) => write.kind === kind).map((write) => write.id);
    for (const batch of chunks(ids, MAX_IDS_PER_IN_LIST)) {
      statements.push(
        db
          .update(contentEntries)
          .set({ toOrdinal: ordinal })
          .where(
            and(
              eq(contentEntries.spaceId, spaceId),
              eq(contentEntries.line, line),
              eq(contentEntries.kind, kind),
              inArray(contentEntries.entryId, batch),
              isNull(contentEntries.toOrdinal),
            ),
          ),
      );
    }
  }
  const rows = writes.flatMap((write): ContentEntryRow[] => {
    if (write.state) return [rowOf(spaceId, line, ordinal, write.state, false)];
    if (write.tombstone) return [{ ...emptyRow(spaceId, line, ordinal, write.kind, write.id), deleted: true }];
    return [];
  });
  for (const batch of insertChunks(contentEntries, rows)) statements.push(db.insert(contentEntries).values(batch));
  return statements;
}

/** Rows copying entries onto a fresh line (a duplicated space's main, at ordinal 0). */
export function copyRows(spaceId: string, line: string, ordinal: number, entries: Iterable<Entry>): ContentEntryRow[] {
  return [...entries].map((entry) => rowOf(spaceId, line, ordinal, entry, false));
}

function rowOf(spaceId: string, line: string, ordinal: number, entry: Entry, deleted: boolean): ContentEntryRow {
  return {
    spaceId,
    line,
    kind: entry.kind,
    entryId: entry.id,
    fromOrdinal: ordinal,
    toOrdinal: null,
    deleted,
    parentId: entry.parentId,
    position: entry.position,
    data: entry.data,
    documentId: entry.documentId,
    blobKey: entry.blobKey,
  };
}

function emptyRow(spaceId: string, line: string, ordinal: number, kind: EntryKind, id: string): ContentEntryRow {
  return {
    spaceId,
    line,
    kind,
    entryId: id,
    fromOrdinal: ordinal,
    toOrdinal: null,
    deleted: false,
    parentId: null,
    position: null,
    data: { title: "", slug: "", createdAt: "", updatedAt: "" },
    documentId: null,
    blobKey: null,
  };
}
