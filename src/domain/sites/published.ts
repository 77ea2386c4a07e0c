import { eq } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { runBatch } from "../../db/batch";
import { siteSpaceCustomizations } from "../../db/schema";
import { loadSiteAccess } from "./access";
import { selectSiteCustomization, siteSettings, siteSpaceCustomizationsFrom } from "./customization";
import type { Settings } from "./customization-settings";
import { presentSite } from "./present";
import { presentSiteStructure, structureFrom, structureReads, StructurePresenter } from "./structure";

/**
 * The published profile of a site (GitBook's PublishedContentSite): the site, its structure, its
 * customizations (the site's, and each site space's) and its integration scripts (none: no
 * integrations here). One round trip after the access check (which checks the share key too). With a `shareKey` (an active share
 * link of this site; otherwise a 404), every `urls.published` carries the key.
 */
export async function getPublishedSite(ctx: CallerContext, organizationId: string, siteId: string, shareKey?: string) {
  const access = await loadSiteAccess(ctx, organizationId, siteId, "viewSites", shareKey);
  const results = await runBatch(ctx.db, [
    selectSiteCustomization(ctx.db, siteId),
    ctx.db.select().from(siteSpaceCustomizations).where(eq(siteSpaceCustomizations.siteId, siteId)),
    ...structureReads(ctx, siteId),
  ]);
  const structure = structureFrom(results);
  const site = publicSettings(siteSettings((results[0] as Array<{ settings: Settings; updatedAt: string }>)[0]));
  const overrides = results[1] as Array<{ siteSpaceId: string; overrides: Settings; updatedAt: string }>;
  const siteSpaceIds = [...structure.siteSpaces.keys()];
  const siteSpaces = Object.fromEntries(Object.entries(siteSpaceCustomizationsFrom(site, siteSpaceIds, overrides)).map(([id, settings]) => [id, publicSettings(settings)]));
  return {
    object: "published-content-site" as const,
    site: presentSite(ctx, access.site, { ...access, shareKey }),
    structure: presentSiteStructure(structure, new StructurePresenter(ctx, structure, { ...access, shareKey })),
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
