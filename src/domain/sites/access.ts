import { and, eq, sql } from "drizzle-orm";
import type { CallerContext, RequestContext } from "../../context";
import { siteAdaptiveSchemas, siteSpaces, sites, type SiteRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { assertOrganizationAction, type OrganizationAction } from "../../lib/permissions";
import { loadOrganizationAccess, type OrganizationAccess } from "../organizations/access";
import { hashShareKey, selectActiveShareLink, shareKeyNotFound } from "./share-links";

/** The one loader of a site for every sites route (sites, publishing, customization, share links, structure). */
export interface SiteAccess extends OrganizationAccess {
  site: SiteRow;
  /** How many site spaces the site has, counted in the same read (`Site.siteSpaces`). */
  siteSpaceCount: number;
  /** The site's adaptive JSON Schema (which conditions are checked against), null when it has none. */
  adaptiveSchema: Record<string, unknown> | null;
}

export const siteNotFound = (siteId: string) => notFound(`Site '${siteId}'`);

/**
 * The number of site spaces of the `sites` row of the query, as a selectable column: counted where
 * it is read (index site_spaces_siblings), never stored, so it is always right.
 */
export const siteSpaceCountColumn = () =>
  // Qualified by hand: Drizzle writes a single-table select's columns unqualified, which inside
  // the subquery would name site_spaces' own columns.
  sql<number>`(SELECT count(*) FROM ${siteSpaces} counted WHERE counted.site_id = "sites"."id")`.mapWith(Number).as("site_space_count");

/** The site row of an organization with its site-space count and adaptive schema (no access check: callers do it). */
export function selectSite(ctx: RequestContext, organizationId: string, siteId: string) {
  return ctx.db
    .select({ site: sites, siteSpaceCount: siteSpaceCountColumn(), adaptiveSchema: siteAdaptiveSchemas.jsonSchema })
    .from(sites)
    .leftJoin(siteAdaptiveSchemas, eq(siteAdaptiveSchemas.siteId, sites.id))
    .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
    .limit(1);
}

/**
 * A site of the organization as the caller may act on it: outsiders get the organization's 404
 * first, then the action is checked (403), then an unknown site (or one of another organization)
 * is a 404, then a `shareKey` that is not an active share link of the site (GitBook answers 404
 * for an unknown or revoked link). The site (and the link) are read concurrently with the access
 * check; nothing of them is used unless that check passes.
 */
export async function loadSiteAccess(ctx: CallerContext, organizationId: string, siteId: string, action: OrganizationAction, shareKey?: string): Promise<SiteAccess> {
  const [access, [row], shareLinks] = await Promise.all([
    loadOrganizationAccess(ctx, organizationId),
    selectSite(ctx, organizationId, siteId),
    shareKey === undefined ? undefined : hashShareKey(shareKey).then((keyHash) => selectActiveShareLink(ctx.db, siteId, keyHash)),
  ]);
  assertOrganizationAction(access.membership, action);
  if (!row) throw siteNotFound(siteId);
  if (shareLinks !== undefined && shareLinks.length === 0) throw shareKeyNotFound();
  return { ...access, site: row.site, siteSpaceCount: row.siteSpaceCount, adaptiveSchema: row.adaptiveSchema ?? null };
}
