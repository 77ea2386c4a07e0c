import { eq, sql, type SQL } from "drizzle-orm";
import type { RequestContext } from "../../context";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/batch";
import { rawAll } from "../../db/raw";
import { organizations, sites, siteSections, siteSpaces, type OrganizationRow, type SiteRedirectRow, type SiteRow, type SiteSectionRow, type SiteSpaceRow } from "../../db/schema";
import { MAIN_LINE } from "../revisions/points";
import { sectionPublishedUrl, siteSpacePublishedUrl } from "./structure";
import { publishedUrl, sitePublishedBase, siteRootFor } from "./urls";

/**
 * Which redirect a visited path of a site matches, and where it sends the visitor, in one round
 * trip. The path is relative to the site's published base (`/guides/old`), as sources are.
 *
 * Matching: the live redirect whose source is the path, else the live wildcard redirect whose
 * prefix (its source without the final `*`) is the longest prefix of the path. Each prefix of the
 * path is one seek in the partial index `site_redirects_wildcard`, so the cost is the path's
 * length (at most 512), never the number of redirects. Drafts never match.
 *
 * The target is computed from the rows the destination names, read in the same batch through the
 * matched redirect as a subquery: the section (a section's URL), the site space and its section
 * (a site space's URL), and for a page, its path in the space's current revision (its ancestors'
 * slugs, walked up by primary key: the cost of the page's depth, never of the space). A
 * destination that no longer exists (a deleted section, site space or page) matches but has no
 * target: the caller treats it as no redirect (docs/decisions.md, "Site redirects").
 */

export interface RedirectMatch {
  redirect: SiteRedirectRow;
  /** Where the redirect sends the visitor; null when its destination no longer exists. */
  target: string | null;
}

