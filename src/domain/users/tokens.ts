import { and, eq } from "drizzle-orm";
import type { RequestContext } from "../../context";
import { listPage, sortedBy } from "../../db/keyset";
import { apiTokens, users, type ApiTokenRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { generateApiToken, hashToken } from "../../lib/tokens";
import type { ApiTokenObject } from "../../schemas/token";

/**
 * API tokens (outside GitBook's API: docs/decisions.md "Users and tokens"). A token is shown once,
 * when it is made; afterwards a list shows its id, label, last characters and creation time.
 * Revoking deletes its row, so the very next request with it is a 401 (nothing caches tokens).
 */

/** A new token and the row that stores its hash. */
export async function newApiToken(userId: string, label: string | null, createdAt = nowIso()) {
  const token = generateApiToken();
  const row: ApiTokenRow = { id: newId(), userId, tokenHash: await hashToken(token), label, hint: token.slice(-4), createdAt };
  return { token, row };
}

export function presentApiToken(row: ApiTokenRow): ApiTokenObject {
  return {
    object: "api-token",
    id: row.id,
    ...(row.label === null ? {} : { label: row.label }),
    hint: `…${row.hint}`,
    createdAt: row.createdAt,
  };
}

/** The user's tokens, newest first. */
export function listApiTokens(ctx: RequestContext, userId: string, request: PageRequest) {
  return listPage(ctx.db, request, {
    from: apiTokens,
    where: eq(apiTokens.userId, userId),
    sort: sortedBy("createdAt", "desc", [apiTokens.createdAt, apiTokens.id], (row: ApiTokenRow) => [row.createdAt, row.id]),
    present: presentApiToken,
  });
}

/** Deletes one of the user's tokens; a token that is not theirs (or no longer exists) is a 404. */
export async function revokeApiToken(ctx: RequestContext, userId: string, tokenId: string): Promise<void> {
  const deleted = await ctx.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw notFound(`API token '${tokenId}'`);
}

/** Operator only (the route checks ADMIN_TOKEN): another token for an existing user. */
export async function createTokenForUser(ctx: RequestContext, userId: string, label: string | null) {
  await assertUserExists(ctx, userId);
  const { token, row } = await newApiToken(userId, label);
  await ctx.db.insert(apiTokens).values(row);
  return { token, apiToken: presentApiToken(row) };
}

/** Operator only: any user's tokens. */
export async function listTokensOfUser(ctx: RequestContext, userId: string, request: PageRequest) {
  await assertUserExists(ctx, userId);
  return listApiTokens(ctx, userId, request);
}

async function assertUserExists(ctx: RequestContext, userId: string) {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(`User '${userId}'`);
}
