import { z } from "@hono/zod-openapi";
import { listBacklinks, listLinks } from "../../domain/content-reads/links";
import { getFile, getPage, getRevision, listFiles, listPages } from "../../domain/content-reads/reads";
import type { ContentSource } from "../../domain/content-reads/revision-content";
import { listOf, listQuery } from "../../schemas/list";
import { LinkReportItem, LinkStats, LinkStatusQuery, PageQuery, Revision, RevisionFile, RevisionPage, RevisionQuery } from "../../schemas/revision";
import { ChangeRequestParams, FileParam, PageParam, RevisionParams, SpaceParams } from "../params";
import { createRouter, errorResponses, revisionReadResponses, userRoute } from "../shared";
import { dereferences, serveContent } from "./serve-content";

/**
 * The read-only content routes, declared once for the places content is read: a space's active
 * revision (seed 4.2), a change request's revision (seed 4.4), and any revision of a space by its
 * id (GitBook's `getRevisionById`...: main's past revisions, a change request's, a standalone Git
 * import's). Each authorizes the caller and resolves the revision on every request, then answers
 * from the revision cache (or reads, on a miss) with a strong ETag, and 304 when `If-None-Match`
 * has it.
 */


/** Every content read needs to see the space (a change request's content is the space's too). */
export const READ_CONTENT = { content: "view", on: "space" } as const;
/** Each authenticates in its access round trip: a cached read costs that one round trip. */
export const IN_ITS_READ = { authenticatesInItsRead: true } as const;
/** The reads a site's visitor makes too (what a published page shows): the same, with a site token. */
export const PUBLISHED_READ = { ...IN_ITS_READ, readsPublished: true } as const;

const BacklinkItem = z.looseObject({ kind: z.literal("page"), page: z.string() }).openapi("ContentBacklink");
const LinkReport = listOf(LinkReportItem).extend({ stats: LinkStats });

/** The path parameters of every scope: each names its own. */
type ScopeParams = { spaceId: string; changeRequestId?: string; revisionId?: string };

interface Scope {
  tag: string;
  prefix: string;
  params: typeof SpaceParams | typeof ChangeRequestParams | typeof RevisionParams;
  sourceOf: (params: ScopeParams) => ContentSource;
  /** GitBook's operationIds; a scope without one of the optional reads does not serve it. */
  operations: {
    revision: string;
    pages: string;
    files: string;
    file: string;
    fileBacklinks?: string;
    page: string;
    pageLinks?: string;
    pageBacklinks?: string;
  };
}

const scopes: Scope[] = [
  {
    tag: "space-content",
    prefix: "/spaces/{spaceId}/content",
    params: SpaceParams,
    sourceOf: ({ spaceId }) => ({ kind: "space", spaceId }),
    operations: {
      revision: "getCurrentRevision",
      pages: "listPages",
      files: "listFiles",
      file: "getFileById",
      fileBacklinks: "listSpaceFileBacklinks",
      page: "getPageById",
      pageLinks: "listPageLinksInSpace",
      pageBacklinks: "listSpacePageBacklinks",
    },
  },
  {
    tag: "change-request-content",
    prefix: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
    params: ChangeRequestParams,
    sourceOf: ({ spaceId, changeRequestId }) => ({ kind: "change-request", spaceId, changeRequestId: changeRequestId! }),
    operations: {
      revision: "getRevisionOfChangeRequestById",
      pages: "listPagesInChangeRequest",
      files: "listFilesInChangeRequestById",
      file: "getFileInChangeRequestById",
      fileBacklinks: "listChangeRequestFileBacklinks",
      page: "getPageInChangeRequestById",
      pageLinks: "listPageLinksInChangeRequest",
      pageBacklinks: "listChangeRequestPageBacklinks",
    },
  },
  {
    tag: "revision-content",
    prefix: "/spaces/{spaceId}/revisions/{revisionId}",
    params: RevisionParams,
    sourceOf: ({ spaceId, revisionId }) => ({ kind: "revision", spaceId, revisionId: revisionId! }),
    operations: {
      revision: "getRevisionById",
      pages: "listPagesInRevisionById",
      files: "listFilesInRevisionById",
      file: "getFileInRevisionById",
      page: "getPageInRevisionById",
    },
  },
];

