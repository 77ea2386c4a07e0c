import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { gitSyncJobs, gitSyncs, type GitSyncDirection, type GitSyncJobRow, type GitSyncRequest, type GitSyncRow } from "../../db/schema";
import { providerOf } from "../spaces/git-sync-state";

/**
 * The space's `git_syncs` row through a sync's life, and which step may write which field:
 *
 * - asked (requests.ts): the operation only (`jobId`, `direction`, `state` queued, `startedAt`
 *   the time it was accepted, kept until the next one), so `GET .../git/info` shows it at once.
 *   The repository and what the space last agreed on with it (`lastCommit`, whether an export
 *   left it, `lastTimestamp`) stay as they are: the job compares the branch's tip with them when
 *   it runs, and so does a job asked earlier that is still queued. A space that never synced gets
 *   its row here, the repository taken from the request.
 * - started and ended (run.ts, in the space's coordinator): the repository and what the space
 *   agreed on, by every job that links the space (not a standalone one); the operation's state
 *   only by the job it describes, the last one asked for, so that an older job still in the
 *   queue does not overwrite what the user now waits on.
 *
 * Apart from run.ts, which the coordinator imports lazily with isomorphic-git: requests.ts writes
 * the first step on every request.
 */

/** What the request says of the repository (the URL without credentials). */
function repositoryOf(request: GitSyncRequest) {
  return {
    url: request.url,
    ref: request.ref,
    provider: providerOf(request.url, request.gitInfo?.provider),
    treeUrl: request.gitInfo?.url ?? request.repoTreeURL ?? null,
  };
}

/** Statements for one `db.batch` (D1's transaction), which takes a non-empty list. */
type Statements = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

export interface AskedOperation {
  jobId: string;
  spaceId: string;
  direction: GitSyncDirection;
  request: GitSyncRequest;
  at: string;
}

/** The operation just accepted, pending: a new row for a space that never synced, else its operation fields only. */
export function recordAsked(db: Database, asked: AskedOperation) {
  const operation = { jobId: asked.jobId, direction: asked.direction, state: "queued" as const, startedAt: asked.at, endedAt: null, error: null };
  return db
    .insert(gitSyncs)
    .values({ spaceId: asked.spaceId, ...repositoryOf(asked.request), updatedAt: asked.at, ...operation })
    .onConflictDoUpdate({ target: gitSyncs.spaceId, set: operation });
}

/** The job's own operation, when the row still describes it (no later one was asked since). */
const isCurrentOperation = (job: GitSyncJobRow) => and(eq(gitSyncs.spaceId, job.spaceId), eq(gitSyncs.jobId, job.id));

/** The job running: its row, the space's repository (unless standalone) and its operation's state. */
export function recordStarted(db: Database, job: GitSyncJobRow, sync: GitSyncRow | undefined, startedAt: string): Statements {
  const { request } = job;
  const statements: Statements = [
    db.update(gitSyncJobs).set({ state: "running", startedAt }).where(eq(gitSyncJobs.id, job.id)),
    db.update(gitSyncs).set({ state: "running" }).where(isCurrentOperation(job)),
  ];
  // A job asked before the request recorded the operation (a message queued by an older version).
  if (!sync) {
    const operation = { jobId: job.id, direction: job.direction, state: "running" as const, startedAt, endedAt: null, error: null };
    statements.push(db.insert(gitSyncs).values({ spaceId: job.spaceId, ...repositoryOf(request), updatedAt: startedAt, ...operation }).onConflictDoNothing());
    return statements;
  }
  if (request.standalone) return statements;
  // Another repository or branch: what the space last agreed on with the old one says nothing of the new.
  const moved = sync.url !== request.url || sync.ref !== request.ref;
  statements.push(
    db
      .update(gitSyncs)
      .set({ ...repositoryOf(request), ...(moved ? { lastCommit: null, lastCommitExported: false, lastTimestamp: null } : {}) })
      .where(eq(gitSyncs.spaceId, job.spaceId)),
  );
  return statements;
}

export interface SyncOutcome {
  commit: string | null;
  revisionId?: string | null;
}

export type Ending = { state: "success"; outcome: SyncOutcome } | { state: "failure"; error: string };

/** The job ended: its row (credentials erased), its operation's state, and what a linked success agreed on. */
export function recordEnded(db: Database, job: GitSyncJobRow, ending: Ending, endedAt: string): Statements {
  const outcome = ending.state === "success" ? ending.outcome : null;
  const error = ending.state === "failure" ? ending.error : null;
  const statements: Statements = [
    db
      .update(gitSyncJobs)
      .set({ state: ending.state, endedAt, error, commit: outcome?.commit ?? null, revisionId: outcome?.revisionId ?? null, credentials: null })
      .where(eq(gitSyncJobs.id, job.id)),
    db.update(gitSyncs).set({ state: ending.state, endedAt, error }).where(isCurrentOperation(job)),
  ];
  if (!outcome) return statements;
  const linked = !job.request.standalone;
  statements.push(
    db
      .update(gitSyncs)
      .set({
        updatedAt: endedAt,
        ...(linked && outcome.commit ? { lastCommit: outcome.commit, lastCommitExported: job.direction === "export" } : {}),
        ...(linked && job.request.timestamp ? { lastTimestamp: job.request.timestamp } : {}),
      })
      .where(eq(gitSyncs.spaceId, job.spaceId)),
  );
  return statements;
}
