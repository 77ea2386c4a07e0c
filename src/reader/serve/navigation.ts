import type { PageIndex, PageSummary } from "../../domain/content-reads/page-index";
import type { ReaderLink, ReaderTreeItem } from "../model";
import type { SiteLinks } from "./links";

/**
 * The navigation of a site space for one visitor, from its page index (no bodies read): the
 * sidebar's tree, a page's breadcrumbs and its previous and next pages. Pages a condition hides
 * are not anywhere; pages hidden from the table of contents (`hidden`) are left out of the tree
 * and of previous/next, but stay reachable by their URL (and then show their breadcrumbs).
 */

export interface Navigation {
  tree: ReaderTreeItem[];
  breadcrumbs(pageId: string): ReaderLink[];
  neighbours(pageId: string): { previous?: ReaderLink; next?: ReaderLink };
  /** The pages a reader can open, in reading order (what sitemap.xml and llms.txt list). */
  readable: PageSummary[];
}

export function navigationOf(index: PageIndex, hidden: ReadonlySet<string>, links: SiteLinks, currentPageId: string | null): Navigation {
  const visible = index.ordered.filter((page) => !hidden.has(page.id));
  const byId = new Map(visible.map((page) => [page.id, page]));
  const ancestors = new Set<string>();
  for (let id = currentPageId === null ? undefined : byId.get(currentPageId)?.parentId; id; id = byId.get(id)?.parentId ?? undefined) ancestors.add(id);

  const childrenOf = new Map<string | null, PageSummary[]>();
  for (const page of visible) {
    if (page.hidden) continue;
    const siblings = childrenOf.get(page.parentId);
    if (siblings) siblings.push(page);
    else childrenOf.set(page.parentId, [page]);
  }
  const itemOf = (page: PageSummary): ReaderTreeItem => {
    const href = page.group ? undefined : (links.pageUrl(page.id) ?? undefined);
    return {
      kind: page.group ? "group" : "page",
      id: page.id,
      title: page.linkTitle ?? page.title,
      ...(href ? { href } : {}),
      ...(page.emoji ? { emoji: page.emoji } : page.icon ? { icon: page.icon } : {}),
      ...(page.id === currentPageId ? { current: true } : {}),
      ...(ancestors.has(page.id) ? { open: true } : {}),
      children: (childrenOf.get(page.id) ?? []).map(itemOf),
    };
  };
  const readable = visible.filter((page) => !page.group && !page.hidden);
  const linkTo = (page: PageSummary | undefined): ReaderLink | undefined => {
    const href = page && links.pageUrl(page.id);
    return page && href ? { title: page.title, href } : undefined;
  };

  return {
    tree: (childrenOf.get(null) ?? []).map(itemOf),
    readable,
    breadcrumbs(pageId) {
      const trail: ReaderLink[] = [];
      for (let id = byId.get(pageId)?.parentId; id; id = byId.get(id)?.parentId ?? undefined) {
        const page = byId.get(id);
        if (!page) break;
        const href = page.group ? null : links.pageUrl(page.id);
        trail.unshift(href ? { title: page.title, href } : { title: page.title, href: "" });
      }
      return trail;
    },
    neighbours(pageId) {
      const at = readable.findIndex((page) => page.id === pageId);
      if (at === -1) return {};
      const previous = linkTo(readable[at - 1]);
      const next = linkTo(readable[at + 1]);
      return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
    },
  };
}

/** The page a site space's root shows: its first page that is a document the visitor sees. */
export function firstPageOf(index: PageIndex, hidden: ReadonlySet<string>): string | null {
  return index.firstDocumentPages.find((id) => !hidden.has(id)) ?? null;
}
