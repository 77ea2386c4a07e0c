import type { RequestContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { apiTokens, users, type UserRow } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { hashToken } from "../../lib/tokens";
import type { Urls } from "../../lib/urls";
import type { UserObject } from "../../schemas/user";
import { acceptInvitationsStatements } from "./accept-invitations";
import { newApiToken } from "./tokens";
import { findCallerByTokenHash } from "./callers";

/** A user as GitBook's `User`; `withEmail: false` where the viewer may not see the address (users by id). */
export function presentUser(user: UserRow, urls: Urls, { withEmail = true } = {}): UserObject {
  return {
    object: "user",
    id: user.id,
    displayName: user.displayName,
    ...(withEmail ? { email: user.email } : {}),
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: urls.api(`/users/${user.id}`) },
  };
}

/** The user behind an API token, or undefined when the token is unknown. One indexed lookup (callers.ts). */
export async function findUserByToken(ctx: RequestContext, token: string): Promise<UserRow | undefined> {
  return findCallerByTokenHash(ctx, await hashToken(token));
}

/**
 * Admin only (the route checks ADMIN_TOKEN): a new verified user and their first token. The user
 * joins the organizations that invited their address, in the same batch (accept-invitations.ts).
 */
export async function createUserWithToken(ctx: RequestContext, input: { email: string; displayName: string }) {
  const email = input.email.toLowerCase();
  const user: UserRow = {
    id: newId(),
    email,
    displayName: input.displayName,
    photoURL: null,
    emailVerified: true,
    createdAt: nowIso(),
  };
  const { token, row } = await newApiToken(user.id, "First token", user.createdAt);
  try {
    await ctx.db.batch([ctx.db.insert(users).values(user), ctx.db.insert(apiTokens).values(row), ...acceptInvitationsStatements(ctx.db, user)]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A user with email '${email}' already exists`);
    throw error;
  }
  return { user: presentUser(user, ctx.urls), token };
}
