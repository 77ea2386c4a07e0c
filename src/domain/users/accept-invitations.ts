import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawAll } from "../../db/raw";
import { organizationInvitations, organizationMembers } from "../../db/schema";

/**
 * The statements that make a user just created a member of every organization that invited their
 * address (invites/email-invites.ts), with the role each gave, and remove those invitations. They
 * go in the batch that inserts the user (one transaction): a failed creation accepts nothing, and a
 * replayed one finds no invitation left. Every way users are created calls this (users.ts,
 * `createUserWithToken`, the only one today).
 *
 * An SSO member belongs to no other organization: a user who joins several organizations at once
 * joins none of them as an SSO member.
 */
export function acceptInvitationsStatements(db: Database, user: { id: string; email: string; createdAt: string }) {
  const invitationsOf = sql`${organizationInvitations} invitation WHERE invitation.email = ${user.email}`;
  return [
    rawAll(
      db,
      sql`INSERT INTO ${organizationMembers} (organization_id, user_id, role, disabled, sso, joined_at, last_seen_at, teams)
      SELECT invitation.organization_id, ${user.id}, invitation.role, 0,
        invitation.sso AND (SELECT count(*) FROM ${invitationsOf}) = 1,
        ${user.createdAt}, ${user.createdAt}, 0
      FROM ${invitationsOf}
      ON CONFLICT DO NOTHING`,
    ),
    rawAll(db, sql`DELETE FROM ${organizationInvitations} WHERE email = ${user.email}`),
  ] as const;
}
