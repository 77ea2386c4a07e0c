import { z } from "@hono/zod-openapi";
import {
  createOpenAPISpec,
  deleteOpenAPISpec,
  getOpenAPISpec,
  listOpenAPISpecs,
  putOpenAPISpec,
  updateOpenAPISpecVisibility,
} from "../../domain/openapi/specs";
import { listOf, listQuery } from "../../schemas/list";
import { CreateOpenAPISpec, MAX_OPENAPI_SPEC_BYTES, OpenAPISpec, UpdateOpenAPISpecSource, UpdateOpenAPISpecVisibility } from "../../schemas/openapi";
import { OpenAPISpecParams, OrganizationParams } from "../params";
import { createRouter, created, createdResponse, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["openapi"];

/** A spec's text can be 5 MB; escaped in JSON it may take up to about twice that. */
const SPEC_BODY_BYTES = 2 * MAX_OPENAPI_SPEC_BYTES + 4096;

const PROCESSING_NOTE =
  "The spec is stored as `pending` and processed in the background (fetched, parsed, checked); its `processingState`, `lastVersion` and `lastProcess*` fields tell the outcome.";

export const openAPISpecRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/openapi",
      operationId: "listOpenAPISpecs",
      permission: { organization: "viewOpenAPISpecs" },
      authenticatesInItsRead: true,
      summary: "List the organization's OpenAPI specifications, by slug",
      tags,
      request: { params: OrganizationParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(OpenAPISpec), "OpenAPI specifications"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listOpenAPISpecs(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/openapi",
      operationId: "createOpenAPISpec",
      permission: { organization: "createOpenAPISpec" },
      summary: "Create an OpenAPI specification from a URL or a text",
      description: PROCESSING_NOTE,
      maxBodyBytes: SPEC_BODY_BYTES,
      tags,
      request: { params: OrganizationParams, body: jsonBody(CreateOpenAPISpec) },
      responses: { 201: createdResponse(OpenAPISpec, "The specification, pending processing"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { slug, source } = c.req.valid("json");
      const spec = await createOpenAPISpec(c.get("callerContext"), c.req.valid("param").organizationId, slug, source);
      return created(c, spec, spec.urls.location);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/openapi/{specSlug}",
      operationId: "getOpenAPISpecBySlug",
      permission: { organization: "viewOpenAPISpecs" },
      summary: "Get an OpenAPI specification by its slug",
      tags,
      request: { params: OpenAPISpecParams },
      responses: { 200: jsonResponse(OpenAPISpec, "The specification"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, specSlug } = c.req.valid("param");
      return c.json(await getOpenAPISpec(c.get("callerContext"), organizationId, specSlug), 200);
    },
  )
  .openapi(
    userRoute({
      method: "put",
      path: "/orgs/{organizationId}/openapi/{specSlug}",
      operationId: "createOrUpdateOpenAPISpecBySlug",
      permission: { organization: "editOpenAPISpecs", note: "A new slug is created, which needs `createOpenAPISpec` (the same role)." },
      summary: "Replace the source of an OpenAPI specification, or create it under this slug",
      description: PROCESSING_NOTE,
      maxBodyBytes: SPEC_BODY_BYTES,
      tags,
      request: { params: OpenAPISpecParams, body: jsonBody(UpdateOpenAPISpecSource) },
      responses: {
        200: jsonResponse(OpenAPISpec, "The specification was updated, pending processing"),
        201: createdResponse(OpenAPISpec, "The specification was created, pending processing"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const { organizationId, specSlug } = c.req.valid("param");
      const outcome = await putOpenAPISpec(c.get("callerContext"), organizationId, specSlug, c.req.valid("json").source);
      return outcome.created ? created(c, outcome.spec, outcome.spec.urls.location) : c.json(outcome.spec, 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/orgs/{organizationId}/openapi/{specSlug}",
      operationId: "updateOpenAPISpecBySlug",
      permission: { organization: "editOpenAPISpecs" },
      summary: "Update the visibility of an OpenAPI specification",
      description: "`public` serves the latest version's document without a token at `urls.published`; `private` stops it (404 there).",
      tags,
      request: { params: OpenAPISpecParams, body: jsonBody(UpdateOpenAPISpecVisibility) },
      responses: { 200: jsonResponse(OpenAPISpec, "The specification"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, specSlug } = c.req.valid("param");
      return c.json(await updateOpenAPISpecVisibility(c.get("callerContext"), organizationId, specSlug, c.req.valid("json").visibility), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/openapi/{specSlug}",
      operationId: "deleteOpenAPISpecBySlug",
      permission: { organization: "editOpenAPISpecs" },
      summary: "Delete an OpenAPI specification and all its versions; 204 also when it did not exist",
      tags,
      request: { params: OpenAPISpecParams },
      responses: { 204: noContent("The specification no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, specSlug } = c.req.valid("param");
      await deleteOpenAPISpec(c.get("callerContext"), organizationId, specSlug);
      return c.body(null, 204);
    },
  );
