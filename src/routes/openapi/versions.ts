import { z } from "@hono/zod-openapi";
import {
  getOpenAPISpecVersion,
  getOpenAPISpecVersionContent,
  getOpenAPISpecVersionRawContent,
  listOpenAPISpecVersions,
} from "../../domain/openapi/specs";
import { listOf, listQuery } from "../../schemas/list";
import { OpenAPISpecContent, OpenAPISpecRawContent, OpenAPISpecVersion } from "../../schemas/openapi";
import { OpenAPISpecParams, OpenAPISpecVersionParams } from "../params";
import { createRouter, errorResponses, jsonResponse, requesterOf, userRoute } from "../shared";

const tags = ["openapi"];
const permission = { organization: "viewOpenAPISpecs" } as const;
const base = "/orgs/{organizationId}/openapi/{specSlug}/versions";

/** The `latest` routes are registered before `{versionId}`, which would otherwise take "latest" as an id. */
export const openAPISpecVersionRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: base,
      operationId: "listOpenAPISpecVersions",
      permission,
      authenticatesInItsRead: true,
      summary: "List the versions of an OpenAPI specification, newest first",
      tags,
      request: { params: OpenAPISpecParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(OpenAPISpecVersion), "Versions, newest first"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, specSlug } = c.req.valid("param");
      return c.json(await listOpenAPISpecVersions(requesterOf(c), organizationId, specSlug, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: `${base}/latest`,
      operationId: "getLatestOpenAPISpecVersion",
      permission,
      summary: "Get the latest version of an OpenAPI specification",
      tags,
      request: { params: OpenAPISpecParams },
      responses: { 200: jsonResponse(OpenAPISpecVersion, "The latest version"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, specSlug } = c.req.valid("param");
      return c.json(await getOpenAPISpecVersion(c.get("callerContext"), organizationId, specSlug, "latest"), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: `${base}/latest/content`,
      operationId: "getLatestOpenAPISpecVersionContent",
      permission,
      summary: "Get the content of the latest version of an OpenAPI specification",
      tags,
      request: { params: OpenAPISpecParams },
      responses: { 200: jsonResponse(OpenAPISpecContent, "The parsed document and where it can be had"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, specSlug } = c.req.valid("param");
      return c.json(await getOpenAPISpecVersionContent(c.get("callerContext"), organizationId, specSlug, "latest"), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: `${base}/latest/content/raw`,
      operationId: "getLatestOpenAPISpecVersionContentRaw",
      permission,
      summary: "Get the text of the latest version of an OpenAPI specification, exactly as submitted or fetched",
      tags,
      request: { params: OpenAPISpecParams },
      responses: { 200: jsonResponse(OpenAPISpecRawContent, "The text and its format"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, specSlug } = c.req.valid("param");
      return c.json(await getOpenAPISpecVersionRawContent(c.get("callerContext"), organizationId, specSlug, "latest"), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: `${base}/{versionId}`,
      operationId: "getOpenAPISpecVersionById",
      permission,
      summary: "Get a version of an OpenAPI specification",
      tags,
      request: { params: OpenAPISpecVersionParams },
      responses: { 200: jsonResponse(OpenAPISpecVersion, "The version"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, specSlug, versionId } = c.req.valid("param");
      return c.json(await getOpenAPISpecVersion(c.get("callerContext"), organizationId, specSlug, versionId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: `${base}/{versionId}/content`,
      operationId: "getOpenAPISpecVersionContentById",
      permission,
      summary: "Get the content of a version of an OpenAPI specification",
      tags,
      request: { params: OpenAPISpecVersionParams },
      responses: { 200: jsonResponse(OpenAPISpecContent, "The parsed document and where it can be had"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, specSlug, versionId } = c.req.valid("param");
      return c.json(await getOpenAPISpecVersionContent(c.get("callerContext"), organizationId, specSlug, versionId), 200);
    },
  );
