import type { RequestContext } from "../../context";
import { LruMap } from "../../lib/lru";
import { conditionHolds } from "../sites/expression";
import { isPage, type PageEntry } from "../revisions/entries";
import { PageTree } from "../revisions/page-tree";
import { MAIN_LINE } from "../revisions/points";
import { readContent, type ReadSource } from "./revision-content";

/**
 * What published reading needs of a revision's page tree, without any body: each page's path
 * (to resolve a URL's path to a page) and the pages that carry a condition (adaptive content: a
 * visitor whose claims fail a page's condition does not see the page, nor anything below it).
 * A revision never changes, so its index is built once per isolate (from one read of its page
 * rows, no bodies) and kept in memory by revision id.
 */
export interface PageIndex {
  revisionId: string;
  /** Page id by path ("" is no page: the root of a space is its first page, found by `firstPage`). */
  byPath: ReadonlyMap<string, string>;
  pathOf: ReadonlyMap<string, string>;
  /** Pages with a condition, for `hiddenPages`. */
  conditional: ReadonlyArray<{ id: string; condition: string }>;
  childrenOf: ReadonlyMap<string, readonly string[]>;
  /** The first page of the table of contents that is a document (what a space's root shows). */
  firstDocumentPages: readonly string[];
  /** The spec (by slug) each computed page is computed from. */
  computedSpecs: ReadonlyMap<string, string>;
  /** Every page in table-of-contents order (depth first), with what a reader's navigation shows of it. */
  ordered: readonly PageSummary[];
}

/** A page without its body: what navigation (the reader's sidebar, breadcrumbs, llms.txt) needs. */
export interface PageSummary {
  id: string;
  parentId: string | null;
  title: string;
  linkTitle?: string;
  emoji?: string;
  /** A Font Awesome name (GitBook's page icon). */
  icon?: string;
  description?: string;
  hidden: boolean;
  group: boolean;
  noIndex: boolean;
  updatedAt: string;
  /** The page's file in a synced Git repository (for "edit on GitHub"). */
  gitPath?: string;
}

const indexes = new LruMap<string, PageIndex>(256);

export function indexFromPages(revisionId: string, pages: Iterable<PageEntry>): PageIndex {
  const tree = new PageTree(pages);
  const byPath = new Map<string, string>();
  const pathOf = new Map<string, string>();
  const childrenOf = new Map<string, string[]>();
  const conditional: Array<{ id: string; condition: string }> = [];
  const firstDocumentPages: string[] = [];
  const computedSpecs = new Map<string, string>();
  const ordered: PageSummary[] = [];
  for (const page of tree.ordered()) {
    ordered.push(summaryOf(page));
    const path = tree.path(page.id);
    if (!byPath.has(path)) byPath.set(path, page.id);
    pathOf.set(page.id, path);
    if (page.parentId !== null) {
      const siblings = childrenOf.get(page.parentId);
      if (siblings) siblings.push(page.id);
      else childrenOf.set(page.parentId, [page.id]);
    }
    if (page.data.condition) conditional.push({ id: page.id, condition: page.data.condition });
    if (!page.data.group && !page.data.hidden) firstDocumentPages.push(page.id);
    if (page.data.computed) computedSpecs.set(page.id, page.data.computed.dependencies.spec.ref.spec);
  }
  return { revisionId, byPath, pathOf, childrenOf, conditional, firstDocumentPages, computedSpecs, ordered };
}

function summaryOf(page: PageEntry): PageSummary {
  const { title, linkTitle, emoji, icon, description, hidden, group, noIndex, noRobotsIndex, updatedAt, git } = page.data;
  return {
    id: page.id,
    parentId: page.parentId,
    title,
    ...(linkTitle ? { linkTitle } : {}),
    ...(emoji ? { emoji } : {}),
    ...(icon ? { icon } : {}),
    ...(description ? { description } : {}),
    hidden: hidden === true,
    group: group === true,
    noIndex: noIndex === true || noRobotsIndex === true,
    updatedAt,
    ...(git?.path ? { gitPath: git.path } : {}),
  };
}

/** The index of the resolved revision: from memory, or read (page rows only) and remembered. */
export async function pageIndexOf(ctx: RequestContext, resolved: ReadSource): Promise<PageIndex> {
  const known = indexes.get(resolved.revisionId);
  if (known) return known;
  const content = await readContent(ctx, resolved, {});
  const index = indexFromPages(resolved.revisionId, [...content.entries.values()].filter(isPage));
  // A head that moved while it was read is another revision's content: used once, never kept.
  if (content.atRevision) indexes.set(resolved.revisionId, index);
  return index;
}

/** The pages a visitor with these claims does not see: those whose condition fails, and every page below them. */
export function hiddenPages(index: PageIndex, claims: Record<string, unknown>): Set<string> {
  const hidden = new Set<string>();
  const pending = index.conditional.filter((page) => !conditionHolds(page.condition, claims)).map((page) => page.id);
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (hidden.has(id)) continue;
    hidden.add(id);
    pending.push(...(index.childrenOf.get(id) ?? []));
  }
  return hidden;
}

/** The index of a space's published revision (its head), named by the id the caller read with the space. */
export function headPageIndex(ctx: RequestContext, space: { id: string; organizationId: string }, revisionId: string): Promise<PageIndex> {
  return pageIndexOf(ctx, {
    space,
    revisionId,
    spaceRevisionId: revisionId,
    changeRequestId: null,
    point: { spaceId: space.id, main: { line: MAIN_LINE, ordinal: 0, isHead: true }, overlay: null },
  });
}

/** The index of a revision whose pages were not read (a space linked as a whole: only its root is known). */
export function emptyPageIndex(revisionId: string): PageIndex {
  return { revisionId, byPath: new Map(), pathOf: new Map(), conditional: [], childrenOf: new Map(), firstDocumentPages: [], computedSpecs: new Map(), ordered: [] };
}
