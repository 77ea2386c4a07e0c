import { getPublishedSite } from "../../domain/sites/published";
import { PublishedSiteQuery } from "../../schemas/site";
import { PublishedContentSite } from "../../schemas/site-structure";
import { SiteParams } from "../params";
import { createRouter, errorResponses, jsonResponse, userRoute } from "../shared";

export const publishedRoutes = createRouter().openapi(
  userRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/published",
    operationId: "getPublishedContentSite",
    permission: { site: "viewSites" },
    readsPublished: true,
    summary: "The published profile of a site: the site, its structure, customizations and scripts (`shareKey`: URLs carry it; an unknown or revoked key is a 404)",
    tags: ["sites"],
    request: { params: SiteParams, query: PublishedSiteQuery },
    responses: { 200: jsonResponse(PublishedContentSite, "The published site profile"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    return c.json(await getPublishedSite(c.get("visitorContext") ?? c.get("callerContext"), organizationId, siteId, c.req.valid("query").shareKey), 200);
  },
);
