import { getAdaptiveSchema, listTemplateConditions, putAdaptiveSchema } from "../../domain/sites/adaptive";
import { SiteAdaptiveSchema, SiteAdaptiveTemplateConditions, UpdateSiteAdaptiveSchemaBody } from "../../schemas/site-structure-inputs";
import { createRouter, errorResponses, jsonBody, jsonResponse, requesterOf, userRoute } from "../shared";
import { SITE, SiteStructureParams } from "./structure-params";

const tags = ["site-structure"];

/** A site's adaptive-content schema and the conditions it suggests (seed 4.9, 2.17). */
export const adaptiveRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: `${SITE}/adaptive-schema`,
      operationId: "getSiteAdaptiveSchema",
      permission: { site: "viewSites" },
      summary: "Get the site's adaptive schema (404 until one is set)",
      tags,
      request: { params: SiteStructureParams },
      responses: { 200: jsonResponse(SiteAdaptiveSchema, "The adaptive schema"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await getAdaptiveSchema(c.get("callerContext"), organizationId, siteId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "put",
      path: `${SITE}/adaptive-schema`,
      operationId: "updateSiteAdaptiveSchema",
      permission: { site: "manageSites" },
      summary: "Set the site's adaptive schema: a JSON Schema (draft-07) of the visitor's claims, checked before it is kept",
      tags,
      request: { params: SiteStructureParams, body: jsonBody(UpdateSiteAdaptiveSchemaBody) },
      responses: { 200: jsonResponse(SiteAdaptiveSchema, "The adaptive schema"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await putAdaptiveSchema(c.get("callerContext"), organizationId, siteId, c.req.valid("json").jsonSchema), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: `${SITE}/adaptive-schema/template-conditions`,
      operationId: "listSiteAdaptiveTemplateConditions",
      permission: { site: "viewSites" },
      authenticatesInItsRead: true,
      summary: "List conditions a writer can use, derived from the claims of the site's adaptive schema (none without one)",
      tags,
      request: { params: SiteStructureParams },
      responses: { 200: jsonResponse(SiteAdaptiveTemplateConditions, "Suggested conditions"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await listTemplateConditions(requesterOf(c), organizationId, siteId), 200);
    },
  );
