import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequestContext, RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { siteAdaptiveSchemas, siteSpaces, sites, type SiteRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { assertOrganizationAction, type OrganizationAction } from "../../lib/permissions";
import { loadOrganizationAccessWith, type OrganizationAccess } from "../organizations/access";
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

const siteOfOrganization = preparedOnce((db: Database) =>
  db
    .select({ site: sites, siteSpaceCount: siteSpaceCountColumn(), adaptiveSchema: siteAdaptiveSchemas.jsonSchema })
    .from(sites)
    .leftJoin(siteAdaptiveSchemas, eq(siteAdaptiveSchemas.siteId, sites.id))
    .where(and(eq(sites.id, sql.placeholder("siteId")), eq(sites.organizationId, sql.placeholder("organizationId"))))
    .limit(1),
);

/**
 * The site row of an organization with its site-space count and adaptive schema (no access check:
 * callers do it), for a batch; built once (db/prepared.ts).
 */
export function selectSite(ctx: RequestContext, organizationId: string, siteId: string) {
  return siteOfOrganization(ctx.db, { organizationId, siteId });
}

/**
 * A site of the organization as the caller may act on it: outsiders get the organization's 404
 * first, then the action is checked (403), then an unknown site (or one of another organization)
 * is a 404, then a `shareKey` that is not an active share link of the site (GitBook answers 404
 * for an unknown or revoked link). The site (and the link) are read in the batch of the access
 * check; nothing of them is used unless that check passes.
 */
export async function loadSiteAccess(ctx: RequesterContext, organizationId: string, siteId: string, action: OrganizationAction, shareKey?: string): Promise<SiteAccess> {
  const [access] = await loadSiteAccessWith(ctx, organizationId, siteId, action, shareKey, []);
  return access;
}

/** `loadSiteAccess` with more statements in the same batch, whose results are used only once access is granted. */
export async function loadSiteAccessWith(
  ctx: RequesterContext,
  organizationId: string,
  siteId: string,
  action: OrganizationAction,
  shareKey: string | undefined,
  alongside: readonly BatchItem<"sqlite">[],
): Promise<[SiteAccess, unknown[]]> {
  const shareLink = shareKey === undefined ? [] : [selectActiveShareLink(ctx.db, siteId, await hashShareKey(shareKey))];
  const [access, [siteRows, ...rest]] = await loadOrganizationAccessWith(ctx, organizationId, [selectSite(ctx, organizationId, siteId), ...shareLink, ...alongside]);
  const others = rest.slice(shareLink.length);
  assertOrganizationAction(access.membership, action);
  const [row] = siteRows as Array<{ site: SiteRow; siteSpaceCount: number; adaptiveSchema: Record<string, unknown> | null }>;
  if (!row) throw siteNotFound(siteId);
  if (shareLink.length > 0 && (rest[0] as unknown[]).length === 0) throw shareKeyNotFound();
  return [{ ...access, site: row.site, siteSpaceCount: row.siteSpaceCount, adaptiveSchema: row.adaptiveSchema ?? null }, others];
}
