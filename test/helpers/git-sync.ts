import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import type { Bindings } from "../../src/context";
import worker from "../../src/index";
import type { Job } from "../../src/lib/jobs";
import { JOBS_QUEUE } from "../../src/queues/consumer";
import { call, type ApiResponse, type RequestOptions } from "./http";

/**
 * Git sync tests: requests go to the Worker with a queue that records the git jobs, and the test
 * runs them through the Worker's own queue handler, against the real test Git server
 * (git-server.ts). The loopback server is a private target: jobs run with ALLOW_PRIVATE_NETWORK
 * unless a test says otherwise.
 */

export type GitJob = Extract<Job, { kind: "git.import" | "git.export" }>;

const recorded: GitJob[] = [];
const gitQueue = {
  send: async (job: Job) => {
    if (job.kind === "git.import" || job.kind === "git.export") recorded.push(job);
  },
  sendBatch: async (batch: Iterable<{ body: Job }>) => {
    for (const { body } of batch) await gitQueue.send(body);
  },
} as unknown as Queue;

/** `call` with the recording queue as JOBS. */
export const gitCall = <T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> =>
  call<T>(method, path, { ...options, bindings: { JOBS: gitQueue, ...options.bindings } });

/** The jobs queued so far (and forgets them). */
export const takeGitJobs = () => recorded.splice(0, recorded.length);

export const LOCAL_GIT: Partial<Bindings> = { ALLOW_PRIVATE_NETWORK: "true" };

/** Runs jobs through the Worker's queue handler as one batch; returns what was acknowledged or retried. */
export async function runGitJobs(jobs: GitJob[], bindings: Partial<Bindings> & Record<string, string | undefined> = {}) {
  const batch = createMessageBatch(
    JOBS_QUEUE,
    jobs.map((body, index) => ({ id: `git-job-${index}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...LOCAL_GIT, ...bindings } as Bindings);
  return getQueueResult(batch, ctx);
}

/** Runs every queued git job (they are recorded in order). */
export const runQueuedGitJobs = (bindings?: Partial<Bindings> & Record<string, string | undefined>) => runGitJobs(takeGitJobs(), bindings);

export const gitPath = (spaceId: string, action: "import" | "export" | "info" | "legacy-installation") => `/v1/spaces/${spaceId}/git/${action}`;

/** An import (or export) asked and run; returns the space's Git info after it. */
export async function syncNow(token: string, spaceId: string, direction: "import" | "export", body: Record<string, unknown>, bindings?: Record<string, string>) {
  const asked = await gitCall("POST", gitPath(spaceId, direction), { token, body });
  if (asked.status !== 204) throw new Error(`${direction} answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const result = await runQueuedGitJobs(bindings);
  const info = await call("GET", gitPath(spaceId, "info"), { token });
  return { result, info };
}
