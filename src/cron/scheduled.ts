import type { Bindings } from "../context";
import { createDatabase } from "../db/client";
import { pruneIdempotencyKeys } from "../domain/idempotency/keys";
import { log } from "../lib/log";
import { pruneFailedJobs } from "./prune-failed-jobs";
import { pruneSiteInsights } from "./prune-site-insights";
import { purgeDeletedSpaces } from "./purge-deleted-spaces";
import { refreshIntervalMinutes, refreshOpenAPISpecs } from "./refresh-openapi-specs";

/**
 * The cron trigger of wrangler.toml. Each job is independent: one failing does not stop the
 * others. Every run logs one line per job saying what it did (or why it failed) and how long it took.
 */
export async function runScheduled(controller: ScheduledController, env: Bindings): Promise<void> {
  const db = createDatabase(env.DB);
  const now = new Date(controller.scheduledTime);
  const jobs: Array<[string, () => Promise<Record<string, unknown>>]> = [
    ["prune-failed-jobs", () => pruneFailedJobs(db, now)],
    ["prune-idempotency-keys", async () => ({ pruned: await pruneIdempotencyKeys(db, now) })],
    ["purge-deleted-spaces", async () => {
      const { purged, due } = await purgeDeletedSpaces(db, env.BLOBS, now);
      return { purged: purged.length, due };
    }],
    ["prune-site-insights", () => pruneSiteInsights(db, now)],
    ["refresh-openapi-specs", () => refreshOpenAPISpecs(db, env.JOBS, now, refreshIntervalMinutes(env.OPENAPI_REFRESH_INTERVAL_MINUTES))],
  ];
  await Promise.all(
    jobs.map(async ([job, run]) => {
      const started = Date.now();
      try {
        log("info", "scheduled job done", { cron: controller.cron, job, ...(await run()), ms: Date.now() - started });
      } catch (error) {
        log("error", "scheduled job failed", { cron: controller.cron, job, error: String(error), ms: Date.now() - started });
      }
    }),
  );
}
