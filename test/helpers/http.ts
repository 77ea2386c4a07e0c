import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../src/index";

export const ORIGIN = "https://docs.test";
export const ADMIN_TOKEN = "test-admin-token";

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** A user API token; omit for an unauthenticated request. */
  token?: string;
  /** Serialized as JSON unless it is already a string (to send malformed JSON). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Bindings that replace the pool's for this one request (a var the test sets, e.g. CORS origins). */
  bindings?: Partial<Env>;
}

/**
 * The Worker under test, called through its own fetch handler in the test's isolate, with the
 * pool's bindings; work it defers (`waitUntil`) is finished before the response is handed back.
 * Not `SELF`: each request through SELF gets slower the more a test file has made
 * (cloudflare/workers-sdk#15446), which made large files quadratic. The official client in
 * fixtures.ts still goes through SELF, so the runtime's own path stays covered.
 */
export const workerUnderTest = {
  async fetch(input: RequestInfo | URL, init?: RequestInit, bindings: Partial<Env> = {}): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(input, init), { ...env, ...bindings }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  },
};

/**
 * A request as a browser's reaches the deployment: through Workers static assets, then the Worker.
 * `SELF` (and workerUnderTest) call the Worker's fetch handler directly, skipping the assets; the
 * pool's own binding to the current Worker goes through miniflare's asset router, as `wrangler dev`
 * and Cloudflare do.
 */
export async function throughAssets(path: string): Promise<Response> {
  const self = (env as unknown as Record<string, Fetcher | undefined>).__VITEST_POOL_WORKERS_SELF_SERVICE;
  if (!self) throw new Error("The Vitest pool no longer has its binding to the current Worker: check the assets with `wrangler dev`");
  return self.fetch(`${ORIGIN}${path}`);
}

/** Calls the Worker under test in-process (no port), e.g. `call("GET", "/v1/orgs", { token })`. */
export async function call<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await workerUnderTest.fetch(`${ORIGIN}${path}`, { method, headers, body }, options.bindings);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** Asserts the error envelope `{error:{code,message}}` with the given status, and returns the message. */
export function errorMessage(response: ApiResponse, status: number): string {
  if (response.status !== status) {
    throw new Error(`Expected status ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
  const error = response.body?.error;
  if (!error || error.code !== status || typeof error.message !== "string") {
    throw new Error(`Not an error envelope for ${status}: ${JSON.stringify(response.body)}`);
  }
  return error.message;
}
