/*
 * Markdown text -> mdast, the syntax tree every converter here reads.
 *
 * One parser configuration (CommonMark + GFM + GitBook's `$$` math) for the whole module, so a
 * page's links, its document and its title heading are read the same way. The walkers and text helpers live next
 * to the parser because they only make sense on the trees it produces; what to do with the tree
 * (documents, links, titles) lives in the modules that import this one.
 */
import type { Definition, Image, Link, Nodes, Root } from "mdast";
import { fromMarkdown, type Extension } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { mathFromMarkdown, type Math } from "mdast-util-math";
import { gfm } from "micromark-extension-gfm";
import { math } from "micromark-extension-math";
import { nestingDepth, tooDeep } from "../../lib/nesting";

/**
 * Levels a markdown body may nest (block quotes, lists, emphasis…). Each level becomes at most two
 * levels of its JSON document, so a page written as markdown stays within what a JSON document may
 * nest (200), and every converter here, all of them recursive, stays far from the stack's end.
 */
export const MAX_MARKDOWN_NESTING = 90;

/** Where a link, image or definition's URL is written in the source (offsets into the body). */
export interface DestinationSpan {
  node: Link | Image | Definition;
  start: number;
  end: number;
}

/**
 * GitBook's math: `$$` on a line of its own opens a formula block (`math`) that a line holding
 * only `$$` closes, and `$$<TeX>$$` inside text is an inline formula (`inlineMath`). Their TeX is
 * raw, as in code: no escapes, emphasis or links inside. A single `$` is only a dollar sign.
 */
const MATH = math({ singleDollarTextMath: false });
/** Inline formulas only: how a body whose `$$` block never closes is read (see parseMarkdownTree). */
const INLINE_MATH = { text: MATH.text };

/**
 * Parses markdown (CommonMark + GFM + math) into mdast. When `spans` is given, the source offsets of
 * every link, image and definition URL are recorded there, so callers can rewrite exactly those
 * bytes: mdast positions cover whole nodes, and the parser's tokens are the only reliable way to
 * know where a destination starts and ends (escapes, `<...>` forms, titles, line breaks).
 *
 * A `$$` block left open would run, like an unclosed code fence, to the end of the body: prose
 * that starts a line with `$$` (or a formula written `$$a + b` … `c$$` across lines) would turn
 * the rest of the page into TeX. Such a body is read again with inline formulas only, where
 * `$$…$$` spanning lines is one formula and a lone `$$` is text.
 */
export function parseMarkdownTree(body: string, spans?: DestinationSpan[]): Root {
  const mathBlocks = { unclosed: false };
  const tree = parseWith(body, MATH, spans, mathBlocks);
  if (!mathBlocks.unclosed) return tree;
  spans?.splice(0);
  return parseWith(body, INLINE_MATH, spans);
}

function parseWith(body: string, mathSyntax: typeof MATH, spans?: DestinationSpan[], mathBlocks?: { unclosed: boolean }): Root {
  const mdastExtensions = [gfmFromMarkdown(), mathFromMarkdown()];
  if (spans) mdastExtensions.push(recordDestinations(spans));
  if (mathBlocks) mdastExtensions.push(watchMathBlocks(mathBlocks));
  return fromMarkdown(body, { extensions: [gfm(), mathSyntax], mdastExtensions });
}

/** Notes a math block without its closing fence (the parser's tokens are the only place that says so). */
function watchMathBlocks(mathBlocks: { unclosed: boolean }): Extension {
  let fences = 0;
  return {
    afterExit(token) {
      if (token.type === "mathFlowFence") fences += 1;
      if (token.type !== "mathFlow") return;
      if (fences < 2) mathBlocks.unclosed = true;
      fences = 0;
    },
  };
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

/** Why `body` may not be stored, when it nests past MAX_MARKDOWN_NESTING. */
export function markdownNestingProblem(body: string): string | undefined {
  const children = (node: Nodes): Nodes[] => ("children" in node ? node.children : []);
  const depth = nestingDepth<Nodes>(parseMarkdownTree(body), children, MAX_MARKDOWN_NESTING);
  return depth > MAX_MARKDOWN_NESTING ? tooDeep(MAX_MARKDOWN_NESTING) : undefined;
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

/**
 * A math block's TeX: its lines, and what follows the opening `$$` on its line (the parser's
 * `meta`, which GitBook never writes but a person may: `$$x = 1` … `$$`).
 */
export function mathSource(node: Math): string {
  return node.meta ? `${node.meta}\n${node.value}` : node.value;
}

/** Plain text of an mdast node: what a reader sees, without markup (TeX as written). */
export function plainText(node: Nodes): string {
  if (node.type === "math") return mathSource(node);
  if ("value" in node) return node.value;
  if (node.type === "image" || node.type === "imageReference") return node.alt ?? "";
  if ("children" in node) return node.children.map((child) => plainText(child)).join("");
  return "";
}
