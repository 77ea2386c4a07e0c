import { z } from "@hono/zod-openapi";
import { getChangeRequestChanges, getRevisionChanges } from "../../domain/content-reads/changes";
import { RevisionQuery } from "../../schemas/revision";
import { ChangeRequestParams, RevisionParams } from "../params";
import { createRouter, errorResponses, revisionReadResponses, userRoute } from "../shared";
import { READ_CONTENT } from "./content";
import { serveContent } from "./serve-content";

/**
 * What changed, page by page (GitBook's `getRevisionSemanticChanges`, `getChangeRequestChanges`):
 * read like every content read, and cached by the revision (the download URLs of changed files by
 * signing window, a merge revision's `mergedFrom` fresh on every request).
 */

const ChangesLimit = {
  limit: z.coerce.number().int().min(0).max(1000).default(10).openapi({ description: "At most this many changes (default 10, at most 1000); `more` counts the others" }),
};

const SemanticChanges = z
  .looseObject({ changes: z.array(z.looseObject({ type: z.string() })), more: z.number().optional(), mergedFrom: z.looseObject({}).optional() })
  .openapi("RevisionSemanticChanges");

export const changesRoutes = createRouter()
  .openapi(
    userRoute({
      tags: ["revision-content"],
      method: "get",
      path: "/spaces/{spaceId}/revisions/{revisionId}/changes",
      operationId: "getRevisionSemanticChanges",
      permission: READ_CONTENT,
      authenticatesInItsRead: true,
      summary: "What the revision changed against its parent, page by page and file by file",
      request: { params: RevisionParams, query: z.object({ ...RevisionQuery, ...ChangesLimit }) },
      responses: { ...revisionReadResponses(SemanticChanges, "The changes"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { spaceId, revisionId } = c.req.valid("param");
      const query = c.req.valid("query");
      return serveContent(c, { kind: "revision", spaceId, revisionId }, query, (ctx, resolved, signing) => getRevisionChanges(ctx, resolved, query.limit, signing.start), {
        signsDownloads: true,
        withMergedFrom: true,
      });
    },
  )
  .openapi(
    userRoute({
      tags: ["change-request-content"],
      method: "get",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/changes",
      operationId: "getChangeRequestChanges",
      permission: READ_CONTENT,
      authenticatesInItsRead: true,
      summary: "What the change request changed against its base, page by page and file by file",
      request: { params: ChangeRequestParams, query: z.object(ChangesLimit) },
      responses: { ...revisionReadResponses(SemanticChanges, "The changes"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      const query = c.req.valid("query");
      return serveContent(c, { kind: "change-request", spaceId, changeRequestId }, query, (ctx, resolved, signing) => getChangeRequestChanges(ctx, resolved, query.limit, signing.start), {
        signsDownloads: true,
      });
    },
  );
