import type { CallerContext } from "../../context";
import type { SiteStructureShape } from "../../schemas/site-structure";
import { loadSiteAccess } from "./access";
import { presentSiteStructure, readSiteStructure, StructurePresenter } from "./structure";

/**
 * GitBook's `getSiteStructure`: the `structure` of the published profile on its own, read and
 * presented by the same reader and presenter (so both answers always agree). The structure is
 * read alongside the access check (nothing of it is used unless the check passes): one round trip.
 */
export async function getSiteStructure(ctx: CallerContext, organizationId: string, siteId: string, shareKey?: string): Promise<SiteStructureShape> {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "viewSites", shareKey), readSiteStructure(ctx, siteId)]);
  return presentSiteStructure(structure, new StructurePresenter(ctx, structure, { ...access, shareKey }));
}
