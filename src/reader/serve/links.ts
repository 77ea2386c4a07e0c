import type { PageIndex } from "../../domain/content-reads/page-index";

/**
 * Where a reference of the content or the customization (GitBook's ContentRef: a page, an anchor,
 * a space, a URL, a file) leads a visitor of the site: always a published URL of this site for
 * what the site shows them, or the URL itself for the web; null for anything hidden from them (a
 * page a condition hides, a space the site does not publish to them), so a link never leaks it.
 */

/** A site space of the site as this visitor sees it. */
export interface SpaceLocation {
  /** The site space's published URL for this visitor (ends with `/`). */
  baseUrl: string;
  index: PageIndex;
  hidden: ReadonlySet<string>;
}

export interface ContentRef {
  kind?: unknown;
  page?: unknown;
  space?: unknown;
  anchor?: unknown;
  url?: unknown;
  file?: unknown;
}

export class SiteLinks {
  constructor(
    /** The space of the page being read. */
    private readonly spaceId: string,
    /** Every space the visitor may reach, by space id (the current one included). */
    private readonly spaces: ReadonlyMap<string, SpaceLocation>,
    /** File URLs of the current space, by file id. */
    private readonly fileUrl: (fileId: string) => string | null = () => null,
  ) {}

  /** The published URL of a page (with an anchor), or null when the visitor does not see it. */
  pageUrl(pageId: string, spaceId = this.spaceId, anchor?: string): string | null {
    const location = this.spaces.get(spaceId);
    const path = location?.index.pathOf.get(pageId);
    if (!location || path === undefined || location.hidden.has(pageId)) return null;
    const url = `${location.baseUrl}${encodePath(path)}`;
    return anchor ? `${url}#${encodeURIComponent(anchor)}` : url;
  }

  spaceUrl(spaceId: string): string | null {
    return this.spaces.get(spaceId)?.baseUrl ?? null;
  }

  /** A ContentRef of the content or customization. */
  hrefOf(ref: ContentRef | null | undefined): string | null {
    if (!ref || typeof ref !== "object") return null;
    const space = typeof ref.space === "string" ? ref.space : this.spaceId;
    switch (ref.kind) {
      case "url":
        return typeof ref.url === "string" ? safeUrl(ref.url) : null;
      case "page":
        return typeof ref.page === "string" ? this.pageUrl(ref.page, space) : null;
      case "anchor": {
        if (typeof ref.anchor !== "string") return null;
        if (typeof ref.page === "string") return this.pageUrl(ref.page, space, ref.anchor);
        return `#${encodeURIComponent(ref.anchor)}`;
      }
      case "space":
        return typeof ref.space === "string" ? this.spaceUrl(ref.space) : null;
      case "file":
        return typeof ref.file === "string" && space === this.spaceId ? this.fileUrl(ref.file) : null;
      default:
        return null;
    }
  }
}

export const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** Only web and mail links leave the site: `javascript:`, `data:` and the rest are dropped. */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed.startsWith("/") || trimmed.startsWith("#")) return trimmed.startsWith("//") ? null : trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === "https:" || parsed.protocol === "http:" || parsed.protocol === "mailto:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}
