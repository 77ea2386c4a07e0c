import { z } from "@hono/zod-openapi";
import { getDocumentOfSpace, getPageDocument } from "../../domain/content-reads/documents";
import { JSONDocument } from "../../schemas/document";
import { PageQuery } from "../../schemas/revision";
import { PageParam, RevisionParams, SpaceParams } from "../params";
import { createRouter, errorResponses, revisionReadResponses, userRoute } from "../shared";
import { READ_CONTENT } from "./content";
import { dereferences, serveContent } from "./serve-content";

/**
 * Page bodies as GitBook's JSON documents (`getDocumentById`, `getPageDocumentInRevisionById`):
 * what GitBook's renderer reads to show a page. Read like every content read (access on every
 * request, then the revision cache), and converted from the stored markdown.
 */

const DocumentParams = SpaceParams.extend({
  documentId: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,128}$/, "must be 1 to 128 letters, digits, '_' or '-'")
    .openapi({ param: { name: "documentId", in: "path", required: true }, description: "The id of the document (a page's `documentId`)" }),
});

/** `evaluated` (accepted: see docs/decisions.md) and `dereferenced` (reusable contents expanded), as the page read takes them. */
const PageDocumentQuery = PageQuery.pick({ evaluated: true, dereferenced: true });

export const documentRoutes = createRouter()
  .openapi(
    userRoute({
      tags: ["space-content"],
      method: "get",
      path: "/spaces/{spaceId}/documents/{documentId}",
      operationId: "getDocumentById",
      permission: { ...READ_CONTENT, note: "Only bodies a page of the space uses (in any revision) can be read; with a site token, a page of the published revision the visitor sees." },
      authenticatesInItsRead: true,
      readsPublished: true,
      summary: "A page body by its document id, as a JSON document",
      request: {
        params: DocumentParams,
        query: z.object({
          schema: z.enum(["current", "next"]).optional().openapi({ description: "Accepted: documents have one schema here" }),
        }),
      },
      responses: { ...revisionReadResponses(JSONDocument, "The document"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { spaceId, documentId } = c.req.valid("param");
      return serveContent(c, { kind: "space", spaceId }, c.req.valid("query"), (ctx, resolved) => getDocumentOfSpace(ctx, resolved, documentId), {
        cachedBy: `document:${documentId}`,
      });
    },
  )
  .openapi(
    userRoute({
      tags: ["revision-content"],
      method: "get",
      path: "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document",
      operationId: "getPageDocumentInRevisionById",
      permission: READ_CONTENT,
      authenticatesInItsRead: true,
      readsPublished: true,
      summary: "The body of a page at a revision, as a JSON document",
      request: { params: RevisionParams.extend(PageParam), query: PageDocumentQuery },
      responses: { ...revisionReadResponses(JSONDocument, "The page's document"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { spaceId, revisionId, pageId } = c.req.valid("param");
      const query = c.req.valid("query");
      return serveContent(c, { kind: "revision", spaceId, revisionId }, query, (ctx, resolved) => getPageDocument(ctx, resolved, pageId, dereferences(query.dereferenced)));
    },
  );
