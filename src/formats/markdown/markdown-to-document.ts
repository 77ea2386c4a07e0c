/*
 * Markdown -> GitBook JSON document (reading a page body as GitBook's editor would hold it).
 *
 * Documents are built in Slate's normal form (a text node before, between and after inlines;
 * adjacent leaves with the same marks merged) so GitBook clients get what their editor would
 * produce. Blocks GitBook has no equivalent for (tables, footnotes, raw HTML) degrade to
 * paragraphs of their text, so nothing a reader sees is dropped. Math is GitBook's: a `$$` block,
 * or a paragraph holding nothing but one `$$…$$`, is a `math` block; `$$…$$` in text `inline-math`. One class, because the builder
 * carries the link definitions and the key counter through the whole tree.
 *
 * Text anyone may write (comments) is converted `untrusted`: no raw HTML and no link that could
 * run or embed something reaches the document, only the text a reader would see.
 */
import type { Definition, List, ListItem, Nodes, Paragraph, PhrasingContent, RootContent, TableRow } from "mdast";
import {
  MARK_ORDER,
  type BlockNode,
  type FragmentNode,
  type GitBookDocument,
  type ImageRef,
  type InlineNode,
  type Leaf,
  type MarkType,
  type TextNode,
} from "./document-nodes";
import { embedOfParagraph } from "./embeds";
import { reusableContentOfParagraph } from "./includes";
import { classifyUrl, type LinkTarget } from "./links";
import { htmlText, isSafeUrl, withoutInlineScripts } from "./untrusted";

import { collectDefinitions, mathSource, parseMarkdownTree, plainText } from "./mdast";

/** A link's ref: a page link with a fragment is GitBook's anchor ref (the page and the heading's id). */
function linkRefOf(url: string): LinkTarget | { kind: "anchor"; page: string; anchor: string } {
  const target = classifyUrl(url);
  const hash = url.indexOf("#");
  return target.kind === "page" && hash !== -1 && hash < url.length - 1 ? { kind: "anchor", page: target.page, anchor: url.slice(hash + 1) } : target;
}

/**
 * Where blocks are being placed; GitBook's schema allows fewer block types below the top level:
 * list items take no image blocks, quotes take neither images, code nor math.
 */
type Placement = "top" | "item" | "quote";

export interface DocumentOptions {
  /**
   * Raw HTML keeps only its text (tags and comments are dropped, `<script>` and `<style>`
   * elements with their content), and a link or image whose URL has a scheme other than http,
   * https or mailto (`javascript:`, `data:`, …) keeps only its text (or alt text).
   */
  untrusted?: boolean;
}

export function markdownToDocument(body: string, options: DocumentOptions = {}): GitBookDocument {
  const tree = parseMarkdownTree(body);
  const builder = new DocumentBuilder(collectDefinitions(tree), options.untrusted ?? false);
  // `schemaVersion` is left out (see GitBookDocument).
  return { object: "document", data: {}, nodes: builder.blocks(tree.children, "top") };
}

/** Builds document nodes from mdast, handing out keys in document order. */
class DocumentBuilder {
  private counter = 0;
  /** Links do not nest in markdown, so a flag says whether the phrasing being built is a link's. */
  private insideLink = false;

  constructor(
    private readonly definitions: ReadonlyMap<string, Definition>,
    private readonly untrusted: boolean,
  ) {}

  /** The text of a node we do not model; raw HTML from an untrusted author only as text. */
  private textOf(node: Nodes): string {
    return this.untrusted && node.type === "html" ? htmlText(node.value) : plainText(node);
  }

  private allowsUrl(url: string): boolean {
    return !this.untrusted || isSafeUrl(url);
  }

  /** Keys only need to be unique within the document; a counter keeps output deterministic. */
  private key(): string {
    return `k${(this.counter++).toString(36)}`;
  }

  blocks(nodes: readonly RootContent[], placement: Placement): BlockNode[] {
    return nodes.flatMap((node) => this.block(node, placement));
  }

