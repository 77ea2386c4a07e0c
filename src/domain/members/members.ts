import { and, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { selectedOnce } from "../../db/list-select";
import { pageReads, type Direction, type SortKey } from "../../db/keyset";
import { organizationMembers, teamMembers, teams, users, type MemberRow, type UserRow } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction } from "../../lib/permissions";
import type { Role, RoleOrGuest } from "../../lib/roles";
import type { Urls } from "../../lib/urls";
import type { MemberObject } from "../../schemas/member";
import { loadOrganizationAccess, loadOrganizationAccessWith } from "../organizations/access";
import { presentUser } from "../users/users";
import { grantsOfUserRemoved } from "../content-tree/grant-removal";
import { grantedSitesCount, grantedSpacesCount, qualified } from "../content-tree/granted-levels";

/**
 * What a member was given on their own (GitBook's `spaces` and `sites` of a member): selected with
 * every member row the API presents, as correlated counts (content-tree/granted-levels.ts).
 */
export const memberGrantCounts = {
  spaces: grantedSpacesCount("user", qualified(organizationMembers.userId), qualified(organizationMembers.organizationId)).as("member_spaces"),
  sites: grantedSitesCount(qualified(organizationMembers.userId), qualified(organizationMembers.organizationId)).as("member_sites"),
};

/** Members with their user, for the lists of members and commenters (built once: db/list-select.ts). */
export const memberRows = selectedOnce((db) =>
  db
    .select({ member: organizationMembers, user: users, ...memberGrantCounts })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId)),
);
const membersCounted = selectedOnce((db) => db.select({ count: count() }).from(organizationMembers).innerJoin(users, eq(users.id, organizationMembers.userId)));

export interface MemberWithUser {
  member: MemberRow;
  user: UserRow;
  /** `memberGrantCounts`, read with the row. */
  spaces: number;
  sites: number;
}

export function presentMember({ member, user, spaces, sites }: MemberWithUser, urls: Urls): MemberObject {
  return {
    object: "member",
    id: user.id,
    role: member.role,
    user: presentUser(user, urls),
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    lastSeenAt: member.lastSeenAt,
    sso: member.sso,
    spaces,
    teams: member.teams,
    sites,
  };
}

export interface MemberListQuery extends PageRequest {
  role?: Role | "guest";
  search?: string;
  sort: "joinedAt" | "lastSeenAt" | "name";
  order: Direction;
}

export const memberNotFound = (userId: string) => notFound(`Member '${userId}'`);

/** The page is read in the batch of the access check (one round trip); used only once the caller may list. */
export async function listMembers(ctx: RequesterContext, organizationId: string, query: MemberListQuery) {
  const page = pageReads(ctx.db, query, {
    from: organizationMembers,
    where: and(
      eq(organizationMembers.organizationId, organizationId),
      query.role === undefined ? undefined : query.role === "guest" ? isNull(organizationMembers.role) : eq(organizationMembers.role, query.role),
      query.search ? matchesSearch(query.search) : undefined,
    ),
    // The search filter reads the user's name and email: both the rows and the count join users.
    select: memberRows(),
    counted: membersCounted(),
    sort: {
      name: `${query.sort}:${query.order}`,
      keys: [memberSortKey(query.sort, query.order), { expression: organizationMembers.userId, direction: query.order, valueOf: (row: MemberWithUser) => row.member.userId }],
    },
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  assertOrganizationAction(access.membership, "listMembers");
  return page.answer(results, (row) => presentMember(row, ctx.urls));
}

export async function getMember(ctx: CallerContext, organizationId: string, userId: string) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "listMembers");
  return presentMember(await findMember(ctx, organizationId, userId), ctx.urls);
}

/**
 * Changes a member's role (undefined: no change, as GitBook's spec leaves `role` optional). The
 * organization always keeps at least one admin.
 */
export async function updateMemberRole(ctx: CallerContext, organizationId: string, userId: string, role: RoleOrGuest | undefined) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageMembers");
  if (role === undefined) return presentMember(await findMember(ctx, organizationId, userId), ctx.urls);
  // The last-admin rule is part of the UPDATE itself, so two admins demoting each other at once
  // cannot both succeed. The re-read runs in the same batch, after the update: one round trip, and
  // it does not depend on what the caller may do once their own role has changed.
  const [updated, [row]] = await ctx.db.batch([
    ctx.db
      .update(organizationMembers)
      .set({ role })
      .where(and(isMember(organizationId, userId), role === "admin" ? undefined : keepsAnotherAdmin(organizationId, userId)))
      .returning({ userId: organizationMembers.userId }),
    selectMemberWithUser(ctx, organizationId, userId),
  ]);
  if (!row) throw memberNotFound(userId);
  if (updated.length === 0) throw lastAdminConflict();
  return presentMember(row, ctx.urls);
}

