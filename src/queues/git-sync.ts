import type { Bindings } from "../context";
import { spaceCoordinator } from "../domain/coordination/space-coordinator-client";
import { syncLimitsOf, type GitSyncEnv } from "../domain/git-sync/limits";
import type { Job } from "../lib/jobs";
import { isEnabled } from "../lib/outbound-fetch";
import { unwrapOutcome } from "../lib/outcome";

/**
 * `git.import` / `git.export`: the job runs inside its space's coordinator (domain/git-sync/run.ts),
 * with the guard's setting and the limits of this Worker's environment. A job that throws is
 * retried by the queue; one that failed for a reason the user can act on ended recorded.
 */
export async function runGitSyncJobInCoordinator(env: Bindings, job: Extract<Job, { kind: "git.import" | "git.export" }>): Promise<void> {
  const outcome = await spaceCoordinator(env, job.spaceId).runGitSync({
    jobId: job.jobId,
    spaceId: job.spaceId,
    allowPrivateNetwork: isEnabled(env.ALLOW_PRIVATE_NETWORK),
    limits: syncLimitsOf(env as Bindings & GitSyncEnv),
  });
  unwrapOutcome(outcome);
}
