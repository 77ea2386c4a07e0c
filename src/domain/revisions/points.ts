import type { SQL } from "drizzle-orm";
import type { ChangeRequestRow } from "../../db/schema";

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
