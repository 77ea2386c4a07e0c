/**
 * Documents and markdown of pathological shapes, for the fuzz cases of every route that takes
 * rich text: deep (nesting far past any real page), wide (many siblings) and huge (near a cap).
 */

/** A document whose single block nests `depth` blocks inside each other. */
export function deepDocument(depth: number) {
  let node: Record<string, unknown> = { object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "deep", marks: [] }] }] };
  for (let level = 1; level < depth; level++) node = { object: "block", type: "blockquote", nodes: [node] };
  return { object: "document", data: {}, nodes: [node] };
}

/** A document of `count` sibling paragraphs. */
export function wideDocument(count: number) {
  const paragraph = { object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "w", marks: [] }] }] };
  return { object: "document", data: {}, nodes: Array.from({ length: count }, () => paragraph) };
}

/** A document of one paragraph whose text makes the serialized document about `bytes` long. */
export function hugeDocument(bytes: number) {
  const text = "h".repeat(bytes - 120);
  return { object: "document", data: {}, nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] }] };
}

/** Markdown nesting `depth` block quotes (`> > > …`). */
export const deepMarkdown = (depth: number) => `${"> ".repeat(depth)}deep\n`;

/** Markdown nesting `depth` list items, each indented under the one before. */
export const deepListMarkdown = (depth: number) => Array.from({ length: depth }, (_, level) => `${"  ".repeat(level)}- item ${level}`).join("\n") + "\n";

/** Markdown of `count` sibling list items. */
export const wideMarkdown = (count: number) => "- w\n".repeat(count);
