import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { expect } from "vitest";
import worker from "../../src/index";
import type { Job } from "../../src/lib/jobs";
import { JOBS_QUEUE } from "../../src/queues/consumer";
import { call, type ApiResponse, type RequestOptions } from "./http";
import { expectSpec0146Response } from "./spec-0146";

/**
 * Support conversation tests: requests go to the Worker with a JOBS queue that records the
 * analysis jobs instead of sending them, and the tests run them through the Worker's own queue
 * handler when they choose (twice, out of order...).
 */

export type AnalyseJob = Extract<Job, { kind: "conversations.analyse" }>;

const recorded: AnalyseJob[] = [];
const recordingQueue = {
  send: async (job: Job) => {
    if (job.kind === "conversations.analyse") recorded.push(job);
  },
  sendBatch: async (batch: Iterable<{ body: Job }>) => {
    for (const { body } of batch) if (body.kind === "conversations.analyse") recorded.push(body);
  },
} as unknown as Queue;

/** The jobs sent since the last call. */
export const takeJobs = (): AnalyseJob[] => recorded.splice(0, recorded.length);

/** `call` with the recording queue as JOBS. */
export const conversationCall = <T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> =>
  call<T>(method, path, { ...options, bindings: { JOBS: recordingQueue, ...options.bindings } });

/** Runs jobs through the Worker's queue handler as one batch; returns what was acknowledged or retried. */
export async function runJobs(jobs: AnalyseJob[]) {
  const batch = createMessageBatch(
    JOBS_QUEUE,
    jobs.map((body, index) => ({ id: `conversation-job-${index}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  const result = await getQueueResult(batch, ctx);
  expect(result.retryMessages, "no analysis job fails").toEqual([]);
  return result;
}

export const conversationsPath = (organizationId: string) => `/v1/orgs/${organizationId}/conversations`;
export const issuesPath = (organizationId: string) => `/v1/orgs/${organizationId}/conversations-issues`;
export const clustersPath = (organizationId: string) => `/v1/orgs/${organizationId}/conversations-clusters`;

let counter = 0;
export const ticketId = (label = "ticket") => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** A conversation input whose user wrote `messages` (one part each), answered once by the team. */
export function conversation(messages: string | string[], extra: Record<string, unknown> = {}) {
  const parts = [messages]
    .flat()
    .flatMap((body) => [{ type: "message", role: "user", body }])
    .concat([{ type: "message", role: "team-member", body: "Thanks for reaching out, we are looking into it." }]);
  return { id: ticketId(), parts, ...extra };
}

/** Ingests as `token` (204, nothing in the body) and returns the jobs it queued. */
export async function ingest(token: string, organizationId: string, body: unknown): Promise<AnalyseJob[]> {
  takeJobs();
  const response = await conversationCall("POST", conversationsPath(organizationId), { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(204);
  expect(response.body).toBeUndefined();
  return takeJobs();
}

/** Ingests and runs the analysis jobs at once. */
export async function ingestAndAnalyse(token: string, organizationId: string, body: unknown): Promise<AnalyseJob[]> {
  const jobs = await ingest(token, organizationId, body);
  if (jobs.length > 0) await runJobs(jobs);
  return jobs;
}

/** GET as `token`: 200, checked against GitBook's 0.146 schema of `operationId`. */
export async function read<T = any>(token: string, path: string, operationId: string): Promise<T> {
  const response = await conversationCall<T>("GET", path, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpec0146Response(operationId, 200, response.body);
  return response.body;
}

/** Every issue of the organization (one page of up to 1000), each with its conversation. */
export async function allIssues(token: string, organizationId: string, query = "") {
  const body = await read<{ items: Array<{ issue: any; conversation: any }>; count: number }>(token, `${issuesPath(organizationId)}?limit=1000${query}`, "listConversationsIssues");
  return body.items;
}

/** Every cluster of the organization (one page of up to 1000). */
export async function allClusters(token: string, organizationId: string, query = "") {
  const body = await read<{ items: any[]; count: number }>(token, `${clustersPath(organizationId)}?limit=1000${query}`, "listConversationsIssuesClusters");
  return body.items;
}
