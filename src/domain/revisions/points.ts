import type { SQL } from "drizzle-orm";
import type { ChangeRequestRow, RevisionRow } from "../../db/schema";

/**
 * Points in a space's revision lines: where a revision's content is read. A space has the line
 * `main`, and one line per change request (named by its id) holding what differs from main.
 */

export const MAIN_LINE = "main";

/** Where an ordinal of a line is read: at the head, the open rows are exactly the current state. */
export interface LinePoint {
  line: string;
  /** A number, or an SQL scalar subquery yielding it (to read in the same batch as its source). */
  ordinal: number | SQL;
  isHead: boolean;
}

/** What a revision reads: main at one point, and for a change request its own line on top. */
export interface RevisionPoint {
  spaceId: string;
  main: LinePoint;
  overlay: LinePoint | null;
}

/**
 * The revision a change request reads now: main at its base, its own line at its head.
 * `baseIsMainHead`: its base is main's current revision (read through the open rows).
 */
export function changeRequestPoint(changeRequest: ChangeRequestRow, baseIsMainHead: boolean): RevisionPoint {
  return {
    spaceId: changeRequest.spaceId,
    main: { line: MAIN_LINE, ordinal: changeRequest.baseOrdinal, isHead: baseIsMainHead },
    overlay: { line: changeRequest.id, ordinal: changeRequest.headOrdinal, isHead: true },
  };
}

export const mainHeadPoint = (spaceId: string, ordinal: number): RevisionPoint => ({
  spaceId,
  main: { line: MAIN_LINE, ordinal, isHead: true },
  overlay: null,
});

/**
 * Where any revision of a space is read, from its row: a revision of main is main at its ordinal;
 * one on another line (a change request's, or a standalone Git import's `git:<jobId>`) is main at
 * its base with its line overlaid at its ordinal. `isSpaceHead`: it is the space's current
 * revision, read through main's open rows (the partial index); every other point is read at its
 * exact ordinals, which no later revision rewrites, so it needs no check that a head moved.
 */
export function revisionPoint(revision: RevisionRow, isSpaceHead: boolean): RevisionPoint {
  if (revision.line === MAIN_LINE) return { spaceId: revision.spaceId, main: { line: MAIN_LINE, ordinal: revision.ordinal, isHead: isSpaceHead }, overlay: null };
  return {
    spaceId: revision.spaceId,
    main: { line: MAIN_LINE, ordinal: revision.baseOrdinal ?? 0, isHead: false },
    overlay: { line: revision.line, ordinal: revision.ordinal, isHead: false },
  };
}
