import { z } from "@hono/zod-openapi";
import { addSiteSpace, deleteSiteSpace, listSiteSpaces, moveSiteSpace, updateSiteSpace } from "../../domain/sites/site-spaces";
import { boundFrom } from "../../domain/sites/structure-writes";
import { listOf, listQuery } from "../../schemas/list";
import { AddSiteSpaceBody, MoveSiteSpaceBody, ShareKeyQuery, SiteSpace, SiteSpaceListQuery, UpdateSiteSpaceBody } from "../../schemas/site-structure-inputs";
import { created, createdResponse, createRouter, errorResponses, jsonBody, jsonResponse, noContent, optionalJsonBody, requesterOf, userRoute } from "../shared";
import { SITE, SiteSpaceStructureParams, SiteStructureParams } from "./structure-params";

const tags = ["site-structure"];

/** Site spaces (seed 4.11): the spaces a site publishes, in its sections or at its root. */
export const siteSpaceRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: `${SITE}/site-spaces`,
      operationId: "listSiteSpaces",
      permission: { site: "viewSites" },
      authenticatesInItsRead: true,
      summary: "List the site spaces of a site in structure order (by section, then position); `default` keeps only the defaults or only the others",
      tags,
      request: { params: SiteStructureParams, query: z.object({ ...listQuery, ...ShareKeyQuery, ...SiteSpaceListQuery }) },
      responses: { 200: jsonResponse(listOf(SiteSpace), "Site spaces"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await listSiteSpaces(requesterOf(c), organizationId, siteId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: `${SITE}/site-spaces`,
      operationId: "addSpaceToSite",
      permission: { site: "manageSites" },
      summary: "Add a space of the organization to a section (default: the default section, or the root of a site without sections), at its end",
      tags,
      request: { params: SiteStructureParams, body: jsonBody(AddSiteSpaceBody) },
      responses: { 201: createdResponse(SiteSpace, "The site space has been added"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return created(c, await addSiteSpace(c.get("callerContext"), organizationId, siteId, c.req.valid("json")));
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: `${SITE}/site-spaces/{siteSpaceId}`,
      operationId: "updateSiteSpaceById",
      permission: { site: "manageSites" },
      summary: "Update a site space: path, condition, the space it publishes",
      tags,
      request: { params: SiteSpaceStructureParams, body: jsonBody(UpdateSiteSpaceBody) },
      responses: { 200: jsonResponse(SiteSpace, "The site space"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSpaceId } = c.req.valid("param");
      return c.json(await updateSiteSpace(c.get("callerContext"), organizationId, siteId, siteSpaceId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: `${SITE}/site-spaces/{siteSpaceId}`,
      operationId: "deleteSiteSpaceById",
      permission: { site: "manageSites" },
      summary: "Remove a site space from the site (the space itself is kept); the next one becomes the default if it was; 204 also when it did not exist",
      tags,
      request: { params: SiteSpaceStructureParams },
      responses: { 204: noContent("The site space no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSpaceId } = c.req.valid("param");
      await deleteSiteSpace(c.get("callerContext"), organizationId, siteId, siteSpaceId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: `${SITE}/site-spaces/{siteSpaceId}/move`,
      operationId: "moveSiteSpace",
      deprecated: true,
      permission: { site: "manageSites" },
      summary: "Deprecated (use sortSiteStructure): place a site space before or after another of its section (or the root), or at the end",
      tags,
      request: { params: SiteSpaceStructureParams, body: optionalJsonBody(MoveSiteSpaceBody) },
      responses: { 200: jsonResponse(SiteSpace, "The site space, moved"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSpaceId } = c.req.valid("param");
      const bound = boundFrom(c.req.valid("json").position, (pointer) => pointer.siteSpace);
      return c.json(await moveSiteSpace(c.get("callerContext"), organizationId, siteId, siteSpaceId, bound), 200);
    },
  );
