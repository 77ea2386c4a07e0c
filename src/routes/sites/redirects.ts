import { z } from "@hono/zod-openapi";
import { createRedirect, deleteRedirect, getRedirectBySource, listRedirects, updateRedirect } from "../../domain/sites/redirects";
import { listOf, listQuery } from "../../schemas/list";
import { CreateSiteRedirectBody, SiteRedirect, SiteRedirectBySourceQuery, SiteRedirectListQuery, SiteRedirectLookup, UpdateSiteRedirectBody } from "../../schemas/site-redirects";
import { pathParam, SiteParams } from "../params";
import { createRouter, created, createdResponse, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["site-redirects"];
const SITE = "/orgs/{organizationId}/sites/{siteId}";
const SiteRedirectParams = SiteParams.extend({ siteRedirectId: pathParam("siteRedirectId", "The unique id of the site redirect") });

/** Site redirects (GitBook's site-redirects operations). */
export const siteRedirectRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: `${SITE}/redirects`,
      operationId: "listSiteRedirects",
      permission: { site: "viewSites" },
      authenticatesInItsRead: true,
      summary: "List a site's live redirects (or, with `draft=true`, its drafts), newest first unless `orderBy` says otherwise",
      tags,
      request: { params: SiteParams, query: z.object({ ...listQuery, ...SiteRedirectListQuery.shape }) },
      responses: { 200: jsonResponse(listOf(SiteRedirect), "The site's redirects"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await listRedirects(requesterOf(c), organizationId, siteId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: `${SITE}/redirects`,
      operationId: "createSiteRedirect",
      permission: { site: "manageSites" },
      summary: "Create a redirect from a source path of the site to a section, site space or page of the site, or an external URL; a source has one redirect (409)",
      tags,
      request: { params: SiteParams, body: jsonBody(CreateSiteRedirectBody) },
      responses: { 201: createdResponse(SiteRedirect, "The redirect was created"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      const redirect = await createRedirect(c.get("callerContext"), organizationId, siteId, c.req.valid("json"));
      return created(c, redirect);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: `${SITE}/redirects/{siteRedirectId}`,
      operationId: "updateSiteRedirectById",
      permission: { site: "manageSites" },
      summary: "Update a redirect: only the fields given change",
      tags,
      request: { params: SiteRedirectParams, body: jsonBody(UpdateSiteRedirectBody) },
      responses: { 200: jsonResponse(SiteRedirect, "The redirect"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { organizationId, siteId, siteRedirectId } = c.req.valid("param");
      return c.json(await updateRedirect(c.get("callerContext"), organizationId, siteId, siteRedirectId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: `${SITE}/redirects/{siteRedirectId}`,
      operationId: "deleteSiteRedirectById",
      permission: { site: "manageSites" },
      summary: "Delete a redirect: 205 when it was deleted, 204 when it did not exist",
      tags,
      request: { params: SiteRedirectParams },
      responses: { 204: noContent("Site redirect did not exist"), 205: noContent("Site redirect deleted"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteRedirectId } = c.req.valid("param");
      const outcome = await deleteRedirect(c.get("callerContext"), organizationId, siteId, siteRedirectId);
      return c.body(null, outcome === "deleted" ? 205 : 204);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: `${SITE}/redirect`,
      operationId: "getSiteRedirectBySource",
      permission: { site: "viewSites" },
      readsPublished: true,
      summary: "The live redirect a path of the site matches (its exact source, else the longest wildcard) and the published URL it sends visitors to; 404 when none, or when its destination is gone",
      tags,
      request: { params: SiteParams, query: SiteRedirectBySourceQuery },
      responses: { 200: jsonResponse(SiteRedirectLookup, "The redirect and its target"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      const { source, shareKey } = c.req.valid("query");
      return c.json(await getRedirectBySource(c.get("visitorContext") ?? c.get("callerContext"), organizationId, siteId, source, shareKey), 200);
    },
  );
