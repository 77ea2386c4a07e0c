import { getPublishingAuth, regeneratePublishingAuth, updatePublishingAuth } from "../../domain/sites/publishing-auth";
import { SitePublishingAuth, SitePublishingAuthUpdate } from "../../schemas/publishing-auth";
import { SiteParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, userRoute } from "../shared";

const tags = ["sites"];
const path = "/orgs/{organizationId}/sites/{siteId}/publishing/auth";
const MANAGE = { site: "manageSites" } as const;

/** Visitor authentication (`visitor-auth` sites): the key visitors' JWTs are signed with, and the fallback URL. */
export const publishingAuthRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path,
      operationId: "getSitePublishingAuthById",
      permission: MANAGE,
      summary: "The site's visitor-authentication settings and key (made, with a fresh key, on first read)",
      tags,
      request: { params: SiteParams },
      responses: { 200: jsonResponse(SitePublishingAuth, "The publishing auth"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await getPublishingAuth(c.get("callerContext"), organizationId, siteId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path,
      operationId: "updateSitePublishingAuthById",
      permission: MANAGE,
      summary: "Change the backend (only `custom` here), the fallback and logout URLs",
      tags,
      request: { params: SiteParams, body: jsonBody(SitePublishingAuthUpdate) },
      responses: { 200: jsonResponse(SitePublishingAuth, "The publishing auth"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await updatePublishingAuth(c.get("callerContext"), organizationId, siteId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: `${path}/regenerate`,
      operationId: "regenerateSitePublishingAuthById",
      permission: MANAGE,
      summary: "A new key: visitor tokens signed with the old one, and the site tokens minted from them, stop working at once",
      tags,
      request: { params: SiteParams },
      responses: { 200: jsonResponse(SitePublishingAuth, "The publishing auth, with its new key"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await regeneratePublishingAuth(c.get("callerContext"), organizationId, siteId), 200);
    },
  );
