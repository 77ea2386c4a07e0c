import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import type { BatchItem } from "drizzle-orm/batch";
import { runAlongside } from "../../db/batch";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { organizationMembers, organizations, teamMembers, users, type MemberRow, type OrganizationRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { enqueue } from "../../lib/jobs";
import type { Membership } from "../../lib/permissions";
import { callerColumns, callerKeyOf, callerValues, identifiedCaller, isCallerAt, type CallerKey } from "../users/callers";

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
 * The member's columns for a join with `organizations`, `sso` renamed: D1 returns batched rows
 * keyed by column name, and the organization's own `sso` would take the member's place.
 */
const memberColumns = {
  ...getTableColumns(organizationMembers),
  sso: sql<boolean>`${organizationMembers.sso}`.mapWith(organizationMembers.sso).as("member_sso"),
};

/** The statement of `loadOrganizationAccess`, built once per isolate (db/prepared.ts) for each way of naming the caller. */
const selectOrganizationAccess = (key: CallerKey) => (db: Database) =>
  db
    .select({ ...callerColumns, organization: organizations, member: memberColumns, ownsTeam: ownsTeamOf(sql`${users.id}`) })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, sql.placeholder("organizationId")))
    .leftJoin(organizationMembers, and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, users.id)))
    .where(isCallerAt(key))
    .limit(1);

const organizationAccessStatements = {
  callerId: preparedOnce(selectOrganizationAccess("callerId")),
  tokenHash: preparedOnce(selectOrganizationAccess("tokenHash")),
};

/**
 * The organization as its member sees it, in one query (one round trip, with the caller's own
 * lookup when the request came with a token only). A non-member (or a disabled member) gets the
 * same 404 as for an organization that does not exist, so ids reveal nothing.
 */
export async function loadOrganizationAccess(ctx: RequesterContext, organizationId: string): Promise<OrganizationAccess> {
  const [access] = await loadOrganizationAccessWith(ctx, organizationId, []);
  return access;
}

/**
 * `loadOrganizationAccess` with more statements in the same batch (what a read needs besides
 * access): still one round trip. Their results come back in order, whatever the access decided;
 * use them only once access is granted.
 */
export async function loadOrganizationAccessWith(
  ctx: RequesterContext,
  organizationId: string,
  alongside: readonly BatchItem<"sqlite">[],
): Promise<[OrganizationAccess, unknown[]]> {
  // One statement: the caller (known, or behind the token), the organization and their membership.
  const access = organizationAccessStatements[callerKeyOf(ctx)](ctx.db, { ...callerValues(ctx), organizationId });
  const [[row], others] = await runAlongside(ctx.db, access, alongside);
  const callerContext = identifiedCaller(ctx, row);
  if (!row?.organization || !row.member || row.member.disabled) throw organizationNotFound(organizationId);
  noteMemberActivity(ctx, row.member);
  return [{ callerContext, organization: row.organization, member: row.member, membership: membershipOf(row.member, row.ownsTeam) }, others];
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
