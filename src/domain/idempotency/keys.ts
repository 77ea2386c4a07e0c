import { and, eq, isNull, lt } from "drizzle-orm";
import type { CallerContext } from "../../context";
import type { Database } from "../../db/client";
import { idempotencyKeys, type IdempotencyKeyRow } from "../../db/schema";
import { nowIso } from "../../lib/ids";

/**
 * `Idempotency-Key` records (docs/decisions.md "Idempotency keys"). A key belongs to the user who
 * sent it and lives 24 hours; within them the same key answers the same request once.
 */

export const IDEMPOTENCY_KEY_HOURS = 24;

const cutoff = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000).toISOString();

/** What a request with a key finds: the key is its to use, or the key's first request (running or done). */
export type Claim = { claimed: true } | { claimed: false; first: IdempotencyKeyRow };

/**
 * Claims the key for this request, in one round trip: a new key, or one past its 24 hours, is
 * taken (and marked running); otherwise the row of the key's first request is returned.
 */
export async function claimIdempotencyKey(ctx: CallerContext, key: string, fingerprint: string): Promise<Claim> {
  const createdAt = nowIso();
  const [taken, existing] = await ctx.db.batch([
    ctx.db
      .insert(idempotencyKeys)
      .values({ userId: ctx.caller.id, key, fingerprint, status: null, responseBody: null, responseHeaders: null, createdAt })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { fingerprint, status: null, responseBody: null, responseHeaders: null, createdAt },
        setWhere: lt(idempotencyKeys.createdAt, cutoff(new Date(createdAt))),
      })
      .returning({ key: idempotencyKeys.key }),
    ctx.db.select().from(idempotencyKeys).where(keyOf(ctx, key)),
  ]);
  if (taken.length > 0) return { claimed: true };
  return { claimed: false, first: existing[0]! };
}

/** Keeps the finished request's response, to be replayed to the key's later requests. */
export async function recordIdempotentResponse(ctx: CallerContext, key: string, response: { status: number; body: string; headers: Record<string, string> }) {
  await ctx.db
    .update(idempotencyKeys)
    .set({ status: response.status, responseBody: response.body, responseHeaders: response.headers })
    .where(and(keyOf(ctx, key), isNull(idempotencyKeys.status)));
}

/** Frees a key whose request did not run to an answer worth keeping (refused input, a failure). */
export async function releaseIdempotencyKey(ctx: CallerContext, key: string) {
  await ctx.db.delete(idempotencyKeys).where(and(keyOf(ctx, key), isNull(idempotencyKeys.status)));
}

/** Cron: forgets keys past their 24 hours. Returns how many. */
export async function pruneIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const deleted = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff(now))).returning({ key: idempotencyKeys.key });
  return deleted.length;
}

const keyOf = (ctx: CallerContext, key: string) => and(eq(idempotencyKeys.userId, ctx.caller.id), eq(idempotencyKeys.key, key))!;
