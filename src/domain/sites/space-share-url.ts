import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { RequestContext, RequesterContext } from "../../context";
import { organizations, siteSections, siteShareLinks, siteSpaces, sites, type OrganizationRow, type SiteRow, type SiteSectionRow, type SiteSpaceRow, type SpaceRow } from "../../db/schema";
import { loadSpaceAccess } from "../content-tree/space-access";
import { presentSpace } from "../spaces/present";
import { hashShareKey, shareKeyNotFound } from "./share-links";
import { sectionPublishedUrl, siteSpacePublishedUrl } from "./structure";
import { sitePublishedBase, siteRootFor } from "./urls";

/**
 * `GET /v1/spaces/{spaceId}?shareKey=`: the space as `getSpace` reads it, plus its published URL
 * in the share link's site. The key costs one more round trip, after the access check.
 */
export async function getSpaceThroughShareKey(ctx: RequesterContext, spaceId: string, shareKey: string) {
  const access = await loadSpaceAccess(ctx, spaceId);
  const space = presentSpace(access.row, access.level, ctx.urls);
  const published = await spacePublishedUrlWithShareKey(ctx, access.row, shareKey);
  return published === undefined ? space : { ...space, urls: { ...space.urls, published } };
}

/**
 * `GET /v1/spaces/{spaceId}?shareKey=`: the space's `urls.published` in the site the share key
 * opens, carrying the key. The key must be an active share link of a site of the space's
 * organization, else 404 (as GitBook answers an unknown or revoked link). A site that does not
 * publish the space, or is not published, gives no URL. One round trip, spent only when a key is
 * given (the plain read of a space stays a single round trip): the site, its organization, the
 * site's site spaces of this space and the site's sections, each found through the key's hash.
 */
export async function spacePublishedUrlWithShareKey(ctx: RequestContext, space: SpaceRow, shareKey: string): Promise<string | undefined> {
  const keyHash = await hashShareKey(shareKey);
  const linkedSite = ctx.db
    .select({ siteId: siteShareLinks.siteId })
    .from(siteShareLinks)
    .where(and(eq(siteShareLinks.keyHash, keyHash), eq(siteShareLinks.active, true)));
  // Four reads, not a join: D1 keys batched rows by column name, and these tables share `id`, `path`…
  const [siteRows, organizationRows, siteSpaceRows, sectionRows] = await ctx.db.batch([
    ctx.db.select().from(sites).where(and(inArray(sites.id, linkedSite), eq(sites.organizationId, space.organizationId))).limit(1),
    ctx.db.select().from(organizations).where(eq(organizations.id, space.organizationId)).limit(1),
    // The default site space of its scope first, then by position: the space's main place in the site.
    ctx.db
      .select()
      .from(siteSpaces)
      .where(and(inArray(siteSpaces.siteId, linkedSite), eq(siteSpaces.spaceId, space.id)))
      .orderBy(desc(siteSpaces.isDefault), asc(siteSpaces.position), asc(siteSpaces.id)),
    ctx.db.select().from(siteSections).where(inArray(siteSections.siteId, linkedSite)),
  ]);
  const site = (siteRows as SiteRow[])[0];
  const organization = (organizationRows as OrganizationRow[])[0];
  if (!site || !organization) throw shareKeyNotFound();
  const siteSpace = (siteSpaceRows as SiteSpaceRow[])[0];
  if (!site.published || !siteSpace) return undefined;
  const sections = new Map((sectionRows as SiteSectionRow[]).map((section) => [section.id, section]));
  const root = siteRootFor(sitePublishedBase(ctx.env, ctx.urls, organization, site), shareKey);
  const sectionUrl = sectionPublishedUrl(root, siteSpace.sectionId === null ? undefined : sections.get(siteSpace.sectionId));
  return siteSpacePublishedUrl(sectionUrl, siteSpace) ?? undefined;
}
