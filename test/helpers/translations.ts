import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { expect, vi } from "vitest";
import type { Bindings } from "../../src/context";
import worker from "../../src/index";
import type { Job } from "../../src/lib/jobs";
import { JOBS_QUEUE } from "../../src/queues/consumer";
import { call, type ApiResponse, type RequestOptions } from "./http";
import { expectSpecResponse } from "./spec";

/**
 * Translation tests: requests go to the Worker with a queue that records the run jobs instead of
 * sending them; the tests run those jobs through the Worker's own queue handler, with the
 * runtime's fetch answered by a LibreTranslate double (its real protocol, never a real network).
 */

export type RunJob = Extract<Job, { kind: "translation.run" }>;

const jobs: RunJob[] = [];
const recordingQueue = {
  send: async (job: Job) => {
    if (job.kind === "translation.run") jobs.push(job);
  },
  sendBatch: async (batch: Iterable<{ body: Job }>) => {
    for (const { body } of batch) if (body.kind === "translation.run") jobs.push(body);
  },
} as unknown as Queue;

/** The run jobs queued since the last call. */
export const takeRunJobs = () => jobs.splice(0, jobs.length);

/** `call` with the recording queue as JOBS, so no run happens behind the test's back. */
export const translationCall = <T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> =>
  call<T>(method, path, { ...options, bindings: { JOBS: recordingQueue, ...options.bindings } });

export const translationsPath = (organizationId: string) => `/v1/orgs/${organizationId}/translations`;
export const translationPath = (organizationId: string, translationId: string) => `${translationsPath(organizationId)}/${translationId}`;

export const TRANSLATION_API_URL = "https://translate.example.com";

/** Bindings of a deployment whose translator is the LibreTranslate double. */
export const withTranslator = (extra: Partial<Bindings> = {}): Partial<Bindings> => ({ TRANSLATION_API_URL, TRANSLATION_API_KEY: "test-key", ...extra });

/** Runs jobs through the Worker's queue handler as one batch, `handler` answering every outbound fetch. */
export async function runTranslationJobs(
  runJobs: RunJob[],
  handler: (request: Request) => Response | Promise<Response> = () => new Response("no network in tests", { status: 599 }),
  bindings: Partial<Bindings> = {},
  attempts = 1,
) {
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => handler(new Request(input, init)));
  try {
    const batch = createMessageBatch(
      JOBS_QUEUE,
      runJobs.map((body, index) => ({ id: `translation-job-${index}-${Math.random()}`, timestamp: new Date(), attempts, body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, ...bindings });
    return await getQueueResult(batch, ctx);
  } finally {
    fetchSpy.mockRestore();
  }
}

export interface TranslateRequest {
  q: string[];
  source: string;
  target: string;
  format: string;
  api_key?: string;
}

/**
 * A LibreTranslate-compatible service: POST /translate with `{q: string[], source, target,
 * format, api_key}` answers `{translatedText: string[]}`, each word wrapped as ⟦target:word⟧.
 * It records every request; `failNext` makes the next calls answer 503, as an overloaded
 * instance does; `onRequest` runs before it answers (to observe the translation mid-run).
 */
export function libreTranslateDouble() {
  const requests: TranslateRequest[] = [];
  const state = { failNext: 0, onRequest: undefined as undefined | (() => Promise<void>) };
  const handler = async (request: Request) => {
    if (request.method !== "POST" || request.url !== `${TRANSLATION_API_URL}/translate`) return new Response("not found", { status: 404 });
    await state.onRequest?.();
    const body = (await request.json()) as TranslateRequest;
    requests.push(body);
    if (state.failNext > 0) {
      state.failNext--;
      return Response.json({ error: "Slow down" }, { status: 503 });
    }
    if (body.api_key !== "test-key") return Response.json({ error: "Invalid API key" }, { status: 403 });
    return Response.json({ translatedText: body.q.map((text) => wrapWords(text, body.target)) });
  };
  return { handler, requests, state, sent: () => requests.flatMap((request) => request.q) };
}

export const wrapWords = (text: string, target: string) => text.replace(/\S+/g, (word) => `⟦${target}:${word}⟧`);

/** Creates a translation as `token` (201, GitBook's shape, pending) and returns it with its queued run. */
export async function createTranslation(token: string, organizationId: string, body: Record<string, unknown>) {
  takeRunJobs();
  const response = await translationCall("POST", translationsPath(organizationId), { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expectSpecResponse("createTranslation", 201, response.body);
  expect(response.body.status).toBe("pending");
  const runJobs = takeRunJobs();
  expect(runJobs).toEqual([{ kind: "translation.run", translationId: response.body.id, generation: 1 }]);
  return { translation: response.body, jobs: runJobs };
}

export async function getTranslation(token: string, organizationId: string, translationId: string) {
  const response = await translationCall("GET", translationPath(organizationId, translationId), { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getTranslation", 200, response.body);
  return response.body;
}
