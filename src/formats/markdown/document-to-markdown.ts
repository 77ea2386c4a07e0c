/*
 * GitBook JSON document -> markdown (writing a page body from a document a client sent), blocks.
 *
 * The document is converted to mdast and serialized by mdast-util-to-markdown in one fixed style
 * (TO_MARKDOWN), so markdown in that style survives markdown -> document -> markdown unchanged.
 * Input comes from clients, so nodes are read as untrusted JSON and nothing throws: blocks we do
 * not model (hints, tabs, ...) are written as their content. Inline content, where flat marks
 * must become nested emphasis, is its own module: document-to-markdown-inlines.ts.
 */
import type { BlockContent, List, ListItem, Paragraph, PhrasingContent } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { mathToMarkdown } from "mdast-util-math";
import { toMarkdown, type Options as ToMarkdownOptions } from "mdast-util-to-markdown";
import {
  childrenOf,
  dataOf,
  fragmentChildrenOf,
  isJson,
  textContent,
  type DocumentInput,
  type Json,
} from "./document-nodes";
import { phrasingToMdast, refUrl } from "./document-to-markdown-inlines";
import { embedTag } from "./embeds";
import { reusableContentInclude } from "./includes";

/**
 * One markdown style for everything we write: ATX headings, `*` bullets, `***` dividers (a
 * leading `---` would read as frontmatter), `*emphasis*` (works inside words, unlike `_`),
 * `**strong**`, backtick fences, list content indented by the marker width, and GitBook's math:
 * `$$` fences around a block's TeX, `$$<TeX>$$` inline. A `$` of text that would touch a `$$`
 * is escaped, so text never opens or extends a formula (`$$x$$\$ 5`, `US\$$$x$$`).
 */
const TO_MARKDOWN: ToMarkdownOptions = {
  extensions: [
    gfmToMarkdown(),
    mathToMarkdown({ singleDollarTextMath: false }),
    // mathToMarkdown escapes a `$` followed by one; a `$` right after an inline formula's `$$` too.
    { unsafe: [{ character: "$", before: "\\$", inConstruct: "phrasing" }] },
  ],
  bullet: "*",
  rule: "*",
  emphasis: "*",
  strong: "*",
  fence: "`",
  fences: true,
  listItemIndent: "one",
  incrementListMarker: true,
  resourceLink: false,
};

/**
 * Writes a document back as markdown. Normalizations: blocks are separated by one blank line and
 * the result ends with exactly one newline (empty document: ""); empty paragraphs are left out;
 * lists are tight; line breaks inside a paragraph are written as `\` + newline; images of one
 * image block are written one per line in a paragraph; see TO_MARKDOWN for the syntax chosen.
 */
export function documentToMarkdown(document: DocumentInput): string {
  const children = blocksToMdast(document.nodes.filter(isJson));
  const markdown = toMarkdown({ type: "root", children }, TO_MARKDOWN).replace(/\n+$/, "");
  return markdown.trim() === "" ? "" : `${markdown}\n`;
}

function isInlineLevel(node: Json): boolean {
  return node.object === "text" || node.object === "inline";
}

/** Blocks to mdast; stray inline content among blocks becomes a paragraph of its own. */
function blocksToMdast(nodes: readonly Json[]): BlockContent[] {
  const blocks: BlockContent[] = [];
  let inline: Json[] = [];
  const flush = () => {
    blocks.push(...paragraphToMdast(inline));
    inline = [];
  };
  for (const node of nodes) {
    if (isInlineLevel(node)) {
      inline.push(node);
      continue;
    }
    flush();
    blocks.push(...blockToMdast(node));
  }
  flush();
  return blocks;
}

