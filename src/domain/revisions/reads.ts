import { and, eq, inArray, sql } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { runBatch } from "../../db/batch";
import { changeRequests, contentEntries, documentLinks, revisions, type ContentEntryRow, type DocumentLinkRow, type RevisionRow, type SpaceRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { pageOfItems, type PageRequest } from "../../lib/pagination";
import { changeRequestPoint } from "../change-requests/state";
import { loadChangeRequestAccess } from "../change-requests/change-requests";
import { presentChangeRequest, selectChangeRequestRecords, type ChangeRequestRecord } from "../change-requests/records";
import { loadSpaceAccess } from "../content/access";
import { MAIN_LINE, combineRows, isFile, isPage, selectRevisionRows, type Entry, type LinePoint, type RevisionPoint } from "./entries";
import { PageTree } from "./page-tree";
import { fileOf, presentFileObject, presentFiles, presentPage, presentPages, revisionType, type BodyFormat } from "./present";

/**
 * The content reads of a space (its active revision, seed 4.2) and of a change request (its
 * revision, seed 4.4): each resolves who may read and which revision, then reads everything it
 * needs of that revision in one batch.
 */

export type ContentSource = { kind: "space"; spaceId: string } | { kind: "change-request"; spaceId: string; changeRequestId: string };

interface ResolvedSource {
  space: SpaceRow;
  revisionId: string;
  point: RevisionPoint;
  appBase: string;
}

async function resolve(ctx: CallerContext, source: ContentSource): Promise<ResolvedSource> {
  if (source.kind === "space") {
    const access = await loadSpaceAccess(ctx, source.spaceId);
    const main: LinePoint = { line: MAIN_LINE, ordinal: 0, isHead: true };
    return { space: access.row, revisionId: access.row.revisionId, point: { spaceId: source.spaceId, main, overlay: null }, appBase: `/s/${source.spaceId}` };
  }
  const { space, record, changeRequest } = await loadChangeRequestAccess(ctx, source.spaceId, source.changeRequestId);
  // Main's head is read through its open rows; the ordinal is only needed for an older base.
  const point = changeRequestPoint(changeRequest, changeRequest.revisionMergedAncestor === record.spaceRevisionId);
  return {
    space: space.row,
    revisionId: changeRequest.revisionId,
    point,
    appBase: `/s/${source.spaceId}/~/changes/${changeRequest.number}`,
  };
}

interface RevisionContent {
  source: ResolvedSource;
  entries: Map<string, Entry>;
  /** On a change request: the pages it changed (its own line's rows); empty on main. */
  changedPages: Set<string>;
  revision: RevisionRow | undefined;
  mergedFrom: ChangeRequestRecord | undefined;
  links: DocumentLinkRow[];
}

interface ReadOptions {
  withMarkdown?: boolean;
  withRevision?: boolean;
  /** Links of every page of the revision (the link index), or only those pointing at a target. */
  links?: "all" | { kind: "page" | "file"; target: string };
}

async function readContent(ctx: CallerContext, source: ContentSource, options: ReadOptions): Promise<RevisionContent> {
  const resolved = await resolve(ctx, source);
  const { statements, mainCount } = selectRevisionRows(ctx.db, resolved.point, { withMarkdown: options.withMarkdown });
  const extra = [
    ...(options.withRevision
      ? [
          ctx.db.select().from(revisions).where(eq(revisions.id, resolved.revisionId)).limit(1),
          selectChangeRequestRecords(ctx.db)
            .where(eq(changeRequests.id, sql`(SELECT ${revisions.mergedFrom} FROM ${revisions} WHERE ${revisions.id} = ${resolved.revisionId})`))
            .limit(1),
        ]
      : []),
    ...(options.links ? [selectLinks(ctx, resolved, options.links)] : []),
  ];
  const results = await runBatch(ctx.db, [...statements, ...extra]);
  const entries = combineRows(results.slice(0, statements.length), mainCount);
  const overlayRows = results.slice(mainCount, statements.length).flat() as ContentEntryRow[];
  const rest = results.slice(statements.length);
  return {
    source: resolved,
    entries,
    changedPages: new Set(overlayRows.filter((row) => row.kind === "page").map((row) => row.entryId)),
    revision: options.withRevision ? (rest.shift() as RevisionRow[])[0] : undefined,
    mergedFrom: options.withRevision ? (rest.shift() as ChangeRequestRecord[])[0] : undefined,
    links: options.links ? (rest.shift() as DocumentLinkRow[]) : [],
  };
}

/** Links of the documents the revision's pages use (a superset, narrowed in memory), or to one target. */
function selectLinks(ctx: CallerContext, resolved: ResolvedSource, which: NonNullable<ReadOptions["links"]>) {
  if (which !== "all") {
    return ctx.db
      .select()
      .from(documentLinks)
      .where(and(eq(documentLinks.targetKind, which.kind), eq(documentLinks.target, which.target)));
  }
  const lines = [resolved.point.main.line, ...(resolved.point.overlay ? [resolved.point.overlay.line] : [])];
  return ctx.db
    .select()
    .from(documentLinks)
    .where(
      inArray(
        documentLinks.documentId,
        ctx.db
          .select({ id: contentEntries.documentId })
          .from(contentEntries)
          .where(and(eq(contentEntries.spaceId, resolved.space.id), inArray(contentEntries.line, lines), eq(contentEntries.kind, "page"))),
      ),
    );
}

/** The revision's page tree, presented with absolute app URLs (the page's path in the app). */
function treeOf(ctx: CallerContext, content: RevisionContent, format: BodyFormat = "markdown") {
  const tree = new PageTree(content.entries.values());
  const base = content.source.appBase;
  return { tree, format, appUrl: (page: { id: string }) => ctx.urls.app(`${base}/${tree.path(page.id)}`.replace(/\/$/, "")) };
}

export async function getRevision(ctx: CallerContext, source: ContentSource) {
  const content = await readContent(ctx, source, { withMarkdown: true, withRevision: true });
  const revision = content.revision;
  if (!revision) throw notFound(`Revision '${content.source.revisionId}'`);
  const pages = presentPages(treeOf(ctx, content));
  return {
    object: "revision" as const,
    id: revision.id,
    parents: revision.parents,
    pages,
    files: await presentFiles(ctx, content.entries.values()),
    reusableContents: [],
    tags: [],
    variables: {},
    createdAt: revision.createdAt,
    urls: { app: ctx.urls.app(content.source.appBase) },
    type: revisionType(revision),
    ...(revision.type === "merge" && content.mergedFrom ? { mergedFrom: presentChangeRequest(content.mergedFrom, ctx.urls) } : {}),
  };
}

export async function listPages(ctx: CallerContext, source: ContentSource) {
  const content = await readContent(ctx, source, { withMarkdown: true });
  return { pages: presentPages(treeOf(ctx, content)) };
}

export async function getPage(ctx: CallerContext, source: ContentSource, pageId: string, format: BodyFormat) {
  const content = await readContent(ctx, source, { withMarkdown: true });
  const presentation = treeOf(ctx, content, format);
  const page = presentation.tree.get(pageId);
  if (!page) throw notFound(`Page '${pageId}'`);
  return presentPage(page, presentation);
}

export async function listFiles(ctx: CallerContext, source: ContentSource, request: PageRequest) {
  const content = await readContent(ctx, source, {});
  const page = pageOfItems([...content.entries.values()].filter(isFile), request, "id:asc", (file) => file.id);
  return { ...page, items: await Promise.all(page.items.map((file) => presentFileObject(ctx, fileOf(file)))) };
}

export async function getFile(ctx: CallerContext, source: ContentSource, fileId: string) {
  const content = await readContent(ctx, source, {});
  const file = content.entries.get(`file:${fileId}`);
  if (!file || !isFile(file)) throw notFound(`File '${fileId}'`);
  return presentFileObject(ctx, fileOf(file));
}

/** Pages of the revision that link to a file or a page of it. */
export async function listBacklinks(ctx: CallerContext, source: ContentSource, target: { kind: "page" | "file"; id: string }, request: PageRequest) {
  const content = await readContent(ctx, source, { links: { kind: target.kind, target: target.id } });
  if (!content.entries.has(`${target.kind}:${target.id}`)) throw notFound(`${target.kind === "file" ? "File" : "Page"} '${target.id}'`);
  const linking = new Set(content.links.map((link) => link.documentId));
  const pages = [...content.entries.values()].filter(isPage).filter((page) => page.documentId !== null && linking.has(page.documentId));
  const page = pageOfItems(pages, request, "page:asc", (entry) => entry.id);
  return { ...page, items: page.items.map((entry) => pageReference(content, entry.id)) };
}

function versionContext(content: RevisionContent) {
  return { type: "revision" as const, revision: content.source.revisionId };
}

function pageReference(content: RevisionContent, pageId: string) {
  return {
    kind: "page" as const,
    organization: content.source.space.organizationId,
    space: content.source.space.id,
    versionContext: versionContext(content),
    page: pageId,
  };
}

export type LinkStatus = "ok" | "broken" | "in-app";

/**
 * The link report of a revision (seed 4.1) or of one page of it (4.2, 4.4): one item per link
 * target, with the pages it is linked from. A page or file link whose target is not in the
 * revision is `broken`; an absolute URL into this deployment's app or API is `in-app`.
 */
export async function listLinks(ctx: CallerContext, source: ContentSource, pageId: string | null, status: LinkStatus | undefined, request: PageRequest) {
  const content = await readContent(ctx, source, { links: "all" });
  const pages = [...content.entries.values()].filter(isPage);
  if (pageId !== null && !content.entries.has(`page:${pageId}`)) throw notFound(`Page '${pageId}'`);
  const located = pageId === null ? pages : pages.filter((page) => page.id === pageId);
  const byDocument = new Map<string, DocumentLinkRow[]>();
  for (const link of content.links) byDocument.set(link.documentId, [...(byDocument.get(link.documentId) ?? []), link]);

  const report = new Map<string, { status: LinkStatus; relation: string; target: DocumentLinkRow; locations: string[]; inChangeRequest: boolean }>();
  for (const page of located) {
    for (const link of page.documentId ? (byDocument.get(page.documentId) ?? []) : []) {
      const key = `${link.relation}:${link.targetKind}:${link.target}`;
      const item = report.get(key) ?? { status: linkStatus(ctx, content, link), relation: link.relation, target: link, locations: [], inChangeRequest: false };
      if (!item.locations.includes(page.id)) item.locations.push(page.id);
      item.inChangeRequest ||= content.changedPages.has(page.id);
      report.set(key, item);
    }
  }
  const all = [...report.entries()];
  const broken = all.filter(([, item]) => item.status === "broken");
  const filtered = status ? all.filter(([, item]) => item.status === status) : all;
  const page = pageOfItems(filtered, request, "target:asc", ([key]) => key);
  return {
    ...page,
    items: page.items.map(([, item]) => ({
      status: item.status,
      relation: item.relation,
      targetReference: targetReference(content, item.target),
      locationReferences: item.locations.map((location) => pageReference(content, location)),
    })),
    stats: { total: all.length, broken: { total: broken.length, changeRequest: broken.filter(([, item]) => item.inChangeRequest).length } },
  };
}

function linkStatus(ctx: CallerContext, content: RevisionContent, link: DocumentLinkRow): LinkStatus {
  if (link.targetKind === "page" || link.targetKind === "file") {
    return content.entries.has(`${link.targetKind}:${link.target}`) ? "ok" : "broken";
  }
  const internal = [ctx.urls.app(""), ctx.urls.origin];
  return internal.some((base) => link.target === base || link.target.startsWith(`${base}/`)) ? "in-app" : "ok";
}

function targetReference(content: RevisionContent, link: DocumentLinkRow) {
  if (link.targetKind === "url") return { kind: "url" as const, url: link.target };
  return {
    kind: link.targetKind,
    organization: content.source.space.organizationId,
    space: content.source.space.id,
    versionContext: versionContext(content),
    [link.targetKind]: link.target,
  };
}

