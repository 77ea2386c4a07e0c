import { diff3Merge } from "node-diff3";
import type { FileData, PageData, ReusableContentData } from "../../db/schema";
import { canonicalJson, sameState, type Entry } from "./entries";

/**
 * Three-way merge of entries (pages, files and reusable contents) against their common ancestor, used by both the
 * update of a change request (main into it) and its merge (it into main).
 *
 * For each entry the change request changed ("theirs"), with "base" its state at the ancestor and
 * "ours" its state on main now:
 * - changed on one side only: that side is taken;
 * - changed on both: fields are merged one by one (each taken from the side that changed it); a
 *   body (a page's or a reusable content's) changed on both sides is merged line by line; a line
 *   changed differently on both sides, a field set to different values on both sides, or a
 *   deletion on one side of what the other edited, is a conflict. Conflicts never lose content:
 *   bodies carry both versions between conflict markers, an edited entry is kept rather than
 *   deleted, and a field takes the change request's value.
 */

export const CONFLICT_MARKERS = { ours: "<<<<<<< main", separator: "=======", theirs: ">>>>>>> change request" } as const;

export interface EntryMergeInput {
  base: Entry | null;
  ours: Entry | null;
  theirs: Entry | null;
}

/** A merged entry: a final state, or a body merge the caller resolves once the bodies are read. */
export interface EntryMergeOutcome {
  state: Entry | null;
  conflict: boolean;
  /** Set when both sides changed a page body: merge these three bodies into `state.documentId`. */
  bodies?: { base: string | null; ours: string | null; theirs: string | null };
}

export function mergeEntry({ base, ours, theirs }: EntryMergeInput): EntryMergeOutcome {
  if (sameState(base, ours)) return { state: theirs, conflict: false };
  if (sameState(base, theirs) || sameState(ours, theirs)) return { state: ours, conflict: false };
  // Deleted on one side, changed on the other: keep the changed entry (a conflict, nothing lost).
  if (!ours || !theirs) return { state: ours ?? theirs, conflict: base !== null };
  const from = base ?? ours;
  let conflict = false;
  const pick = <T>(baseValue: T, oursValue: T, theirsValue: T): T => {
    const same = (a: T, b: T) => canonicalJson(a) === canonicalJson(b);
    if (same(baseValue, oursValue)) return theirsValue;
    if (same(baseValue, theirsValue) || same(oursValue, theirsValue)) return oursValue;
    conflict = true;
    return theirsValue;
  };
  const data = mergeData(from.data, ours.data, theirs.data, pick);
  // The position only means something under its parent: both move together.
  const [parentId, position] = pick([from.parentId, from.position], [ours.parentId, ours.position], [theirs.parentId, theirs.position]);
  const state: Entry = {
    ...theirs,
    parentId,
    position,
    data,
    blobKey: pick(from.blobKey, ours.blobKey, theirs.blobKey),
    documentId: theirs.documentId,
  };
  const documentChangedOnBothSides =
    from.documentId !== ours.documentId && from.documentId !== theirs.documentId && ours.documentId !== theirs.documentId;
  if (!documentChangedOnBothSides) {
    state.documentId = pick(from.documentId, ours.documentId, theirs.documentId);
    return { state, conflict };
  }
  return { state, conflict, bodies: { base: base?.documentId ?? null, ours: ours.documentId, theirs: theirs.documentId } };
}

type Pick = <T>(base: T, ours: T, theirs: T) => T;

type EntryData = PageData | FileData | ReusableContentData;

function mergeData(base: EntryData, ours: EntryData, theirs: EntryData, pick: Pick) {
  const merged: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)]);
  const record = (data: EntryData) => data as unknown as Record<string, unknown>;
  for (const key of keys) {
    // Timestamps are not content: the latest edit wins without a conflict.
    if (key === "updatedAt") {
      merged[key] = [record(ours)[key], record(theirs)[key]].sort().at(-1);
      continue;
    }
    const value = pick(record(base)[key], record(ours)[key], record(theirs)[key]);
    if (value !== undefined) merged[key] = value;
  }
  return merged as unknown as EntryData;
}

export interface TextMerge {
  text: string;
  conflict: boolean;
}

/**
 * Line-level three-way merge of page bodies. Lines changed on one side are taken; the same lines
 * changed differently on both sides keep both versions between conflict markers.
 */
export function mergeText(base: string, ours: string, theirs: string): TextMerge {
  const regions = diff3Merge(ours.split("\n"), base.split("\n"), theirs.split("\n"), { excludeFalseConflicts: true });
  const lines: string[] = [];
  let conflict = false;
  for (const region of regions) {
    if (region.ok) lines.push(...region.ok);
    else if (region.conflict) {
      conflict = true;
      lines.push(CONFLICT_MARKERS.ours, ...region.conflict.a, CONFLICT_MARKERS.separator, ...region.conflict.b, CONFLICT_MARKERS.theirs);
    }
  }
  return { text: lines.join("\n"), conflict };
}
