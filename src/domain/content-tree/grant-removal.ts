import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { grants } from "../../db/schema";

/**
 * The statements that remove grants with what they name, for the batch of the write that removes
 * it (grants have no foreign key to their content or principal: db/schema/grants.ts). Each is
 * one indexed DELETE: by content id (the primary key), or by principal (grants_principal).
 */

/** The grants on the contents `contentIds` names (ids, or a subquery of ids). */
export const grantsOnRemoved = (db: Database, contentIds: SQL | readonly string[]) =>
  db.delete(grants).where(Array.isArray(contentIds) ? inArray(grants.contentId, contentIds as string[]) : sql`${grants.contentId} IN ${contentIds}`);

/** The grants a user holds in an organization (their own, not their teams'), when `guard` (SQL) holds: a member who left. */
export const grantsOfUserRemoved = (db: Database, organizationId: string, userId: string, guard?: SQL) =>
  db.delete(grants).where(and(eq(grants.organizationId, organizationId), eq(grants.principalKind, "user"), eq(grants.principalId, userId), guard));

/** The grants of a team of the organization (a team deleted). */
export const grantsOfTeamRemoved = (db: Database, organizationId: string, teamId: string) =>
  db.delete(grants).where(and(eq(grants.organizationId, organizationId), eq(grants.principalKind, "team"), eq(grants.principalId, teamId)));
