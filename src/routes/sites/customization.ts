import { z } from "@hono/zod-openapi";
import {
  deleteSiteSpaceCustomization,
  getSiteCustomization,
  getSiteSpaceCustomization,
  overrideSiteSpaceCustomization,
  updateSiteCustomization,
} from "../../domain/sites/customization";
import { OptionalQuerySwitch } from "../../schemas/common";
import { SiteCustomizationSettings, SiteCustomizationSettingsInput, SiteSpaceCustomizationOverrides, SiteSpaceCustomizationSettings } from "../../schemas/site-structure";
import { SiteParams, SiteSpaceParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, userRoute } from "../shared";

const tags = ["sites"];

/** GitBook's deprecated switch; nothing is masked here, so it changes nothing. */
const UnmaskedQuery = z.object({ unmasked: OptionalQuerySwitch("Deprecated, accepted and ignored: nothing is masked") });

export const customizationRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/sites/{siteId}/customization",
      operationId: "getSiteCustomizationById",
      permission: { site: "viewSites" },
      summary: "Get a site's customization (defaults for what was never set)",
      tags,
      request: { params: SiteParams, query: UnmaskedQuery },
      responses: { 200: jsonResponse(SiteCustomizationSettings, "The site's customization"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await getSiteCustomization(c.get("callerContext"), organizationId, siteId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "put",
      path: "/orgs/{organizationId}/sites/{siteId}/customization",
      operationId: "updateSiteCustomizationById",
      permission: { site: "manageSites" },
      summary: "Replace a site's customization; keys left out go back to their defaults",
      tags,
      request: { params: SiteParams, body: jsonBody(SiteCustomizationSettingsInput) },
      responses: { 200: jsonResponse(SiteCustomizationSettings, "The site's customization, updated"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await updateSiteCustomization(c.get("callerContext"), organizationId, siteId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization",
      operationId: "getSiteSpaceCustomizationById",
      permission: { site: "viewSites" },
      summary: "Get a site space's customization: the site's, with the site space's overrides",
      tags,
      request: { params: SiteSpaceParams, query: UnmaskedQuery },
      responses: { 200: jsonResponse(SiteSpaceCustomizationSettings, "The site space's customization"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSpaceId } = c.req.valid("param");
      return c.json(await getSiteSpaceCustomization(c.get("callerContext"), organizationId, siteId, siteSpaceId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization",
      operationId: "overrideSiteSpaceCustomizationById",
      permission: { site: "manageSites" },
      summary: "Override parts of the site's customization for one site space (null clears an override)",
      tags,
      request: { params: SiteSpaceParams, body: jsonBody(SiteSpaceCustomizationOverrides) },
      responses: { 200: jsonResponse(SiteSpaceCustomizationSettings, "The site space's customization, updated"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSpaceId } = c.req.valid("param");
      return c.json(await overrideSiteSpaceCustomization(c.get("callerContext"), organizationId, siteId, siteSpaceId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization",
      operationId: "deleteSiteSpaceCustomizationById",
      permission: { site: "manageSites" },
      summary: "Remove every override of a site space; 204 also when it had none",
      tags,
      request: { params: SiteSpaceParams },
      responses: { 204: noContent("The site space has no overrides"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSpaceId } = c.req.valid("param");
      await deleteSiteSpaceCustomization(c.get("callerContext"), organizationId, siteId, siteSpaceId);
      return c.body(null, 204);
    },
  );
