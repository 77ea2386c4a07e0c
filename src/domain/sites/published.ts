import { eq } from "drizzle-orm";
import { isVisitor, type CallerContext, type RequestContext, type VisitorContext } from "../../context";
import { runBatch } from "../../db/batch";
import { siteSpaceCustomizations } from "../../db/schema";
import { loadSiteAccess } from "./access";
import { selectSiteCustomization, siteSettings, siteSpaceCustomizationsFrom } from "./customization";
import type { Settings } from "./customization-settings";
import { presentSite, seenOnSite, type SitePresentation } from "./present";
import { presentSiteStructure, structureFrom, structureReads, StructurePresenter, type SiteStructure } from "./structure";
import { structureSeenBy } from "./visible-structure";
import { loadVisitorSite, VISITOR_MEMBERSHIP, visitorAsMember } from "./visitor-access";

/**
 * The published profile of a site (GitBook's PublishedContentSite): the site, its structure, its
 * customizations (the site's, and each site space's) and its integration scripts (none: no
 * integrations here). One round trip after the access check (which checks the share key too). With a `shareKey` (an active share
 * link of this site; otherwise a 404), every `urls.published` carries the key. A site's visitor
 * (a site token) reads it in one round trip, access included, and sees the structure as their
 * claims show it (adaptive content).
 */
export async function getPublishedSite(ctx: CallerContext | VisitorContext, organizationId: string, siteId: string, shareKey?: string) {
  if (isVisitor(ctx)) return publishedSiteForVisitor(ctx, organizationId, siteId, shareKey);
  const access = await loadSiteAccess(ctx, organizationId, siteId, "viewSites", shareKey);
  const results = await runBatch(ctx.db, profileReads(ctx, siteId));
  return presentProfile(ctx, results, { ...seenOnSite(access), shareKey }, (structure) => structure);
}

async function publishedSiteForVisitor(ctx: VisitorContext, organizationId: string, siteId: string, shareKey: string | undefined) {
  const [{ site, organization }, results] = await loadVisitorSite(ctx, organizationId, siteId, profileReads(ctx, siteId), shareKey);
  const structure = structureFrom(results);
  const presentation = { site, organization, membership: VISITOR_MEMBERSHIP, member: visitorAsMember(organization.id), siteSpaceCount: structure.siteSpaces.size, shareKey };
  return presentProfile(ctx, results, presentation, (whole) => structureSeenBy(whole, ctx.visitor.claims));
}

const profileReads = (ctx: RequestContext, siteId: string) => [
  selectSiteCustomization(ctx.db, siteId),
  ctx.db.select().from(siteSpaceCustomizations).where(eq(siteSpaceCustomizations.siteId, siteId)),
  ...structureReads(ctx, siteId),
];

function presentProfile(
  ctx: RequestContext,
  results: unknown[],
  viewer: SitePresentation & Pick<ConstructorParameters<typeof StructurePresenter>[2], "member" | "site">,
  seen: (structure: SiteStructure) => SiteStructure,
) {
  const structure = seen(structureFrom(results));
  const site = publicSettings(siteSettings((results[0] as Array<{ settings: Settings; updatedAt: string }>)[0]));
  const overrides = results[1] as Array<{ siteSpaceId: string; overrides: Settings; updatedAt: string }>;
  const siteSpaceIds = [...structure.siteSpaces.keys()];
  const siteSpaces = Object.fromEntries(Object.entries(siteSpaceCustomizationsFrom(site, siteSpaceIds, overrides)).map(([id, settings]) => [id, publicSettings(settings)]));
  return {
    object: "published-content-site" as const,
    site: presentSite(ctx, viewer.site, viewer),
    structure: presentSiteStructure(structure, new StructurePresenter(ctx, structure, viewer)),
    customizations: { site, siteSpaces },
    scripts: [],
  };
}

/** GitBook: the AI instructions are "never exposed on the published site". */
function publicSettings(settings: Settings): Settings {
  const ai = settings.ai as Settings | undefined;
  if (!ai || !("instructions" in ai)) return settings;
  const { instructions: _private, ...rest } = ai;
  return { ...settings, ai: rest };
}
