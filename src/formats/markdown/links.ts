import type { Definition, Image, Link, Nodes, Root } from "mdast";
import { fromMarkdown, type Extension } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

export type LinkTarget = { kind: "page"; page: string } | { kind: "file"; file: string } | { kind: "url"; url: string };

export interface ExtractedLink {
  target: LinkTarget;
  relation: "link" | "image";
}

/** Where a link, image or definition's URL is written in the source (offsets into the body). */
export interface DestinationSpan {
  node: Link | Image | Definition;
  start: number;
  end: number;
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

/**
 * Parses markdown (CommonMark + GFM) into mdast. When `spans` is given, the source offsets of
 * every link, image and definition URL are recorded there, so callers can rewrite exactly those
 * bytes: mdast positions cover whole nodes, and the parser's tokens are the only reliable way to
 * know where a destination starts and ends (escapes, `<...>` forms, titles, line breaks).
 */
export function parseMarkdownTree(body: string, spans?: DestinationSpan[]): Root {
  const mdastExtensions = spans ? [gfmFromMarkdown(), recordDestinations(spans)] : [gfmFromMarkdown()];
  return fromMarkdown(body, { extensions: [gfm()], mdastExtensions });
}

/**
 * Listens to the parser's destination tokens. `afterExit` runs after the built-in handler, which
 * has by then stored the URL on the link/image/definition node at the top of the stack.
 */
function recordDestinations(spans: DestinationSpan[]): Extension {
  return {
    afterExit(token) {
      if (token.type !== "resourceDestinationString" && token.type !== "definitionDestinationString") return;
      const node = this.stack[this.stack.length - 1];
      if (node?.type !== "link" && node?.type !== "image" && node?.type !== "definition") return;
      spans.push({ node, start: token.start.offset, end: token.end.offset });
    },
  };
}

/** Visits a tree in document order (pre-order). */
export function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ("children" in node) for (const child of node.children) walk(child, visit);
}

/** Link reference definitions by identifier; the first definition of a label wins (CommonMark). */
export function collectDefinitions(tree: Root): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  walk(tree, (node) => {
    if (node.type === "definition" && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
  });
  return definitions;
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

/** Plain text of an mdast node: what a reader sees, without markup. */
export function plainText(node: Nodes): string {
  if ("value" in node) return node.value;
  if (node.type === "image" || node.type === "imageReference") return node.alt ?? "";
  if ("children" in node) return node.children.map((child) => plainText(child)).join("");
  return "";
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
