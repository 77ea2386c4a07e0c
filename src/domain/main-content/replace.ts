import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { revisions, spaces, type RevisionGit } from "../../db/schema";
import { insertDocuments, type StoredDocument } from "../revisions/documents";
import { entryKey, sameState, writeLine, type Entry, type EntryWrite } from "../revisions/entries";
import { MAIN_LINE } from "../revisions/points";
import { reindexChangedPages } from "../search/indexing";

/**
 * Replacing a space's whole live content with a complete new set of entries, as a Git import and a
 * translation run do: only what differs is written (a revision costs what it changes), and the
 * search index follows in the same batch. Callers run this inside the space's coordinator.
 */

/** What replacing `current` with `desired` changes: the entries new or changed, and those gone. */
export interface ContentReplacement {
  writes: EntryWrite[];
  /** The same changes as (before, after) pairs, for the search index. */
  changes: Array<[before: Entry | undefined, after: Entry | null]>;
}

export function contentReplacement(current: ReadonlyMap<string, Entry>, desired: Iterable<Entry>): ContentReplacement {
  const replacement: ContentReplacement = { writes: [], changes: [] };
  const kept = new Set<string>();
  for (const entry of desired) {
    const key = entryKey(entry.kind, entry.id);
    kept.add(key);
    const before = current.get(key);
    if (sameState(before, entry)) continue;
    // A body is stored by its document id; an entry read with its markdown does not carry it to the line.
    const state = { ...entry, markdown: undefined };
    replacement.writes.push({ kind: entry.kind, id: entry.id, state });
    replacement.changes.push([before, state]);
  }
  for (const [key, entry] of current) {
    if (kept.has(key)) continue;
    replacement.writes.push({ kind: entry.kind, id: entry.id, state: null });
    replacement.changes.push([entry, null]);
  }
  return replacement;
}

export interface MainRevision {
  spaceId: string;
  revisionId: string;
  /** The revision it follows: the space's current one. */
  parentId: string;
  /** Main's head ordinal plus one. */
  ordinal: number;
  createdBy: string;
  createdAt: string;
  git?: RevisionGit;
  documents: readonly StoredDocument[];
}

/** The statements making `replacement` main's new head revision, for one batch with the caller's own. */
export async function mainRevisionStatements(db: Database, revision: MainRevision, replacement: ContentReplacement): Promise<BatchItem<"sqlite">[]> {
  const { spaceId, revisionId, ordinal } = revision;
  return [
    db.insert(revisions).values({
      id: revisionId,
      spaceId,
      parents: [revision.parentId],
      type: "edits",
      line: MAIN_LINE,
      ordinal,
      createdBy: revision.createdBy,
      createdAt: revision.createdAt,
      ...(revision.git ? { git: revision.git } : {}),
    }),
    ...insertDocuments(db, revision.documents),
    ...writeLine(db, spaceId, MAIN_LINE, ordinal, replacement.writes),
    ...(await reindexChangedPages(db, spaceId, replacement.changes, revision.documents)),
    db.update(spaces).set({ revisionId, updatedAt: revision.createdAt }).where(eq(spaces.id, spaceId)),
  ];
}
