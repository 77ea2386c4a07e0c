import { eq, sql, type SQL } from "drizzle-orm";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { apiTokens, users, type UserRow } from "../../db/schema";
import { unauthorized } from "../../lib/errors";

/**
 * Who is calling, by the SHA-256 hash of their API token. The one definition of a token that
 * authenticates (`validToken`): the middleware's lookup and the reads that start from the caller
 * (`isCaller`, `identifiedCaller`) both use it, so revoking a token (deleting its row) refuses the very
 * next request, whichever way it is authenticated. Nothing caches token -> user.
 */

export const invalidApiToken = () => unauthorized("Invalid API token");

/** The condition a token row must meet to authenticate a request. */
const validToken = (tokenHash: string): SQL => eq(apiTokens.tokenHash, tokenHash);

/** The user behind a token hash, as one statement (batchable). */
export function selectCallerByTokenHash(db: Database, tokenHash: string) {
  return db.select({ user: users }).from(apiTokens).innerJoin(users, eq(users.id, apiTokens.userId)).where(validToken(tokenHash)).limit(1);
}

export async function findCallerByTokenHash(ctx: RequestContext, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await selectCallerByTokenHash(ctx.db, tokenHash);
  return row?.user;
}

/**
 * The caller's user id inside a statement: bound when the caller is known, otherwise the token's
 * owner as a scalar subquery (null for an unknown token, which then matches no membership).
 */
export function callerIdOf(ctx: RequesterContext): string | SQL {
  if ("caller" in ctx) return ctx.caller.id;
  return sql`(SELECT ${apiTokens.userId} FROM ${apiTokens} WHERE ${validToken(ctx.tokenHash)})`;
}

/**
 * The caller's columns in a statement that starts from them (`FROM users WHERE users.id =
 * callerIdOf(ctx)`, the object read joined to it), under names of their own: D1 returns batched
 * rows keyed by column name, and `id` or `created_at` would collide with the object's.
 */
export const callerColumns = {
  callerId: sql<string | null>`${users.id}`.as("caller_id"),
  callerEmail: sql<string>`${users.email}`.as("caller_email"),
  callerDisplayName: sql<string>`${users.displayName}`.as("caller_display_name"),
  callerPhotoURL: sql<string | null>`${users.photoURL}`.as("caller_photo_url"),
  callerEmailVerified: sql<boolean>`${users.emailVerified}`.mapWith(users.emailVerified).as("caller_email_verified"),
  callerCreatedAt: sql<string>`${users.createdAt}`.as("caller_created_at"),
};

/** The row a statement starts from: the caller, known or behind the token. */
export const isCaller = (ctx: RequesterContext): SQL => eq(users.id, callerIdOf(ctx));

type CallerColumns = { [K in keyof typeof callerColumns]: unknown };

/**
 * The request as the identified caller, from the row of a statement that starts from the caller:
 * no row means no such token (or user), a 401 before anything else of the row is looked at.
 */
export function identifiedCaller(ctx: RequesterContext, row: CallerColumns | undefined): CallerContext {
  if (!row?.callerId) throw invalidApiToken();
  if ("caller" in ctx) return ctx;
  const caller: UserRow = {
    id: row.callerId as string,
    email: row.callerEmail as string,
    displayName: row.callerDisplayName as string,
    photoURL: row.callerPhotoURL as string | null,
    emailVerified: row.callerEmailVerified as boolean,
    createdAt: row.callerCreatedAt as string,
  };
  const { tokenHash: _identified, ...request } = ctx;
  return { ...request, caller };
}
