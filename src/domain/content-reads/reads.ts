import type { RequestContext } from "../../context";
import { notFound } from "../../lib/errors";
import { pageOfItems, type PageRequest } from "../../lib/pagination";
import { withComputedContent } from "../computed-pages/openapi-pages";
import { presentChangeRequest } from "../change-requests/records";
import { isFile } from "../revisions/entries";
import { fileOf, presentFileObject, presentFiles, presentPage, presentPages, presentReusableContents, revisionType, type BodyFormat } from "../revisions/present";
import { neighbourhoodEntries, selectPageNeighbourhood } from "../revisions/page-neighbourhood";
import { selectPageIdAtPath } from "../revisions/page-path";
import { expandPlacedReusableContents } from "./reusable-contents";
import { readContent, selectHeads, stillAtRevision, treeOf, type ResolvedSource, type RevisionRead } from "./revision-content";

/**
 * The revision, its pages and its files, as a space (seed 4.2) or a change request (4.4) reads them,
 * once `resolveContent` has decided the caller may. Each is a function of the revision only (and
 * of `signedAt`, the instant download URLs are signed as of), so its result can be cached.
 */

/** The revision, without `mergedFrom` (that change request can still change: see `mergedFromOf`). */
export async function getRevision(ctx: RequestContext, resolved: ResolvedSource, signedAt: number): Promise<RevisionRead<object>> {
  const content = await readContent(ctx, resolved, { withMarkdown: true, withRevision: true });
  const revision = content.revision;
  if (!revision) throw notFound(`Revision '${resolved.revisionId}'`);
  const value = {
    object: "revision" as const,
    id: revision.id,
    parents: revision.parents,
    pages: presentPages(treeOf(ctx, resolved, content.entries.values())),
    files: await presentFiles(ctx, content.entries.values(), signedAt),
    reusableContents: presentReusableContents(content.entries.values()),
    tags: [],
    variables: {},
    createdAt: revision.createdAt,
    urls: { app: ctx.urls.app(resolved.appBase) },
    type: revisionType(revision),
    // The commit an imported revision was made from: immutable, like the rest of the revision.
    ...(revision.git ? { git: revision.git } : {}),
  };
  return { value, atRevision: content.atRevision };
}

/** The part of a merge revision read fresh on every request: the change request it merged. */
export function mergedFromOf(ctx: RequestContext, resolved: ResolvedSource) {
  return resolved.mergedFrom ? { mergedFrom: presentChangeRequest(resolved.mergedFrom, ctx.urls) } : {};
}

export async function listPages(ctx: RequestContext, resolved: ResolvedSource) {
  const content = await readContent(ctx, resolved, { withMarkdown: true });
  return { value: { pages: presentPages(treeOf(ctx, resolved, content.entries.values())) }, atRevision: content.atRevision };
}

/** A page named by its id, or by its path (its slugs from the root; at least one). */
export type PageTarget = { id: string } | { path: readonly string[] };

/**
 * One page: reads the page, its ancestors and the pages below it only, whatever the size of the
 * space; a page named by its path is found in the same statement, walking its slugs down the tree
 * (revisions/page-path.ts). A computed page read with `computed` gets its generated content, which
 * depends on its spec's latest version as well as the revision (so it is not cached by revision).
 * With `dereferenced`, the reusable contents the bodies place are expanded into them.
 */
export async function getPage(ctx: RequestContext, resolved: ResolvedSource, target: PageTarget, format: BodyFormat, computed = true, dereferenced = false) {
  const byPath = "path" in target ? target.path.join("/") : null;
  if (byPath === "") throw notFound("Page at path ''");
  const pageId = "id" in target ? target.id : selectPageIdAtPath(resolved.point, target.path);
  const [heads, rows] = await ctx.db.batch([selectHeads(ctx, resolved), selectPageNeighbourhood(ctx.db, resolved.point, pageId)]);
  const presentation = treeOf(ctx, resolved, neighbourhoodEntries(rows).values(), format);
  // Read by path, the rows are the page's ancestors, itself and its subtree: it is the one at that path.
  const page = "id" in target ? presentation.tree.get(target.id) : [...presentation.tree.pages.values()].find((entry) => presentation.tree.path(entry.id) === byPath);
  if (!page) throw notFound("id" in target ? `Page '${target.id}'` : `Page at path '${byPath}'`);
  // The page and the pages below it are presented with their bodies; its ancestors are not.
  const expanded = dereferenced ? await expandPlacedReusableContents(ctx, resolved, presentation.tree.subtree(page.id)) : true;
  const atRevision = stillAtRevision(resolved, heads) && expanded;
  const presented = presentPage(page, presentation);
  if (!computed || !page.data.computed) return { value: presented, atRevision };
  const value = await withComputedContent(ctx, resolved.space.organizationId, presented, page.data.computed, format);
  return { value, atRevision, beyondRevision: true };
}

export async function listFiles(ctx: RequestContext, resolved: ResolvedSource, request: PageRequest, signedAt: number) {
  const content = await readContent(ctx, resolved, {});
  const page = pageOfItems([...content.entries.values()].filter(isFile), request, "id:asc", (file) => file.id);
  const items = await Promise.all(page.items.map((file) => presentFileObject(ctx, fileOf(file), signedAt)));
  return { value: { ...page, items }, atRevision: content.atRevision };
}

export async function getFile(ctx: RequestContext, resolved: ResolvedSource, fileId: string, signedAt: number) {
  const content = await readContent(ctx, resolved, {});
  const file = content.entries.get(`file:${fileId}`);
  if (!file || !isFile(file)) throw notFound(`File '${fileId}'`);
  return { value: await presentFileObject(ctx, fileOf(file), signedAt), atRevision: content.atRevision };
}
