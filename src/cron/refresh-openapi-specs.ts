import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { openAPISpecs } from "../db/schema";
import type { Job } from "../lib/jobs";

/** At most this many specs are queued per cron run; the rest wait for the next run (oldest first). */
export const REFRESH_BATCH_SIZE = 100;

/**
 * Queues a new processing of every URL-sourced spec whose last processing is older than the
 * refresh interval (OPENAPI_REFRESH_INTERVAL_MINUTES; 0 or unset turns it off). The job fetches
 * with the validators of the last answer (If-None-Match / If-Modified-Since), so an unchanged
 * upstream costs a 304 and no version; a changed one gets a new version without anyone asking.
 * Specs still pending or in progress are left to the job they already have.
 */
export async function refreshOpenAPISpecs(db: Database, queue: Queue, now: Date, intervalMinutes: number): Promise<{ queued: number }> {
  if (!(intervalMinutes > 0)) return { queued: 0 };
  const cutoff = new Date(now.getTime() - intervalMinutes * 60 * 1000).toISOString();
  // Served by the partial index openapi_specs_refresh (last_processed_at WHERE source_url IS NOT NULL).
  const due = db
    .select({ id: openAPISpecs.id })
    .from(openAPISpecs)
    .where(and(isNotNull(openAPISpecs.sourceUrl), lt(openAPISpecs.lastProcessedAt, cutoff), eq(openAPISpecs.processingState, "complete")))
    .orderBy(asc(openAPISpecs.lastProcessedAt))
    .limit(REFRESH_BATCH_SIZE);
  // One statement picks and bumps them: a spec is queued once however many runs overlap.
  const bumped = await db
    .update(openAPISpecs)
    .set({ generation: sql`${openAPISpecs.generation} + 1`, processingState: "pending" })
    .where(and(inArray(openAPISpecs.id, due), eq(openAPISpecs.processingState, "complete")))
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
