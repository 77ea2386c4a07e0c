import type { OrganizationRow, SiteRow } from "../../db/schema";
import { badRequest } from "../../lib/errors";

/**
 * The forms a published site's URL takes (domain/sites/urls.ts makes them), read backwards: which
 * sites a URL could belong to, and how many of its path segments the site's root takes. Pure: the
 * lookup (lookup.ts) asks D1 for the candidates, `siteOfUrl` picks the one the URL names.
 *
 *   https://<custom hostname>/...                               the site's hostname
 *   https://<proxy host>/<proxy path>/...                       the site's proxy origin
 *   https://<organization hostname>.<PUBLISHED_SITES_DOMAIN>/<basename>/...
 *   https://<PUBLISHED_SITES_DOMAIN>/o/<organization id>/<basename>/...
 *   <API origin>/sites/<organization hostname or id>/<basename>/...
 *
 * (`<basename>` is the site's id when it has none.) The query string is dropped, but for `share`,
 * as GitBook's renderer drops it before resolving; a share key may instead be the first segment
 * under the site's root (resolve.ts).
 */

/** Proxy origins are a host and up to this many path segments. */
const MAX_PROXY_SEGMENTS = 6;
/** URLs longer than this are refused (GitBook's URL type: at most 2048 characters). */
const MAX_PATH_LENGTH = 2048;

export type SiteUrlCandidate =
  | { form: "hostname"; hostname: string; rootSegments: 0 }
  | { form: "proxy"; proxyOrigin: string; rootSegments: number }
  | { form: "organization-host"; organizationHostname: string; siteSegment: string; rootSegments: 1 }
  | { form: "domain"; organizationId: string; siteSegment: string; rootSegments: 3 }
  | { form: "api-origin"; organization: string; siteSegment: string; rootSegments: 3 };

export interface ParsedPublishedUrl {
  origin: string;
  hostname: string;
  /** Decoded path segments, without empty ones (`//` and a trailing `/` mean nothing). */
  segments: string[];
  /** `?share=<key>`, when given. */
  shareParam: string | null;
  /** In order of precedence: the first one a site matches is the site. */
  candidates: SiteUrlCandidate[];
}

export function parsePublishedUrl(input: string, published: { domain: string; apiOrigin: string }): ParsedPublishedUrl {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw badRequest("Invalid body field 'url': must be an absolute http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badRequest("Invalid body field 'url': must be an absolute http(s) URL");
  if (url.pathname.length > MAX_PATH_LENGTH) throw badRequest(`Invalid body field 'url': its path is longer than ${MAX_PATH_LENGTH} characters`);
  const segments = decodedSegments(url.pathname);
  const hostname = url.hostname.toLowerCase();
  const candidates: SiteUrlCandidate[] = [{ form: "hostname", hostname, rootSegments: 0 }];
  for (let count = Math.min(segments.length, MAX_PROXY_SEGMENTS); count >= 1; count--) {
    candidates.push({ form: "proxy", proxyOrigin: [hostname, ...segments.slice(0, count)].join("/"), rootSegments: count });
  }
  const domain = published.domain.trim().toLowerCase();
  if (domain && hostname.endsWith(`.${domain}`) && segments[0]) {
    candidates.push({ form: "organization-host", organizationHostname: hostname.slice(0, -domain.length - 1), siteSegment: segments[0], rootSegments: 1 });
  }
  if (domain && hostname === domain && segments[0] === "o" && segments[1] && segments[2]) {
    candidates.push({ form: "domain", organizationId: segments[1], siteSegment: segments[2], rootSegments: 3 });
  }
  if (url.origin === published.apiOrigin && segments[0] === "sites" && segments[1] && segments[2]) {
    candidates.push({ form: "api-origin", organization: segments[1], siteSegment: segments[2], rootSegments: 3 });
  }
  return { origin: url.origin, hostname, segments, shareParam: url.searchParams.get("share"), candidates };
}

function decodedSegments(pathname: string): string[] {
  return pathname
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw badRequest("Invalid body field 'url': its path is not validly percent-encoded");
      }
    });
}

/** The site's own URL segment: its basename, or its id when it has none (as `sitePublishedBase` writes it). */
const siteSegmentOf = (site: SiteRow) => site.basename ?? site.id;

/** Whether the candidate form names this site (with its organization). */
export function candidateMatches(candidate: SiteUrlCandidate, site: SiteRow, organization: OrganizationRow): boolean {
  switch (candidate.form) {
    case "hostname":
      return site.hostname === candidate.hostname;
    case "proxy":
      return site.proxyOrigin !== null && site.proxyOrigin.toLowerCase() === candidate.proxyOrigin.toLowerCase();
    case "organization-host":
      return organization.hostname === candidate.organizationHostname && siteSegmentOf(site) === candidate.siteSegment;
    case "domain":
      return organization.id === candidate.organizationId && siteSegmentOf(site) === candidate.siteSegment;
    case "api-origin":
      return (organization.hostname === candidate.organization || organization.id === candidate.organization) && siteSegmentOf(site) === candidate.siteSegment;
  }
}

/** The site the URL names among those found, with the segments its root takes; null: none. */
export function siteOfUrl<Row extends { site: SiteRow; organization: OrganizationRow }>(parsed: ParsedPublishedUrl, found: readonly Row[]): { row: Row; rootSegments: number } | null {
  for (const candidate of parsed.candidates) {
    const row = found.find((item) => candidateMatches(candidate, item.site, item.organization));
    if (row) return { row, rootSegments: candidate.rootSegments };
  }
  return null;
}
