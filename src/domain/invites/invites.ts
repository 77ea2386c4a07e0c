import { and, eq } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { organizationInviteLinks, organizationMembers, organizations, type InviteLinkRow } from "../../db/schema";
import { sortedBy } from "../../db/keyset";
import { badRequest, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction } from "../../lib/permissions";
import { roleRank, type RoleOrGuest } from "../../lib/roles";
import type { InviteLinkObject } from "../../schemas/invite";
import { listOrganizationRows } from "../organizations/list";
import { loadOrganizationAccess } from "../organizations/access";

/** An invite is redundant when the caller is already a member with at least the role it grants (undefined: not a member). */
function presentInvite(invite: InviteLinkRow, callerRole: RoleOrGuest | undefined): InviteLinkObject {
  return { object: "invite", id: invite.id, role: invite.role, redundant: callerRole !== undefined && roleRank(callerRole) >= roleRank(invite.role) };
}

const inviteNotFound = (inviteId: string) => notFound(`Invite '${inviteId}'`);

export async function listInviteLinks(ctx: RequesterContext, organizationId: string, request: PageRequest) {
  return listOrganizationRows(ctx, organizationId, request, {
    from: organizationInviteLinks,
    where: eq(organizationInviteLinks.organizationId, organizationId),
    sort: sortedBy("createdAt", "asc", [organizationInviteLinks.createdAt, organizationInviteLinks.id], (row: InviteLinkRow) => [row.createdAt, row.id]),
    action: "manageInviteLinks",
    present: (invite, access) => presentInvite(invite, access.member.role),
  });
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

/**
 * An invite link as whoever holds it sees it (GitBook's `getOrganizationInviteLink`): what it
 * grants and whether they already have it (`redundant`), before they join with it. Like joining,
 * it answers anyone with the id while the organization has invite links enabled (the id is the
 * secret); its admins see it always, as they list it.
 */
export async function getInviteLink(ctx: CallerContext, organizationId: string, inviteId: string): Promise<InviteLinkObject> {
  const [row] = await selectInviteWithCallerMembership(ctx, organizationId, inviteId);
  const activeRole = row?.member && !row.member.disabled ? row.member.role : undefined;
  if (!row || (!row.inviteLinksEnabled && activeRole !== "admin")) throw inviteNotFound(inviteId);
  return presentInvite(row.invite, activeRole);
}

/**
 * Changes the role an invite link gives (admins). GitBook's `level` is for invites to one space or
 * collection, which this deployment does not make: every invite link is to the organization.
 */
export async function updateInviteLink(ctx: CallerContext, organizationId: string, inviteId: string, change: { role?: RoleOrGuest; level?: RoleOrGuest }) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageInviteLinks");
  if (change.role === undefined) {
    throw badRequest("Invalid body field 'level': invite links here are to the organization, which give a 'role' (invites to a space or collection are not supported)");
  }
  const [updated] = await ctx.db
    .update(organizationInviteLinks)
    .set({ role: change.role })
    .where(and(eq(organizationInviteLinks.organizationId, organizationId), eq(organizationInviteLinks.id, inviteId)))
    .returning();
  if (!updated) throw inviteNotFound(inviteId);
  return presentInvite(updated, access.member.role);
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
  const [row] = await selectInviteWithCallerMembership(ctx, organizationId, inviteId);
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

/** The invite link, whether its organization has invite links enabled, and the caller's membership there (if any): one query. */
function selectInviteWithCallerMembership(ctx: CallerContext, organizationId: string, inviteId: string) {
  return ctx.db
    .select({ invite: organizationInviteLinks, inviteLinksEnabled: organizations.inviteLinks, member: organizationMembers })
    .from(organizationInviteLinks)
    .innerJoin(organizations, eq(organizations.id, organizationInviteLinks.organizationId))
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, ctx.caller.id)),
    )
    .where(and(eq(organizationInviteLinks.id, inviteId), eq(organizationInviteLinks.organizationId, organizationId)))
    .limit(1);
}
