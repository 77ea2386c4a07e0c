import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawAll } from "../../db/raw";
import { grants, organizationInvitations, organizationMembers } from "../../db/schema";

/**
 * The statements that make a user just created a member of every organization that invited their
 * address (invites/email-invites.ts), with the role each gave, give them what they were invited to
 * on spaces and collections (grants/invite.ts), and remove those invitations. They go in the batch
 * that inserts the user (one transaction): a failed creation accepts nothing, and a replayed one
 * finds no invitation left. Every way users are created calls this (users.ts,
 * `createUserWithToken`, the only one today).
 *
 * In order: the invitations to organizations first, so a user also invited to content there joins
 * with the organization's role; then, of the organizations that invited them to content only, they
 * become guests; then the grants. An SSO member belongs to no other organization: a user who joins
 * several organizations at once joins none of them as an SSO member.
 */
export function acceptInvitationsStatements(db: Database, user: { id: string; email: string; createdAt: string }) {
  const invitationsOf = sql`${organizationInvitations} invitation WHERE invitation.email = ${user.email}`;
  const toOrganizations = sql`${invitationsOf} AND invitation.content_id IS NULL`;
  const toContent = sql`${invitationsOf} AND invitation.content_id IS NOT NULL`;
  // Each kind is read through its own (partial) index: the address alone would scan the table.
  const organizationsInvitingFrom = (from: SQL) => sql`SELECT invitation.organization_id FROM ${from}`;
  const joining = (role: SQL, sso: SQL, from: SQL) =>
    rawAll(
      db,
      sql`INSERT INTO ${organizationMembers} (organization_id, user_id, role, disabled, sso, joined_at, last_seen_at, teams)
      SELECT DISTINCT invitation.organization_id, ${user.id}, ${role}, 0, ${sso}, ${user.createdAt}, ${user.createdAt}, 0
      FROM ${from} ON CONFLICT DO NOTHING`,
    );
  return [
    joining(sql`invitation.role`, sql`invitation.sso AND (SELECT count(*) FROM (${organizationsInvitingFrom(toOrganizations)} UNION ${organizationsInvitingFrom(toContent)})) = 1`, toOrganizations),
    joining(sql`NULL`, sql`0`, toContent),
    rawAll(
      db,
      sql`INSERT INTO ${grants} (organization_id, content_kind, content_id, principal_kind, principal_id, role, granted_by, granted_at)
      SELECT invitation.organization_id, invitation.content_kind, invitation.content_id, 'user', ${user.id}, invitation.content_role,
        invitation.invited_by, ${user.createdAt}
      FROM ${toContent} ON CONFLICT DO NOTHING`,
    ),
    rawAll(db, sql`DELETE FROM ${organizationInvitations} WHERE email = ${user.email} AND content_id IS NULL`),
    rawAll(db, sql`DELETE FROM ${organizationInvitations} WHERE email = ${user.email} AND content_id IS NOT NULL`),
  ] as const;
}
