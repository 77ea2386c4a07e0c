import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { apiTokens, users, type UserRow } from "../../db/schema";
import { unauthorized } from "../../lib/errors";

/**
 * Who is calling, by the SHA-256 hash of their API token. The one definition of a token that
 * authenticates (`validToken`): the middleware's lookup and the lookup a read sends in its own
 * batch (`batchAsCaller`) both use it, so revoking a token (deleting its row) refuses the very
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
 * Runs `statements` in one batch (one round trip, one transaction), with the caller's lookup in
 * front when the request's token was not looked up yet. An unknown token is a 401 before any
 * other result is looked at, so nothing about the objects read is revealed to it.
 */
export async function batchAsCaller<T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(
  ctx: RequesterContext,
  statements: T,
): Promise<[CallerContext, BatchResponse<T>]> {
  if ("caller" in ctx) return [ctx, await ctx.db.batch(statements)];
  const [callers, ...results] = await ctx.db.batch([selectCallerByTokenHash(ctx.db, ctx.tokenHash), ...statements]);
  const caller = callers[0]?.user;
  if (!caller) throw invalidApiToken();
  const { tokenHash: _identified, ...request } = ctx;
  return [{ ...request, caller }, results as unknown as BatchResponse<T>];
}