  private block(node: RootContent, placement: Placement): BlockNode[] {
    switch (node.type) {
      case "paragraph": {
        // A reusable content placed by a trusted body (includes.ts); GitBook allows it at the top level only.
        const alone = node.children.length === 1 && node.children[0]!.type === "text";
        const reusableContent = alone && placement === "top" && !this.untrusted ? reusableContentOfParagraph(plainText(node)) : undefined;
        if (reusableContent !== undefined) return [this.reusableContent(reusableContent)];
        // An embed (embeds.ts), also at the top level only, and from a trusted body. GFM reads the
        // tag's URL as an autolink: the paragraph is text and links, whose text is the tag.
        const textAndLinks = node.children.every((child) => child.type === "text" || child.type === "link");
        const embed = textAndLinks && placement === "top" && !this.untrusted ? embedOfParagraph(plainText(node)) : undefined;
        if (embed !== undefined) return [{ object: "block", type: "embed", key: this.key(), isVoid: true, data: { url: embed } }];
        const formula = placement === "quote" ? undefined : loneFormula(node);
        if (formula !== undefined) return [this.math(formula)];
        return [placement === "top" && this.isImagesOnly(node) ? this.images(node) : this.paragraph(node.children)];
      }
      case "heading":
        return [this.heading(node.depth, node.children)];
      case "thematicBreak":
        return [{ object: "block", type: "divider", key: this.key(), isVoid: true, data: {} }];
      case "blockquote":
        return [this.container("blockquote", {}, node.children, "quote")];
      case "list":
        return [this.list(node)];
      case "code":
        // A quote cannot hold a code block in GitBook's schema; its text survives as a paragraph.
        return [placement === "quote" ? this.textParagraph(node.value) : this.code(node.lang, node.value)];
      case "math":
        // A quote cannot hold a math block in GitBook's schema: the formula stays math, inline.
        return [placement === "quote" ? this.paragraph([{ type: "inlineMath", value: mathSource(node) }]) : this.math(mathSource(node))];
      case "table":
        // GitBook tables are records keyed by column definitions, far from GFM's grid; rows are
        // kept as paragraphs of their cells' inline content joined by " | " instead.
        return node.children.map((row) => this.tableRow(row));
      case "definition":
        // Its URL is copied into every link that uses it, so nothing is lost by leaving it out.
        return [];
      case "footnoteDefinition": {
        const text = node.children.map((child) => plainText(child)).join("\n");
        return [this.textParagraph(`[^${node.label ?? node.identifier}]: ${text}`)];
      }
      default: {
        // Raw HTML and anything else we do not model: keep the text a reader would see.
        const text = this.textOf(node);
        return text === "" ? [] : [this.textParagraph(text)];
      }
    }
  }

  private paragraph(children: readonly PhrasingContent[]): BlockNode {
    const key = this.key();
    return { object: "block", type: "paragraph", key, data: {}, nodes: this.inlines(children) };
  }

  private reusableContent(id: string): BlockNode {
    const data = { ref: { kind: "reusable-content", reusableContent: id } };
    return { object: "block", type: "reusable-content", key: this.key(), isVoid: true, data };
  }

  private textParagraph(text: string): BlockNode {
    return { object: "block", type: "paragraph", key: this.key(), data: {}, nodes: [textNode([leaf(text, [])])] };
  }

  private heading(depth: number, children: readonly PhrasingContent[]): BlockNode {
    // GitBook has three heading levels; deeper markdown headings become the smallest one.
    const type = `heading-${Math.min(depth, 3)}`;
    const key = this.key();
    return { object: "block", type, key, data: {}, nodes: this.inlines(children) };
  }

  /** A block of blocks; Slate wants at least one child, so an empty one gets an empty paragraph. */
  private container(
    type: string,
    data: Record<string, unknown>,
    children: readonly RootContent[],
    placement: Placement,
  ): BlockNode {
    const key = this.key();
    const nodes = this.blocks(children, placement);
    return { object: "block", type, key, data, nodes: nodes.length > 0 ? nodes : [this.paragraph([])] };
  }

  private list(node: List): BlockNode {
    const items = node.children;
    // GitBook's task lists are unordered; a list mixing tasks and plain items stays a plain list
    // whose task items keep their `checked` flag.
    const tasks = !node.ordered && items.length > 0 && items.every((item) => typeof item.checked === "boolean");
    const type = tasks ? "list-tasks" : node.ordered ? "list-ordered" : "list-unordered";
    const data = node.ordered && typeof node.start === "number" && node.start !== 1 ? { start: node.start } : {};
    const key = this.key();
    return { object: "block", type, key, data, nodes: items.map((item) => this.listItem(item)) };
  }

