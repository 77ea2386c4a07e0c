import { and, eq, sql } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { sortedBy } from "../../db/keyset";
import { rawAll } from "../../db/raw";
import { organizationInvitations, organizationMembers, users, type InvitationRow } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction } from "../../lib/permissions";
import type { RoleOrGuest } from "../../lib/roles";
import type { EmailInviteObject, InviteUsersInput } from "../../schemas/invite";
import { memberOfNoOtherOrganization } from "../members/sso";
import { listOrganizationRows } from "../organizations/list";
import { loadOrganizationAccess } from "../organizations/access";

/**
 * Invitations by email (GitBook's `inviteUsersToOrganization`). An address of an existing user
 * makes them a member at once (a member already stays as they are); any other address gets a
 * pending invitation, which the user created later with it accepts on creation (users/accept-invitations.ts).
 * docs/decisions.md, "Invitations by email".
 */

/** One address of a request, as the statements read it (a JSON array, one bound parameter). */
interface InvitedAddress {
  email: string;
  role: RoleOrGuest;
  sso: boolean;
  /** The id of its pending invitation, if it makes a new one. */
  id: string;
}

/** An address of the request that is an existing user's, as the batch read it before adding anyone. */
interface KnownAddress {
  position: number;
  user_id: string;
  member_here: number;
  member_elsewhere: number;
}

export interface InviteUsersResult {
  users: string[];
  invited: number;
  failedSSOEmails?: string[];
}

/**
 * One round trip after the access check: the batch reads which addresses are users (and whether
 * they are members here or elsewhere), adds those users, and writes invitations for the rest, each
 * statement deciding from the rows as they are inside the batch's transaction.
 */
export async function inviteUsersToOrganization(ctx: CallerContext, organizationId: string, input: InviteUsersInput): Promise<InviteUsersResult> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "inviteMembers");
  const defaultRole = input.role === undefined ? access.organization.defaultRole : input.role;
  const addresses = invitedAddresses(input.emails, defaultRole, input.sso ?? false);
  if (addresses.length === 0) return { users: [], invited: 0, ...(input.sso ? { failedSSOEmails: [] } : {}) };

  const list = JSON.stringify(addresses);
  const now = nowIso();
  const field = (name: keyof InvitedAddress) => sql.raw(`json_extract(e.value, '$.${name}')`);
  const [known, , invitations] = (await ctx.db.batch([
    rawAll<KnownAddress>(
      ctx.db,
      sql`SELECT e.key AS position, u.id AS user_id,
        EXISTS (SELECT 1 FROM ${organizationMembers} here WHERE here.organization_id = ${organizationId} AND here.user_id = u.id) AS member_here,
        NOT ${memberOfNoOtherOrganization(organizationId, sql`u.id`)} AS member_elsewhere
      FROM json_each(${list}) e JOIN ${users} u ON u.email = ${field("email")}`,
    ),
    rawAll(
      ctx.db,
      sql`INSERT INTO ${organizationMembers} (organization_id, user_id, role, disabled, sso, joined_at, last_seen_at, teams)
      SELECT ${organizationId}, u.id, ${field("role")}, 0,
        ${field("sso")} AND ${memberOfNoOtherOrganization(organizationId, sql`u.id`)},
        ${now}, ${now}, 0
      FROM json_each(${list}) e JOIN ${users} u ON u.email = ${field("email")} WHERE true
      ON CONFLICT DO NOTHING`,
    ),
    rawAll<{ id: string }>(
      ctx.db,
      sql`INSERT INTO ${organizationInvitations} (id, organization_id, email, role, sso, invited_by, created_at)
      SELECT ${field("id")}, ${organizationId}, ${field("email")}, ${field("role")}, ${field("sso")}, ${ctx.caller.id}, ${now}
      FROM json_each(${list}) e WHERE NOT EXISTS (SELECT 1 FROM ${users} u WHERE u.email = ${field("email")})
      ON CONFLICT (email, organization_id) DO UPDATE SET role = excluded.role, sso = excluded.sso, invited_by = excluded.invited_by
      RETURNING id`,
    ),
  ])) as [KnownAddress[], unknown, Array<{ id: string }>];

  const added = known.filter((row) => !row.member_here).sort((a, b) => a.position - b.position);
  const failedSSO = added.filter((row) => addresses[row.position]!.sso && row.member_elsewhere);
  return {
    users: added.map((row) => row.user_id),
    invited: added.length + invitations.length,
    ...(input.sso ? { failedSSOEmails: failedSSO.map((row) => addresses[row.position]!.email) } : {}),
  };
}

/** The request's addresses, lower-cased with their role; an address given twice is a 400 naming it. */
function invitedAddresses(emails: InviteUsersInput["emails"], defaultRole: RoleOrGuest, sso: boolean): InvitedAddress[] {
  const seen = new Set<string>();
  return emails.map((entry, index) => {
    const email = (typeof entry === "string" ? entry : entry.email).toLowerCase();
    if (seen.has(email)) throw badRequest(`Invalid body field 'emails[${index}]': '${email}' is listed twice`);
    seen.add(email);
    return { email, role: typeof entry === "string" ? defaultRole : entry.role, sso, id: newId() };
  });
}

export function presentEmailInvite(invitation: InvitationRow): EmailInviteObject {
  const { id, email, role, sso, createdAt } = invitation;
  return { object: "email-invite", id, email, role, sso, createdAt };
}

/** The organization's pending invitations, oldest first. */
export async function listEmailInvites(ctx: RequesterContext, organizationId: string, request: PageRequest) {
  return listOrganizationRows(ctx, organizationId, request, {
    from: organizationInvitations,
    where: eq(organizationInvitations.organizationId, organizationId),
    sort: sortedBy("createdAt", "asc", [organizationInvitations.createdAt, organizationInvitations.id], (row: InvitationRow) => [row.createdAt, row.id]),
    action: "inviteMembers",
    present: presentEmailInvite,
  });
}

/** Revokes a pending invitation: whether there was one (GitBook's 205) or not (204). */
export async function revokeEmailInvite(ctx: CallerContext, organizationId: string, inviteId: string): Promise<"removed" | "absent"> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "inviteMembers");
  const removed = await ctx.db
    .delete(organizationInvitations)
    .where(and(eq(organizationInvitations.organizationId, organizationId), eq(organizationInvitations.id, inviteId)))
    .returning({ id: organizationInvitations.id });
  return removed.length > 0 ? "removed" : "absent";
}
