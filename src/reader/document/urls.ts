/*
 * Which URLs from content may reach an href or a src. A URL is read the way a browser will read
 * it (WHATWG parsing, which drops tabs and newlines and lower-cases the scheme), so
 * `java\tscript:` or `JAVASCRIPT:` cannot slip through a string test. Links may be http(s),
 * mailto or relative; images and other sources only http(s) or relative (no `data:`).
 */

/** A base no relative URL of ours can produce, to tell relative URLs from absolute ones. */
const BASE = "https://relative.invalid/";

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
const SOURCE_PROTOCOLS = new Set(["http:", "https:"]);
/** Longer URLs are refused: no real link needs them, and they bloat every page they are on. */
const MAX_URL_LENGTH = 8192;

function accepted(url: string, protocols: ReadonlySet<string>): string | null {
  const trimmed = url.trim();
  if (trimmed === "" || trimmed.length > MAX_URL_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, BASE);
  } catch {
    return null;
  }
  if (!protocols.has(parsed.protocol)) return null;
  // Relative URLs are kept as written (the browser resolves them the same way); absolute ones
  // are written in their parsed form, so what the page holds is what was checked.
  const relative = parsed.origin === new URL(BASE).origin && !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith("//");
  return relative ? trimmed : parsed.href;
}

/** A URL an <a href> may hold, or null. */
export const safeLinkUrl = (url: string): string | null => accepted(url, LINK_PROTOCOLS);

/** A URL an <img src> may hold, or null. */
export const safeSourceUrl = (url: string): string | null => accepted(url, SOURCE_PROTOCOLS);

/** Whether a URL is absolute http(s), i.e. leaves the site (external links get rel=noopener). */
export const isAbsoluteHttp = (url: string): boolean => /^https?:\/\//i.test(url);