export const contentRoutes = createRouter();

for (const scope of scopes) {
  const tags = [scope.tag];
  const base = { tags, method: "get" as const };
  const params = z.object(scope.params.shape);
  const withFile = z.object({ ...scope.params.shape, ...FileParam });
  const withPage = z.object({ ...scope.params.shape, ...PageParam });
  const source = (param: ScopeParams) => scope.sourceOf(param);

  contentRoutes
    .openapi(
      userRoute({
        ...base,
        path: scope.prefix,
        operationId: scope.operations.revision,
        permission: READ_CONTENT,
        ...PUBLISHED_READ,
        summary: "The revision: page tree (with bodies), files and metadata",
        request: { params, query: z.object(RevisionQuery) },
        responses: { ...revisionReadResponses(Revision, "The revision"), ...errorResponses(400, 404) },
      }),
      async (c) =>
        serveContent(c, source(c.req.valid("param")), c.req.valid("query"), (ctx, resolved, signing) => getRevision(ctx, resolved, signing.start), {
          signsDownloads: true,
          withMergedFrom: true,
        }),
    )
    .openapi(
      userRoute({
        ...base,
        path: `${scope.prefix}/pages`,
        operationId: scope.operations.pages,
        permission: READ_CONTENT,
        ...PUBLISHED_READ,
        summary: "The page tree of the revision",
        request: { params, query: z.object(RevisionQuery) },
        responses: { ...revisionReadResponses(z.object({ pages: z.array(RevisionPage) }), "The pages"), ...errorResponses(400, 404) },
      }),
      async (c) => serveContent(c, source(c.req.valid("param")), c.req.valid("query"), (ctx, resolved) => listPages(ctx, resolved)),
    )
    .openapi(
      userRoute({
        ...base,
        path: `${scope.prefix}/files`,
        operationId: scope.operations.files,
        permission: READ_CONTENT,
        ...PUBLISHED_READ,
        summary: "The files of the revision, by id",
        request: { params, query: z.object({ ...listQuery, ...RevisionQuery }) },
        responses: { ...revisionReadResponses(listOf(RevisionFile), "Files"), ...errorResponses(400, 404) },
      }),
      async (c) =>
        serveContent(c, source(c.req.valid("param")), c.req.valid("query"), (ctx, resolved, signing) => listFiles(ctx, resolved, c.req.valid("query"), signing.start), {
          signsDownloads: true,
        }),
    )
    .openapi(
      userRoute({
        ...base,
        path: `${scope.prefix}/files/{fileId}`,
        operationId: scope.operations.file,
        permission: READ_CONTENT,
        ...PUBLISHED_READ,
        summary: "A file of the revision, with an expiring download URL",
        request: { params: withFile, query: z.object(RevisionQuery) },
        responses: { ...revisionReadResponses(RevisionFile, "The file"), ...errorResponses(400, 404) },
      }),
      async (c) =>
        serveContent(c, source(c.req.valid("param")), c.req.valid("query"), (ctx, resolved, signing) => getFile(ctx, resolved, c.req.valid("param").fileId, signing.start), {
          signsDownloads: true,
        }),
    );

  if (scope.operations.fileBacklinks) {
    contentRoutes.openapi(
      userRoute({
        ...base,
        path: `${scope.prefix}/files/{fileId}/backlinks`,
        operationId: scope.operations.fileBacklinks,
        permission: READ_CONTENT,
        ...IN_ITS_READ,
        summary: "The pages of the revision that link to the file",
        request: { params: withFile, query: z.object(listQuery) },
        responses: { ...revisionReadResponses(listOf(BacklinkItem), "Backlinks"), ...errorResponses(400, 404) },
      }),
      async (c) =>
        serveContent(c, source(c.req.valid("param")), c.req.valid("query"), (ctx, resolved) =>
          listBacklinks(ctx, resolved, { kind: "file", id: c.req.valid("param").fileId }, c.req.valid("query")),
        ),
    );
  }

  contentRoutes.openapi(
    userRoute({
      ...base,
      path: `${scope.prefix}/page/{pageId}`,
      operationId: scope.operations.page,
      permission: READ_CONTENT,
      ...PUBLISHED_READ,
      summary: "A page of the revision, with its body as markdown (default) or a document",
      request: { params: withPage, query: PageQuery },
      responses: { ...revisionReadResponses(RevisionPage, "The page"), ...errorResponses(400, 404) },
    }),
    async (c) =>
      serveContent(c, source(c.req.valid("param")), c.req.valid("query"), (ctx, resolved) =>
        getPage(ctx, resolved, { id: c.req.valid("param").pageId }, c.req.valid("query").format, c.req.valid("query").computed, dereferences(c.req.valid("query").dereferenced)),
      ),
  );

  if (scope.operations.pageLinks) {
    contentRoutes.openapi(
      userRoute({
        ...base,
        path: `${scope.prefix}/page/{pageId}/links`,
        operationId: scope.operations.pageLinks,
        permission: READ_CONTENT,
        ...IN_ITS_READ,
        summary: "The links of a page, with their status",
        request: { params: withPage, query: z.object({ ...listQuery, status: LinkStatusQuery }) },
        responses: { ...revisionReadResponses(LinkReport, "Link report"), ...errorResponses(400, 404) },
      }),
      async (c) => {
        const { status, ...page } = c.req.valid("query");
        return serveContent(c, source(c.req.valid("param")), c.req.valid("query"), (ctx, resolved) =>
          listLinks(ctx, resolved, c.req.valid("param").pageId, { status }, page),
        );
      },
    );
  }

  if (scope.operations.pageBacklinks) {
    contentRoutes.openapi(
      userRoute({
        ...base,
        path: `${scope.prefix}/page/{pageId}/backlinks`,
        operationId: scope.operations.pageBacklinks,
        permission: READ_CONTENT,
        ...IN_ITS_READ,
        summary: "The pages of the revision that link to the page",
        request: { params: withPage, query: z.object(listQuery) },
        responses: { ...revisionReadResponses(listOf(BacklinkItem), "Backlinks"), ...errorResponses(400, 404) },
      }),
      async (c) =>
        serveContent(c, source(c.req.valid("param")), c.req.valid("query"), (ctx, resolved) =>
          listBacklinks(ctx, resolved, { kind: "page", id: c.req.valid("param").pageId }, c.req.valid("query")),
        ),
    );
  }
}

