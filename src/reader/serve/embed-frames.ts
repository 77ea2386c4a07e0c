import type { Bindings, RequestContext } from "../../context";
import { getEmbed } from "../../domain/embeds/embeds";
import { derivedKey } from "../../domain/published/site-token";
import { ApiError } from "../../lib/errors";
import { embedFrameContentSecurityPolicy, embedFrameDocument } from "../layout";

/**
 * Rich embeds (the embed operation answered the provider's oEmbed `html`) are shown in a frame:
 * the page holds an <iframe sandbox> of `<site space root>~embed?url=<embed URL>&sig=<HMAC>`,
 * and that route answers the provider's markup alone in a minimal document, sandboxed by its own
 * CSP too (`sandbox` without `allow-same-origin`: an opaque origin, even opened top-level, so it
 * reads no cookie and reaches nothing of the reader's).
 *
 * The route answers only what the reader put in a page: `sig` is an HMAC (a key derived from
 * SIGNING_SECRET for this purpose alone) of the embed URL and the route's own origin and path,
 * made when the page was rendered. Anything else is the API's 404, so the route is neither a
 * proxy nor a way to put markup on a site's origin: a signature made for one site's path does not
 * open another's (docs/decisions.md, "Rich embeds in the reader"). It reads nothing from D1: the
 * markup is the embed operation's answer for the URL (kept per URL, fetched through the
 * outbound guard), the same for everyone.
 */

export const EMBED_FRAME_PATH = "~embed";
const KEY_PURPOSE = "reader-embed-frame/v1";
const UTF8 = new TextEncoder();

const signatureKey = (env: Pick<Bindings, "SIGNING_SECRET">) => derivedKey(env, KEY_PURPOSE);
/** The route (origin and path, no query) and the embed URL: what a signature vouches for. */
const signedMessage = (route: URL, embedUrl: string) => UTF8.encode(JSON.stringify([`${route.origin}${route.pathname}`, embedUrl]));

/** The frame URL of `embedUrl` for a page under `siteSpaceRoot` (origin and path, ending in `/`). */
export async function embedFrameUrl(env: Pick<Bindings, "SIGNING_SECRET">, siteSpaceRoot: string, embedUrl: string): Promise<string> {
  const route = new URL(EMBED_FRAME_PATH, siteSpaceRoot);
  const mac = await crypto.subtle.sign("HMAC", await signatureKey(env), signedMessage(route, embedUrl));
  route.searchParams.set("url", embedUrl);
  route.searchParams.set("sig", base64Url(new Uint8Array(mac)));
  return route.toString();
}

/** Whether the request is for the route (under whichever site path: the signature decides). */
export const isEmbedFrameRequest = (url: URL) => url.pathname.endsWith(`/${EMBED_FRAME_PATH}`);

/**
 * The frame's document for a signed URL; null (the API's 404) for any other. An embed that is no
 * longer rich (its provider failed when the URL was read again) is a link to it.
 */
export async function serveEmbedFrame(ctx: RequestContext, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const embedUrl = url.searchParams.get("url");
  const signature = url.searchParams.get("sig");
  if (!embedUrl || !signature || !(await verified(ctx.env, url, embedUrl, signature))) return null;
  let embed;
  try {
    embed = await getEmbed(ctx, embedUrl);
  } catch (error) {
    // A host this deployment no longer fetches (ALLOW_PRIVATE_NETWORK turned off): nothing to show.
    if (error instanceof ApiError && error.status === 400) return null;
    throw error;
  }
  const body = await embedFrameDocument({ url: embedUrl, title: embed.title, html: embed.type === "rich" ? embed.html : undefined });
  return new Response(request.method === "HEAD" ? null : body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": embedFrameContentSecurityPolicy(),
      "X-Content-Type-Options": "nosniff",
      // Providers' players want to know the site embedding them (YouTube refuses to play without it): its origin, never the path.
      "Referrer-Policy": "strict-origin",
      "X-Robots-Tag": "noindex",
      // The same for everyone; the embed itself is kept a day (domain/embeds/cache.ts).
      "Cache-Control": "public, max-age=3600",
    },
  });
}

async function verified(env: Pick<Bindings, "SIGNING_SECRET">, route: URL, embedUrl: string, signature: string): Promise<boolean> {
  const mac = fromBase64Url(signature);
  return mac !== null && crypto.subtle.verify("HMAC", await signatureKey(env), mac, signedMessage(route, embedUrl));
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (character) => character.charCodeAt(0));
  } catch {
    return null;
  }
}
