/**
 * Strong entity tags and `If-None-Match` (RFC 9110, 8.8.3 and 13.1.2).
 */

/** A strong ETag of a body (text, or its bytes): a quoted SHA-256 prefix (132 bits), base64url. */
export async function strongEtag(body: string | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", typeof body === "string" ? new TextEncoder().encode(body) : body);
  const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
  return `"${base64.slice(0, 22)}"`;
}

/**
 * Whether `If-None-Match` matches `etag`: `*`, or one of its listed tags. The comparison is weak,
 * as the RFC says for this header: a `W/` prefix is ignored.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}
