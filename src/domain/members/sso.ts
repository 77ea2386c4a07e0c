import { and, sql, type SQL } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { organizationMembers } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { assertOrganizationAction } from "../../lib/permissions";
import type { MemberObject } from "../../schemas/member";
import { loadOrganizationAccess } from "../organizations/access";
import { isMember, memberNotFound, presentMember, selectMemberWithUser } from "./members";

/**
 * An SSO member belongs to no other organization: GitBook adds the users it invites with `sso`
 * "but not as SSO users as they are members of another org", and this deployment applies the same
 * rule wherever a membership becomes SSO (invitations by email, and here).
 */
export function memberOfNoOtherOrganization(organizationId: string, userId: string | SQL): SQL {
  return sql`(NOT EXISTS (SELECT 1 FROM ${organizationMembers} other WHERE other.organization_id != ${organizationId} AND other.user_id = ${userId}))`;
}

/**
 * Marks a member as an SSO member (GitBook's `setUserAsSSOMemberForOrganization`, admins): one who
 * may sign in through the organization's SSO. Setting it again changes nothing; a member of another
 * organization is a 409. One round trip after the access check: the update, then the member read.
 */
export async function setSSOMember(ctx: CallerContext, organizationId: string, userId: string): Promise<MemberObject> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageMembers");
  const [updated, [row]] = await ctx.db.batch([
    ctx.db
      .update(organizationMembers)
      .set({ sso: true })
      .where(and(isMember(organizationId, userId), memberOfNoOtherOrganization(organizationId, userId)))
      .returning({ userId: organizationMembers.userId }),
    selectMemberWithUser(ctx, organizationId, userId),
  ]);
  if (!row) throw memberNotFound(userId);
  if (updated.length === 0) throw conflict(`User '${userId}' is a member of another organization: an SSO member belongs to one organization only`);
  return presentMember(row, ctx.urls);
}
