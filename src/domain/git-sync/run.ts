import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { gitSyncJobs, gitSyncs, spaces, type GitSyncJobRow } from "../../db/schema";
import { nowIso } from "../../lib/ids";
import { openCredentials } from "./credentials";
import { GitSyncError } from "./errors";
import { runExport } from "./export";
import { GitFormatError } from "./format";
import { runImport } from "./import";
import type { SyncLimits } from "./limits";
import { recordEnded, recordStarted, type Ending } from "./operation";
import { openSession } from "./transport";

/**
 * One recorded Git import or export, run inside the space's coordinator (durable-objects/), so
 * that no two syncs of a space, nor a sync and a merge, ever run at once. Idempotent: a job that
 * already ended does nothing when its message is delivered again. A failure the user can act on
 * (GitSyncError, GitFormatError) is recorded and ends the job; anything else is thrown, so the
 * queue retries the job (which then starts again from the top).
 */

export interface GitSyncJobInput {
  jobId: string;
  spaceId: string;
  /** From the queue consumer's environment: the guard and the limits are the deployment's. */
  allowPrivateNetwork: boolean;
  limits: SyncLimits;
}

export interface SyncDeps {
  blobs: R2Bucket;
  signingSecret: string;
}

export async function runGitSyncJob(db: Database, deps: SyncDeps, input: GitSyncJobInput): Promise<void> {
  const [[job], [sync], [space]] = await db.batch([
    db.select().from(gitSyncJobs).where(eq(gitSyncJobs.id, input.jobId)).limit(1),
    db.select().from(gitSyncs).where(eq(gitSyncs.spaceId, input.spaceId)).limit(1),
    db.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, input.spaceId)).limit(1),
  ]);
  // Gone with its space (purged), or already ended: a redelivered message changes nothing.
  if (!job || !space || job.state === "success" || job.state === "failure") return;
  await db.batch(recordStarted(db, job, sync, nowIso()));
  try {
    const credentials = job.credentials ? await openCredentials(deps.signingSecret, job.id, job.credentials) : undefined;
    const session = await openSession({ url: job.request.url, credentials }, { allowPrivateNetwork: input.allowPrivateNetwork, limits: input.limits });
    const outcome = job.direction === "import" ? await runImport(db, deps, job, sync, session) : await runExport(db, deps, job, sync, session);
    await finish(db, job, { state: "success", outcome });
  } catch (error) {
    if (!(error instanceof GitSyncError || error instanceof GitFormatError)) throw error;
    await finish(db, job, { state: "failure", error: error.message });
  }
}

async function finish(db: Database, job: GitSyncJobRow, ending: Ending) {
  await db.batch(recordEnded(db, job, ending, nowIso()));
}
