import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { expect } from "vitest";
import worker from "../../src/index";
import type { Job, TrackedSiteEvent } from "../../src/lib/jobs";
import { JOBS_QUEUE } from "../../src/queues/consumer";
import { call, type ApiResponse } from "./http";
import { sitePath } from "./sites";

/**
 * Site insights through HTTP, with a JOBS queue that records the `insights.track` jobs instead of
 * sending them; tests run them through the Worker's own queue handler when they choose (twice…).
 */

export type TrackJob = Extract<Job, { kind: "insights.track" }>;

const recorded: TrackJob[] = [];
const recordingQueue = {
  send: async (job: Job) => void (job.kind === "insights.track" && recorded.push(job)),
  sendBatch: async (batch: Iterable<{ body: Job }>) => {
    for (const { body } of batch) if (body.kind === "insights.track") recorded.push(body);
  },
} as unknown as Queue;

/** The tracking jobs of `siteId` sent since they were last taken. */
export function takeTrackJobs(siteId: string): TrackJob[] {
  const mine = recorded.filter((job) => job.siteId === siteId);
  for (const job of mine) recorded.splice(recorded.indexOf(job), 1);
  return mine;
}

/** POST …/insights/events as `token`, with the recording queue. */
export const track = (token: string, orgId: string, siteId: string, events: unknown[]): Promise<ApiResponse> =>
  call("POST", `${sitePath(orgId, siteId)}/insights/events`, { token, body: { events }, bindings: { JOBS: recordingQueue } });

/** Runs jobs through the Worker's queue handler as one batch: every message acknowledged. */
export async function runTrackJobs(jobs: TrackJob[]) {
  const batch = createMessageBatch(
    JOBS_QUEUE,
    jobs.map((body, index) => ({ id: `insights-job-${index}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  const result = await getQueueResult(batch, ctx);
  expect(result.retryMessages, "no insights job fails").toEqual([]);
  expect(result.explicitAcks).toHaveLength(jobs.length);
}

/** Tracks (204) and stores the events at once; returns the jobs run. */
export async function trackAndStore(token: string, orgId: string, siteId: string, events: unknown[]): Promise<TrackJob[]> {
  const response = await track(token, orgId, siteId, events);
  expect(response.status, JSON.stringify(response.body)).toBe(204);
  const jobs = takeTrackJobs(siteId);
  await runTrackJobs(jobs);
  return jobs;
}

/** An event of `type` at `location` (nulls where not given), by visitor/session `who`. */
export function siteEvent(type: string, location: Record<string, string | null> = {}, extra: Record<string, unknown> = {}, who = { visitorId: "v1", sessionId: "s1" }) {
  return {
    type,
    session: { ...who, cookies: {}, userAgent: "Mozilla/5.0 (test)", language: "en", referrer: null },
    location: { url: "https://docs.example.com/page", siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null, ...location },
    ...extra,
  };
}

/** POST …/insights/events/aggregate as `token`. */
export const aggregate = (token: string, orgId: string, siteId: string, body: unknown) => call("POST", `${sitePath(orgId, siteId)}/insights/events/aggregate`, { token, body });

let counter = 0;

/** An event as the job stores it, at `occurredAt` (for times tracking refuses: days or a year ago). */
export function storedSiteEvent(occurredAt: string, type: string, fields: Partial<TrackedSiteEvent> = {}): TrackedSiteEvent {
  return {
    id: `event-${++counter}-${Math.random().toString(36).slice(2)}`,
    occurredAt,
    type,
    visitorId: "v1",
    sessionId: "s1",
    displayContext: "site",
    url: "https://docs.example.com/",
    siteSectionId: null,
    siteSpaceId: null,
    spaceId: null,
    pageId: null,
    language: "en",
    referrer: null,
    data: {},
    ...fields,
  };
}
