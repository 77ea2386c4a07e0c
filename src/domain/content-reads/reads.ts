import type { CallerContext } from "../../context";
import { notFound } from "../../lib/errors";
import { pageOfItems, type PageRequest } from "../../lib/pagination";
import { presentChangeRequest } from "../change-requests/records";
import { isFile } from "../revisions/entries";
import { fileOf, presentFileObject, presentFiles, presentPage, presentPages, revisionType, type BodyFormat } from "../revisions/present";
import { readContent, treeOf, type ContentSource } from "./revision-content";

/** The revision, its pages and its files, as a space (seed 4.2) or a change request (4.4) reads them. */

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

