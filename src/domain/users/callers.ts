import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import { runAlongside, runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { preparedOnce, type StatementTarget } from "../../db/prepared";
import { wholeRowsOnce } from "../../db/whole-rows";
import { apiTokens, users, type UserRow } from "../../db/schema";
import { unauthorized } from "../../lib/errors";

/**
 * Who is calling, by the SHA-256 hash of their API token. The one definition of a token that
 * authenticates (`validToken`): the middleware's lookup and the reads that start from the caller
 * (`callerSource`, `identifiedAs`) both use it, so revoking a token (deleting its row) refuses the
 * very next request, whichever way it is authenticated. Nothing caches token -> user.
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

/** The caller's id behind a token hash, to run in a batch (a column under a name of its own). */
const callerIdByTokenHash = preparedOnce((db: Database) =>
  db.select({ callerId: callerIdColumn("tokenHash") }).from(apiTokens).where(validToken(sql.placeholder("tokenHash"))).limit(1),
);

/**
 * The statements `alongside` with the caller's lookup, when the request came with a token only,
 * in one round trip: the caller (a 401 for an unknown token, before any result is looked at) and
 * their results, in order. For reads that need nothing else to decide (the caller's own lists),
 * whose statements name the caller with `callerIdOf`.
 */
export async function identifyCallerWith(ctx: RequesterContext, alongside: readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]): Promise<[CallerContext, unknown[]]> {
  if ("caller" in ctx) return [ctx, await runBatch(ctx.db, alongside)];
  const [[row], others] = await runAlongside(ctx.db, callerIdByTokenHash(ctx.db, { tokenHash: ctx.tokenHash }), alongside);
  return [identifiedAs(ctx, row?.callerId), others];
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
 * The row a statement starts from: the caller, known or behind the token. The statements that
 * start from the caller are built once (db/prepared.ts, db/whole-rows.ts), so the caller's id, or
 * the token's hash, is a placeholder there, filled by `callerValues`: a known caller and a token
 * make two statements.
 */
export type CallerKey = "callerId" | "tokenHash";

export const callerKeyOf = (ctx: RequesterContext): CallerKey => ("caller" in ctx ? "callerId" : "tokenHash");

export const callerValues = (ctx: RequesterContext): Partial<Record<CallerKey, string>> =>
  "caller" in ctx ? { callerId: ctx.caller.id } : { tokenHash: ctx.tokenHash };

/**
 * Where a statement that starts from the caller starts: the token's row (its `user_id` is the
 * caller; no row for an unknown or revoked token), or the known caller's user row. `id` is the
 * caller's id column, for the statement's joins; `where` picks the one row.
 */
export function callerSource(key: CallerKey) {
  return key === "tokenHash"
    ? { table: apiTokens, id: apiTokens.userId, where: validToken(sql.placeholder("tokenHash")) }
    : { table: users, id: users.id, where: eq(users.id, sql.placeholder("callerId")) };
}

/** Something built for each way of naming the caller: `perCaller(make)(ctx)` is the request's. */
export function perCaller<T>(make: (key: CallerKey) => T): (ctx: RequesterContext) => T {
  const made = { callerId: make("callerId"), tokenHash: make("tokenHash") };
  return (ctx) => made[callerKeyOf(ctx)];
}

/**
 * An access statement in the two forms its loader runs: `alone`, selecting whole rows
 * (db/whole-rows.ts: the cheapest text for SQLite to plan), and `batched`, each column under a
 * name of its own (db/prepared.ts: D1 batches key rows by column name).
 */
export interface AccessForms<Row> {
  alone: (db: StatementTarget, values: Record<string, unknown>) => Promise<Row[]>;
  batched: (db: StatementTarget, values: Record<string, unknown>) => BatchItem<"sqlite"> & PromiseLike<Row[]>;
}

/**
 * Runs the request's form of an access statement with `values` (the caller's added): alone, or
 * batched with the statements `alongside` it, still one round trip. The access row (undefined:
 * no such caller) and the others' results, in order, whatever the access will decide.
 */
export async function runAccess<Row>(
  ctx: RequesterContext,
  forms: (ctx: RequesterContext) => AccessForms<Row>,
  values: Record<string, unknown>,
  alongside: readonly BatchItem<"sqlite">[] = [],
): Promise<[Row | undefined, unknown[]]> {
  const { alone, batched } = forms(ctx);
  const bound = { ...callerValues(ctx), ...values };
  if (alongside.length === 0) return [(await alone(ctx.db, bound))[0], []];
  const [[row], others] = await runAlongside(ctx.db, batched(ctx.db, bound), alongside);
  return [row, others];
}

/**
 * The caller's id in a statement built once for `key` (its placeholder filled by `callerValues`),
 * as `callerIdOf` is in a statement built for one request.
 */
export const callerIdFor = (key: CallerKey): SQL =>
  key === "callerId" ? sql`${sql.placeholder("callerId")}` : sql`(SELECT ${apiTokens.userId} FROM ${apiTokens} WHERE ${validToken(sql.placeholder("tokenHash"))})`;

/** The caller's id in such a statement, under a name no other table's column has. */
export const callerIdColumn = (key: CallerKey) => sql<string>`${callerSource(key).id}`.as("caller_id");

/**
 * The request as the caller a statement that starts from the caller found (`callerId` null: no
 * such token, a 401 before anything else of the row is looked at). A read that identifies its
 * caller this way knows their id only, all it needs.
 */
export function identifiedAs(ctx: RequesterContext, callerId: string | null | undefined): CallerContext {
  if (!callerId) throw invalidApiToken();
  if ("caller" in ctx) return ctx;
  const { tokenHash: _identified, identified, ...request } = ctx;
  identified(callerId);
  return { ...request, caller: { id: callerId } };
}
