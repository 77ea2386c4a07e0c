import { lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { failedJobs } from "../db/schema";

/** Dead-lettered jobs are kept this long for inspection. */
export const FAILED_JOB_RETENTION_DAYS = 30;

export async function pruneFailedJobs(db: Database, now: Date): Promise<{ pruned: number }> {
  const cutoff = new Date(now.getTime() - FAILED_JOB_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const deleted = await db.delete(failedJobs).where(lt(failedJobs.failedAt, cutoff)).returning({ id: failedJobs.id });
  return { pruned: deleted.length };
}
