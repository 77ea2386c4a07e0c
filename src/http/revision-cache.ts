import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { AppEnv } from "../context";
import { signingWindowAt, type SigningWindow } from "../lib/signed-urls";
import { ifNoneMatchMatches, strongEtag } from "./etag";

/**
 * Reads of revision content, served from the Workers Cache API with a strong ETag.
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
  /** Read fresh on every request and added to the body, never cached (a merge revision's change request). */
  live?: Record<string, unknown>;
  produce: (signing: SigningWindow) => Promise<ProducedRead<T>>;
}

type JsonResponse<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

export async function revisionResponse<T>(c: Context<AppEnv>, options: RevisionResponseOptions<T>): Promise<JsonResponse<T>> {
  const window = signingWindowAt();
  const key = cacheKey(c, options, window);
  const timing = c.get("serverTiming");
  const started = performance.now();
  const cached = bypassesCache(c) ? undefined : await caches.default.match(key);
  let stored: { body: () => Promise<string>; stream?: ReadableStream | null; etag: string };
  if (cached?.ok && cached.headers.get("ETag")) {
    timing.add("cache", performance.now() - started, "hit");
    stored = { body: () => cached.text(), stream: cached.body, etag: cached.headers.get("ETag")! };
  } else {
    timing.add("cache", performance.now() - started, bypassesCache(c) ? "bypass" : "miss");
    const read = await options.produce(window);
    const body = JSON.stringify(read.value);
    const etag = await strongEtag(body);
    if (read.atRevision && !read.beyondRevision) c.get("context").defer(store(key, body, etag, options.signsDownloads ? window : null));
    stored = { body: async () => body, etag };
  }

  const live = options.live && Object.keys(options.live).length > 0 ? JSON.stringify(options.live) : null;
  const etag = live ? await strongEtag(stored.etag + live) : stored.etag;
  const headers = { ETag: etag, "Cache-Control": "private, no-cache" };
  if (ifNoneMatchMatches(c.req.header("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers }) as JsonResponse<T>;
  }
  const okHeaders = { ...headers, "Content-Type": "application/json" };
  // A cached body with nothing to add is passed through as a stream, never read into a string.
  if (!live && stored.stream) return new Response(stored.stream, { status: 200, headers: okHeaders }) as JsonResponse<T>;
  const body = await stored.body();
  const withLive = live ? `${body.slice(0, -1)},${live.slice(1)}` : body;
  return new Response(withLive, { status: 200, headers: okHeaders }) as JsonResponse<T>;
}

/**
 * The revision, the path (which names the space or change request and the route), the validated
 * query, the base URLs the body's links are built from, and for signed bodies the window: never
 * anything about the caller.
 */
function cacheKey(c: Context<AppEnv>, options: RevisionResponseOptions<unknown>, window: SigningWindow): string {
  const urls = c.get("context").urls;
  const parameters = new URLSearchParams(
    Object.entries(options.query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]): [string, string] => [name, String(value)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  parameters.set("~app", urls.app(""));
  if (options.signsDownloads) parameters.set("~signed", String(window.start));
  // The Worker's own hostname, as Cloudflare recommends for cache keys; no route serves this path.
  return `${urls.origin}/.revision-cache/v${CACHE_FORMAT}/${encodeURIComponent(options.revisionId)}${c.req.path}?${parameters}`;
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
