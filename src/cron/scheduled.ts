import type { Bindings } from "../context";
import { createDatabase } from "../db/client";
import { log } from "../lib/log";
import { pruneFailedJobs } from "./prune-failed-jobs";

/** The cron trigger of wrangler.toml. Each job is independent: one failing does not stop the others. */
export async function runScheduled(controller: ScheduledController, env: Bindings): Promise<void> {
  const db = createDatabase(env.DB);
  const now = new Date(controller.scheduledTime);
  const jobs: Array<[string, () => Promise<void>]> = [["prune-failed-jobs", () => pruneFailedJobs(db, now)]];
  const results = await Promise.allSettled(jobs.map(([, run]) => run()));
  results.forEach((result, index) => {
    if (result.status === "rejected") log("error", "scheduled job failed", { job: jobs[index]?.[0], error: String(result.reason) });
  });
}
