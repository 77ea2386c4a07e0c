import type { Database } from "../../db/client";
import { sameState, splitKey, writeLine, type Entry, type EntryWrite } from "../revisions/entries";

/**
 * Writes new states of entries onto a change request's line, which holds only what differs from
 * main at its base: a state equal to the base's just closes the line's row, a deletion of an
 * entry the base has is a tombstone, and anything else is a row of its own.
 */
export function overlayWrites(
  db: Database,
  spaceId: string,
  line: string,
  ordinal: number,
  changed: ReadonlyMap<string, Entry | null>,
  base: ReadonlyMap<string, Entry>,
) {
  const writes: EntryWrite[] = [];
  for (const [key, state] of changed) {
    const { kind, id } = splitKey(key);
    const baseState = base.get(key) ?? null;
    if (sameState(state, baseState)) writes.push({ kind, id, state: null });
    else if (state === null) writes.push({ kind, id, state: null, tombstone: baseState !== null });
    else writes.push({ kind, id, state });
  }
  return writeLine(db, spaceId, line, ordinal, writes);
}


