import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { grants, organizationInvitations } from "../../db/schema";

/**
 * The statements that remove grants with what they name, for the batch of the write that removes
 * it (grants have no foreign key to their content or principal: db/schema/grants.ts). Each is
 * one indexed DELETE: by content id (the primary key), or by principal (grants_principal).
 */

/**
 * The grants on the contents `contentIds` names (ids, or a subquery of ids), and the pending
 * email invitations to them (which would have become grants there): two statements.
 */
export const grantsOnRemoved = (db: Database, contentIds: SQL | readonly string[]) => {
  const among = (column: AnySQLiteColumn) => (Array.isArray(contentIds) ? inArray(column, contentIds as string[]) : sql`${column} IN ${contentIds}`);
  return [db.delete(grants).where(among(grants.contentId)), db.delete(organizationInvitations).where(among(organizationInvitations.contentId))] as const;
};

/** The grants a user holds in an organization (their own, not their teams'), when `guard` (SQL) holds: a member who left. */
export const grantsOfUserRemoved = (db: Database, organizationId: string, userId: string, guard?: SQL) =>
  db.delete(grants).where(and(eq(grants.organizationId, organizationId), eq(grants.principalKind, "user"), eq(grants.principalId, userId), guard));

/** The grants of a team of the organization (a team deleted). */
export const grantsOfTeamRemoved = (db: Database, organizationId: string, teamId: string) =>
  db.delete(grants).where(and(eq(grants.organizationId, organizationId), eq(grants.principalKind, "team"), eq(grants.principalId, teamId)));
