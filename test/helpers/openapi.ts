import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { expect, vi } from "vitest";
import type { Bindings } from "../../src/context";
import worker from "../../src/index";
import type { Job } from "../../src/lib/jobs";
import { JOBS_QUEUE } from "../../src/queues/consumer";
import petstore20 from "../fixtures/openapi/petstore-2.0.json?raw";
import petstore30 from "../fixtures/openapi/petstore-3.0.yaml?raw";
import { call, type ApiResponse, type RequestOptions } from "./http";
import { expectSpecResponse } from "./spec";

/**
 * OpenAPI spec tests: requests go to the Worker with a queue that records the jobs instead of
 * sending them, and the tests then run those jobs through the Worker's own queue handler, with
 * the runtime's fetch replaced by a handler of the test's (a test double, never a real network).
 */

export const PETSTORE_30_YAML = petstore30;
export const PETSTORE_20_JSON = petstore20;

export const PETSTORE_31_JSON = JSON.stringify({
  openapi: "3.1.0",
  info: { title: "Petstore 3.1", version: "2.0.0" },
  paths: {
    "/pets": {
      get: { summary: "List all pets", operationId: "listPets", tags: ["pets"], responses: { "200": { description: "The pets" } } },
    },
  },
});

export type SpecJob = Extract<Job, { kind: "openapi.process" }>;

/** A JOBS binding that keeps what is sent, for the test to run when it chooses. */
export function recordingQueue() {
  const jobs: SpecJob[] = [];
  const queue = {
    send: async (job: Job) => {
      if (job.kind === "openapi.process") jobs.push(job);
    },
    sendBatch: async (batch: Iterable<{ body: Job }>) => {
      for (const { body } of batch) if (body.kind === "openapi.process") jobs.push(body);
    },
  } as unknown as Queue;
  return { queue, jobs, take: () => jobs.splice(0, jobs.length) };
}

/** The pool's recording queue: every openapi test request uses it, so nothing runs behind the test's back. */
export const specQueue = recordingQueue();

/** `call` with the recording queue as JOBS. */
export const specCall = <T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> =>
  call<T>(method, path, { ...options, bindings: { JOBS: specQueue.queue, ...options.bindings } });

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * Runs jobs through the Worker's queue handler (src/queues/consumer.ts) as one batch, with
 * `handler` answering every outbound fetch. Returns which messages were acknowledged or retried.
 */
export async function runSpecJobs(jobs: SpecJob[], handler: FetchHandler = () => new Response("no network in tests", { status: 599 }), bindings: Partial<Bindings> = {}) {
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => handler(new Request(input, init)));
  try {
    const batch = createMessageBatch(
      JOBS_QUEUE,
      jobs.map((body, index) => ({ id: `spec-job-${index}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, ...bindings });
    return await getQueueResult(batch, ctx);
  } finally {
    fetchSpy.mockRestore();
  }
}

/** Runs every job the recording queue holds. */
export const runQueuedSpecJobs = (handler?: FetchHandler, bindings?: Partial<Bindings>) => runSpecJobs(specQueue.take(), handler, bindings);

export const specsPath = (organizationId: string) => `/v1/orgs/${organizationId}/openapi`;
export const specPath = (organizationId: string, slug: string) => `${specsPath(organizationId)}/${slug}`;

let counter = 0;
export const uniqueSlug = (label = "spec") => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** Creates a spec as `token` (201, GitBook's shape, pending) and returns it. */
export async function createSpec(token: string, organizationId: string, source: { url: string } | { text: string }, slug = uniqueSlug()) {
  const response = await specCall("POST", specsPath(organizationId), { token, body: { slug, source } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expectSpecResponse("createOpenAPISpec", 201, response.body);
  expect(response.body.processingState).toBe("pending");
  return response.body;
}

/** Reads a spec as `token` (200, GitBook's shape). */
export async function getSpec(token: string, organizationId: string, slug: string) {
  const response = await specCall("GET", specPath(organizationId, slug), { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getOpenAPISpecBySlug", 200, response.body);
  return response.body;
}

/** A handler serving `text` at `url` with `headers`, and 404 elsewhere; records what was asked. */
export function serving(routes: Record<string, () => Response>) {
  const requests: Request[] = [];
  const handler: FetchHandler = (request) => {
    requests.push(request);
    const route = routes[request.url];
    return route ? route() : new Response("not found", { status: 404 });
  };
  return { handler, requests };
}
