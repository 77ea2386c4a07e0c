import { SELF } from "cloudflare:test";

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
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method, headers, body });
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
