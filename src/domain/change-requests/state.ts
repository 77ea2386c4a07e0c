import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequests, revisions, spaces, type ChangeRequestRow, type SpaceRow } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../lib/errors";

/**
 * A change request with the space it belongs to and main's head ordinal, read in one round trip:
 * what every revision-creating operation starts from (inside the space's coordinator).
 */
export interface ChangeRequestState {
  changeRequest: ChangeRequestRow;
  space: SpaceRow;
  mainHeadOrdinal: number;
}

export async function loadChangeRequestState(db: Database, spaceId: string, changeRequestId: string): Promise<ChangeRequestState> {
  const [[changeRequest], [space], [head]] = await db.batch([
    db
      .select()
      .from(changeRequests)
      .where(and(eq(changeRequests.id, changeRequestId), eq(changeRequests.spaceId, spaceId)))
      .limit(1),
    db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1),
    db
      .select({ ordinal: revisions.ordinal })
      .from(revisions)
      .where(eq(revisions.id, sql`(SELECT ${spaces.revisionId} FROM ${spaces} WHERE ${spaces.id} = ${spaceId})`))
      .limit(1),
  ]);
  if (!changeRequest || !space) throw notFound(`Change request '${changeRequestId}'`);
  return { changeRequest, space, mainHeadOrdinal: head?.ordinal ?? 0 };
}

/** Content changes need a live, unlocked space and a change request still in progress. */
export function assertEditable({ changeRequest, space }: Pick<ChangeRequestState, "changeRequest" | "space">): void {
  assertContentEditable(space);
  if (changeRequest.status === "merged") throw conflict(`Change request '${changeRequest.id}' is already merged`);
  if (changeRequest.status === "archived") throw conflict(`Change request '${changeRequest.id}' is archived: reopen it first`);
}

/** Any change to a space's content (main's or a change request's) needs a live, unlocked space. */
export function assertContentEditable(space: SpaceRow): void {
  if (space.deletedAt) throw conflict(`Space '${space.id}' is deleted: restore it first`);
  if (space.editMode === "locked") throw forbidden(`Space '${space.id}' is locked: its content cannot be edited`);
}
