/*
 * Links in markdown bodies: which URLs name our own pages and files, the links a body holds, and
 * rewriting their URLs in place.
 *
 * Our content is addressed in markdown as `/pages/<id>` and `/files/<id>`; classifyUrl and
 * targetUrl are that convention's two directions, and both document converters use them for
 * refs. Rewrites edit the URL bytes of the source instead of re-serializing the tree, so the
 * rest of a body an author wrote is kept byte for byte.
 */
import type { Definition, Nodes } from "mdast";
import { collectDefinitions, parseMarkdownTree, walk, type DestinationSpan } from "./mdast";

export type LinkTarget = { kind: "page"; page: string } | { kind: "file"; file: string } | { kind: "url"; url: string };

export interface ExtractedLink {
  target: LinkTarget;
  relation: "link" | "image";
}

// Our own content URLs. An anchor on a page link still targets the page; a query string or a
// deeper path does not (it is some other URL that merely starts the same way).
// Unresolved paths (`/pages/a/b`) stay page links too, so they are reported `broken`.
const PAGE_URL = /^\/pages\/([^?#\s]+)(?:#.*)?$/s;
const FILE_URL = /^\/files\/([^/?#\s]+)$/;

/** What a URL written in markdown points at: one of our pages, one of our files, or elsewhere. */
export function classifyUrl(url: string): LinkTarget {
  const page = PAGE_URL.exec(url);
  if (page?.[1]) return { kind: "page", page: page[1] };
  const file = FILE_URL.exec(url);
  if (file?.[1]) return { kind: "file", file: file[1] };
  return { kind: "url", url };
}

/** The URL markdown uses for a target; the inverse of classifyUrl (anchors aside). */
export function targetUrl(target: LinkTarget): string {
  switch (target.kind) {
    case "page":
      return `/pages/${target.page}`;
    case "file":
      return `/files/${target.file}`;
    case "url":
      return target.url;
  }
}

/** The URL and relation of a link-like node (inline or reference style), if it is one. */
export function linkOf(
  node: Nodes,
  definitions: ReadonlyMap<string, Definition>,
): { relation: "link" | "image"; url: string } | undefined {
  switch (node.type) {
    case "link":
      return { relation: "link", url: node.url };
    case "image":
      return { relation: "image", url: node.url };
    case "linkReference":
    case "imageReference": {
      // The parser only makes references of labels that have a definition, but stay defensive.
      const definition = definitions.get(node.identifier);
      if (!definition) return undefined;
      return { relation: node.type === "linkReference" ? "link" : "image", url: definition.url };
    }
    default:
      return undefined;
  }
}

export function extractLinks(body: string): ExtractedLink[] {
  const tree = parseMarkdownTree(body);
  const definitions = collectDefinitions(tree);
  const seen = new Set<string>();
  const links: ExtractedLink[] = [];
  walk(tree, (node) => {
    const link = linkOf(node, definitions);
    if (!link) return;
    const target = classifyUrl(link.url);
    const identity = `${link.relation} ${JSON.stringify(target)}`;
    if (seen.has(identity)) return;
    seen.add(identity);
    links.push({ target, relation: link.relation });
  });
  return links;
}

type BatchRef = { kind: "page" | "file"; id: string };

/** The batch ref a URL names, if it is one of the accepted spellings of a key of `refs`. */
function lookupBatchRef(url: string, refs: ReadonlyMap<string, BatchRef>): BatchRef | undefined {
  const name = url.startsWith("./") ? url.slice(2) : url;
  const exact = refs.get(name);
  if (exact) return exact;
  return name.endsWith(".md") ? refs.get(name.slice(0, -3)) : undefined;
}

export function resolveBatchRefs(body: string, refs: ReadonlyMap<string, BatchRef>): string {
  if (refs.size === 0) return body;
  return rewriteLinkUrls(body, (url) => {
    const ref = lookupBatchRef(url, refs);
    if (!ref) return null;
    return ref.kind === "page" ? `/pages/${encodeURIComponent(ref.id)}` : `/files/${encodeURIComponent(ref.id)}`;
  });
}

/**
 * Rewrites the URL of every link, image and link definition for which `rewrite` returns a new
 * one (null: keep it). Only the URL substrings change; every other byte of the body is kept.
 */
export function rewriteLinkUrls(body: string, rewrite: (url: string) => string | null): string {
  const spans: DestinationSpan[] = [];
  parseMarkdownTree(body, spans);
  // Rewrite from the end so earlier offsets stay valid.
  const edits = spans
    .flatMap((span) => {
      const url = rewrite(span.node.url);
      return url === null ? [] : [{ start: span.start, end: span.end, url }];
    })
    .sort((a, b) => b.start - a.start);
  let result = body;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.url + result.slice(edit.end);
  return result;
}
