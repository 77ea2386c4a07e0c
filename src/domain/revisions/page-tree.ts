import { isPage, type Entry, type PageEntry } from "./entries";

/**
 * The page tree of one revision, from its page entries: each page names its parent and carries a
 * fractional position among its siblings (ties broken by id), so moving a page rewrites that page
 * only. Paths are the slugs from the root, joined by '/'.
 */
export class PageTree {
  private readonly byParent = new Map<string | null, PageEntry[]>();
  readonly pages = new Map<string, PageEntry>();

  constructor(entries: Iterable<Entry>) {
    for (const entry of entries) if (isPage(entry)) this.pages.set(entry.id, entry);
    for (const page of this.pages.values()) {
      const siblings = this.byParent.get(page.parentId) ?? [];
      siblings.push(page);
      this.byParent.set(page.parentId, siblings);
    }
    for (const siblings of this.byParent.values()) siblings.sort(bySiblingOrder);
  }

  get(id: string): PageEntry | undefined {
    return this.pages.get(id);
  }

  children(parentId: string | null): readonly PageEntry[] {
    return this.byParent.get(parentId) ?? [];
  }

  /** The page's ancestors, nearest first; stops at a missing parent or a cycle. */
  ancestors(id: string): PageEntry[] {
    const chain: PageEntry[] = [];
    const seen = new Set([id]);
    let parentId = this.pages.get(id)?.parentId ?? null;
    while (parentId !== null && !seen.has(parentId)) {
      const parent = this.pages.get(parentId);
      if (!parent) break;
      chain.push(parent);
      seen.add(parentId);
      parentId = parent.parentId;
    }
    return chain;
  }

  path(id: string): string {
    const page = this.pages.get(id);
    if (!page) return "";
    return [...this.ancestors(id).reverse(), page].map((entry) => entry.data.slug).join("/");
  }

  /** The page and every page below it. */
  subtree(id: string): PageEntry[] {
    const page = this.pages.get(id);
    if (!page) return [];
    const result: PageEntry[] = [page];
    for (let index = 0; index < result.length; index++) result.push(...this.children(result[index]!.id));
    return result;
  }

  /** Pages in table-of-contents order (depth first). */
  ordered(): PageEntry[] {
    const result: PageEntry[] = [];
    const visit = (parentId: string | null) => {
      for (const page of this.children(parentId)) {
        result.push(page);
        visit(page.id);
      }
    };
    visit(null);
    return result;
  }
}

export function bySiblingOrder(a: PageEntry, b: PageEntry): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A slug from a title, as GitBook derives them: lower case, words joined by '-'. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
  return slug || "page";
}

/** `slug`, or `slug-2`, `slug-3`... whichever no sibling has. */
export function uniqueSlug(slug: string, siblings: readonly PageEntry[]): string {
  const taken = new Set(siblings.map((sibling) => sibling.data.slug));
  if (!taken.has(slug)) return slug;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${slug}-${suffix}`)) return `${slug}-${suffix}`;
}
