import { concatBytes } from "./bytes";
import { privateTargetReason } from "./network-targets";

/**
 * The one way the Worker fetches a URL that a user or an operator typed (an OpenAPI spec's source,
 * a translation service; Git remotes later). Such a URL is an instruction to make a request from inside the
 * deployment, so it is guarded: http(s) only, one deadline for the whole exchange, a size cap
 * enforced while the body streams in, redirects followed by hand with every hop checked again,
 * and no private, loopback, link-local or metadata targets unless the deployment sets
 * ALLOW_PRIVATE_NETWORK (lib/network-targets.ts says what is checked, docs/decisions.md why).
 */

export interface OutboundOptions {
  /** ALLOW_PRIVATE_NETWORK: lets local development fetch from localhost. */
  allowPrivateNetwork: boolean;
  /** Deadline for connecting, every redirect and reading the body. */
  timeoutMs: number;
  /** The largest body accepted, in bytes. */
  maxBytes: number;
  /**
   * Keep the first `maxBytes` of a longer body instead of failing: for a reader of what comes
   * first (an HTML page's head), who needs neither the rest nor to wait for it.
   */
  truncate?: boolean;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** GET unless given: a POST (a translator's request, Git's smart HTTP) sends `body`, collected beforehand. */
  method?: "GET" | "POST";
  body?: string | Uint8Array;
  /** The fetch to use: the runtime's own unless a test passes a double. */
  fetch?: typeof fetch;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  /** The URL that answered, after redirects. */
  url: string;
  /** The body, read whole (empty for 304 and for non-2xx answers, whose bodies are discarded). */
  body: Uint8Array;
}

export type OutboundFailure = "timeout" | "blocked" | "too-large" | "too-many-redirects" | "network";

/** A refused or failed outbound request; `message` is written for the person who typed the URL. */
export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Whether an env value such as ALLOW_PRIVATE_NETWORK is set to something truthy. */
export const isEnabled = (value: string | undefined) => /^(1|true|yes|on)$/i.test(value?.trim() ?? "");

/** Throws OutboundError("blocked") when `url` may not be fetched; returns it parsed. */
export function assertAllowedTarget(url: string, allowPrivateNetwork: boolean): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundError("blocked", `'${url}' is not an absolute URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new OutboundError("blocked", `Only http and https URLs can be fetched, not '${parsed.protocol}'`);
  }
  const reason = allowPrivateNetwork ? null : privateTargetReason(parsed.hostname);
  if (reason) {
    throw new OutboundError("blocked", `'${parsed.hostname}' is ${reason}; only public internet hosts can be fetched by this deployment`);
  }
  return parsed;
}

/**
 * Requests `url` under the guard (a GET, or a POST with `options.body`). Redirects are followed
 * here as fetch does: 307 and 308 repeat the request, 301, 302 and 303 turn it into a GET without
 * its body. Any other status is returned as is.
 */
export async function outboundFetch(url: string, options: OutboundOptions): Promise<OutboundResponse> {
  const doFetch = options.fetch ?? fetch;
  const controller = new AbortController();
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  // Every wait races the deadline, so a peer that ignores the abort signal cannot hold us past it.
  const expired = new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(new Error("deadline"))));
  expired.catch(() => undefined);
  const beforeDeadline = <T>(promise: Promise<T>) => Promise.race([promise, expired]);
  try {
    let current = assertAllowedTarget(url, options.allowPrivateNetwork);
    let method = options.method ?? "GET";
    for (let hops = 0; ; hops++) {
      const requestBody = method === "GET" ? undefined : options.body;
      const response = await beforeDeadline(doFetch(current.toString(), { method, body: requestBody, redirect: "manual", headers: options.headers, signal: controller.signal }));
      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get("location");
        if (!location) throw new OutboundError("network", `${current} answered ${response.status} without a Location header`);
        if (hops >= (options.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) {
          throw new OutboundError("too-many-redirects", `More than ${options.maxRedirects ?? DEFAULT_MAX_REDIRECTS} redirects from ${url}`);
        }
        // Every hop is checked like the first: a public URL may redirect to a private one.
        current = assertAllowedTarget(new URL(location, current).toString(), options.allowPrivateNetwork);
        if (response.status !== 307 && response.status !== 308) method = "GET";
        continue;
      }
      const ok = response.status >= 200 && response.status < 300;
      if (!ok) await response.body?.cancel();
      const body = ok ? await beforeDeadline(readCapped(response, options.maxBytes, options.truncate ?? false)) : new Uint8Array();
      return { status: response.status, headers: response.headers, url: current.toString(), body };
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    if (controller.signal.aborted) throw new OutboundError("timeout", `No complete answer from ${url} within ${seconds} seconds`);
    throw new OutboundError("network", `Could not fetch ${url}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads the body, giving up (and cancelling the stream) as soon as it passes `maxBytes`; or, when
 * truncating, stopping there with its first `maxBytes`.
 */
async function readCapped(response: Response, maxBytes: number, truncate: boolean): Promise<Uint8Array> {
  const tooLarge = () => new OutboundError("too-large", `The answer is larger than the ${maxBytes} bytes accepted`);
  const declared = Number(response.headers.get("content-length"));
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      await reader.cancel();
      if (!truncate) throw tooLarge();
      chunks.push(value.subarray(0, maxBytes - size));
      return concatBytes(chunks, maxBytes);
    }
    size += value.byteLength;
    chunks.push(value);
  }
  return concatBytes(chunks, size);
}
