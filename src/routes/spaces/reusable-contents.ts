import { z } from "@hono/zod-openapi";
import { getReusableContent, getReusableContentDocument } from "../../domain/content-reads/reusable-contents";
import type { ContentSource } from "../../domain/content-reads/revision-content";
import { JSONDocument } from "../../schemas/document";
import { PageQuery, RevisionQuery, RevisionReusableContent } from "../../schemas/revision";
import { ChangeRequestParams, ReusableContentParam, RevisionParams, SpaceParams } from "../params";
import { createRouter, errorResponses, revisionReadResponses, userRoute } from "../shared";
import { PUBLISHED_READ, READ_CONTENT } from "./content";
import { dereferences, serveContent } from "./serve-content";

/**
 * GitBook's reads of reusable contents (no list: a revision lists them in `reusableContents`): one
 * by id in a space's active revision, a change request's revision, or any revision by id, and its
 * body as a document in a revision. Served like every content read (content.ts): access and the
 * revision on every request, then the revision cache, strong ETags and 304s.
 */

export const reusableContentRoutes = createRouter();

const scopes = [
  {
    tag: "space-content",
    path: "/spaces/{spaceId}/content/reusable-contents/{reusableContentId}",
    operationId: "getReusableContentById",
    params: SpaceParams,
    sourceOf: ({ spaceId }: { spaceId: string }): ContentSource => ({ kind: "space", spaceId }),
  },
  {
    tag: "change-request-content",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}",
    operationId: "getReusableContentInChangeRequestById",
    params: ChangeRequestParams,
    sourceOf: ({ spaceId, changeRequestId }: { spaceId: string; changeRequestId?: string }): ContentSource => ({
      kind: "change-request",
      spaceId,
      changeRequestId: changeRequestId!,
    }),
  },
  {
    tag: "revision-content",
    path: "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}",
    operationId: "getReusableContentInRevisionById",
    params: RevisionParams,
    sourceOf: ({ spaceId, revisionId }: { spaceId: string; revisionId?: string }): ContentSource => ({ kind: "revision", spaceId, revisionId: revisionId! }),
  },
];

for (const scope of scopes) {
  reusableContentRoutes.openapi(
    userRoute({
      method: "get",
      path: scope.path,
      operationId: scope.operationId,
      tags: [scope.tag],
      permission: READ_CONTENT,
      ...PUBLISHED_READ,
      summary: "A reusable content of the revision: its title, its body's document id and its Git path",
      request: { params: z.object({ ...scope.params.shape, ...ReusableContentParam }), query: z.object(RevisionQuery) },
      responses: { ...revisionReadResponses(RevisionReusableContent, "The reusable content"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const params = c.req.valid("param");
      return serveContent(c, scope.sourceOf(params), c.req.valid("query"), (ctx, resolved) => getReusableContent(ctx, resolved, params.reusableContentId));
    },
  );
}

const DocumentQuery = z.object({ evaluated: PageQuery.shape.evaluated, dereferenced: PageQuery.shape.dereferenced });

reusableContentRoutes.openapi(
  userRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document",
    operationId: "getReusableContentDocumentInRevisionById",
    tags: ["revision-content"],
    permission: READ_CONTENT,
    ...PUBLISHED_READ,
    summary: "The body of a reusable content of the revision, as a document",
    request: { params: RevisionParams.extend(ReusableContentParam), query: DocumentQuery },
    responses: { ...revisionReadResponses(JSONDocument, "The reusable content's document"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { spaceId, revisionId, reusableContentId } = c.req.valid("param");
    const query = c.req.valid("query");
    return serveContent(c, { kind: "revision", spaceId, revisionId }, query, (ctx, resolved) =>
      getReusableContentDocument(ctx, resolved, reusableContentId, dereferences(query.dereferenced)),
    );
  },
);
