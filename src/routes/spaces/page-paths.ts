import { z } from "@hono/zod-openapi";
import { getPage } from "../../domain/content-reads/reads";
import type { ContentSource } from "../../domain/content-reads/revision-content";
import { pathSegments } from "../../domain/revisions/page-path";
import { QuerySwitch } from "../../schemas/common";
import { PageQuery, RevisionPage } from "../../schemas/revision";
import { ChangeRequestParams, RevisionParams, SpaceParams } from "../params";
import { createRouter, errorResponses, revisionReadResponses, userRoute, type Router } from "../shared";
import { PUBLISHED_READ, READ_CONTENT } from "./content";
import { dereferences, serveContent } from "./serve-content";

/**
 * A page by its path (GitBook's `getPageByPath`, `getPageInRevisionByPath`,
 * `getPageInChangeRequestByPath`): what a renderer asks for a URL it has not resolved to a page
 * id. The same query and answer as the page read by id, through the same revision cache; the
 * page is found by walking its slugs down the tree (revisions/page-path.ts), so it stays a
 * one-page read.
 *
 * A path has `/` in it: clients send it raw (GitBook's own client does:
 * `…/content/path/guides/install`) or encoded (`guides%2Finstall`), and both are taken. Hono
 * matches a parameter across segments only with a pattern (`{pagePath{.+}}`), which is no OpenAPI
 * path: each route is routed under that pattern without being documented, and documented under
 * GitBook's path (`{pagePath}`) without being routed.
 */

const PagePath = z
  .string()
  .min(1)
  .max(2048)
  .openapi({ param: { name: "pagePath", in: "path", required: true }, description: "The path of the page in the revision: its slugs from the root, joined by '/'", example: "getting-started/installation" });

const PagePathQuery = PageQuery.extend({
  cachedMetadata: QuerySwitch("Accepted: Git metadata is part of the revision, never cached apart from it", "false"),
});

interface PathScope {
  tag: string;
  operationId: string;
  /** GitBook's path, without its `{pagePath}` tail. */
  prefix: string;
  params: typeof SpaceParams | typeof ChangeRequestParams | typeof RevisionParams;
  sourceOf: (params: { spaceId: string; changeRequestId?: string; revisionId?: string }) => ContentSource;
}

const scopes: PathScope[] = [
  {
    tag: "space-content",
    operationId: "getPageByPath",
    prefix: "/spaces/{spaceId}/content/path",
    params: SpaceParams,
    sourceOf: ({ spaceId }) => ({ kind: "space", spaceId }),
  },
  {
    tag: "revision-content",
    operationId: "getPageInRevisionByPath",
    prefix: "/spaces/{spaceId}/revisions/{revisionId}/path",
    params: RevisionParams,
    sourceOf: ({ spaceId, revisionId }) => ({ kind: "revision", spaceId, revisionId: revisionId! }),
  },
  {
    tag: "change-request-content",
    operationId: "getPageInChangeRequestByPath",
    prefix: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/path",
    params: ChangeRequestParams,
    sourceOf: ({ spaceId, changeRequestId }) => ({ kind: "change-request", spaceId, changeRequestId: changeRequestId! }),
  },
];

export const pagePathRoutes: Router = createRouter();

for (const scope of scopes) {
  const route = userRoute({
    tags: [scope.tag],
    method: "get",
    path: `${scope.prefix}/{pagePath}`,
    operationId: scope.operationId,
    permission: READ_CONTENT,
    ...PUBLISHED_READ,
    summary: "A page of the revision by its path, with its body as markdown (default) or a document",
    request: { params: z.object({ ...scope.params.shape, pagePath: PagePath }), query: PagePathQuery },
    responses: { ...revisionReadResponses(RevisionPage, "The page (a document page, or a group)"), ...errorResponses(400, 404) },
  });
  const { middleware: _routed, ...documented } = route;
  pagePathRoutes.openAPIRegistry.registerPath(documented);
  pagePathRoutes.openapi({ ...route, path: `${scope.prefix}/{pagePath{.+}}`, hide: true }, async (c) => {
    const { pagePath, ...params } = c.req.valid("param");
    const query = c.req.valid("query");
    return serveContent(c, scope.sourceOf(params), query, (ctx, resolved) =>
      getPage(ctx, resolved, { path: pathSegments(pagePath) }, query.format, query.computed, dereferences(query.dereferenced)),
    );
  });
}
