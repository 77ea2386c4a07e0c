import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequests, spaces } from "../../db/schema";

/**
 * Recounts a space's change request counters, for the batch that changes a status: one indexed
 * count per counter, so the stored counters are right whatever raced.
 */
export function recountChangeRequests(db: Database, spaceId: string) {
  const countWhere = (status?: string) =>
    sql<number>`(SELECT count(*) FROM ${changeRequests} WHERE ${changeRequests.spaceId} = ${spaceId}${status ? sql` AND ${changeRequests.status} = ${status}` : sql``})`;
  return db
    .update(spaces)
    .set({ changeRequests: countWhere(), changeRequestsOpen: countWhere("open"), changeRequestsDraft: countWhere("draft") })
    .where(eq(spaces.id, spaceId));
}
