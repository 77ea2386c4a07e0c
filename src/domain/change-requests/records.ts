import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { changeRequests, spaces, users, type ChangeRequestRow, type UserRow } from "../../db/schema";
import type { Urls } from "../../lib/urls";
import type { ChangeRequestObject } from "../../schemas/change-request";
import { presentUser } from "../users/users";

/**
 * Change requests as the API shows them, read with their author, merger and the space's active
 * revision (for `outdated`) in the same statement. Joined columns get names of their own: D1
 * returns batched rows keyed by column name (docs/architecture.md, "D1 traps").
 */

const creator = alias(users, "creator");
const merger = alias(users, "merger");

const userFields = (table: typeof creator | typeof merger, prefix: string) => ({
  [`${prefix}Id`]: sql<string | null>`${table.id}`.as(`${prefix}_id`),
  [`${prefix}Email`]: sql<string | null>`${table.email}`.as(`${prefix}_email`),
  [`${prefix}DisplayName`]: sql<string | null>`${table.displayName}`.as(`${prefix}_display_name`),
  [`${prefix}PhotoURL`]: sql<string | null>`${table.photoURL}`.as(`${prefix}_photo_url`),
});

const changeRequestColumns = {
  changeRequest: changeRequests,
  spaceRevisionId: sql<string>`${spaces.revisionId}`.as("space_revision_id"),
  ...userFields(creator, "creator"),
  ...userFields(merger, "merger"),
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

function userOf(record: Record<string, unknown>, prefix: string): UserRow | null {
  const id = record[`${prefix}Id`] as string | null;
  if (!id) return null;
  return {
    id,
    email: record[`${prefix}Email`] as string,
    displayName: record[`${prefix}DisplayName`] as string,
    photoURL: record[`${prefix}PhotoURL`] as string | null,
    emailVerified: true,
    createdAt: "",
  };
}

/** A user who has since been deleted still shows as the author, by id. */
const unknownUser = (id: string): UserRow => ({ id, email: "", displayName: "Deleted user", photoURL: null, emailVerified: false, createdAt: "" });

export function presentChangeRequest(record: ChangeRequestRecord, urls: Urls): ChangeRequestObject {
  const { changeRequest: row } = record;
  const merged = row.status === "merged";
  const mergedBy = row.mergedBy ? (userOf(record, "merger") ?? unknownUser(row.mergedBy)) : null;
  return {
    object: "change-request",
    id: row.id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    ...(row.description ? { description: row.description } : {}),
    createdBy: presentUser(userOf(record, "creator") ?? unknownUser(row.createdBy), urls),
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
