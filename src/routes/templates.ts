import { z } from "@hono/zod-openapi";
import { applyTemplateToSpace, listTemplates } from "../domain/templates/templates";
import { listOf, listQuery } from "../schemas/list";
import { ApplyTemplateToSpaceBody, SpaceTemplate } from "../schemas/template";
import { SpaceParams } from "./params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, userRoute } from "./shared";

/**
 * Templates: the catalogue (our own `GET /v1/templates`, in GitBook's `SpaceTemplate` shape) and
 * GitBook's `applyTemplateToSpace`, which adds a template's pages to a space's content as a new
 * revision made by the space's coordinator (domain/templates). createChangeRequest's `template`
 * is served by the change request route.
 */
export const templateRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/templates",
      operationId: "listSpaceTemplates",
      permission: { anyUser: "the catalogue is the same for everyone" },
      summary: "List the catalogue of templates a space's content can start from",
      description:
        "The templates `applyTemplateToSpace` and `createChangeRequest` take by id, in GitBook's `SpaceTemplate` shape; `references` names what each one's `params.contentRefs` may fill. The id of a space of the same organization is a template too (its content is copied).",
      tags: ["templates"],
      request: { query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(SpaceTemplate), "The catalogue"), ...errorResponses(400) },
    }),
    (c) => c.json(listTemplates(c.get("callerContext").urls, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/spaces/{spaceId}/content/template",
      operationId: "applyTemplateToSpace",
      permission: { content: "edit", on: "space" },
      summary: "Apply a content template to populate a space with initial pages",
      description:
        "Adds the template's pages after the space's own, as one new revision of the main content, or, with `changeRequestId`, of that change request. The template is a template of `GET /v1/templates` or the id of a space of the same organization, whose live content is copied. A locked space refuses (403).",
      tags: ["space-content"],
      request: { params: SpaceParams, body: jsonBody(ApplyTemplateToSpaceBody) },
      responses: { 201: noContent("Template applied to space."), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      await applyTemplateToSpace(c.get("callerContext"), c.req.valid("param").spaceId, c.req.valid("json"));
      return c.body(null, 201);
    },
  );