  private listItem(item: ListItem): BlockNode {
    const data = typeof item.checked === "boolean" ? { checked: item.checked } : {};
    return this.container("list-item", data, item.children, "item");
  }

  private code(lang: string | null | undefined, value: string): BlockNode {
    const key = this.key();
    const nodes = value.split(/\r?\n/).map(
      (line): BlockNode => ({
        object: "block",
        type: "code-line",
        key: this.key(),
        data: {},
        nodes: [textNode([leaf(line, [])])],
      }),
    );
    return { object: "block", type: "code", key, data: lang ? { syntax: lang } : {}, nodes };
  }

  private math(formula: string): BlockNode {
    return { object: "block", type: "math", key: this.key(), isVoid: true, data: { formula } };
  }

  private tableRow(row: TableRow): BlockNode {
    const key = this.key();
    const pieces = row.children.flatMap((cell, index) => [
      ...(index > 0 ? [leaf(" | ", [])] : []),
      ...this.phrasing(cell.children, []),
    ]);
    return { object: "block", type: "paragraph", key, data: {}, nodes: slateNodes(pieces) };
  }

  /** A paragraph made only of images (and the whitespace between them) is an image block. */
  private isImagesOnly(node: Paragraph): boolean {
    const isImage = (child: PhrasingContent) => this.imageOf(child) !== undefined;
    const isSeparator = (child: PhrasingContent) =>
      child.type === "break" || (child.type === "text" && child.value.trim() === "");
    return node.children.some(isImage) && node.children.every((child) => isImage(child) || isSeparator(child));
  }

  private images(node: Paragraph): BlockNode {
    const key = this.key();
    const nodes = node.children.flatMap((child) => {
      const image = this.imageOf(child);
      return image ? [this.image(image)] : [];
    });
    return { object: "block", type: "images", key, isVoid: false, data: {}, nodes };
  }

  private image(image: { url: string; alt: string; title: string }): BlockNode {
    const key = this.key();
    const data = { ref: imageRef(image.url), ...(image.alt ? { alt: image.alt } : {}) };
    // An image block has no title; its caption is the closest thing, and is what GitBook shows.
    const fragments: FragmentNode[] = image.title
      ? [{ object: "fragment", key: this.key(), fragment: "caption", nodes: [this.textParagraph(image.title)] }]
      : [];
    return { object: "block", type: "image", key, isVoid: true, data, fragments };
  }

  /** URL, alt text and title of an inline or reference-style image. */
  private imageOf(node: PhrasingContent): { url: string; alt: string; title: string } | undefined {
    if (node.type === "image") return this.allowsUrl(node.url) ? { url: node.url, alt: node.alt ?? "", title: node.title ?? "" } : undefined;
    if (node.type !== "imageReference") return undefined;
    const definition = this.definitions.get(node.identifier);
    return definition && this.allowsUrl(definition.url) ? { url: definition.url, alt: node.alt ?? "", title: definition.title ?? "" } : undefined;
  }

  private inlines(children: readonly PhrasingContent[]): Array<TextNode | InlineNode> {
    return slateNodes(this.phrasing(children, []));
  }

  /** Flattens phrasing content into leaves (marks accumulated on the way down) and inlines. */
  private phrasing(nodes: readonly PhrasingContent[], marks: readonly MarkType[]): Array<Leaf | InlineNode> {
    return (this.untrusted ? withoutInlineScripts(nodes) : nodes).flatMap((node) => this.phrase(node, marks));
  }

