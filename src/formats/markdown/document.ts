import type {
  BlockContent,
  Definition,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  RootContent,
  TableRow,
} from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown, type Options as ToMarkdownOptions } from "mdast-util-to-markdown";
import type { DocumentValue } from "../../schemas/document";
import { classifyUrl, collectDefinitions, parseMarkdownTree, plainText, targetUrl } from "./links";

/*
 * Markdown <-> GitBook JSON document.
 *
 * GitBook documents are Slate trees: blocks hold blocks or inline content; inline content is
 * text nodes (runs of leaves, each with marks) separated by inline nodes (links, images). We
 * build them in Slate's normal form (a text node before, between and after inlines; adjacent
 * leaves with the same marks merged) so GitBook clients get what their editor would produce.
 *
 * Markdown written back from a document follows one style (see TO_MARKDOWN and the normalizations
 * listed at documentToMarkdown), so markdown in that style survives a round trip unchanged.
 */

type MarkType = "bold" | "italic" | "strikethrough" | "code";
/** Canonical order of marks on a leaf, so equal mark sets compare equal. */
const MARK_ORDER: readonly MarkType[] = ["bold", "italic", "strikethrough", "code"];

type Mark = { object: "mark"; type: MarkType };
type Leaf = { object: "leaf"; text: string; marks: Mark[] };
type TextNode = { object: "text"; leaves: Leaf[] };
type InlineNode = {
  object: "inline";
  type: string;
  key: string;
  isVoid: boolean;
  data: Record<string, unknown>;
  nodes?: Array<TextNode | InlineNode>;
};
type FragmentNode = { object: "fragment"; key: string; fragment: string; nodes: BlockNode[] };
type BlockNode = {
  object: "block";
  type: string;
  key: string;
  isVoid?: boolean;
  data: Record<string, unknown>;
  nodes?: Array<BlockNode | TextNode | InlineNode>;
  fragments?: FragmentNode[];
};
type ImageRef = { kind: "file"; file: string } | { kind: "url"; url: string };

/**
 * Where blocks are being placed; GitBook's schema allows fewer block types below the top level:
 * list items take no image blocks, quotes take neither images nor code.
 */
type Placement = "top" | "item" | "quote";

export function markdownToDocument(body: string): DocumentValue {
  const tree = parseMarkdownTree(body);
  const builder = new DocumentBuilder(collectDefinitions(tree));
  // `schemaVersion` is left out: GitBook reads a document without one as the latest schema,
  // which is the one these nodes follow.
  return { object: "document", data: {}, nodes: builder.blocks(tree.children, "top") };
}

/** Builds document nodes from mdast, handing out keys in document order. */
class DocumentBuilder {
  private counter = 0;

  constructor(private readonly definitions: ReadonlyMap<string, Definition>) {}

  /** Keys only need to be unique within the document; a counter keeps output deterministic. */
  private key(): string {
    return `k${(this.counter++).toString(36)}`;
  }

  blocks(nodes: readonly RootContent[], placement: Placement): BlockNode[] {
    return nodes.flatMap((node) => this.block(node, placement));
  }

