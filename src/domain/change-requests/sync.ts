import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequests, revisions, spaces, type PageData } from "../../db/schema";
import { newId } from "../../lib/ids";
import { positionBetween } from "../../lib/ordering";
import { insertDocuments, prepareDocument, readDocuments, type StoredDocument } from "../revisions/documents";
import { entryKey, isPage, sameState, splitKey, readEntries, readLine, toEntry, writeLine, type Entry, type EntryWrite, type PageEntry } from "../revisions/entries";
import { mergeEntry, mergeText, type EntryMergeOutcome } from "../revisions/merge";
import { reindexChangedPages } from "../search/indexing";
import { PageTree, uniqueSlug } from "../revisions/page-tree";
import { recountChangeRequests } from "./counters";
import { overlayWrites } from "./overlay";
import { MAIN_LINE, mainHeadPoint } from "../revisions/points";
import { assertEditable, loadChangeRequestState, type ChangeRequestState } from "./state";

/**
 * applyUpdateFromMain and applyMerge: both bring a change request and main together with
 * a three-way merge against the main revision the change request last started from
 * (revisionMergedAncestor), reading and writing only the entries the change request changed.
 * Both run inside the space's coordinator, so main cannot move while they work.
 */

export interface SyncInput {
  spaceId: string;
  changeRequestId: string;
  callerId: string;
  now: string;
}

export interface SyncResult {
  revisionId: string;
  result: "update" | "merge" | "conflicts";
}

export async function applyUpdateFromMain(db: Database, input: SyncInput): Promise<SyncResult> {
  const state = await loadChangeRequestState(db, input.spaceId, input.changeRequestId);
  assertEditable(state);
  if (state.changeRequest.baseOrdinal === state.mainHeadOrdinal) return { revisionId: state.changeRequest.revisionId, result: "update" };
  const merged = await mergeWithMain(db, state);
  const revisionId = await writeUpdate(db, state, merged, input);
  return { revisionId, result: merged.conflict ? "conflicts" : "update" };
}

export async function applyMerge(db: Database, input: SyncInput): Promise<SyncResult> {
  const state = await loadChangeRequestState(db, input.spaceId, input.changeRequestId);
  assertEditable(state);
  const merged = await mergeWithMain(db, state);
  // Conflicts are not merged into main: they are brought into the change request (with markers)
  // for its authors to resolve, and the merge can then be tried again.
  if (merged.conflict) return { revisionId: await writeUpdate(db, state, merged, input), result: "conflicts" };

  const { changeRequest, space } = state;
  const ordinal = state.mainHeadOrdinal + 1;
  const revisionId = newId();
  // Entries the merge leaves as main has them need no new row.
  const changed = [...merged.entries].filter(([key, entry]) => !sameState(entry, merged.ours.get(key)));
  const writes: EntryWrite[] = changed.map(([key, entry]) => ({ ...splitKey(key), state: entry }));
  // The search index follows main's head: the pages whose text changed, in the same transaction.
  const searchIndex = await reindexChangedPages(db, space.id, changed.map(([key, entry]) => [merged.ours.get(key), entry]), merged.documents);
  await db.batch([
    db.insert(revisions).values({
      id: revisionId,
      spaceId: space.id,
      parents: [space.revisionId, changeRequest.revisionId],
      type: "merge",
      line: MAIN_LINE,
      ordinal,
      mergedFrom: changeRequest.id,
      createdBy: input.callerId,
      createdAt: input.now,
    }),
    ...insertDocuments(db, merged.documents),
    ...writeLine(db, space.id, MAIN_LINE, ordinal, writes),
    ...searchIndex,
    db.update(spaces).set({ revisionId, updatedAt: input.now }).where(eq(spaces.id, space.id)),
    db
      .update(changeRequests)
      .set({ status: "merged", revisionMerged: revisionId, mergedBy: input.callerId, mergedAt: input.now, updatedAt: input.now })
      .where(eq(changeRequests.id, changeRequest.id)),
    recountChangeRequests(db, space.id),
  ]);
  return { revisionId, result: "merge" };
}

interface MergedContent {
  /** The merged state of every entry that differs from main's head (null: deleted). */
  entries: Map<string, Entry | null>;
  documents: StoredDocument[];
  conflict: boolean;
  /** Main's head state of the same entries, for writing them as the change request's overlay. */
  ours: Map<string, Entry>;
}

async function mergeWithMain(db: Database, state: ChangeRequestState): Promise<MergedContent> {
  const { changeRequest, space } = state;
  const theirs = await readLine(db, space.id, { line: changeRequest.id, ordinal: changeRequest.headOrdinal, isHead: true });
  const ids = [...theirs.values()].map((row) => row.entryId);
  const upToDate = changeRequest.baseOrdinal === state.mainHeadOrdinal;
  const [baseRows, oursRows] = await Promise.all([
    readLine(db, space.id, { line: MAIN_LINE, ordinal: changeRequest.baseOrdinal, isHead: upToDate }, { ids }),
    upToDate ? null : readLine(db, space.id, { line: MAIN_LINE, ordinal: state.mainHeadOrdinal, isHead: true }, { ids }),
  ]);
  const base = new Map([...baseRows].map(([key, row]) => [key, toEntry(row)]));
  const ours = oursRows ? new Map([...oursRows].map(([key, row]) => [key, toEntry(row)])) : base;

  const outcomes = new Map<string, EntryMergeOutcome>();
  for (const [key, row] of theirs) {
    outcomes.set(key, mergeEntry({ base: base.get(key) ?? null, ours: ours.get(key) ?? null, theirs: row.deleted ? null : toEntry(row) }));
  }
  const documents = await mergeBodies(db, outcomes);
  const entries = new Map([...outcomes].map(([key, outcome]) => [key, outcome.state]));
  let conflict = [...outcomes.values()].some((outcome) => outcome.conflict);
  if (reshapesTree(entries, ours)) conflict = (await repairTree(db, space.id, state.mainHeadOrdinal, entries, ours)) || conflict;
  return { entries, documents, conflict, ours };
}

