/*
 * Markdown body -> its sections as plain text (what the search index holds of a page).
 *
 * Each heading, at any level, starts a section named by its anchor id; the text before the first
 * heading is the root section (anchor ""), always present, so a page with no text still has a row
 * for its title. Text is what a reader sees: markup, raw HTML tags and GitBook's `{% … %}` block
 * tags are dropped; code is kept (people search for the names in it), and so is a formula's TeX
 * without its `$$` (`\sigma` is found by "sigma"; a heading's anchor reads it as the reader does).
 */
import type { Heading, Nodes, RootContent } from "mdast";
import { parseMarkdownTree, plainText } from "./mdast";

export interface TextSection {
  /** The heading's anchor id ("" for the root section). */
  anchor: string;
  /** The heading's text ("" for the root section). */
  heading: string;
  text: string;
}

export function markdownSections(body: string): TextSection[] {
  const sections: TextSection[] = [{ anchor: "", heading: "", text: "" }];
  const blocks: string[][] = [[]];
  const anchors = new AnchorIds();
  for (const node of parseMarkdownTree(body).children) {
    if (node.type === "heading") {
      const heading = headingText(node);
      sections.push({ anchor: anchors.take(explicitAnchor(node) ?? slugOfHeading(heading)), heading, text: "" });
      blocks.push([]);
      continue;
    }
    const text = blockText(node);
    if (text !== "") blocks.at(-1)!.push(text);
  }
  return sections.map((section, index) => ({ ...section, text: blocks[index]!.join("\n") }));
}

/** The text of a block: container blocks one line per child, inline content joined. */
function blockText(node: RootContent | Nodes): string {
  switch (node.type) {
    case "definition":
      return "";
    case "html":
      return cleanText(node.value.replace(HTML_TAG, " "));
    case "code":
    case "inlineCode":
      return node.value;
    case "blockquote":
    case "list":
    case "listItem":
    case "footnoteDefinition":
    case "table":
      return node.children.map(blockText).filter((text) => text !== "").join("\n");
    case "tableRow":
      return node.children.map(blockText).join(" ").trim();
    default:
      return cleanText(inlineText(node));
  }
}

/** Inline content as read: raw HTML inside a paragraph or heading keeps only its text. */
function inlineText(node: Nodes): string {
  if (node.type === "html") return node.value.replace(HTML_TAG, "");
  if ("children" in node) return node.children.map(inlineText).join("");
  return plainText(node);
}

const HTML_TAG = /<[^>]*>/g;
const BLOCK_TAG = /\{%[^%]*%\}/g;
const cleanText = (text: string) => text.replace(BLOCK_TAG, " ").replace(/[ \t]+/g, " ").trim();

const headingText = (node: Heading) => cleanText(inlineText(node));

/** GitBook's Git Sync writes a heading's own id as `## Title <a href="#id" id="id"></a>`. */
function explicitAnchor(node: Heading): string | undefined {
  for (const child of node.children) {
    if (child.type !== "html") continue;
    const id = /\bid\s*=\s*["']([^"']+)["']/.exec(child.value)?.[1];
    if (id) return id;
  }
  return undefined;
}

/** A heading's default anchor: its words, lower-cased, joined by '-' (letters of any script kept). */
export function slugOfHeading(heading: string): string {
  return (
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\s_-]+/gu, "")
      .trim()
      .replace(/[\s_-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

/** Anchors unique within the page: a repeated one gets `-1`, `-2`… as GitHub and GitBook do. */
export class AnchorIds {
  private readonly taken = new Set<string>();

  take(anchor: string): string {
    let unique = anchor;
    for (let suffix = 1; this.taken.has(unique); suffix++) unique = `${anchor}-${suffix}`;
    this.taken.add(unique);
    return unique;
  }
}
