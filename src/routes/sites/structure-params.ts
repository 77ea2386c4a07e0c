import { OrganizationParams, pathParam } from "../params";

/** The path parameters of a site's structure routes (the Sites routes declare `SiteParams` the same way). */
export const SiteStructureParams = OrganizationParams.extend({ siteId: pathParam("siteId", "The unique id of the site") });
export const SiteSectionParams = SiteStructureParams.extend({ siteSectionId: pathParam("siteSectionId", "The unique id of the site section") });
export const SiteSpaceStructureParams = SiteStructureParams.extend({ siteSpaceId: pathParam("siteSpaceId", "The unique id of the site space") });
export const SiteSectionGroupParams = SiteStructureParams.extend({
  siteSectionGroupId: pathParam("siteSectionGroupId", "The unique id of the site section group"),
});
export const SiteSectionGroupSectionParams = SiteSectionGroupParams.extend({ siteSectionId: pathParam("siteSectionId", "The unique id of the site section") });

/** Where a structure route's site is: `/orgs/{organizationId}/sites/{siteId}`. */
export const SITE = "/orgs/{organizationId}/sites/{siteId}";
