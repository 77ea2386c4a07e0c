import type { RequestContext } from "../../context";
import { ifNoneMatchMatches, strongEtag } from "../../http/etag";
import { memoryCapacity } from "../../http/revision-memory";
import { fnv1a } from "../../lib/hash";
import { LruMap } from "../../lib/lru";
import { signingWindowAt } from "../../lib/signed-urls";
import type { ResolvedPublishedContent } from "../../domain/published/resolve";
import { readerContentSecurityPolicy } from "../layout";

/**
 * Rendered pages, kept in this isolate's memory and in the Workers Cache API under a key that
 * names everything a page is a function of: the URL as resolved (site, path, share key), the
 * rendering (HTML or markdown), the published revision, the site's version (its structure and
 * customizations: `siteVersion`), the visitor's claims (their segment: what conditions show them)
 * and the signing window of the file URLs the page carries. A merge, a publish, a customization
 * or a structure change gives new keys, so it shows at once and nothing is ever purged; old keys
 * age out. Resolving the URL (one D1 round trip) runs on every request, so access is decided
 * anew each time and a page is never served to a visitor who may no longer read it.
 */

const CACHE_FORMAT = 2;
/** In the Cache API a page is its body, and the rest of it (status, type, ETag, nonce marker) this header's JSON: nothing escapes the body. */
const PAGE_HEADER = "X-Reader-Page";

/**
 * The isolate's level: pages as objects (a hit parses nothing), at most REVISION_MEMORY_CACHE_BYTES
 * of them; made on first use, when the environment is known. None while that is 0 (then the Cache
 * API is the only level).
 */
interface Remembered {
  page: RenderedPage;
  expiresAt: number;
}
let memory: LruMap<string, Remembered> | undefined;
function memoryOf(ctx: RequestContext): LruMap<string, Remembered> | undefined {
  const capacity = memoryCapacity(ctx.env.REVISION_MEMORY_CACHE_BYTES);
  // Its text and, once answered, its UTF-8 (encodedParts): about three bytes a character in all.
  return capacity === 0 ? undefined : (memory ??= new LruMap<string, Remembered>(capacity, (entry) => 3 * entry.page.body.length));
}

export interface RenderedPage {
  body: string;
  contentType: string;
  status: number;
  etag: string;
  /**
   * The stand-in written where the page's CSP nonce goes (HTML only): random per rendering, and
   * replaced by a fresh nonce in every response, so a cached page never reuses a nonce.
   */
  nonceMarker?: string;
}

export function pageCacheKey(ctx: RequestContext, url: URL, rendering: string, content: ResolvedPublishedContent): { key: string; expiresAt: number } {
  const window = signingWindowAt();
  const segment = fnv1a(JSON.stringify(content.claims));
  const parts = [content.answer.revision, content.siteVersion, segment, String(window.start), rendering].map(encodeURIComponent).join("/");
  return { key: `${ctx.urls.origin}/.reader-cache/v${CACHE_FORMAT}/${parts}?url=${encodeURIComponent(url.toString())}`, expiresAt: window.end };
}

export async function cachedPage(ctx: RequestContext, key: string, expiresAt: number): Promise<RenderedPage | undefined> {
  const remembered = memoryOf(ctx)?.get(key);
  if (remembered && remembered.expiresAt > Date.now()) return remembered.page;
  const response = await caches.default.match(key);
  if (!response?.ok) return undefined;
  const page = { ...(JSON.parse(response.headers.get(PAGE_HEADER) ?? "{}") as Omit<RenderedPage, "body">), body: await response.text() };
  memoryOf(ctx)?.set(key, { page, expiresAt });
  return page;
}

/**
 * A page's body as UTF-8, cut where its nonce goes, made once per page (when it is rendered, or
 * first answered from the Cache API): a page in memory is answered many times, and encoding its
 * text (and replacing the marker in it) for each response was a sixth of what a cached long page
 * cost the Worker (docs/performance.md, "Reader"). Kept as long as the page object is (the
 * memory's LRU holds it); its ETag is hashed from the same bytes.
 */
const encodedBodies = new WeakMap<RenderedPage, Uint8Array[]>();
const UTF8 = new TextEncoder();

function encodedParts(page: RenderedPage, marker: string): Uint8Array[] {
  let parts = encodedBodies.get(page);
  if (!parts) encodedBodies.set(page, (parts = page.body.split(marker).map((part) => UTF8.encode(part))));
  return parts;
}

export async function renderedPage(body: string, contentType: string, status = 200, nonceMarker?: string): Promise<RenderedPage> {
  if (!nonceMarker) return { body, contentType, status, etag: await strongEtag(body) };
  // Hashed without its marker (random per rendering): a page rendered again the same keeps its ETag.
  const parts = body.split(nonceMarker).map((part) => UTF8.encode(part));
  const page = { body, contentType, status, etag: await strongEtag(joined(parts)), nonceMarker };
  encodedBodies.set(page, parts);
  return page;
}

/** The parts one after the other, a zero byte between two. */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, parts.length - 1));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length + 1;
  }
  return bytes;
}

/** A random token: a nonce, or the marker a page is rendered with in its place. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, "");
}

/** Keeps a page (in memory now, in the Cache API after the response) until its signing window ends. */
export function keepPage(ctx: RequestContext, key: string, expiresAt: number, page: RenderedPage): void {
  memoryOf(ctx)?.set(key, { page, expiresAt });
  const { body, ...rest } = page;
  const ttl = Math.max(1, Math.floor((expiresAt - Date.now()) / 1000));
  const stored = page.nonceMarker ? withNonce(page, page.nonceMarker, page.nonceMarker) : body;
  ctx.defer(caches.default.put(key, new Response(stored, { headers: { "Content-Type": "text/plain; charset=utf-8", [PAGE_HEADER]: JSON.stringify(rest), "Cache-Control": `public, max-age=${ttl}` } })));
}

/** The response for a page: 304 when the client has it (`If-None-Match`), else the page. */
export function pageResponse(page: RenderedPage, ifNoneMatch: string | undefined, headers: Headers): Response {
  headers.set("ETag", page.etag);
  // Browsers ask again every time (a merge must show at once) and get a 304 while nothing changed.
  headers.set("Cache-Control", "private, no-cache");
  if (page.status === 200 && ifNoneMatchMatches(ifNoneMatch, page.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", page.contentType);
  if (!page.nonceMarker) return new Response(page.body, { status: page.status, headers });
  const nonce = randomToken();
  headers.set("Content-Security-Policy", readerContentSecurityPolicy(nonce));
  return new Response(withNonce(page, page.nonceMarker, nonce), { status: page.status, headers });
}

/** The body with `nonce` where its marker is, from its UTF-8 parts. */
function withNonce(page: RenderedPage, marker: string, nonce: string): Blob {
  const encodedNonce = UTF8.encode(nonce);
  return new Blob(encodedParts(page, marker).flatMap((part, index) => (index === 0 ? [part] : [encodedNonce, part])));
}
