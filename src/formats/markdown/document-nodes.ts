/*
 * GitBook's JSON document, as far as the markdown converters build and read it.
 *
 * GitBook documents are Slate trees: blocks hold blocks or inline content; inline content is
 * text nodes (runs of leaves, each with marks) separated by inline nodes (links, images). The
 * types here are the nodes markdownToDocument builds. They are defined in this module, not taken
 * from src/schemas, so the converters depend on no layer of the API; the API's zod schema
 * (JSONDocument) accepts every GitBookDocument, and test/formats/markdown checks that it does.
 *
 * Documents going the other way come from clients and storage and hold node types we do not
 * model, so documentToMarkdown trusts only the envelope (DocumentInput) and reads every node
 * below it as untrusted JSON with the readers at the end of this file.
 */

export type MarkType = "bold" | "italic" | "strikethrough" | "code";
/** Canonical order of marks on a leaf, so equal mark sets compare equal. */
export const MARK_ORDER: readonly MarkType[] = ["bold", "italic", "strikethrough", "code"];

// Type aliases, not interfaces: an alias is assignable to the schema's open records
// (`[key: string]: unknown`), an interface is not.
export type Mark = { object: "mark"; type: MarkType };
export type Leaf = { object: "leaf"; text: string; marks: Mark[] };
export type TextNode = { object: "text"; leaves: Leaf[] };
export type InlineNode = {
  object: "inline";
  type: string;
  key: string;
  isVoid: boolean;
  data: Record<string, unknown>;
  nodes?: Array<TextNode | InlineNode>;
};
export type FragmentNode = { object: "fragment"; key: string; fragment: string; nodes: BlockNode[] };
export type BlockNode = {
  object: "block";
  type: string;
  key: string;
  isVoid?: boolean;
  data: Record<string, unknown>;
  nodes?: Array<BlockNode | TextNode | InlineNode>;
  fragments?: FragmentNode[];
};
export type ImageRef = { kind: "file"; file: string } | { kind: "url"; url: string };

/**
 * A document markdownToDocument builds. `data` stays empty: without `schemaVersion` GitBook reads
 * a document as the latest schema, which is the one these nodes follow.
 */
export type GitBookDocument = { object: "document"; data: Record<string, never>; nodes: BlockNode[] };

/** A document documentToMarkdown accepts: the envelope only; its nodes are read as untrusted JSON. */
export type DocumentInput = { readonly object: "document"; readonly nodes: readonly unknown[] };

/* Reading nodes of a document we did not build ------------------------------------------------ */

export type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function childrenOf(node: Json): Json[] {
  return Array.isArray(node.nodes) ? node.nodes.filter(isJson) : [];
}

export function fragmentChildrenOf(node: Json): Json[] {
  const fragments = Array.isArray(node.fragments) ? node.fragments.filter(isJson) : [];
  return fragments.flatMap(childrenOf);
}

export function dataOf(node: Json): Json {
  return isJson(node.data) ? node.data : {};
}

/**
 * All the text under a node, leaves concatenated (for code lines and unknown content). A formula
 * is its TeX, as markdown and the search index hold it (a heading's anchor then reads the same).
 */
export function textContent(node: Json): string {
  if (node.object === "leaf") return typeof node.text === "string" ? node.text : "";
  if (node.object === "text") {
    return Array.isArray(node.leaves) ? node.leaves.filter(isJson).map(textContent).join("") : "";
  }
  if (node.object === "inline" && node.type === "emoji") return emojiText(dataOf(node).code);
  if (node.type === "inline-math" || node.type === "math") {
    const formula = dataOf(node).formula;
    return typeof formula === "string" ? formula : "";
  }
  return childrenOf(node).map(textContent).join("");
}

/** GitBook stores emoji as hex code points joined by "-" ("1f1eb-1f1f7"). */
function emojiText(code: unknown): string {
  if (typeof code !== "string") return "";
  const points = code.split("-").map((part) => Number.parseInt(part, 16));
  if (points.some((point) => !Number.isInteger(point) || point < 0 || point > 0x10ffff)) return "";
  return String.fromCodePoint(...points);
}
