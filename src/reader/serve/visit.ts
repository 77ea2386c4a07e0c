import { getCookie } from "hono/cookie";
import type { Context } from "hono";
import type { VisitorPayload } from "../../domain/published/visitor-claims";

/**
 * What a reader's request brings besides its path, read once: the way in (a share key, a visitor
 * token), the visitor's unsigned claims, and which rendering of the page is asked for. What comes
 * in the query is kept in cookies scoped to the site (their `Path` is set once the site's root is
 * known: see `visitCookies`), so the links of the page keep working without carrying it:
 *
 * - `?share=<key>` (a share-link site): cookie `share_key`;
 * - `?jwt_token=<token>` (a visitor-auth site's backend sends the visitor back with it, GitBook's
 *   convention): cookie `visitor_token`, HttpOnly;
 * - `?visitor.<claim>=<value>` (adaptive content, GitBook's convention; dots nest, `true`/`false`
 *   and numbers are read as such): cookie `visitor_claims`, merged with what it already held.
 */

export const SHARE_COOKIE = "share_key";
export const VISITOR_TOKEN_COOKIE = "visitor_token";
export const CLAIMS_COOKIE = "visitor_claims";

/** Reader-only query parameters: never part of the URL resolved nor of a cache key. */
const READER_PARAMETERS = new Set(["jwt_token", "q", "format"]);
const CLAIM_PREFIX = "visitor.";
const MAX_CLAIMS_COOKIE_BYTES = 2048;

export type Rendering = "page" | "markdown";

export interface Visit {
  /** The URL resolved: the request's, without reader-only parameters nor `.md`, with the share key of the cookie when the query has none. */
  url: URL;
  rendering: Rendering;
  visitor: VisitorPayload;
  /** Values to keep in cookies (query parameters seen on this request). */
  remember: { shareKey?: string; visitorToken?: string; claims?: Record<string, unknown> };
  /** The search query (`q`), for the search page. */
  query: string | undefined;
  /** `format=json`: the search page's answer for the search dialog. */
  json: boolean;
}

export function readVisit(c: Context): Visit {
  const requested = new URL(c.req.url);
  const url = new URL(requested.origin + requested.pathname);
  let rendering: Rendering = "page";
  if (url.pathname.endsWith(".md") && url.pathname.length > 4) {
    rendering = "markdown";
    url.pathname = url.pathname.slice(0, -3);
  }
  const queryClaims: Record<string, unknown> = {};
  for (const [name, value] of requested.searchParams) {
    if (name.startsWith(CLAIM_PREFIX)) setClaim(queryClaims, name.slice(CLAIM_PREFIX.length).split("."), claimValue(value));
    else if (!READER_PARAMETERS.has(name)) url.searchParams.append(name, value);
  }

  const remember: Visit["remember"] = {};
  const shareParameter = requested.searchParams.get("share");
  if (shareParameter) remember.shareKey = shareParameter;
  else {
    const shareCookie = getCookie(c, SHARE_COOKIE);
    if (shareCookie) url.searchParams.set("share", shareCookie);
  }
  const tokenParameter = requested.searchParams.get("jwt_token");
  if (tokenParameter) remember.visitorToken = tokenParameter;
  const jwtToken = tokenParameter ?? getCookie(c, VISITOR_TOKEN_COOKIE);

  const hasQueryClaims = Object.keys(queryClaims).length > 0;
  const claims = hasQueryClaims ? mergeClaims(claimsFromCookie(getCookie(c, CLAIMS_COOKIE)), queryClaims) : claimsFromCookie(getCookie(c, CLAIMS_COOKIE));
  if (hasQueryClaims) remember.claims = claims;

  return {
    url,
    rendering,
    visitor: { ...(jwtToken ? { jwtToken } : {}), ...(Object.keys(claims).length > 0 ? { unsignedClaims: claims } : {}) },
    remember,
    query: requested.searchParams.get("q") ?? undefined,
    json: requested.searchParams.get("format") === "json",
  };
}

/** The Set-Cookie values for what the visit brought, scoped to the site's root path. */
export function visitCookies(visit: Visit, sitePath: string, secure: boolean): string[] {
  const attributes = `; Path=${sitePath}; SameSite=Lax${secure ? "; Secure" : ""}`;
  const cookies: string[] = [];
  if (visit.remember.shareKey) cookies.push(`${SHARE_COOKIE}=${encodeURIComponent(visit.remember.shareKey)}${attributes}; HttpOnly`);
  if (visit.remember.visitorToken) cookies.push(`${VISITOR_TOKEN_COOKIE}=${encodeURIComponent(visit.remember.visitorToken)}${attributes}; HttpOnly`);
  if (visit.remember.claims) {
    const value = encodeURIComponent(JSON.stringify(visit.remember.claims));
    // A cookie too large for browsers to keep is not set: the claims then last this request only.
    if (value.length <= MAX_CLAIMS_COOKIE_BYTES) cookies.push(`${CLAIMS_COOKIE}=${value}${attributes}`);
  }
  return cookies;
}

function claimValue(value: string): unknown {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^-?\d+(\.\d+)?$/.test(value) && value.length < 16) return Number(value);
  return value;
}

/** Sets `claims.a.b = value` for the path ["a", "b"]; prototype keys are refused. */
function setClaim(claims: Record<string, unknown>, path: string[], value: unknown): void {
  if (path.some((part) => part === "" || part === "__proto__" || part === "constructor" || part === "prototype")) return;
  let target = claims;
  for (const part of path.slice(0, -1)) {
    const next = target[part];
    if (typeof next !== "object" || next === null || Array.isArray(next)) target[part] = {};
    target = target[part] as Record<string, unknown>;
  }
  target[path.at(-1)!] = value;
}

function mergeClaims(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [name, value] of Object.entries(over)) {
    const below = merged[name];
    const bothObjects = typeof value === "object" && value !== null && typeof below === "object" && below !== null && !Array.isArray(below);
    merged[name] = bothObjects ? mergeClaims(below as Record<string, unknown>, value as Record<string, unknown>) : value;
  }
  return merged;
}

function claimsFromCookie(value: string | undefined): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
