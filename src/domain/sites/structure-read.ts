import { isVisitor, type CallerContext, type VisitorContext } from "../../context";
import type { SiteStructureShape } from "../../schemas/site-structure";
import { loadSiteAccess } from "./access";
import { presentSiteStructure, readSiteStructure, structureFrom, structureReads, StructurePresenter } from "./structure";
import { structureSeenBy } from "./visible-structure";
import { loadVisitorSite, visitorAsMember } from "./visitor-access";

/**
 * GitBook's `getSiteStructure`: the `structure` of the published profile on its own, read and
 * presented by the same reader and presenter (so both answers always agree). The structure is
 * read alongside the access check (nothing of it is used unless the check passes): one round trip.
 * A site's visitor sees it as their claims show it (domain/sites/visible-structure.ts).
 */
export async function getSiteStructure(ctx: CallerContext | VisitorContext, organizationId: string, siteId: string, shareKey?: string): Promise<SiteStructureShape> {
  if (isVisitor(ctx)) {
    const [{ site, organization }, results] = await loadVisitorSite(ctx, organizationId, siteId, structureReads(ctx, siteId), shareKey);
    const structure = structureSeenBy(structureFrom(results), ctx.visitor.claims);
    return presentSiteStructure(structure, new StructurePresenter(ctx, structure, { member: visitorAsMember(organization.id), organization, site, shareKey }));
  }
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "viewSites", shareKey), readSiteStructure(ctx, siteId)]);
  return presentSiteStructure(structure, new StructurePresenter(ctx, structure, { ...access, shareKey }));
}
