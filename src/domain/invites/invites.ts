import { and, eq } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { organizationInviteLinks, organizationMembers, organizations, type InviteLinkRow } from "../../db/schema";
import { pageReads, sortedBy } from "../../db/keyset";
import { badRequest, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction } from "../../lib/permissions";
import { roleRank, type RoleOrGuest } from "../../lib/roles";
import type { InviteLinkObject } from "../../schemas/invite";
import { loadOrganizationAccess, loadOrganizationAccessWith } from "../organizations/access";

/** An invite is redundant when the caller already has at least the role it grants. */
function presentInvite(invite: InviteLinkRow, callerRole: RoleOrGuest): InviteLinkObject {
  return { object: "invite", id: invite.id, role: invite.role, redundant: roleRank(callerRole) >= roleRank(invite.role) };
}

const inviteNotFound = (inviteId: string) => notFound(`Invite '${inviteId}'`);

export async function listInviteLinks(ctx: RequesterContext, organizationId: string, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: organizationInviteLinks,
    where: eq(organizationInviteLinks.organizationId, organizationId),
    sort: sortedBy("createdAt", "asc", [organizationInviteLinks.createdAt, organizationInviteLinks.id], (row: InviteLinkRow) => [row.createdAt, row.id]),
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  assertOrganizationAction(access.membership, "manageInviteLinks");
  return page.answer(results, (invite) => presentInvite(invite, access.member.role));
}

export async function createInviteLink(ctx: CallerContext, organizationId: string, role: RoleOrGuest) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageInviteLinks");
  if (!access.organization.inviteLinks) {
    throw badRequest("Invite links are disabled for this organization (its 'inviteLinks' setting is false)");
  }
  const invite: InviteLinkRow = { id: newId(), organizationId, role, createdBy: ctx.caller.id, createdAt: nowIso() };
  await ctx.db.insert(organizationInviteLinks).values(invite);
  return presentInvite(invite, access.member.role);
}

/** Deleting an invite that does not exist (any more) succeeds too (seed 4.7). */
export async function deleteInviteLink(ctx: CallerContext, organizationId: string, inviteId: string): Promise<void> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageInviteLinks");
  await ctx.db
    .delete(organizationInviteLinks)
    .where(and(eq(organizationInviteLinks.organizationId, organizationId), eq(organizationInviteLinks.id, inviteId)));
}

/**
 * Joins an organization through one of its invite links, which any user holding the link may do
 * while the organization has invite links enabled. A member already in the organization is raised
 * to the invite's role when it is higher, and never lowered.
 */
export async function joinWithInviteLink(ctx: CallerContext, organizationId: string, inviteId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ invite: organizationInviteLinks, inviteLinksEnabled: organizations.inviteLinks, member: organizationMembers })
    .from(organizationInviteLinks)
    .innerJoin(organizations, eq(organizations.id, organizationInviteLinks.organizationId))
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, ctx.caller.id)),
    )
    .where(and(eq(organizationInviteLinks.id, inviteId), eq(organizationInviteLinks.organizationId, organizationId)))
    .limit(1);
  if (!row || !row.inviteLinksEnabled) throw inviteNotFound(inviteId);

  const { invite, member } = row;
  if (member) {
    if (roleRank(invite.role) > roleRank(member.role)) {
      await ctx.db
        .update(organizationMembers)
        .set({ role: invite.role })
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, ctx.caller.id)));
    }
    return;
  }
  const now = nowIso();
  await ctx.db
    .insert(organizationMembers)
    .values({ organizationId, userId: ctx.caller.id, role: invite.role, disabled: false, sso: false, joinedAt: now, lastSeenAt: now })
    .onConflictDoNothing();
}
