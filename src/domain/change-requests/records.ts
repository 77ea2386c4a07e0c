import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { changeRequests, spaces, users, type ChangeRequestRow } from "../../db/schema";
import type { Urls } from "../../lib/urls";
import type { ChangeRequestObject } from "../../schemas/change-request";
import { joinedUser, joinedUserColumns } from "../users/joined";
import { presentUser } from "../users/users";

/**
 * Change requests as the API shows them, read with their author, merger and the space's active
 * revision (for `outdated`) in the same statement. Joined columns get names of their own: D1
 * returns batched rows keyed by column name (docs/architecture.md, "D1 traps").
 */

const creator = alias(users, "creator");
const merger = alias(users, "merger");

const changeRequestColumns = {
  changeRequest: changeRequests,
  spaceRevisionId: sql<string>`${spaces.revisionId}`.as("space_revision_id"),
  ...joinedUserColumns(creator, "creator"),
  ...joinedUserColumns(merger, "merger"),
};

export type ChangeRequestRecord = { changeRequest: ChangeRequestRow; spaceRevisionId: string } & Record<string, unknown>;

export function selectChangeRequestRecords(db: Database) {
  return db
    .select(changeRequestColumns)
    .from(changeRequests)
    .innerJoin(spaces, eq(spaces.id, changeRequests.spaceId))
    .leftJoin(creator, eq(creator.id, changeRequests.createdBy))
    .leftJoin(merger, eq(merger.id, changeRequests.mergedBy));
}

/** `{changeRequestId}` is the change request's id or its number in the space. */
export function changeRequestMatch(spaceId: string, idOrNumber: string): SQL {
  const byId = eq(changeRequests.id, idOrNumber);
  return and(eq(changeRequests.spaceId, spaceId), /^\d{1,9}$/.test(idOrNumber) ? or(byId, eq(changeRequests.number, Number(idOrNumber))) : byId)!;
}

/**
 * The id of the change request `{changeRequestId}` names, as a scalar subquery: for reads about
 * the change request sent in the batch of its access check, before its id is known.
 */
export function changeRequestIdOf(spaceId: string, idOrNumber: string): SQL {
  return sql`(SELECT ${changeRequests.id} FROM ${changeRequests} WHERE ${changeRequestMatch(spaceId, idOrNumber)} LIMIT 1)`;
}

export function presentChangeRequest(record: ChangeRequestRecord, urls: Urls): ChangeRequestObject {
  const { changeRequest: row } = record;
  const merged = row.status === "merged";
  const mergedBy = row.mergedBy ? joinedUser(record, "merger", row.mergedBy) : null;
  return {
    object: "change-request",
    id: row.id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    ...(row.description ? { description: row.description } : {}),
    createdBy: presentUser(joinedUser(record, "creator", row.createdBy), urls),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(mergedBy ? { mergedBy: presentUser(mergedBy, urls) } : {}),
    ...(row.mergedAt ? { mergedAt: row.mergedAt } : {}),
    space: row.spaceId,
    revision: row.revisionId,
    revisionInitial: row.revisionInitial,
    revisionMergedAncestor: row.revisionMergedAncestor,
    ...(row.revisionMerged ? { revisionMerged: row.revisionMerged } : {}),
    comments: row.comments,
    // Behind main exactly when main has moved past the revision it was last updated from.
    outdated: !merged && row.revisionMergedAncestor !== record.spaceRevisionId,
    ...(row.cluster ? { conversationsIssuesCluster: row.cluster } : {}),
    urls: {
      app: urls.app(`/s/${row.spaceId}/~/changes/${row.number}`),
      location: urls.api(`/spaces/${row.spaceId}/change-requests/${row.id}`),
    },
  };
}