/** Merges the bodies both sides changed, line by line, and stores the results. */
async function mergeBodies(db: Database, outcomes: Map<string, EntryMergeOutcome>): Promise<StoredDocument[]> {
  const pending = [...outcomes.values()].filter((outcome) => outcome.bodies && outcome.state);
  if (pending.length === 0) return [];
  const ids = pending.flatMap(({ bodies }) => [bodies!.base, bodies!.ours, bodies!.theirs]).filter((id): id is string => id !== null);
  const texts = await readDocuments(db, ids);
  const text = (id: string | null) => (id === null ? "" : (texts.get(id) ?? ""));
  const stored: StoredDocument[] = [];
  for (const outcome of pending) {
    const { bodies, state } = outcome;
    const merged = mergeText(text(bodies!.base), text(bodies!.ours), text(bodies!.theirs));
    const document = await prepareDocument(merged.text);
    state!.documentId = document.id;
    outcome.conflict ||= merged.conflict;
    stored.push(document);
  }
  return stored;
}

/** Whether the merge adds, moves, renames or deletes pages: then main's tree must be checked. */
function reshapesTree(entries: Map<string, Entry | null>, ours: Map<string, Entry>): boolean {
  for (const [key, entry] of entries) {
    if (!key.startsWith("page:")) continue;
    const before = ours.get(key);
    if (entry === null ? before !== undefined : before === undefined || entry.parentId !== before.parentId) return true;
    if (entry !== null && before !== undefined && (entry.data as PageData).slug !== (before.data as PageData).slug) return true;
  }
  return false;
}

/**
 * A merge that adds, moves, renames or deletes pages can leave a page under a parent the other
 * side deleted, two pages each under the other, or two siblings with one slug. Detached pages go
 * back to the root (a conflict: the authors decide where they go; nothing is lost), and a page of
 * the merge whose slug a sibling already has gets the next free one (`-2`, ...), as an edit would.
 * Reads main's page tree without bodies: only when the tree changes shape.
 */
async function repairTree(db: Database, spaceId: string, headOrdinal: number, entries: Map<string, Entry | null>, ours: Map<string, Entry>) {
  const main = await readEntries(db, mainHeadPoint(spaceId, headOrdinal), { kind: "page" });
  for (const [key, entry] of entries) {
    if (entry === null) main.delete(key);
    else main.set(key, entry);
  }
  const tree = new PageTree(main.values());
  const replace = (page: PageEntry, fixed: PageEntry) => {
    const key = entryKey("page", page.id);
    entries.set(key, fixed);
    tree.pages.set(page.id, fixed);
    if (!ours.has(key) && main.has(key)) ours.set(key, page);
  };
  let lastRoot = tree.children(null).at(-1)?.position ?? null;
  let detached = false;
  for (const page of [...tree.pages.values()]) {
    const top = tree.ancestors(page.id).at(-1) ?? tree.pages.get(page.id)!;
    if (top.parentId === null) continue;
    // Detached: its topmost ancestor's parent is missing, or the chain loops back on itself.
    lastRoot = positionBetween(lastRoot, null);
    replace(top, { ...top, parentId: null, position: lastRoot });
    detached = true;
  }
  const settled = new PageTree(tree.pages.values());
  for (const [key, entry] of entries) {
    if (!entry || !isPage(entry) || ours.get(key)?.data === entry.data) continue;
    const siblings = settled.children(entry.parentId).filter((sibling) => sibling.id !== entry.id);
    const slug = uniqueSlug(entry.data.slug, siblings);
    if (slug !== entry.data.slug) entries.set(key, { ...entry, data: { ...entry.data, slug } });
  }
  return detached;
}

/** The change request's new revision: main's head with the merged entries on top. */
async function writeUpdate(db: Database, state: ChangeRequestState, merged: MergedContent, input: SyncInput): Promise<string> {
  const { changeRequest, space } = state;
  const ordinal = changeRequest.headOrdinal + 1;
  const revisionId = newId();
  await db.batch([
    db.insert(revisions).values({
      id: revisionId,
      spaceId: space.id,
      parents: [changeRequest.revisionId, space.revisionId],
      type: "update",
      line: changeRequest.id,
      ordinal,
      baseOrdinal: state.mainHeadOrdinal,
      createdBy: input.callerId,
      createdAt: input.now,
    }),
    ...insertDocuments(db, merged.documents),
    ...overlayWrites(db, space.id, changeRequest.id, ordinal, merged.entries, merged.ours),
    db
      .update(changeRequests)
      .set({
        revisionId,
        headOrdinal: ordinal,
        baseOrdinal: state.mainHeadOrdinal,
        revisionMergedAncestor: space.revisionId,
        updatedAt: input.now,
      })
      .where(eq(changeRequests.id, changeRequest.id)),
  ]);
  return revisionId;
}
