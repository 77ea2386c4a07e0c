import type { RequestContext } from "../../context";
import type { EmbedObject } from "../../schemas/embed";

/**
 * Embeds kept per URL in the Workers Cache API, so that the pages that show one do not fetch it
 * again on every view: under a synthetic URL on the Worker's own host, as the revision cache
 * keeps revision reads (http/revision-cache.ts), per data center. What an embed shows is a
 * function of the URL only, never of who asks, so every caller shares it.
 */

/** Bump when the Embed a URL gives changes shape: it renames every key. */
const CACHE_FORMAT = 1;
/** A page read: a day, as GitBook's renderer keeps its own answers longer still. */
export const EMBED_TTL_SECONDS = 24 * 60 * 60;
/** A page that could not be read (timeout, 5xx…): soon tried again. */
export const FALLBACK_TTL_SECONDS = 10 * 60;

const keyOf = (ctx: Pick<RequestContext, "urls">, url: string) => `${ctx.urls.origin}/.embed-cache/v${CACHE_FORMAT}?url=${encodeURIComponent(url)}`;

export async function cachedEmbed(ctx: Pick<RequestContext, "urls">, url: string): Promise<EmbedObject | undefined> {
  const response = await caches.default.match(keyOf(ctx, url));
  return response?.ok ? ((await response.json()) as EmbedObject) : undefined;
}

/** Stores the embed after the response (ctx.defer). */
export function storeEmbed(ctx: Pick<RequestContext, "urls" | "defer">, url: string, embed: EmbedObject, ttlSeconds: number): void {
  const response = new Response(JSON.stringify(embed), { headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${ttlSeconds}` } });
  ctx.defer(caches.default.put(keyOf(ctx, url), response));
}
