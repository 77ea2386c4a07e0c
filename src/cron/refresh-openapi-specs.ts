import { and, asc, eq, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { openAPISpecs } from "../db/schema";
import type { Job } from "../lib/jobs";

/** At most this many specs are queued per cron run and per reason; the rest wait for the next run (oldest first). */
export const REFRESH_BATCH_SIZE = 100;

/**
 * A spec not `complete` this long after its job was queued has lost that job: the send failed
 * after the row was written, or the job died in the dead-letter queue. Far beyond a job's own
 * deadline (a fetch is bounded by OPENAPI_FETCH_TIMEOUT_SECONDS) and the queue's retries.
 */
export const LOST_JOB_MINUTES = 60;

const MINUTE = 60 * 1000;

/**
 * Queues a new processing of
 * - every URL-sourced spec whose last processing is older than the refresh interval
 *   (OPENAPI_REFRESH_INTERVAL_MINUTES; 0 or unset turns this part off). The job fetches with the
 *   validators of the last answer (If-None-Match / If-Modified-Since), so an unchanged upstream
 *   costs a 304 and no version; a changed one gets a new version without anyone asking;
 * - every spec still `pending` or in `progress` LOST_JOB_MINUTES after its job was queued, so
 *   that no spec waits forever for a job that will never come.
 * Specs whose job is still due are left to it.
 */
export async function refreshOpenAPISpecs(db: Database, queue: Queue, now: Date, intervalMinutes: number): Promise<{ queued: number }> {
  const lostBefore = new Date(now.getTime() - LOST_JOB_MINUTES * MINUTE).toISOString();
  const lost = and(ne(openAPISpecs.processingState, "complete"), lt(openAPISpecs.queuedAt, lostBefore));
  const candidates = [
    // Served by the partial index openapi_specs_awaiting.
    db.select({ id: openAPISpecs.id }).from(openAPISpecs).where(lost).orderBy(asc(openAPISpecs.queuedAt)).limit(REFRESH_BATCH_SIZE),
  ];
  const refreshing = intervalMinutes > 0;
  const staleBefore = new Date(now.getTime() - intervalMinutes * MINUTE).toISOString();
  const stale = and(isNotNull(openAPISpecs.sourceUrl), lt(openAPISpecs.lastProcessedAt, staleBefore), eq(openAPISpecs.processingState, "complete"));
  if (refreshing) {
    // Served by the partial index openapi_specs_refresh (last_processed_at WHERE source_url IS NOT NULL).
    candidates.push(db.select({ id: openAPISpecs.id }).from(openAPISpecs).where(stale).orderBy(asc(openAPISpecs.lastProcessedAt)).limit(REFRESH_BATCH_SIZE));
  }
  // One statement picks and bumps them, re-checking why each was picked: a spec is queued once
  // however many runs overlap, since the bump itself makes it neither lost nor stale.
  const bumped = await db
    .update(openAPISpecs)
    .set({ generation: sql`${openAPISpecs.generation} + 1`, processingState: "pending", queuedAt: now.toISOString() })
    .where(and(or(...candidates.map((ids) => inArray(openAPISpecs.id, ids))), refreshing ? or(lost, stale) : lost))
    .returning({ id: openAPISpecs.id, generation: openAPISpecs.generation });
  if (bumped.length === 0) return { queued: 0 };
  const jobs: Job[] = bumped.map(({ id, generation }) => ({ kind: "openapi.process", specId: id, generation }));
  await queue.sendBatch(jobs.map((body) => ({ body, contentType: "json" as const })));
  return { queued: bumped.length };
}

/** OPENAPI_REFRESH_INTERVAL_MINUTES as a number; unreadable means off. */
export const refreshIntervalMinutes = (value: string | undefined) => {
  const minutes = Number(value);
  return Number.isFinite(minutes) ? minutes : 0;
};
