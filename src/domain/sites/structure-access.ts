import { and, eq } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { siteAdaptiveSchemas, siteShareLinks, sites, type SiteRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { assertOrganizationAction, type OrganizationAction } from "../../lib/permissions";
import { sha256Hex } from "../../lib/tokens";
import { loadOrganizationAccess, type OrganizationAccess } from "../organizations/access";

/**
 * The site a structure route is about, as the caller may act on it: outsiders get the
 * organization's 404, a role that may not act a 403, an unknown site (or another organization's)
 * a 404. The site row (with its adaptive schema, which conditions are checked against) is read
 * concurrently with the access check and used only once that check passes.
 */
export interface SiteStructureAccess extends OrganizationAccess {
  site: SiteRow;
  /** The site's adaptive JSON Schema, null when it has none. */
  adaptiveSchema: Record<string, unknown> | null;
}

export const siteNotFound = (siteId: string) => notFound(`Site '${siteId}'`);

export async function loadSiteStructureAccess(
  ctx: CallerContext,
  organizationId: string,
  siteId: string,
  action: OrganizationAction,
  shareKey?: string,
): Promise<SiteStructureAccess> {
  const [access, [row], shareLinkFound] = await Promise.all([
    loadOrganizationAccess(ctx, organizationId),
    ctx.db
      .select({ site: sites, adaptiveSchema: siteAdaptiveSchemas.jsonSchema })
      .from(sites)
      .leftJoin(siteAdaptiveSchemas, eq(siteAdaptiveSchemas.siteId, sites.id))
      .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
      .limit(1),
    shareKey === undefined ? Promise.resolve(true) : activeShareLinkExists(ctx, siteId, shareKey),
  ]);
  assertOrganizationAction(access.membership, action);
  if (!row) throw siteNotFound(siteId);
  // A share key that opens nothing is a 404, as GitBook answers for an unknown or revoked link.
  if (!shareLinkFound) throw notFound("Share link");
  return { ...access, site: row.site, adaptiveSchema: row.adaptiveSchema ?? null };
}

/** Whether `shareKey` is an active share link of the site (keys are stored as their SHA-256 only). */
async function activeShareLinkExists(ctx: CallerContext, siteId: string, shareKey: string): Promise<boolean> {
  const keyHash = await sha256Hex(shareKey);
  const [link] = await ctx.db
    .select({ id: siteShareLinks.id })
    .from(siteShareLinks)
    .where(and(eq(siteShareLinks.keyHash, keyHash), eq(siteShareLinks.siteId, siteId), eq(siteShareLinks.active, true)))
    .limit(1);
  return link !== undefined;
}
