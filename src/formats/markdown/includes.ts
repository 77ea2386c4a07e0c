/*
 * GitBook's `{% include "…" %}` tags in markdown bodies: how a body places a reusable content.
 *
 * A stored body names a reusable content of its revision as `{% include "/reusable-contents/<id>" %}`
 * on a paragraph of its own, the way links name pages and files (`/pages/<id>`, links.ts); Git
 * sync turns that target into a path to `.gitbook/includes/<name>.md` and back. At the top level
 * of a body such a paragraph is GitBook's `reusable-content` block (the only places GitBook's
 * schema allows one); anywhere else, and any other include, stays text. Tags inside code are
 * examples, never includes. Rewrites edit the target's bytes only, so the rest of a body is kept
 * byte for byte.
 */
import type { Nodes } from "mdast";
import { parseMarkdownTree, plainText, walk } from "./mdast";

/** `{% include "<target>" %}`; group 1 is the target, as written between its quotes. */
const INCLUDE_TAG = /\{%[ \t]*include[ \t]+"([^"\r\n]*)"[ \t]*%\}/g;
/** GitBook's EntityId: what an id of ours may hold, so a tag written from one stays a tag. */
const ID = /^[A-Za-z0-9_-]+$/;
const OWN_TARGET = /^\/reusable-contents\/([A-Za-z0-9_-]+)$/;

/** The tag placing reusable content `id` in a stored body; null for an id no tag can hold. */
export function reusableContentInclude(id: string): string | null {
  return ID.test(id) ? `{% include "/reusable-contents/${id}" %}` : null;
}

/** The reusable content an include target names in the stored form, if it is one. */
export function reusableContentOfTarget(target: string): string | undefined {
  return OWN_TARGET.exec(target)?.[1];
}

/** The reusable content a paragraph stands for: one whose whole text is one include tag of ours. */
export function reusableContentOfParagraph(text: string): string | undefined {
  const match = /^\{%[ \t]*include[ \t]+"([^"\r\n]*)"[ \t]*%\}$/.exec(text.trim());
  return match ? reusableContentOfTarget(match[1]!) : undefined;
}

/**
 * Rewrites the target of every include tag outside code for which `rewrite` returns a new one
 * (null: keep it). The new target must not hold a double quote or a line break.
 */
export function rewriteIncludeTargets(body: string, rewrite: (target: string) => string | null): string {
  if (!body.includes("{%")) return body;
  const code = codeSpans(body);
  const edits: Array<{ start: number; end: number; target: string }> = [];
  for (const match of body.matchAll(INCLUDE_TAG)) {
    if (code.some(([start, end]) => match.index >= start && match.index < end)) continue;
    const target = rewrite(match[1]!);
    if (target === null || /["\r\n]/.test(target)) continue;
    const start = match.index + match[0].indexOf('"') + 1;
    edits.push({ start, end: start + match[1]!.length, target });
  }
  let result = body;
  for (const edit of edits.reverse()) result = result.slice(0, edit.start) + edit.target + result.slice(edit.end);
  return result;
}

/** The source offsets of code (fenced, indented, inline): tags there are shown, not placed. */
function codeSpans(body: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  walk(parseMarkdownTree(body), (node: Nodes) => {
    if (node.type !== "code" && node.type !== "inlineCode") return;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) spans.push([start, end]);
  });
  return spans;
}

/** A top-level paragraph that places a reusable content (a `reusable-content` block of the document). */
export interface PlacedReusableContent {
  reusableContent: string;
  start: number;
  end: number;
}

/** The reusable contents a body places at its top level, in order (a content placed twice is listed twice). */
export function placedReusableContents(body: string): PlacedReusableContent[] {
  if (!body.includes("{%")) return [];
  const placed: PlacedReusableContent[] = [];
  for (const node of parseMarkdownTree(body).children) {
    if (node.type !== "paragraph") continue;
    const reusableContent = reusableContentOfParagraph(plainText(node));
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (reusableContent !== undefined && start !== undefined && end !== undefined) placed.push({ reusableContent, start, end });
  }
  return placed;
}

/**
 * The body with each reusable content it places replaced by that content's body (GitBook's
 * `dereferenced`); a placement `bodyOf` does not know is kept as it is.
 */
export function expandReusableContents(body: string, bodyOf: (id: string) => string | undefined): string {
  let result = body;
  for (const placement of placedReusableContents(body).reverse()) {
    const content = bodyOf(placement.reusableContent);
    if (content === undefined) continue;
    result = result.slice(0, placement.start) + content.replace(/^\s*\n|\s+$/g, "") + result.slice(placement.end);
  }
  return result;
}
