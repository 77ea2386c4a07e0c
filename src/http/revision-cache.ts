import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { AppEnv } from "../context";
import { signingWindowAt, type SigningWindow } from "../lib/signed-urls";
import { ifNoneMatchMatches, strongEtag } from "./etag";
import { RevisionMemory, memoryCapacity } from "./revision-memory";

/**
 * Reads of revision content, served from a cache with a strong ETag: this isolate's memory first
 * (http/revision-memory.ts), then the Workers Cache API.
 *
 * A revision never changes, so once the route has authorized the caller and resolved which
 * revision they read (that part runs on every request: a caller who lost access is refused, not
 * served), the response is a function of the revision, the route and its parameters, and of
 * nothing about the caller. It is cached under a synthetic URL of those (`caches.default`: per
 * data center, and a no-op where the Worker has no zone, e.g. on workers.dev), and answered 304
 * when the client's `If-None-Match` has its ETag. Responses that carry signed download URLs are
 * cached per signing window only (lib/signed-urls.ts); see docs/decisions.md.
 */

/** Bump when what a revision read returns changes shape: it renames every cache key. */
const CACHE_FORMAT = 1;
/** Immutable content is kept a day; the cache evicts it sooner when it needs the room. */
const IMMUTABLE_TTL_SECONDS = 24 * 60 * 60;

/** What a content read produced, and whether it was of the resolved revision (else it is not cached). */
export interface ProducedRead<T> {
  value: T;
  atRevision: boolean;
  /**
   * The value depends on more than the revision (a computed page's spec version): it is not
   * stored here, and keeps its own cache (domain/computed-pages). Its ETag is still its body's.
   */
  beyondRevision?: boolean;
}

export interface RevisionResponseOptions<T> {
  revisionId: string;
  /** The validated query: part of the cache key (the path is too). */
  query: Record<string, unknown>;
  /** The body has download URLs: they are signed as of the current window's start. */
  signsDownloads?: boolean;
  /**
   * What the reader sees of the revision when it is not all of it (a site's visitor: pages hidden
   * by conditions, no conditions shown; domain/published/visitor-view.ts): part of the cache key.
   */
  view?: string;
  /** Read fresh on every request and added to the body, never cached (a merge revision's change request). */
  live?: Record<string, unknown>;
  produce: (signing: SigningWindow) => Promise<ProducedRead<T>>;
}

type JsonResponse<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

/** The first level, this isolate's memory (http/revision-memory.ts). */
const memory = new RevisionMemory();

/** A body found in the cache or just produced: its text, or a stream of it; and its ETag. */
interface StoredBody {
  body: () => Promise<string>;
  stream?: ReadableStream | null;
  etag: string;
}

export async function revisionResponse<T>(c: Context<AppEnv>, options: RevisionResponseOptions<T>): Promise<JsonResponse<T>> {
  const window = signingWindowAt();
  const key = cacheKey(c, options, window);
  const expiresAt = options.signsDownloads ? window.end : null;
  const capacity = memoryCapacity(c.env.REVISION_MEMORY_CACHE_BYTES);
  const stored = bypassesCache(c) ? (recordCache(c, 0, "bypass"), undefined) : await cached(c, key, capacity, expiresAt);
  const answer = stored ?? (await produced(c, options, window, key, capacity, expiresAt));

  const live = options.live && Object.keys(options.live).length > 0 ? JSON.stringify(options.live) : null;
  const etag = live ? await strongEtag(answer.etag + live) : answer.etag;
  const headers = { ETag: etag, "Cache-Control": "private, no-cache" };
  if (ifNoneMatchMatches(c.req.header("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers }) as JsonResponse<T>;
  }
  const okHeaders = { ...headers, "Content-Type": "application/json" };
  // A cached body with nothing to add is passed through as a stream, never read into a string.
  if (!live && answer.stream) return new Response(answer.stream, { status: 200, headers: okHeaders }) as JsonResponse<T>;
  const body = await answer.body();
  const withLive = live ? `${body.slice(0, -1)},${live.slice(1)}` : body;
  return new Response(withLive, { status: 200, headers: okHeaders }) as JsonResponse<T>;
}

/**
 * The body from this isolate's memory, else from the Cache API (then kept in memory too, when it
 * has room for bodies: read whole then, instead of streamed).
 */
async function cached(c: Context<AppEnv>, key: string, capacity: number, expiresAt: number | null): Promise<StoredBody | undefined> {
  const started = performance.now();
  const remembered = capacity > 0 ? memory.get(key) : undefined;
  if (remembered) {
    recordCache(c, performance.now() - started, "memory hit");
    return { body: async () => remembered.body, etag: remembered.etag };
  }
  const response = await caches.default.match(key);
  const etag = response?.ok ? response.headers.get("ETag") : null;
  if (!response || !etag) {
    recordCache(c, performance.now() - started, "miss");
    return undefined;
  }
  recordCache(c, performance.now() - started, "hit");
  if (capacity === 0) return { body: () => response.text(), stream: response.body, etag };
  const body = await response.text();
  memory.set(key, { body, etag, expiresAt }, capacity);
  return { body: async () => body, etag };
}

/** The body read from D1, kept in memory and (after the response) in the Cache API when it is of the revision. */
async function produced<T>(
  c: Context<AppEnv>,
  options: RevisionResponseOptions<T>,
  window: SigningWindow,
  key: string,
  capacity: number,
  expiresAt: number | null,
): Promise<StoredBody> {
  const read = await options.produce(window);
  const body = JSON.stringify(read.value);
  const etag = await strongEtag(body);
  if (read.atRevision && !read.beyondRevision) {
    memory.set(key, { body, etag, expiresAt }, capacity);
    c.get("context").defer(store(key, body, etag, options.signsDownloads ? window : null));
  }
  return { body: async () => body, etag };
}

const recordCache = (c: Context<AppEnv>, durationMs: number, outcome: string) => c.get("serverTiming").add("cache", durationMs, outcome);

/**
 * The revision, the path (which names the space or change request and the route), the validated
 * query, the base URLs the body's links are built from, and for signed bodies the window: never
 * anything about the caller but the view a site's visitor has of the revision.
 */
function cacheKey(c: Context<AppEnv>, options: RevisionResponseOptions<unknown>, window: SigningWindow): string {
  const urls = c.get("context").urls;
  const parameters: string[] = [];
  for (const name of Object.keys(options.query).sort()) {
    const value = options.query[name];
    if (value !== undefined) parameters.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  parameters.push(`~app=${encodeURIComponent(urls.app(""))}`);
  if (options.signsDownloads) parameters.push(`~signed=${window.start}`);
  if (options.view) parameters.push(`~view=${encodeURIComponent(options.view)}`);
  // The Worker's own hostname, as Cloudflare recommends for cache keys; no route serves this path.
  return `${urls.origin}/.revision-cache/v${CACHE_FORMAT}/${encodeURIComponent(options.revisionId)}${c.req.path}?${parameters.join("&")}`;
}

/** `Cache-Control: no-cache` from the client: read the revision again (and refresh the cache). */
function bypassesCache(c: Context<AppEnv>): boolean {
  return /(^|,)\s*no-cache\s*(,|$)/i.test(c.req.header("cache-control") ?? "");
}

async function store(key: string, body: string, etag: string, window: SigningWindow | null): Promise<void> {
  const ttl = window ? Math.max(1, Math.floor((window.end - Date.now()) / 1000)) : IMMUTABLE_TTL_SECONDS;
  const response = new Response(body, { headers: { "Content-Type": "application/json", ETag: etag, "Cache-Control": `public, max-age=${ttl}` } });
  await caches.default.put(key, response);
}
