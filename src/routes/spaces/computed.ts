import { z } from "@hono/zod-openapi";
import { computeDocument, computeRevision } from "../../domain/content-reads/computed";
import { ComputedDocumentBody, ComputedRevision, ComputedRevisionBody } from "../../schemas/computed";
import { JSONDocument } from "../../schemas/document";
import { SpaceParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, readerOf, userRoute } from "../shared";
import { READ_CONTENT } from "./content";

/**
 * Computed content without a page (GitBook's `getComputedDocument`, `getComputedRevision`): what
 * a `builtin:openapi` source computes from the organization's spec, for whoever may read the
 * space. POST reads: the source is a body, nothing is written.
 */

const base = { tags: ["space-content"], method: "post" as const, permission: READ_CONTENT, readsPublished: true as const };

export const computedRoutes = createRouter()
  .openapi(
    userRoute({
      ...base,
      path: "/spaces/{spaceId}/content/computed/document",
      operationId: "getComputedDocument",
      summary: "The document a computed source gives (a part of an OpenAPI reference)",
      request: {
        params: SpaceParams,
        query: z.object({ schema: z.enum(["current", "next"]).optional().openapi({ description: "Accepted: documents have one schema here" }) }),
        body: jsonBody(ComputedDocumentBody),
      },
      responses: { 200: jsonResponse(JSONDocument, "Document computed"), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await computeDocument(readerOf(c), c.req.valid("param").spaceId, c.req.valid("json")), 200),
  )
  .openapi(
    userRoute({
      ...base,
      path: "/spaces/{spaceId}/content/computed/revision",
      operationId: "getComputedRevision",
      summary: "The pages a computed source gives (an OpenAPI reference, a page per tag or operation)",
      request: { params: SpaceParams, body: jsonBody(ComputedRevisionBody) },
      responses: { 200: jsonResponse(ComputedRevision, "Computed pages and files"), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await computeRevision(readerOf(c), c.req.valid("param").spaceId, c.req.valid("json")), 200),
  );
