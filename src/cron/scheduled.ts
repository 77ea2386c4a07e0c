import type { Bindings } from "../context";
import { createDatabase } from "../db/client";
import { log } from "../lib/log";
import { pruneFailedJobs } from "./prune-failed-jobs";
import { purgeDeletedSpaces } from "./purge-deleted-spaces";

/** The cron trigger of wrangler.toml. Each job is independent: one failing does not stop the others. */
export async function runScheduled(controller: ScheduledController, env: Bindings): Promise<void> {
  const db = createDatabase(env.DB);
  const now = new Date(controller.scheduledTime);
  const jobs: Array<[string, () => Promise<unknown>]> = [
    ["prune-failed-jobs", () => pruneFailedJobs(db, now)],
    ["purge-deleted-spaces", () => purgeDeletedSpaces(db, env.BLOBS, now)],
  ];
  const results = await Promise.allSettled(jobs.map(([, run]) => run()));
  results.forEach((result, index) => {
    if (result.status === "rejected") log("error", "scheduled job failed", { job: jobs[index]?.[0], error: String(result.reason) });
  });
}
