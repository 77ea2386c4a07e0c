import { and, eq } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { organizationMembers, organizations, type MemberRow, type OrganizationRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { enqueue } from "../../lib/jobs";
import type { Membership } from "../../lib/permissions";

export interface OrganizationAccess {
  organization: OrganizationRow;
  member: MemberRow;
  membership: Membership;
}

/** lastSeenAt is refreshed at most this often per member, so activity costs no write per request. */
export const MEMBER_ACTIVITY_INTERVAL_MS = 15 * 60 * 1000;

export const organizationNotFound = (organizationId: string) => notFound(`Organization '${organizationId}'`);

/**
 * The organization as its member sees it, in one query. A non-member (or a disabled member) gets
 * the same 404 as for an organization that does not exist, so ids reveal nothing.
 */
export async function loadOrganizationAccess(ctx: CallerContext, organizationId: string): Promise<OrganizationAccess> {
  const [row] = await ctx.db
    .select({ organization: organizations, member: organizationMembers })
    .from(organizations)
    .innerJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, ctx.caller.id)),
    )
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row || row.member.disabled) throw organizationNotFound(organizationId);
  noteMemberActivity(ctx, row.member);
  return { ...row, membership: membershipOf(row.member) };
}

export function membershipOf(member: Pick<MemberRow, "role">): Membership {
  // Teams arrive with a later issue; until then nobody owns one.
  return { role: member.role, ownsTeam: false };
}

function noteMemberActivity(ctx: CallerContext, member: MemberRow): void {
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
