import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext } from "../../context";
import { chunks, MAX_IDS_PER_IN_LIST } from "../../db/limits";
import { rawAll } from "../../db/raw";
import { organizationInvitations, users } from "../../db/schema";
import { newId, nowIso } from "../../lib/ids";
import type { Role } from "../../lib/roles";
import type { TargetAccess } from "./targets";

/**
 * Invitations to a space or a collection of addresses no user has yet (`inviteToSpace`,
 * `inviteToCollection` with an email in `users`): a pending row of `organization_invitations`
 * carrying the content and the role, which the user created later with that address accepts in
 * the batch that creates them (users/accept-invitations.ts), joining the organization as a guest
 * unless invited to it with a role. docs/decisions.md, "Grants", invitations by email.
 */

/** The pending invitations to `contentId` of the addresses named (lower-cased), as rows `{kind: "pending", id, email}`, for the access batch. */
export function selectPendingInvitations(ctx: CallerContext, contentId: string, emails: readonly string[]): BatchItem<"sqlite">[] {
  return chunks([...emails], MAX_IDS_PER_IN_LIST).map((chunk) =>
    ctx.db
      .select({ kind: sql<"pending">`'pending'`.as("kind"), id: organizationInvitations.id, email: organizationInvitations.email })
      .from(organizationInvitations)
      .where(and(eq(organizationInvitations.contentId, contentId), inArray(organizationInvitations.email, chunk))),
  );
}

/**
 * Invites the addresses to the content with `role`: one invitation per content and address (an
 * address invited again gets the new role and keeps its date). An address a user was created with
 * meanwhile is left out: the statement decides from the rows inside the batch's transaction.
 */
export function pendingInvitationsGiven(ctx: CallerContext, access: TargetAccess, role: Role, emails: readonly string[]): BatchItem<"sqlite"> {
  const list = JSON.stringify(emails.map((email) => ({ email, id: newId() })));
  const field = (name: "email" | "id") => sql.raw(`json_extract(e.value, '$.${name}')`);
  return rawAll(
    ctx.db,
    sql`INSERT INTO ${organizationInvitations} (id, organization_id, email, role, sso, invited_by, created_at, content_kind, content_id, content_role)
    SELECT ${field("id")}, ${access.organizationId}, ${field("email")}, NULL, 0, ${ctx.caller.id}, ${nowIso()}, ${access.kind}, ${access.contentId}, ${role}
    FROM json_each(${list}) e WHERE NOT EXISTS (SELECT 1 FROM ${users} u WHERE u.email = ${field("email")})
    ON CONFLICT (email, content_id) WHERE content_id IS NOT NULL DO UPDATE SET content_role = excluded.content_role, invited_by = excluded.invited_by`,
  );
}

/** Role null: the pending invitations of the addresses to the content are taken back. */
export function pendingInvitationsTakenBack(ctx: CallerContext, access: TargetAccess, emails: readonly string[]): BatchItem<"sqlite"> {
  return ctx.db
    .delete(organizationInvitations)
    .where(and(eq(organizationInvitations.contentId, access.contentId), sql`${organizationInvitations.email} IN (SELECT value FROM json_each(${JSON.stringify(emails)}))`));
}
