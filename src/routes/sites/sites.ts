import { z } from "@hono/zod-openapi";
import { createSite, deleteSite, getSite, listSites, setSitePublished, updateSite } from "../../domain/sites/sites";
import { listOf, listQuery } from "../../schemas/list";
import { CreateSiteBody, Site, SiteListFilters, UpdateSiteBody } from "../../schemas/site";
import { OrganizationParams, SiteParams } from "../params";
import { createRouter, created, createdResponse, errorResponses, jsonBody, jsonResponse, noContent, optionalJsonBody, requesterOf, userRoute } from "../shared";

const tags = ["sites"];

export const siteRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/sites",
      operationId: "listSites",
      permission: { organization: "view", note: "Guests see only the sites shared with them." },
      authenticatesInItsRead: true,
      summary: "List the sites of an organization, oldest first (filters: space, title, published, type)",
      tags,
      request: { params: OrganizationParams, query: z.object({ ...listQuery, ...SiteListFilters }) },
      responses: { 200: jsonResponse(listOf(Site), "Sites"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listSites(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/sites",
      operationId: "createSite",
      permission: { organization: "manageSites" },
      summary: "Create a site, unpublished; `spaces` become its site spaces",
      tags,
      request: { params: OrganizationParams, body: optionalJsonBody(CreateSiteBody) },
      responses: { 201: createdResponse(Site, "The site has been created"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const site = await createSite(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json"));
      return created(c, site, site.urls.location);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/sites/{siteId}",
      operationId: "getSiteById",
      permission: { site: "viewSites" },
      summary: "Get a site",
      tags,
      request: { params: SiteParams },
      responses: { 200: jsonResponse(Site, "The site"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await getSite(c.get("callerContext"), organizationId, siteId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/orgs/{organizationId}/sites/{siteId}",
      operationId: "updateSiteById",
      permission: { site: "manageSites" },
      summary: "Update a site: title, visibility, basename, adaptive content, agents context, defaults, proxy, hostname",
      tags,
      request: { params: SiteParams, body: jsonBody(UpdateSiteBody) },
      responses: { 200: jsonResponse(Site, "The site has been updated"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await updateSite(c.get("callerContext"), organizationId, siteId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/sites/{siteId}",
      operationId: "deleteSiteById",
      permission: { site: "manageSites" },
      summary: "Delete a site with its structure, customization and share links; 204 also when it did not exist",
      tags,
      request: { params: SiteParams },
      responses: { 204: noContent("The site no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      await deleteSite(c.get("callerContext"), organizationId, siteId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/sites/{siteId}/publish",
      operationId: "publishSite",
      permission: { site: "manageSites" },
      summary: "Publish a site: `published` becomes true (publishing a published site changes nothing)",
      tags,
      request: { params: SiteParams },
      responses: { 200: jsonResponse(Site, "The site, published"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await setSitePublished(c.get("callerContext"), organizationId, siteId, true), 200);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/sites/{siteId}/unpublish",
      operationId: "unpublishSite",
      permission: { site: "manageSites" },
      summary: "Unpublish a site: `published` becomes false",
      tags,
      request: { params: SiteParams },
      responses: { 200: jsonResponse(Site, "The site, unpublished"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await setSitePublished(c.get("callerContext"), organizationId, siteId, false), 200);
    },
  );