contentRoutes.openapi(
  userRoute({
    method: "get",
    path: "/spaces/{spaceId}/links",
    operationId: "listSpaceLinks",
    permission: { content: "view", on: "space" },
    ...IN_ITS_READ,
    summary: "The link report of the space's active revision",
    tags: ["spaces"],
    request: { params: SpaceParams, query: z.object({ ...listQuery, status: LinkStatusQuery }) },
    responses: { ...revisionReadResponses(LinkReport, "Link report"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { status, ...page } = c.req.valid("query");
    return serveContent(c, { kind: "space", spaceId: c.req.valid("param").spaceId }, c.req.valid("query"), (ctx, resolved) =>
      listLinks(ctx, resolved, null, { status }, page),
    );
  },
);

contentRoutes.openapi(
  userRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/links",
    operationId: "listChangeRequestLinks",
    permission: READ_CONTENT,
    ...IN_ITS_READ,
    summary: "The link report of the change request's revision",
    tags: ["change-request-content"],
    request: {
      params: ChangeRequestParams,
      query: z.object({
        ...listQuery,
        status: LinkStatusQuery,
        brokenContext: z
          .enum(["change-request", "space"])
          .optional()
          .openapi({ description: "change-request: broken links only where the pages it changed have them; space (default): every broken link" }),
      }),
    },
    responses: { ...revisionReadResponses(LinkReport, "Link report"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { status, brokenContext, ...page } = c.req.valid("query");
    const { spaceId, changeRequestId } = c.req.valid("param");
    return serveContent(c, { kind: "change-request", spaceId, changeRequestId }, c.req.valid("query"), (ctx, resolved) =>
      listLinks(ctx, resolved, null, { status, brokenContext }, page),
    );
  },
);
