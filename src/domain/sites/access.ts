import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequestContext, RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { siteAdaptiveSchemas, siteSpaces, sites, type SiteRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { rawAll } from "../../db/raw";
import { assertOrganizationAction, type Membership, type OrganizationAction } from "../../lib/permissions";
import { higherRole, roleOfRank } from "../../lib/roles";
import { grantedRank, heldByContent, qualified, selectGrantsHeldBy } from "../content-tree/granted-levels";
import { callerIdOf } from "../users/callers";
import { loadOrganizationAccessWith, type OrganizationAccess } from "../organizations/access";
import { hashShareKey, selectActiveShareLink, shareKeyNotFound } from "./share-links";

/** The one loader of a site for every sites route (sites, publishing, customization, share links, structure). */
export interface SiteAccess extends OrganizationAccess {
  site: SiteRow;
  /**
   * The caller's membership as it counts on this site: their organization role, raised by what is
   * granted to them (or a team of theirs) on the site. Site actions and the Site's `permissions`
   * are decided from it; `membership` stays the organization's, for everything else.
   */
  siteMembership: Membership;
  /** Every grant the caller holds in the organization, highest rank per content: the site's, and its spaces' (their `permissions`). */
  grantsHeld: ReadonlyMap<string, number>;
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
  const [access, [siteRows, heldRows, ...rest]] = await loadOrganizationAccessWith(ctx, organizationId, [
    selectSite(ctx, organizationId, siteId),
    selectGrantsHeldBy(ctx.db, callerIdOf(ctx), organizationId),
    ...shareLink,
    ...alongside,
  ]);
  const others = rest.slice(shareLink.length);
  const grantsHeld = heldByContent(heldRows as Array<{ contentId: string; rank: number }>);
  const siteMembership = raisedOnSite(access.membership, grantsHeld.get(siteId) ?? null);
  assertOrganizationAction(siteMembership, action);
  const [row] = siteRows as Array<{ site: SiteRow; siteSpaceCount: number; adaptiveSchema: Record<string, unknown> | null }>;
  if (!row) throw siteNotFound(siteId);
  if (shareLink.length > 0 && (rest[0] as unknown[]).length === 0) throw shareKeyNotFound();
  return [{ ...access, siteMembership, grantsHeld, site: row.site, siteSpaceCount: row.siteSpaceCount, adaptiveSchema: row.adaptiveSchema ?? null }, others];
}

/**
 * The organization's access and the caller's membership as it counts on a site (which need not
 * exist: deleting one that does not is a 204), in one round trip.
 */
export async function loadSiteMembership(ctx: RequesterContext, organizationId: string, siteId: string): Promise<OrganizationAccess & { siteMembership: Membership }> {
  const [access, [grantRows]] = await loadOrganizationAccessWith(ctx, organizationId, [selectGrantedOnSite(ctx, organizationId, siteId)]);
  return { ...access, siteMembership: raisedOnSite(access.membership, (grantRows as Array<{ rank: number | null }>)[0]?.rank ?? null) };
}

/** The rank granted to the caller on a site (null: none), as one statement for the access batch. */
const selectGrantedOnSite = (ctx: RequesterContext, organizationId: string, siteId: string) =>
  rawAll<{ rank: number | null }>(ctx.db, sql`SELECT ${grantedRank(sql`SELECT ${siteId}`, callerIdOf(ctx), organizationId)} AS rank`);

/** A membership as it counts on a site where `rank` is granted to the member (content-tree/granted-levels.ts). */
export const raisedOnSite = (membership: Membership, rank: number | null): Membership => ({ ...membership, role: higherRole(membership.role, roleOfRank(rank)) });

/** What is granted to the caller on the `sites` row of the statement, as a rank (a column of the site list). */
export const grantedRankOnSite = (callerId: SQL | string) => grantedRank(sql`SELECT ${qualified(sites.id)}`, callerId, qualified(sites.organizationId));