/**
 * Removes a member: admins may remove anyone, and every member may remove themselves (leave).
 * Returns whether a member was removed (205) or there was none (204), as GitBook's spec does.
 */
export async function removeMember(ctx: CallerContext, organizationId: string, userId: string): Promise<"removed" | "absent"> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  if (userId !== ctx.caller.id) assertOrganizationAction(access.membership, "manageMembers");
  // A member still there after the DELETE was kept by the last-admin rule. Their team memberships
  // and what was granted to them go with them in the same batch, guarded by "no longer a member",
  // so a refused removal keeps them.
  const [removed, , , , [remaining]] = await ctx.db.batch([
    ctx.db
      .delete(organizationMembers)
      .where(and(isMember(organizationId, userId), keepsAnotherAdmin(organizationId, userId)))
      .returning({ userId: organizationMembers.userId }),
    ...leaveTeamsIfRemoved(ctx, organizationId, userId),
    grantsOfUserRemoved(ctx.db, organizationId, userId, noLongerMember(organizationId, userId)),
    ctx.db.select({ userId: organizationMembers.userId }).from(organizationMembers).where(isMember(organizationId, userId)),
  ]);
  if (removed.length > 0) return "removed";
  if (remaining) throw lastAdminConflict();
  return "absent";
}

/**
 * Removes a former member from the organization's teams: recounts their teams' `members` without
 * them (before the rows go, while it is known which teams they were in), then deletes the rows.
 * Both do nothing while the user is still a member.
 */
function leaveTeamsIfRemoved(ctx: CallerContext, organizationId: string, userId: string) {
  const removed = noLongerMember(organizationId, userId);
  const theirTeams = ctx.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId)));
  return [
    ctx.db
      .update(teams)
      .set({
        members: sql`(SELECT count(*) FROM ${teamMembers} tm WHERE tm.team_id = ${teams.id} AND tm.user_id != ${userId})`,
      })
      .where(and(inArray(teams.id, theirTeams), removed)),
    ctx.db.delete(teamMembers).where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId), removed)),
  ] as const;
}

const noLongerMember = (organizationId: string, userId: string) => sql`NOT EXISTS (SELECT 1 FROM ${organizationMembers} WHERE ${isMember(organizationId, userId)})`;

export function selectMemberWithUser(ctx: CallerContext, organizationId: string, userId: string) {
  return ctx.db
    .select({ member: organizationMembers, user: users, ...memberGrantCounts })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(isMember(organizationId, userId))
    .limit(1);
}

async function findMember(ctx: CallerContext, organizationId: string, userId: string): Promise<MemberWithUser> {
  const [row] = await selectMemberWithUser(ctx, organizationId, userId);
  if (!row) throw memberNotFound(userId);
  return row;
}

const lastAdminConflict = () => conflict("An organization must keep at least one admin: make another member admin first");

export function isMember(organizationId: string, userId: string): SQL {
  return and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)) as SQL;
}

/** True unless `userId` is the organization's only active admin. */
function keepsAnotherAdmin(organizationId: string, userId: string): SQL {
  return or(
    sql`${organizationMembers.role} IS NOT 'admin'`,
    sql`EXISTS (SELECT 1 FROM ${organizationMembers} other WHERE other.organization_id = ${organizationId}
      AND other.user_id != ${userId} AND other.role = 'admin' AND other.disabled = 0)`,
  ) as SQL;
}

export function memberSortKey(sort: MemberListQuery["sort"], direction: Direction): SortKey<Pick<MemberWithUser, "member" | "user">> {
  switch (sort) {
    case "joinedAt":
      return { expression: organizationMembers.joinedAt, direction, valueOf: (row) => row.member.joinedAt };
    case "lastSeenAt":
      return { expression: organizationMembers.lastSeenAt, direction, valueOf: (row) => row.member.lastSeenAt };
    case "name":
      return { expression: sql`lower(${users.displayName})`, direction, valueOf: (row) => sqliteLower(row.user.displayName) };
  }
}

/** Case-insensitive substring of the display name or email; LIKE wildcards in the query are literal. */
export function matchesSearch(search: string): SQL | undefined {
  const pattern = `%${sqliteLower(search).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(
    sql`lower(${users.displayName}) LIKE ${pattern} ESCAPE '\\'`,
    sql`${users.email} LIKE ${pattern} ESCAPE '\\'`,
  );
}

/** SQLite's lower() folds ASCII letters only; cursor values must be folded the same way. */
function sqliteLower(text: string): string {
  return text.replace(/[A-Z]/g, (char) => char.toLowerCase());
}