  private phrase(node: PhrasingContent, marks: readonly MarkType[]): Array<Leaf | InlineNode> {
    switch (node.type) {
      case "text":
        return [leaf(joinSoftBreaks(node.value), marks)];
      case "emphasis":
        return this.phrasing(node.children, withMark(marks, "italic"));
      case "strong":
        return this.phrasing(node.children, withMark(marks, "bold"));
      case "delete":
        return this.phrasing(node.children, withMark(marks, "strikethrough"));
      case "inlineCode":
        return [leaf(joinSoftBreaks(node.value), withMark(marks, "code"))];
      case "break":
        // GitBook writes a line break inside a paragraph as a newline in the text.
        return [leaf("\n", marks)];
      case "link":
        return this.allowsUrl(node.url) ? [this.link(node.url, node.children, marks)] : this.phrasing(node.children, marks);
      case "linkReference": {
        const definition = this.definitions.get(node.identifier);
        return definition && this.allowsUrl(definition.url) ? [this.link(definition.url, node.children, marks)] : this.phrasing(node.children, marks);
      }
      case "image":
      case "imageReference": {
        const image = this.imageOf(node);
        return image ? [this.inlineImage(image)] : [leaf(node.alt ?? "", marks)];
      }
      case "footnoteReference":
        return [leaf(`[^${node.label ?? node.identifier}]`, marks)];
      case "inlineMath":
        // GitBook's links hold only text and images: a formula in a link's text stays its source.
        if (this.insideLink) return [leaf(`$$${node.value}$$`, marks)];
        // A void inline: emphasis around a formula does not reach into it.
        return [{ object: "inline", type: "inline-math", key: this.key(), isVoid: true, data: { formula: node.value } }];
      default:
        // Inline HTML and anything else: its text, as written (an untrusted author's tags dropped).
        return [leaf(this.textOf(node), marks)];
    }
  }

  private link(url: string, children: readonly PhrasingContent[], marks: readonly MarkType[]): InlineNode {
    // Link titles have no place in GitBook's link data and are not kept.
    const key = this.key();
    this.insideLink = true;
    const nodes = slateNodes(this.phrasing(children, marks));
    this.insideLink = false;
    return { object: "inline", type: "link", key, isVoid: false, data: { ref: linkRefOf(url) }, nodes };
  }

  private inlineImage(image: { url: string; alt: string; title: string }): InlineNode {
    const data = {
      ref: imageRef(image.url),
      ...(image.alt ? { alt: image.alt } : {}),
      ...(image.title ? { caption: image.title } : {}),
    };
    return { object: "inline", type: "inline-image", key: this.key(), isVoid: true, data };
  }
}

/** The TeX of a paragraph that holds one `$$…$$` and nothing else: GitBook's block form on one line. */
function loneFormula(node: Paragraph): string | undefined {
  const content = node.children.filter((child) => child.type !== "text" || child.value.trim() !== "");
  return content.length === 1 && content[0]!.type === "inlineMath" ? content[0]!.value : undefined;
}

function leaf(text: string, marks: readonly MarkType[]): Leaf {
  return { object: "leaf", text, marks: marks.map((type) => ({ object: "mark", type })) };
}

function withMark(marks: readonly MarkType[], mark: MarkType): MarkType[] {
  return MARK_ORDER.filter((type) => type === mark || marks.includes(type));
}

/** A soft line break renders as a space; GitBook would render a newline as a hard break. */
function joinSoftBreaks(text: string): string {
  return text.replace(/[ \t]*\r?\n[ \t]*/g, " ");
}

/** Images only reference files or URLs; a page URL on an image is just a URL. */
function imageRef(url: string): ImageRef {
  const target = classifyUrl(url);
  return target.kind === "file" ? target : { kind: "url", url };
}

/** Slate's normal form: text nodes around and between inlines, never two inlines side by side. */
function slateNodes(pieces: ReadonlyArray<Leaf | InlineNode>): Array<TextNode | InlineNode> {
  const nodes: Array<TextNode | InlineNode> = [];
  let leaves: Leaf[] = [];
  for (const piece of pieces) {
    if (piece.object === "leaf") {
      leaves.push(piece);
      continue;
    }
    nodes.push(textNode(leaves), piece);
    leaves = [];
  }
  nodes.push(textNode(leaves));
  return nodes;
}

/** A text node with empty leaves dropped and neighbours with equal marks merged. */
function textNode(leaves: readonly Leaf[]): TextNode {
  const merged: Leaf[] = [];
  for (const next of leaves) {
    if (next.text === "") continue;
    const last = merged[merged.length - 1];
    if (last && markSignature(last) === markSignature(next)) {
      merged[merged.length - 1] = { ...last, text: last.text + next.text };
    } else {
      merged.push(next);
    }
  }
  return { object: "text", leaves: merged.length > 0 ? merged : [leaf("", [])] };
}

function markSignature(value: Leaf): string {
  return value.marks.map((mark) => mark.type).join(",");
}
