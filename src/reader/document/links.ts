/*
 * Where a ContentRef leads for this reader: a published page (and anchor), a file, a space, or
 * an external URL. Null means the reader gets no link: the target is hidden from them, unknown,
 * or a URL that could run something. URLs the caller returns are checked again, so a lookup
 * can never put `javascript:` in a page either.
 */
import { isJson, nonEmptyString, type Json } from "./nodes";
import type { RenderState } from "./render-state";
import type { RefSummary } from "./types";
import { isAbsoluteHttp, safeLinkUrl } from "./urls";

export interface LinkTarget {
  href: string;
  /** Leaves the site: rendered with rel="noopener noreferrer". */
  external: boolean;
}

/** An external URL from content, accepted and rewritten by the caller's urlOf. */
export function externalUrl(url: string, state: RenderState): string | null {
  const accepted = safeLinkUrl(url);
  if (accepted === null) return null;
  const rewritten = state.context.urlOf(accepted);
  return rewritten === null ? null : safeLinkUrl(rewritten);
}

const internal = (href: string | null | undefined): LinkTarget | null => {
  const safe = href ? safeLinkUrl(href) : null;
  return safe === null ? null : { href: safe, external: false };
};

/** `#anchor` in a URL: kept as written, the browser matches it against element ids. */
const withAnchor = (url: string, anchor: string) => `${url.replace(/#.*$/s, "")}#${anchor}`;

export function linkTarget(ref: unknown, state: RenderState): LinkTarget | null {
  if (!isJson(ref)) return null;
  const { context } = state;
  const space = nonEmptyString(ref.space);
  switch (ref.kind) {
    case "url": {
      const url = nonEmptyString(ref.url);
      const href = url === undefined ? null : externalUrl(url, state);
      return href === null ? null : { href, external: isAbsoluteHttp(href) };
    }
    case "page": {
      const page = nonEmptyString(ref.page);
      return page ? internal(context.pageUrl(space ? { page, space } : { page })) : null;
    }
    case "anchor": {
      const anchor = nonEmptyString(ref.anchor);
      const page = nonEmptyString(ref.page);
      if (!anchor) return null;
      if (!page) return space ? null : { href: `#${anchor}`, external: false };
      const url = context.pageUrl(space ? { page, space } : { page });
      return url ? internal(withAnchor(url, anchor)) : null;
    }
    case "file": {
      const file = nonEmptyString(ref.file);
      return file ? internal(context.file(file, space)?.url) : null;
    }
    case "space":
      return space ? internal(context.pageUrl({ space })) : null;
    default:
      return null;
  }
}

/** A link and what to call it, for mentions, cards and table cells; null when hidden. */
export function namedLink(ref: unknown, state: RenderState): { target: LinkTarget; summary: RefSummary } | null {
  if (!isJson(ref)) return null;
  const target = linkTarget(ref, state);
  if (!target) return null;
  const summary = summaryOf(ref, state) ?? { title: fallbackTitle(ref, target) };
  return { target, summary };
}

function summaryOf(ref: Json, state: RenderState): RefSummary | null {
  const { titleOf, file } = state.context;
  const space = nonEmptyString(ref.space);
  const page = nonEmptyString(ref.page);
  switch (ref.kind) {
    case "page":
    case "anchor":
      return page && titleOf ? titleOf(space ? { kind: "page", page, space } : { kind: "page", page }) : null;
    case "space":
      return space && titleOf ? titleOf({ kind: "space", space }) : null;
    case "file": {
      const id = nonEmptyString(ref.file);
      const info = id ? file(id, space) : null;
      return info ? { title: info.name } : null;
    }
    default:
      return null;
  }
}

function fallbackTitle(ref: Json, target: LinkTarget): string {
  if (ref.kind === "anchor" && typeof ref.anchor === "string") return ref.anchor;
  return target.href;
}
