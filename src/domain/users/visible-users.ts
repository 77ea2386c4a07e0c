import { and, eq, sql } from "drizzle-orm";
import { isVisitor, type UserContext, type VisitorContext } from "../../context";
import type { Database } from "../../db/client";
import { organizationMembers, users, type UserRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { UserObject } from "../../schemas/user";
import { presentUser } from "./users";

/**
 * Who may see whom (`getUserById`). A user is visible to themself, and to the users they share an
 * organization with: a member (disabled or not, as member lists show them) of an organization
 * where the caller is an active member, guests included (they see the authors of what is shared
 * with them). The email is shown as member lists show it: to the user themself and to fellow
 * members who may list members (`listMembers`: any role, not guests). Anyone else is a 404, as if
 * the user did not exist. A site's visitor (a site token) sees the members of the site's
 * organization, without their email. docs/permissions.md, "Users".
 */

export const userNotFound = (userId: string) => notFound(`User '${userId}'`);

/** A user as the caller may see them: one query (none for the caller themself). */
export async function getVisibleUser(ctx: UserContext | VisitorContext, userId: string): Promise<UserObject> {
  if (isVisitor(ctx)) {
    const user = await userVisibleInOrganization(ctx.db, ctx.visitor.organizationId, userId);
    if (!user) throw userNotFound(userId);
    return presentUser(user, ctx.urls, { withEmail: false });
  }
  if (userId === ctx.caller.id) return presentUser(ctx.caller, ctx.urls);
  // Memberships of the caller (active) that the user shares; the caller's role in them decides the email.
  const shared = sql`FROM ${organizationMembers} mine JOIN ${organizationMembers} theirs
    ON theirs.organization_id = mine.organization_id AND theirs.user_id = ${users.id}
    WHERE mine.user_id = ${ctx.caller.id} AND mine.disabled = 0`;
  const [row] = await ctx.db
    .select({
      user: users,
      shares: sql<number>`EXISTS (SELECT 1 ${shared})`.mapWith(Boolean),
      seesEmail: sql<number>`EXISTS (SELECT 1 ${shared} AND mine.role IS NOT NULL)`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.shares) throw userNotFound(userId);
  return presentUser(row.user, ctx.urls, { withEmail: Boolean(row.seesEmail) });
}

/**
 * The user if they are a member (disabled or not) of the organization, else undefined: what a
 * reader of one of its published sites may see of a user (present it without the email).
 */
export async function userVisibleInOrganization(db: Database, organizationId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(users)
    .innerJoin(organizationMembers, and(eq(organizationMembers.userId, users.id), eq(organizationMembers.organizationId, organizationId)))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.user;
}