function blockToMdast(node: Json): BlockContent[] {
  const children = childrenOf(node);
  switch (node.type) {
    case "paragraph":
      return paragraphToMdast(children);
    case "heading-1":
    case "heading-2":
    case "heading-3": {
      const depth = node.type === "heading-1" ? 1 : node.type === "heading-2" ? 2 : 3;
      return [{ type: "heading", depth, children: phrasingToMdast(children) }];
    }
    case "list-unordered":
    case "list-ordered":
    case "list-tasks":
      return [listToMdast(node)];
    case "code": {
      const syntax = dataOf(node).syntax;
      const value = children.map(textContent).join("\n");
      return [{ type: "code", lang: typeof syntax === "string" && syntax !== "" ? syntax : null, meta: null, value }];
    }
    case "blockquote":
      return [{ type: "blockquote", children: blocksToMdast(children) }];
    case "divider":
      return [{ type: "thematicBreak" }];
    case "math": {
      const formula = dataOf(node).formula;
      return typeof formula === "string" ? [{ type: "math", value: formula }] : [];
    }
    case "images":
      return imagesToMdast(children);
    case "image":
      return imagesToMdast([node]);
    case "reusable-content":
      return reusableContentToMdast(node);
    case "embed": {
      // The tag a body holds an embed with (embeds.ts); an embed of a URL no tag can hold is left out.
      const url = dataOf(node).url;
      const tag = typeof url === "string" ? embedTag(url) : null;
      return tag === null ? [] : [{ type: "html", value: tag }];
    }
    default:
      // Unknown blocks (hints, tabs, expandables, ...) and stray list items: their content, which
      // is blocks or inline content, sometimes held in fragments.
      return blocksToMdast([...children, ...fragmentChildrenOf(node)]);
  }
}

/** A reusable content of the same space, as the include tag a stored body places it with (includes.ts). */
function reusableContentToMdast(node: Json): BlockContent[] {
  const ref = dataOf(node).ref;
  if (!isJson(ref) || ref.kind !== "reusable-content" || typeof ref.reusableContent !== "string") return [];
  // One of another space cannot be placed in a body of this one: it is left out, like an unknown ref.
  if (ref.space !== undefined) return [];
  const tag = reusableContentInclude(ref.reusableContent);
  return tag === null ? [] : [{ type: "html", value: tag }];
}

function paragraphToMdast(inline: readonly Json[]): Paragraph[] {
  const children = phrasingToMdast(inline);
  const blank = children.every((child) => child.type === "text" && child.value.trim() === "");
  return blank ? [] : [{ type: "paragraph", children }];
}

function listToMdast(node: Json): List {
  const ordered = node.type === "list-ordered";
  const start = dataOf(node).start;
  const children = childrenOf(node).map((item) => listItemToMdast(item, node.type === "list-tasks"));
  return {
    type: "list",
    ordered,
    start: ordered ? (typeof start === "number" ? start : 1) : null,
    spread: false,
    children,
  };
}

function listItemToMdast(item: Json, task: boolean): ListItem {
  if (item.type !== "list-item") return { type: "listItem", spread: false, children: blocksToMdast([item]) };
  const checked = dataOf(item).checked;
  return {
    type: "listItem",
    spread: false,
    checked: typeof checked === "boolean" ? checked : task ? false : null,
    children: blocksToMdast(childrenOf(item)),
  };
}

/** The images of an image block, one per line of a single paragraph. */
function imagesToMdast(nodes: readonly Json[]): Paragraph[] {
  const children: PhrasingContent[] = [];
  for (const node of nodes) {
    const data = dataOf(node);
    const phrase: PhrasingContent =
      node.type === "image"
        ? {
            type: "image",
            url: refUrl(data.ref) ?? "",
            alt: typeof data.alt === "string" ? data.alt : null,
            title: captionOf(node) || null,
          }
        : { type: "text", value: textContent(node) };
    if (children.length > 0) children.push({ type: "text", value: "\n" });
    children.push(phrase);
  }
  return children.length > 0 ? [{ type: "paragraph", children }] : [];
}

function captionOf(image: Json): string {
  const fragments = Array.isArray(image.fragments) ? image.fragments.filter(isJson) : [];
  const caption = fragments.find((fragment) => fragment.fragment === "caption");
  return caption ? childrenOf(caption).map(textContent).join(" ").trim() : "";
}
