import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { gitSyncJobs, gitSyncs, spaces, type GitSyncJobRow, type GitSyncRow } from "../../db/schema";
import { nowIso } from "../../lib/ids";
import { openCredentials } from "./credentials";
import { GitSyncError } from "./errors";
import { runExport } from "./export";
import { GitFormatError } from "./format";
import { runImport } from "./import";
import type { SyncLimits } from "./limits";
import { providerOf } from "../spaces/git-sync-state";
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

export interface SyncOutcome {
  commit: string | null;
  revisionId?: string | null;
}

export async function runGitSyncJob(db: Database, deps: SyncDeps, input: GitSyncJobInput): Promise<void> {
  const [[job], [sync], [space]] = await db.batch([
    db.select().from(gitSyncJobs).where(eq(gitSyncJobs.id, input.jobId)).limit(1),
    db.select().from(gitSyncs).where(eq(gitSyncs.spaceId, input.spaceId)).limit(1),
    db.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, input.spaceId)).limit(1),
  ]);
  // Gone with its space (purged), or already ended: a redelivered message changes nothing.
  if (!job || !space || job.state === "success" || job.state === "failure") return;
  const startedAt = nowIso();
  await db.batch([db.update(gitSyncJobs).set({ state: "running", startedAt }).where(eq(gitSyncJobs.id, job.id)), startOperation(db, job, sync, startedAt)]);
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

/** The space's sync row: its repository (unless the job is standalone) and the operation now running. */
function startOperation(db: Database, job: GitSyncJobRow, sync: GitSyncRow | undefined, startedAt: string) {
  const { request } = job;
  const operation = { jobId: job.id, direction: job.direction, state: "running" as const, startedAt, endedAt: null, error: null };
  const repository = {
    url: request.url,
    ref: request.ref,
    provider: providerOf(request.url, request.gitInfo?.provider),
    treeUrl: request.gitInfo?.url ?? request.repoTreeURL ?? null,
  };
  if (!sync) {
    return db.insert(gitSyncs).values({ spaceId: job.spaceId, ...repository, updatedAt: startedAt, ...operation });
  }
  if (request.standalone) return db.update(gitSyncs).set(operation).where(eq(gitSyncs.spaceId, job.spaceId));
  // Another repository or branch: what the space last agreed on with the old one says nothing of the new.
  const moved = sync.url !== request.url || sync.ref !== request.ref;
  return db
    .update(gitSyncs)
    .set({ ...repository, ...operation, ...(moved ? { lastCommit: null, lastTimestamp: null } : {}) })
    .where(eq(gitSyncs.spaceId, job.spaceId));
}

type Ending = { state: "success"; outcome: SyncOutcome } | { state: "failure"; error: string };

async function finish(db: Database, job: GitSyncJobRow, ending: Ending) {
  const endedAt = nowIso();
  const outcome = ending.state === "success" ? ending.outcome : null;
  const error = ending.state === "failure" ? ending.error : null;
  const linked = outcome && !job.request.standalone;
  await db.batch([
    db
      .update(gitSyncJobs)
      .set({ state: ending.state, endedAt, error, commit: outcome?.commit ?? null, revisionId: outcome?.revisionId ?? null, credentials: null })
      .where(eq(gitSyncJobs.id, job.id)),
    db
      .update(gitSyncs)
      .set({
        state: ending.state,
        endedAt,
        error,
        ...(outcome ? { updatedAt: endedAt } : {}),
        ...(linked && outcome.commit ? { lastCommit: outcome.commit } : {}),
        ...(linked && job.request.timestamp ? { lastTimestamp: job.request.timestamp } : {}),
      })
      .where(eq(gitSyncs.spaceId, job.spaceId)),
  ]);
}