/** The columns of `site_redirects` under their own names (the match statement adds its length). */
interface MatchedRow {
  id: string;
  site_id: string;
  source: string;
  wildcard_prefix: string | null;
  destination: string;
  capture_wildcard: number;
  draft: number;
  permanent: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/**
 * The matched redirect's rows: its exact source, or each prefix of the path as a wildcard prefix
 * (`substr(path, 1, n)` for n = 1…length), longest first. `columns` is what to select from it.
 */
function matchedRedirect(siteId: string, path: string, columns: SQL): SQL {
  return sql`WITH RECURSIVE prefix(len) AS (SELECT 1 UNION ALL SELECT len + 1 FROM prefix WHERE len < length(${path}))
    SELECT ${columns} FROM (
      SELECT r.*, 100000 AS match_length FROM site_redirects r WHERE r.site_id = ${siteId} AND r.source = ${path} AND r.draft = 0
      UNION ALL
      SELECT r.*, prefix.len AS match_length FROM prefix CROSS JOIN site_redirects r
        WHERE r.site_id = ${siteId} AND r.wildcard_prefix = substr(${path}, 1, prefix.len) AND r.draft = 0
    ) ORDER BY match_length DESC LIMIT 1`;
}

/** The redirect (if any) `path` matches on the site, and its target URL, in one round trip. */
export async function matchSiteRedirect(ctx: RequestContext, siteId: string, path: string, shareKey?: string): Promise<RedirectMatch | null> {
  const match = siteRedirectMatch(ctx, siteId, path, shareKey);
  return match.read(await runBatch(ctx.db, match.statements));
}

/** The statements of `matchSiteRedirect`, to send with others in one round trip, and how to read their results. */
export function siteRedirectMatch(ctx: RequestContext, siteId: string, path: string, shareKey?: string) {
  const { db } = ctx;
  const destinationField = (field: string) => sql`(${matchedRedirect(siteId, path, sql`json_extract(destination, ${`$.${field}`})`)})`;
  const siteSpaceId = destinationField("siteSpaceId");
  const statements: BatchItem<"sqlite">[] = [
    rawAll<MatchedRow>(db, matchedRedirect(siteId, path, sql`*`)),
    db.select().from(sites).where(eq(sites.id, siteId)),
    db.select().from(organizations).where(sql`${organizations.id} = (SELECT organization_id FROM sites WHERE id = ${siteId})`),
    db.select().from(siteSpaces).where(sql`${siteSpaces.siteId} = ${siteId} AND ${siteSpaces.id} = ${siteSpaceId}`),
    db
      .select()
      .from(siteSections)
      .where(
        sql`${siteSections.siteId} = ${siteId} AND ${siteSections.id} = coalesce(${destinationField("siteSectionId")},
          (SELECT section_id FROM site_spaces WHERE site_id = ${siteId} AND id = ${siteSpaceId}))`,
      ),
    rawAll<PathRow>(db, pageAncestry(sql`(SELECT space_id FROM site_spaces WHERE site_id = ${siteId} AND id = ${siteSpaceId})`, destinationField("pageId"))),
  ];
  return { statements, read: (results: unknown[]) => readMatch(ctx, results, path, shareKey) };
}

function readMatch(ctx: RequestContext, [matched, siteRows, organizationRows, siteSpaceRows, sectionRows, pathRows]: unknown[], path: string, shareKey: string | undefined): RedirectMatch | null {
  const row = (matched as MatchedRow[])[0];
  const site = (siteRows as SiteRow[])[0];
  const organization = (organizationRows as OrganizationRow[])[0];
  if (!row || !site || !organization) return null;
  const redirect = redirectFromRow(row);
  const found: FoundDestination = {
    // A visitor who came with a share key goes on with it (the key is the first segment under the base).
    base: siteRootFor(sitePublishedBase(ctx.env, ctx.urls, organization, site), shareKey),
    siteSpace: (siteSpaceRows as SiteSpaceRow[])[0],
    section: (sectionRows as SiteSectionRow[])[0],
    pagePath: pagePathFrom(pathRows as PathRow[]),
  };
  const destinationUrl = destinationUrlOf(redirect, found);
  if (destinationUrl === null) return { redirect, target: null };
  const suffix = redirect.captureWildcard && redirect.wildcardPrefix !== null && redirect.source !== path ? path.slice(redirect.wildcardPrefix.length) : "";
  const target = appendPath(destinationUrl, suffix);
  return { redirect, target };
}

interface FoundDestination {
  base: string;
  siteSpace: SiteSpaceRow | undefined;
  section: SiteSectionRow | undefined;
  /** The page's path in its space's current revision; null when the page is not there. */
  pagePath: string | null;
}

/**
 * The published URL of a destination: a section at its URL; a site space at its URL in its
 * section; a page at its site space's URL followed by its path; an external URL as it is. Null
 * when what it names is gone (or, for a section's site space, its section is).
 */
function destinationUrlOf({ destination }: SiteRedirectRow, found: FoundDestination): string | null {
  switch (destination.kind) {
    case "external":
      return destination.url;
    case "site-section":
      return found.section ? sectionPublishedUrl(found.base, found.section) : null;
    case "site-space":
    case "site-page": {
      const { siteSpace, section } = found;
      if (!siteSpace || (siteSpace.sectionId !== null && !section)) return null;
      const siteSpaceUrl = siteSpacePublishedUrl(sectionPublishedUrl(found.base, section), siteSpace);
      if (siteSpaceUrl === null || destination.kind === "site-space") return siteSpaceUrl;
      return found.pagePath === null ? null : publishedUrl(siteSpaceUrl, found.pagePath);
    }
  }
}

/** `suffix` (what a wildcard matched) appended to the URL's path as a path below it. */
function appendPath(url: string, suffix: string): string {
  if (suffix === "") return url;
  const parsed = new URL(url);
  const slash = parsed.pathname.endsWith("/") || suffix.startsWith("/") ? "" : "/";
  parsed.pathname = `${parsed.pathname}${slash}${parsed.pathname.endsWith("/") && suffix.startsWith("/") ? suffix.slice(1) : suffix}`;
  return parsed.toString();
}

interface PathRow {
  slug: string | null;
  depth: number;
}

/**
 * The slugs of a page and its ancestors at the head of the space's main line (open rows), with
 * their depth (0: the page): one primary-key seek per level, bounded at 64 levels.
 */
export function pageAncestry(spaceId: SQL, pageId: SQL): SQL {
  return sql`WITH RECURSIVE up(entry_id, parent_id, slug, depth) AS (
      SELECT r.entry_id, r.parent_id, json_extract(r.data, '$.slug'), 0 FROM content_entries r
        WHERE r.space_id = ${spaceId} AND r.line = ${MAIN_LINE} AND r.kind = 'page' AND r.entry_id = ${pageId} AND r.to_ordinal IS NULL
      UNION
      SELECT r.entry_id, r.parent_id, json_extract(r.data, '$.slug'), up.depth + 1 FROM up CROSS JOIN content_entries r
        WHERE r.space_id = ${spaceId} AND r.line = ${MAIN_LINE} AND r.kind = 'page' AND r.entry_id = up.parent_id AND r.to_ordinal IS NULL AND up.depth < 64
    )
    SELECT slug, depth FROM up`;
}

/** The page's path from `pageAncestry`'s rows (root first); null when the page is not in the revision. */
export function pagePathFrom(rows: PathRow[]): string | null {
  if (rows.length === 0) return null;
  return [...rows]
    .sort((a, b) => b.depth - a.depth)
    .map((row) => row.slug ?? "")
    .join("/");
}

/** A row as the raw match statement returns it, typed as Drizzle's select would. */
function redirectFromRow(row: MatchedRow): SiteRedirectRow {
  return {
    id: row.id,
    siteId: row.site_id,
    source: row.source,
    wildcardPrefix: row.wildcard_prefix,
    destination: JSON.parse(row.destination),
    captureWildcard: row.capture_wildcard === 1,
    draft: row.draft === 1,
    permanent: row.permanent === 1,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
