import { and, eq, sql, type SQL } from "drizzle-orm";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import { wholeRowsOnce } from "../../db/whole-rows";
import { organizationMembers, organizations, teamMembers, users, type MemberRow, type OrganizationRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { enqueue } from "../../lib/jobs";
import type { Membership } from "../../lib/permissions";
import { callerKeyOf, callerValues, identifiedAs, isCallerAt, type CallerKey } from "../users/callers";

export interface OrganizationAccess {
  /** The request, its caller identified (by this read's own batch when it came with a token only). */
  callerContext: CallerContext;
  organization: OrganizationRow;
  member: MemberRow;
  membership: Membership;
}

/** lastSeenAt is refreshed at most this often per member, so activity costs no write per request. */
export const MEMBER_ACTIVITY_INTERVAL_MS = 15 * 60 * 1000;

export const organizationNotFound = (organizationId: string) => notFound(`Organization '${organizationId}'`);

/**
 * The statement of `loadOrganizationAccess`, built once per isolate for each way of naming the
 * caller: the caller, the organization and the caller's membership as whole rows (db/whole-rows.ts:
 * the cheapest text for SQLite to plan), and whether the caller owns a team there.
 */
const wholeOrganizationAccess = (key: CallerKey) =>
  wholeRowsOnce(
    { caller: users, organization: organizations, member: organizationMembers },
    (db, selection) =>
      db
        .select(selection)
        .from(users)
        .leftJoin(organizations, eq(organizations.id, sql.placeholder("organizationId")))
        .leftJoin(organizationMembers, and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, users.id)))
        .where(isCallerAt(key))
        .limit(1),
    { ownsTeam: ownsTeamOf(sql`${users.id}`) },
  );

const organizationAccessStatements = {
  callerId: wholeOrganizationAccess("callerId"),
  tokenHash: wholeOrganizationAccess("tokenHash"),
};

/**
 * The organization as its member sees it, in one query (one round trip, with the caller's own
 * lookup when the request came with a token only). A non-member (or a disabled member) gets the
 * same 404 as for an organization that does not exist, so ids reveal nothing.
 */
export async function loadOrganizationAccess(ctx: RequesterContext, organizationId: string): Promise<OrganizationAccess> {
  const [row] = await organizationAccessStatements[callerKeyOf(ctx)](ctx.db, { ...callerValues(ctx), organizationId });
  const callerContext = identifiedAs(ctx, row?.caller ?? null);
  if (!row?.organization || !row.member || row.member.disabled) throw organizationNotFound(organizationId);
  noteMemberActivity(ctx, row.member);
  return { callerContext, organization: row.organization, member: row.member, membership: membershipOf(row.member, row.ownsTeam) };
}

/**
 * Whoever reads member rows selects `ownsTeamOf` in the same query and passes it here; the default
 * (false) is only right where the member cannot own a team yet (a brand-new organization's creator).
 */
export function membershipOf(member: Pick<MemberRow, "role">, ownsTeam = false): Membership {
  return { role: member.role, ownsTeam };
}

/**
 * A selectable SQL boolean: whether `userId` owns a team of the `organizations` row of the query.
 * Served by the index team_members_user (organization_id, user_id, role).
 */
export function ownsTeamOf(userId: string | SQL): SQL.Aliased<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${teamMembers} owned WHERE owned.organization_id = ${organizations.id}
    AND owned.user_id = ${userId} AND owned.role = 'owner')`
    .mapWith((value) => Boolean(value))
    .as("owns_team");
}

/** Keeps lastSeenAt current for any request that acts within the organization (see architecture.md). */
export function noteMemberActivity(ctx: RequestContext, member: MemberRow): void {
  const now = Date.now();
  if (now - Date.parse(member.lastSeenAt) < MEMBER_ACTIVITY_INTERVAL_MS) return;
  ctx.defer(
    enqueue(ctx.env.JOBS, {
      kind: "member.seen",
      organizationId: member.organizationId,
      userId: member.userId,
      at: new Date(now).toISOString(),
    }),
  );
}
