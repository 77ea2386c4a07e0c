import { getSiteStructure } from "../../domain/sites/structure-read";
import { PublishedSiteQuery } from "../../schemas/site";
import { SiteStructure } from "../../schemas/site-structure";
import { SiteParams } from "../params";
import { createRouter, errorResponses, jsonResponse, userRoute } from "../shared";

/** GitBook's `getSiteStructure`: the published profile's `structure` on its own. */
export const siteStructureReadRoutes = createRouter().openapi(
  userRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/structure",
    operationId: "getSiteStructure",
    permission: { site: "viewSites" },
    readsPublished: true,
    summary: "A site's whole structure: its sections and section groups in order, each with its site spaces, or the site spaces of a site without sections (`shareKey`: URLs carry it; an unknown or revoked key is a 404)",
    tags: ["site-structure"],
    request: { params: SiteParams, query: PublishedSiteQuery },
    responses: { 200: jsonResponse(SiteStructure, "The site's structure"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    return c.json(await getSiteStructure(c.get("visitorContext") ?? c.get("callerContext"), organizationId, siteId, c.req.valid("query").shareKey), 200);
  },
);
