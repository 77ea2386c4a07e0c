import { z } from "@hono/zod-openapi";
import { createShareLink, deleteShareLink, listShareLinks, updateShareLink } from "../../domain/sites/share-links";
import { listOf, listQuery } from "../../schemas/list";
import { CreateShareLinkBody, ShareLink, ShareLinkListQuery, UpdateShareLinkBody } from "../../schemas/site";
import { SiteParams, SiteShareLinkParams } from "../params";
import { createRouter, created, createdResponse, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["sites"];

export const shareLinkRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/sites/{siteId}/share-links",
      operationId: "listSiteShareLinks",
      permission: { site: "manageSites" },
      authenticatesInItsRead: true,
      summary: "List a site's share links, oldest first (their keys are never shown again)",
      tags,
      request: { params: SiteParams, query: z.object({ ...listQuery, ...ShareLinkListQuery.shape }) },
      responses: { 200: jsonResponse(listOf(ShareLink), "Share links"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await listShareLinks(requesterOf(c), organizationId, siteId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/sites/{siteId}/share-links",
      operationId: "createSiteShareLink",
      permission: { site: "manageSites" },
      summary: "Create a share link; the answer shows its key, this once",
      tags,
      request: { params: SiteParams, body: jsonBody(CreateShareLinkBody) },
      responses: { 201: createdResponse(ShareLink, "The share link has been created"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      const link = await createShareLink(c.get("callerContext"), organizationId, siteId, c.req.valid("json").name);
      return created(c, link, c.get("callerContext").urls.api(`/orgs/${organizationId}/sites/${siteId}/share-links/${link.id}`));
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}",
      operationId: "updateSiteShareLinkById",
      permission: { site: "manageSites" },
      summary: "Rename a share link, or (de)activate it: an inactive link's key opens nothing",
      tags,
      request: { params: SiteShareLinkParams, body: jsonBody(UpdateShareLinkBody) },
      responses: { 200: jsonResponse(ShareLink, "The share link has been updated"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, shareLinkId } = c.req.valid("param");
      return c.json(await updateShareLink(c.get("callerContext"), organizationId, siteId, shareLinkId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}",
      operationId: "deleteSiteShareLinkById",
      permission: { site: "manageSites" },
      summary: "Delete a share link (its key stops working); 204 also when it did not exist",
      tags,
      request: { params: SiteShareLinkParams },
      responses: { 204: noContent("The share link no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, shareLinkId } = c.req.valid("param");
      await deleteShareLink(c.get("callerContext"), organizationId, siteId, shareLinkId);
      return c.body(null, 204);
    },
  );
