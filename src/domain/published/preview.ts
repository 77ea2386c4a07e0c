import type { CallerContext } from "../../context";
import { badRequest } from "../../lib/errors";
import { decodeRison, RisonError } from "../../lib/rison";
import { loadSiteAccess } from "../sites/access";
import { readSiteStructure, sectionPublishedUrl, siteSpacePublishedUrl } from "../sites/structure";
import { publishedUrl, sitePublishedBase } from "../sites/urls";
import { mintPreviewToken, PREVIEW_SEGMENT } from "./preview-token";

/**
 * `getSitePublishingPreviewById`: a URL, valid an hour, that opens the site (published or not yet,
 * whatever its visibility) at a site space (the default one unless named) as a visitor with the
 * given claims would see it. The claims come Rison-encoded, as GitBook's operation takes them
 * (`(plan:pro,unsigned:(beta:!t))`); they are the visitor's claims as conditions read them.
 */
export async function getSitePreviewUrl(ctx: CallerContext, organizationId: string, siteId: string, query: { siteSpace?: string; claims?: string }): Promise<{ url: string }> {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "viewSites"), readSiteStructure(ctx, siteId)]);
  const claims = claimsOf(query.claims);
  const ordered = structure.siteSpacesInOrder();
  const named = query.siteSpace === undefined ? undefined : structure.siteSpaces.get(query.siteSpace);
  if (query.siteSpace !== undefined && !named) throw badRequest(`Invalid query parameter 'siteSpace': '${query.siteSpace}' is not a site space of this site`);
  const defaultSection = structure.sectionsInOrder().find((section) => section.isDefault);
  const target = named ?? ordered.find(({ siteSpace }) => siteSpace.isDefault && siteSpace.sectionId === (defaultSection?.id ?? null)) ?? ordered[0];
  if (!target) throw badRequest("The site has no site space to preview: add a space to it first");
  const token = await mintPreviewToken(ctx.env, { siteId, memberId: ctx.caller.id, claims });
  const root = publishedUrl(sitePublishedBase(ctx.env, ctx.urls, access.organization, access.site), `${PREVIEW_SEGMENT}/${token}/`);
  const section = target.siteSpace.sectionId === null ? undefined : structure.sections.get(target.siteSpace.sectionId);
  return { url: siteSpacePublishedUrl(sectionPublishedUrl(root, section), target.siteSpace)! };
}

function claimsOf(encoded: string | undefined): Record<string, unknown> {
  if (encoded === undefined || encoded === "") return {};
  let decoded: unknown;
  try {
    decoded = decodeRison(encoded);
  } catch (error) {
    if (error instanceof RisonError) throw badRequest(`Invalid query parameter 'claims': not Rison (${error.message})`);
    throw error;
  }
  if (decoded === null || typeof decoded !== "object" || Array.isArray(decoded)) throw badRequest("Invalid query parameter 'claims': must be a Rison object, e.g. (plan:pro)");
  return decoded as Record<string, unknown>;
}
