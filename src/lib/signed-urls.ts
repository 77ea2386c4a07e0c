/**
 * Expiring download URLs for file bytes in R2, served by this Worker (`GET /files/...`), so a
 * File's `downloadURL` works with no R2 public bucket, in local dev as in production. The URL
 * carries the blob key, the file's name and type, and an expiry, signed with HMAC-SHA-256 under
 * the SIGNING_SECRET secret: nothing in it can be changed without breaking the signature.
 */

export const DOWNLOAD_URL_LIFETIME_SECONDS = 3600;
export const DOWNLOAD_PATH_PREFIX = "/files/";

/**
 * Reads of revision content are cached (docs/decisions.md, "Caching revision content"), and a
 * cached body must not hand out URLs that are about to expire. So those reads sign their URLs as
 * of the start of a 15-minute window: every response of a window is the same bytes (one ETag),
 * it is cached until the window ends, and every URL it carries has 45 to 60 minutes left.
 */
export const SIGNING_WINDOW_SECONDS = 15 * 60;

export interface SigningWindow {
  /** Epoch milliseconds: URLs are signed as of this instant. */
  start: number;
  end: number;
}

export function signingWindowAt(now = Date.now()): SigningWindow {
  const length = SIGNING_WINDOW_SECONDS * 1000;
  const start = Math.floor(now / length) * length;
  return { start, end: start + length };
}

/** The secret, or an error (an opaque 500 to the client, logged) when the deployment lacks it. */
export function signingSecret(env: { SIGNING_SECRET?: string }): string {
  if (!env.SIGNING_SECRET) throw new Error("SIGNING_SECRET is not set: file download URLs cannot be signed or verified");
  return env.SIGNING_SECRET;
}

export interface DownloadTarget {
  blobKey: string;
  name: string;
  contentType: string;
}

/**
 * `prefix` names the route that serves the URL: `/files/` (a File's bytes) unless told otherwise
 * (`/pdfs/`, the PDF exports). Any other prefix is part of what is signed, so a URL signed for one
 * route is refused by the other.
 */
export async function signDownloadUrl(origin: string, secret: string, target: DownloadTarget, now = Date.now(), prefix = DOWNLOAD_PATH_PREFIX): Promise<string> {
  const expires = Math.floor(now / 1000) + DOWNLOAD_URL_LIFETIME_SECONDS;
  const url = new URL(`${prefix}${target.blobKey}`, origin);
  url.searchParams.set("name", target.name);
  url.searchParams.set("type", target.contentType);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", await sign(secret, payload(target, expires, prefix)));
  return url.toString();
}

/** The target of a download URL when its signature is right and it has not expired, else null. */
export async function verifyDownloadUrl(url: URL, secret: string, now = Date.now(), prefix = DOWNLOAD_PATH_PREFIX): Promise<DownloadTarget | null> {
  if (!url.pathname.startsWith(prefix)) return null;
  const blobKey = url.pathname.slice(prefix.length);
  const name = url.searchParams.get("name");
  const contentType = url.searchParams.get("type");
  const expires = Number(url.searchParams.get("expires"));
  const signature = url.searchParams.get("signature");
  if (!blobKey || name === null || contentType === null || !Number.isInteger(expires) || signature === null) return null;
  if (expires * 1000 < now) return null;
  const target = { blobKey, name, contentType };
  const expected = await sign(secret, payload(target, expires, prefix));
  return constantTimeEqual(expected, signature) ? target : null;
}

const payload = (target: DownloadTarget, expires: number, prefix: string) =>
  JSON.stringify(prefix === DOWNLOAD_PATH_PREFIX ? [target.blobKey, target.name, target.contentType, expires] : [prefix, target.blobKey, target.name, target.contentType, expires]);

async function sign(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return btoa(String.fromCharCode(...new Uint8Array(mac)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
