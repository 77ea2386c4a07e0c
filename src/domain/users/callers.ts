import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import { wholeRowsOnce } from "../../db/whole-rows";
import { apiTokens, users, type UserRow } from "../../db/schema";
import { unauthorized } from "../../lib/errors";

/**
 * Who is calling, by the SHA-256 hash of their API token. The one definition of a token that
 * authenticates (`validToken`): the middleware's lookup and the reads that start from the caller
 * (`isCallerAt`, `identifiedCaller`) both use it, so revoking a token (deleting its row) refuses the very
 * next request, whichever way it is authenticated. Nothing caches token -> user.
 */

export const invalidApiToken = () => unauthorized("Invalid API token");

/** The condition a token row must meet to authenticate a request. */
const validToken = (tokenHash: string | Placeholder): SQL => eq(apiTokens.tokenHash, tokenHash);

/** The user behind a token hash: every request of a route that authenticates first runs it (built once, whole rows: db/whole-rows.ts). */
const callerByTokenHash = wholeRowsOnce({ user: users }, (db, selection) =>
  db.select(selection).from(apiTokens).innerJoin(users, eq(users.id, apiTokens.userId)).where(validToken(sql.placeholder("tokenHash"))).limit(1),
);

export async function findCallerByTokenHash(ctx: RequestContext, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await callerByTokenHash(ctx.db, { tokenHash });
  return row?.user ?? undefined;
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
 * <the caller>`, the object read joined to it), under names of their own: D1 returns batched
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

/**
 * The row a statement starts from: the caller, known or behind the token. The statements that
 * start from the caller are built once (db/prepared.ts), so the caller's id, or the token's hash,
 * is a placeholder there, filled by `callerValues`: a known caller and a token make two statements.
 */
export type CallerKey = "callerId" | "tokenHash";

export const callerKeyOf = (ctx: RequesterContext): CallerKey => ("caller" in ctx ? "callerId" : "tokenHash");

export function isCallerAt(key: CallerKey): SQL {
  if (key === "callerId") return eq(users.id, sql.placeholder("callerId"));
  return eq(users.id, sql`(SELECT ${apiTokens.userId} FROM ${apiTokens} WHERE ${validToken(sql.placeholder("tokenHash"))})`);
}

export const callerValues = (ctx: RequesterContext): Partial<Record<CallerKey, string>> =>
  "caller" in ctx ? { callerId: ctx.caller.id } : { tokenHash: ctx.tokenHash };

type CallerColumns = { [K in keyof typeof callerColumns]: unknown };

/** The caller's user row from a statement's `callerColumns`, or null when it found none. */
export function callerOfRow(row: CallerColumns): UserRow | null {
  if (!row.callerId) return null;
  return {
    id: row.callerId as string,
    email: row.callerEmail as string,
    displayName: row.callerDisplayName as string,
    photoURL: row.callerPhotoURL as string | null,
    emailVerified: row.callerEmailVerified as boolean,
    createdAt: row.callerCreatedAt as string,
  };
}

/**
 * The request as the identified caller, from the row of a statement that starts from the caller:
 * no row means no such token (or user), a 401 before anything else of the row is looked at.
 */
export function identifiedCaller(ctx: RequesterContext, row: CallerColumns | undefined): CallerContext {
  return identifiedAs(ctx, row ? callerOfRow(row) : null);
}

/** The request as `caller`, the user a statement that starts from the caller found (null: none, a 401). */
export function identifiedAs(ctx: RequesterContext, caller: UserRow | null): CallerContext {
  if (!caller) throw invalidApiToken();
  if ("caller" in ctx) return ctx;
  const { tokenHash: _identified, identified, ...request } = ctx;
  identified(caller.id);
  return { ...request, caller };
}