  private block(node: RootContent, placement: Placement): BlockNode[] {
    switch (node.type) {
      case "paragraph":
        return [placement === "top" && this.isImagesOnly(node) ? this.images(node) : this.paragraph(node.children)];
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
        const text = plainText(node);
        return text === "" ? [] : [this.textParagraph(text)];
      }
    }
  }

  private paragraph(children: readonly PhrasingContent[]): BlockNode {
    const key = this.key();
    return { object: "block", type: "paragraph", key, data: {}, nodes: this.inlines(children) };
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
    if (node.type === "image") return { url: node.url, alt: node.alt ?? "", title: node.title ?? "" };
    if (node.type !== "imageReference") return undefined;
    const definition = this.definitions.get(node.identifier);
    return definition && { url: definition.url, alt: node.alt ?? "", title: definition.title ?? "" };
  }

  private inlines(children: readonly PhrasingContent[]): Array<TextNode | InlineNode> {
    return slateNodes(this.phrasing(children, []));
  }

  /** Flattens phrasing content into leaves (marks accumulated on the way down) and inlines. */
  private phrasing(nodes: readonly PhrasingContent[], marks: readonly MarkType[]): Array<Leaf | InlineNode> {
    return nodes.flatMap((node) => this.phrase(node, marks));
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
        return [this.link(node.url, node.children, marks)];
      case "linkReference": {
        const definition = this.definitions.get(node.identifier);
        return definition ? [this.link(definition.url, node.children, marks)] : this.phrasing(node.children, marks);
      }
      case "image":
      case "imageReference": {
        const image = this.imageOf(node);
        return image ? [this.inlineImage(image)] : [leaf(node.alt ?? "", marks)];
      }
      case "footnoteReference":
        return [leaf(`[^${node.label ?? node.identifier}]`, marks)];
      default:
        // Inline HTML and anything else: its text, as written.
        return [leaf(plainText(node), marks)];
    }
  }

  private link(url: string, children: readonly PhrasingContent[], marks: readonly MarkType[]): InlineNode {
    // Link titles have no place in GitBook's link data and are not kept.
    const key = this.key();
    const nodes = slateNodes(this.phrasing(children, marks));
    return { object: "inline", type: "link", key, isVoid: false, data: { ref: classifyUrl(url) }, nodes };
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

/* ------------------------------------------------------------------------------------------ */
/* Document -> markdown                                                                        */
/* ------------------------------------------------------------------------------------------ */

/**
 * One markdown style for everything we write: ATX headings, `*` bullets, `***` dividers (a
 * leading `---` would read as frontmatter), `*emphasis*` (works inside words, unlike `_`),
 * `**strong**`, backtick fences, and list content indented by the marker width.
 */
const TO_MARKDOWN: ToMarkdownOptions = {
  extensions: [gfmToMarkdown()],
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

type Json = Record<string, unknown>;

/** Marks that become mdast wrappers; `code` is a leaf (inlineCode) and cannot wrap anything. */
const WRAPPING_MARKS = ["bold", "italic", "strikethrough"] as const;
type WrappingMark = (typeof WRAPPING_MARKS)[number];

/** Void inlines (images, emoji) carry no marks; they may sit inside any emphasis around them. */
const ANY_MARKS = "any";
type UnitMarks = ReadonlySet<MarkType> | typeof ANY_MARKS;

/** A run of inline content: a leaf of text, or an inline node rendered once marks are placed. */
type Unit =
  | { kind: "leaf"; text: string; marks: UnitMarks }
  | { kind: "node"; marks: UnitMarks; render: (active: ReadonlySet<MarkType>) => PhrasingContent[] };

/**
 * Writes a document back as markdown. Normalizations: blocks are separated by one blank line and
 * the result ends with exactly one newline (empty document: ""); empty paragraphs are left out;
 * lists are tight; line breaks inside a paragraph are written as `\` + newline; images of one
 * image block are written one per line in a paragraph; see TO_MARKDOWN for the syntax chosen.
 */
export function documentToMarkdown(document: DocumentValue): string {
  const children = blocksToMdast(document.nodes.filter(isJson));
  const markdown = toMarkdown({ type: "root", children }, TO_MARKDOWN).replace(/\n+$/, "");
  return markdown.trim() === "" ? "" : `${markdown}\n`;
}

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function childrenOf(node: Json): Json[] {
  return Array.isArray(node.nodes) ? node.nodes.filter(isJson) : [];
}

function fragmentChildrenOf(node: Json): Json[] {
  const fragments = Array.isArray(node.fragments) ? node.fragments.filter(isJson) : [];
  return fragments.flatMap(childrenOf);
}

function dataOf(node: Json): Json {
  return isJson(node.data) ? node.data : {};
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
    case "images":
      return imagesToMdast(children);
    case "image":
      return imagesToMdast([node]);
    default:
      // Unknown blocks (hints, tabs, expandables, ...) and stray list items: their content, which
      // is blocks or inline content, sometimes held in fragments.
      return blocksToMdast([...children, ...fragmentChildrenOf(node)]);
  }
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

/** Markdown URL of a content ref; undefined for refs markdown cannot point at (users, spaces...). */
function refUrl(ref: unknown): string | undefined {
  if (!isJson(ref)) return undefined;
  switch (ref.kind) {
    case "page":
      return typeof ref.page === "string" ? targetUrl({ kind: "page", page: ref.page }) : undefined;
    case "file":
      return typeof ref.file === "string" ? targetUrl({ kind: "file", file: ref.file }) : undefined;
    case "url":
      return typeof ref.url === "string" ? ref.url : undefined;
    case "anchor": {
      if (typeof ref.anchor !== "string") return undefined;
      const page = typeof ref.page === "string" ? targetUrl({ kind: "page", page: ref.page }) : "";
      return `${page}#${ref.anchor}`;
    }
    default:
      return undefined;
  }
}

/** All the text under a node, leaves concatenated (for code lines and unknown content). */
function textContent(node: Json): string {
  if (node.object === "leaf") return typeof node.text === "string" ? node.text : "";
  if (node.object === "text") {
    return Array.isArray(node.leaves) ? node.leaves.filter(isJson).map(textContent).join("") : "";
  }
  if (node.object === "inline" && node.type === "emoji") return emojiText(dataOf(node).code);
  return childrenOf(node).map(textContent).join("");
}

/** GitBook stores emoji as hex code points joined by "-" ("1f1eb-1f1f7"). */
function emojiText(code: unknown): string {
  if (typeof code !== "string") return "";
  const points = code.split("-").map((part) => Number.parseInt(part, 16));
  if (points.some((point) => !Number.isInteger(point) || point < 0 || point > 0x10ffff)) return "";
  return String.fromCodePoint(...points);
}

function phrasingToMdast(nodes: readonly Json[]): PhrasingContent[] {
  return groupMarks(unitsOf(nodes), new Set());
}

function leafMarks(value: Json): Set<MarkType> {
  const marks = Array.isArray(value.marks) ? value.marks.filter(isJson) : [];
  // Marks markdown has no syntax for (colors, keyboard, super/subscript) are not kept.
  return new Set(MARK_ORDER.filter((type) => marks.some((mark) => mark.type === type)));
}

/** Inline content as units: leaves with their marks, inline nodes rendered later. */
function unitsOf(nodes: readonly Json[]): Unit[] {
  return nodes.flatMap((node): Unit[] => {
    if (node.object === "text") {
      const leaves = Array.isArray(node.leaves) ? node.leaves.filter(isJson) : [];
      return leaves.flatMap((value): Unit[] => {
        const text = textContent(value);
        return text === "" ? [] : [{ kind: "leaf", text, marks: leafMarks(value) }];
      });
    }
    if (node.object !== "inline") {
      const text = textContent(node);
      return text === "" ? [] : [{ kind: "leaf", text, marks: new Set() }];
    }
    switch (node.type) {
      case "link":
        return linkUnits(node);
      case "inline-image":
        return [{ kind: "node", marks: ANY_MARKS, render: () => [inlineImageToMdast(node)] }];
      case "emoji": {
        const text = textContent(node);
        return text === "" ? [] : [{ kind: "leaf", text, marks: ANY_MARKS }];
      }
      default:
        // Unknown inlines (mentions, expressions, ...): their text content.
        return unitsOf(childrenOf(node));
    }
  });
}

function linkUnits(node: Json): Unit[] {
  const inner = unitsOf(childrenOf(node));
  const url = refUrl(dataOf(node).ref);
  // A link to something markdown cannot address keeps its text.
  if (url === undefined) return inner;
  // Emphasis common to the whole link text is written around the link, the rest inside it.
  const marks = commonMarks(inner);
  const render = (active: ReadonlySet<MarkType>): PhrasingContent[] => [
    { type: "link", url, title: null, children: groupMarks(inner, active) },
  ];
  return [{ kind: "node", marks, render }];
}

function commonMarks(units: readonly Unit[]): UnitMarks {
  let common: Set<MarkType> | undefined;
  for (const unit of units) {
    if (unit.marks === ANY_MARKS) continue;
    const marks = unit.marks;
    common = common ? new Set([...common].filter((mark) => marks.has(mark))) : new Set(marks);
  }
  if (!common) return ANY_MARKS;
  common.delete("code");
  return common;
}

function inlineImageToMdast(node: Json): PhrasingContent {
  const data = dataOf(node);
  return {
    type: "image",
    url: refUrl(data.ref) ?? "",
    alt: typeof data.alt === "string" ? data.alt : null,
    title: typeof data.caption === "string" && data.caption !== "" ? data.caption : null,
  };
}

function hasMark(marks: UnitMarks, mark: MarkType): boolean {
  return marks === ANY_MARKS || marks.has(mark);
}

/**
 * Rebuilds nested emphasis from flat marked units: at each unit not yet fully wrapped, the mark
 * whose run goes furthest is opened over that run, and the run is grouped again inside it. So
 * `**a *b* c**` (leaves a/b/c all bold, b also italic) comes back as one strong, not three.
 */
function groupMarks(units: readonly Unit[], active: ReadonlySet<MarkType>): PhrasingContent[] {
  const phrasing: PhrasingContent[] = [];
  let index = 0;
  while (index < units.length) {
    const unit = units[index]!;
    const marks = unit.marks;
    const pending = marks === ANY_MARKS ? [] : WRAPPING_MARKS.filter((mark) => marks.has(mark) && !active.has(mark));
    if (pending.length === 0) {
      phrasing.push(...renderUnit(unit, active));
      index += 1;
      continue;
    }
    let best: WrappingMark = pending[0]!;
    let bestEnd = index + 1;
    for (const mark of pending) {
      const end = runEnd(units, index, mark);
      if (end > bestEnd) [best, bestEnd] = [mark, end];
    }
    // Marks covering a link alone are written inside it (`[*a*](u)`, not `*[a](u)*`).
    if (bestEnd === index + 1 && unit.kind === "node") {
      phrasing.push(...unit.render(active));
      index += 1;
      continue;
    }
    const inner = groupMarks(units.slice(index, bestEnd), new Set([...active, best]));
    phrasing.push(...wrap(best, inner));
    index = bestEnd;
  }
  return phrasing;
}

/** End (exclusive) of the run of units carrying `mark` from `start`, not ending on a void inline. */
function runEnd(units: readonly Unit[], start: number, mark: MarkType): number {
  let end = start;
  while (end < units.length && hasMark(units[end]!.marks, mark)) end += 1;
  while (end - 1 > start && units[end - 1]!.marks === ANY_MARKS) end -= 1;
  return end;
}

function renderUnit(unit: Unit, active: ReadonlySet<MarkType>): PhrasingContent[] {
  if (unit.kind === "node") return unit.render(active);
  if (unit.marks !== ANY_MARKS && unit.marks.has("code")) return [{ type: "inlineCode", value: unit.text }];
  // Newlines in GitBook text are line breaks.
  return unit.text.split("\n").flatMap((part, index): PhrasingContent[] => [
    ...(index > 0 ? [{ type: "break" } as const] : []),
    ...(part === "" ? [] : [{ type: "text", value: part } as const]),
  ]);
}

/**
 * Wraps content in an emphasis node. Whitespace at its edges is moved outside: markdown cannot
 * open or close emphasis next to a space, and the serializer would otherwise escape it.
 */
function wrap(mark: WrappingMark, children: PhrasingContent[]): PhrasingContent[] {
  const before = takeEdgeWhitespace(children, "start");
  const after = takeEdgeWhitespace(children, "end");
  if (children.length === 0) return [...before, ...after];
  const type = mark === "bold" ? "strong" : mark === "italic" ? "emphasis" : "delete";
  return [...before, { type, children } as PhrasingContent, ...after];
}

/** Removes whitespace from one edge of `children` (mutating it) and returns it as text. */
function takeEdgeWhitespace(children: PhrasingContent[], edge: "start" | "end"): PhrasingContent[] {
  const index = edge === "start" ? 0 : children.length - 1;
  const node = children[index];
  if (node?.type !== "text") return [];
  const match = edge === "start" ? /^\s+/.exec(node.value) : /\s+$/.exec(node.value);
  if (!match) return [];
  const rest = edge === "start" ? node.value.slice(match[0].length) : node.value.slice(0, match.index);
  if (rest === "") children.splice(index, 1);
  else children[index] = { type: "text", value: rest };
  return [{ type: "text", value: match[0] }];
}

