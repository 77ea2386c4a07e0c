import { and, eq, sql, type SQL } from "drizzle-orm";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { picked, wholeRowsOnce } from "../../db/whole-rows";
import { organizationMembers, organizations, teamMembers, users, type MemberRow, type OrganizationRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { enqueue } from "../../lib/jobs";
import type { Membership } from "../../lib/permissions";
import { callerIdColumn, callerSource, identifiedAs, perCaller, runAccess, type AccessForms, type CallerKey } from "../users/callers";

/**
 * What access decisions read of a membership: the role, whether it is disabled, when the member
 * was last seen (kept current by `noteMemberActivity`). The access statements select only this.
 */
export type Member = Pick<MemberRow, "organizationId" | "userId" | "role" | "disabled" | "lastSeenAt">;

export interface OrganizationAccess {
  /** The request, its caller identified (by this read's own batch when it came with a token only). */
  callerContext: CallerContext;
  organization: OrganizationRow;
  member: Member;
  membership: Membership;
}

/** lastSeenAt is refreshed at most this often per member, so activity costs no write per request. */
export const MEMBER_ACTIVITY_INTERVAL_MS = 15 * 60 * 1000;

export const organizationNotFound = (organizationId: string) => notFound(`Organization '${organizationId}'`);

/**
 * The access of an organization: the organization, what the decision needs of the caller's
 * membership, whether they own a team there, and their id (behind the request's token, or known).
 * Written once, in two forms, as a space's access is (content-tree/space-access.ts): alone it
 * selects the organization's whole row (db/whole-rows.ts: the cheapest text for SQLite to plan);
 * in a batch each column under a name of its own.
 */
const MEMBER_COLUMNS = ["role", "disabled", "lastSeenAt"] as const;

function fromCaller<Selection extends object>(db: Database, key: CallerKey, selection: Selection) {
  const caller = callerSource(key);
  return db
    .select(selection as unknown as ReturnType<typeof batchedSelection>)
    .from(caller.table as typeof users)
    .leftJoin(organizations, eq(organizations.id, sql.placeholder("organizationId")))
    .leftJoin(organizationMembers, and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, caller.id)))
    .where(caller.where)
    .limit(1);
}

const extraColumns = (key: CallerKey) => ({ callerId: callerIdColumn(key), ownsTeam: ownsTeamOf(sql`${callerSource(key).id}`) });

const wholeOrganizationAccess = (key: CallerKey) =>
  wholeRowsOnce({ organization: organizations, member: picked(organizationMembers, MEMBER_COLUMNS) }, (db, selection) => fromCaller(db, key, selection), extraColumns(key));

/**
 * In a batch: none of the membership's columns picked here is named like one of the organization's.
 * Drizzle reads a joined object as missing when its first column is null, and a guest's `role` is:
 * `disabled`, never null in a membership, comes first.
 */
const batchedSelection = (key: CallerKey) => ({
  ...extraColumns(key),
  organization: organizations,
  member: { disabled: organizationMembers.disabled, role: organizationMembers.role, lastSeenAt: organizationMembers.lastSeenAt },
});
const batchedOrganizationAccess = (key: CallerKey) => preparedOnce((db: Database) => fromCaller(db, key, batchedSelection(key)));

/** The organization's access for each way of naming the caller, in both forms. */
const organizationAccess = perCaller((key): AccessForms<OrganizationAccessRow> => ({ alone: wholeOrganizationAccess(key), batched: batchedOrganizationAccess(key) }));

/** What either form answers, once read. */
interface OrganizationAccessRow {
  callerId: string | null;
  organization: OrganizationRow | null;
  member: Pick<Member, (typeof MEMBER_COLUMNS)[number]> | null;
  ownsTeam: boolean;
}

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
  const [row, others] = await runAccess(ctx, organizationAccess, { organizationId }, alongside);
  return [organizationAccessOf(ctx, organizationId, row), others];
}

/** The access a row gives: a 401 for an unknown token, a 404 for an organization the caller is not an active member of. */
function organizationAccessOf(ctx: RequesterContext, organizationId: string, row: OrganizationAccessRow | undefined): OrganizationAccess {
  const callerContext = identifiedAs(ctx, row?.callerId);
  if (!row?.organization || !row.member || row.member.disabled) throw organizationNotFound(organizationId);
  const member: Member = { ...row.member, organizationId, userId: callerContext.caller.id };
  noteMemberActivity(ctx, member);
  return { callerContext, organization: row.organization, member, membership: membershipOf(member, row.ownsTeam) };
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
export function noteMemberActivity(ctx: RequestContext, member: Member): void {
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
