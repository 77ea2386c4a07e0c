import { and, eq, type SQL } from "drizzle-orm";
import type { RequestContext, RequesterContext } from "../../context";
import { runAlongside } from "../../db/batch";
import { pageReads, sortedBy } from "../../db/keyset";
import { apiTokens, users, type ApiTokenRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { generateApiToken, hashToken } from "../../lib/tokens";
import type { ApiTokenObject } from "../../schemas/token";
import { callerIdOf, identifyCallerWith } from "./callers";

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

/** The tokens of the user `userId` (an id, or the caller's id in SQL), newest first: one page's reads. */
function tokenPage(ctx: RequestContext, userId: string | SQL, request: PageRequest) {
  return pageReads(ctx.db, request, {
    from: apiTokens,
    where: eq(apiTokens.userId, userId),
    sort: sortedBy("createdAt", "desc", [apiTokens.createdAt, apiTokens.id], (row: ApiTokenRow) => [row.createdAt, row.id]),
  });
}

/** The caller's own tokens: the caller's lookup (with a token only) and the page in one round trip. */
export async function listCallerApiTokens(ctx: RequesterContext, request: PageRequest) {
  const page = tokenPage(ctx, callerIdOf(ctx), request);
  const [, results] = await identifyCallerWith(ctx, page.reads);
  return page.answer(results, presentApiToken);
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

/** Operator only: any user's tokens, read with the user (a 404 when there is none) in one round trip. */
export async function listTokensOfUser(ctx: RequestContext, userId: string, request: PageRequest) {
  const page = tokenPage(ctx, userId, request);
  const [users, results] = await runAlongside(ctx.db, selectUserId(ctx, userId), page.reads);
  if (users.length === 0) throw userNotFound(userId);
  return page.answer(results, presentApiToken);
}

const selectUserId = (ctx: RequestContext, userId: string) => ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
const userNotFound = (userId: string) => notFound(`User '${userId}'`);

async function assertUserExists(ctx: RequestContext, userId: string) {
  const [user] = await selectUserId(ctx, userId);
  if (!user) throw userNotFound(userId);
}
