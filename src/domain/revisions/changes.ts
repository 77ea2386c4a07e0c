import { sql, type SQL } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { rawAll } from "../../db/raw";
import { contentEntries, type EntryKind } from "../../db/schema";
import { entryKey, type Entry } from "./entries";
import { ancestryOf, neighbourhoodEntries, selectEntriesIn } from "./page-neighbourhood";
import type { RevisionPoint } from "./points";

/**
 * What differs between two points of a space's content, reading only what changed. A row is
 * opened at the ordinal that set its state and closed at the one that replaced it, so the entries
 * that may differ between two points are those with a row opened or closed, on a line the points
 * read, between the ordinals they read it at (`content_entries_opened`, `content_entries_closed`).
 * For one revision against its parent that is the rows of its own ordinal; for a change request
 * against its base, its own line (exactly what it changed). Their states at both points are then
 * read by id, with the ancestors of the pages (for their paths and parents), in the same batch.
 * Nothing reads the whole tree, so the cost is that of the change, whatever the space holds.
 */

/** Every kind of entry a revision holds. */
const KINDS: readonly EntryKind[] = ["page", "file", "reusable-content"];

/** Rows of `line` opened or closed at an ordinal in (after, upTo]. */
interface LineRange {
  line: string;
  after: number;
  upTo: number;
}

export interface PointsDiff {
  /** Every entry that may differ (by entryKey); those whose states are equal did not change. */
  candidates: Set<string>;
  /** Candidates (and their pages' ancestors) at each point; `before` empty when there is none. */
  before: Map<string, Entry>;
  after: Map<string, Entry>;
}

/**
 * Reads what may differ from `before` (null: nothing, e.g. a space's first revision) to `after`,
 * in one round trip. Both points must be exact (numeric ordinals, not read through a head's open
 * rows), so what they read cannot move while it is read.
 */
export async function readPointsDiff(db: Database, before: RevisionPoint | null, after: RevisionPoint): Promise<PointsDiff> {
  const ranges = changedRanges(before, after);
  if (ranges.length === 0) return { candidates: new Set(), before: new Map(), after: new Map() };
  const candidatesOf = (kind: EntryKind) => candidateIds(after.spaceId, ranges, kind);
  const statesAt = (point: RevisionPoint) =>
    KINDS.map((kind) => selectEntriesIn(db, point, kind, kind === "page" ? ancestryOf(point, candidatesOf(kind)) : candidatesOf(kind)));
  const allCandidates = sql.join(
    KINDS.map((kind) => sql`SELECT ${kind} AS kind, entry_id FROM ${candidatesOf(kind)}`),
    sql` UNION ALL `,
  );
  const results = await runBatch(db, [rawAll<{ kind: EntryKind; entry_id: string }>(db, allCandidates), ...statesAt(after), ...(before ? statesAt(before) : [])]);
  const [candidateRows, ...states] = results as [Array<{ kind: EntryKind; entry_id: string }>, ...Parameters<typeof neighbourhoodEntries>[0][]];
  const entriesOf = (rows: Parameters<typeof neighbourhoodEntries>[0][]) => new Map(rows.flatMap((kindRows) => [...neighbourhoodEntries(kindRows)]));
  return {
    candidates: new Set(candidateRows.map((row) => entryKey(row.kind, row.entry_id))),
    after: entriesOf(states.slice(0, KINDS.length)),
    before: before ? entriesOf(states.slice(KINDS.length)) : new Map(),
  };
}

/** For every line either point reads, the ordinals between them (a line a point does not read: from before its start). */
function changedRanges(before: RevisionPoint | null, after: RevisionPoint): LineRange[] {
  const ordinalOn = (point: RevisionPoint | null, line: string): number => {
    const at = point && [point.main, ...(point.overlay ? [point.overlay] : [])].find((candidate) => candidate.line === line);
    if (!at) return -1;
    if (typeof at.ordinal !== "number" || at.isHead) throw new Error("A diff reads exact points: numeric ordinals, not a head's open rows");
    return at.ordinal;
  };
  const lines = new Set([before?.main.line, before?.overlay?.line, after.main.line, after.overlay?.line].filter((line): line is string => line !== undefined));
  return [...lines].flatMap((line) => {
    const [a, b] = [ordinalOn(before, line), ordinalOn(after, line)];
    return a === b ? [] : [{ line, after: Math.min(a, b), upTo: Math.max(a, b) }];
  });
}

/** The ids of `kind` with a row opened or closed in one of the ranges, as a parenthesized subquery. */
function candidateIds(spaceId: string, ranges: readonly LineRange[], kind: EntryKind): SQL {
  const selects = ranges.flatMap(({ line, after, upTo }) =>
    (["from_ordinal", "to_ordinal"] as const).map(
      // `>= 0`, written as a literal, is the term of the partial indexes (content_entries_opened,
      // content_entries_closed): it is what lets SQLite use them here, and only here.
      (column) => sql`SELECT entry_id FROM ${contentEntries} WHERE space_id = ${spaceId} AND line = ${line} AND kind = ${kind}
        AND ${sql.raw(`${column} >= 0`)} AND ${sql.raw(column)} > ${after} AND ${sql.raw(column)} <= ${upTo}`,
    ),
  );
  return sql`(${sql.join(selects, sql` UNION `)})`;
}
