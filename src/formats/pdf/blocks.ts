/*
 * A page body (mdast) drawn on the canvas: headings, paragraphs with emphasis and links, lists
 * (ordered, bulleted, task), quotes, code, tables, images and rules. What has no print form
 * (HTML tags, definitions) is drawn as its text or left out; nothing in a body can stop a PDF.
 * Math is drawn as its TeX source in the code face (a block like a code block, inline like inline
 * code): typesetting it would need KaTeX's fonts and layout in the PDF, and the source is exact.
 */
import type { Definition, List, Nodes, PhrasingContent, RootContent, Table } from "mdast";
import type { PDFImage } from "./pdf-lib";
import { embedOfParagraph } from "../markdown/embeds";
import { mathSource, plainText } from "../markdown/mdast";
import { CONTENT_HEIGHT, lineHeight, type Canvas } from "./canvas";
import { wrapPreformatted, wrapRuns } from "./layout";
import { COLORS, type LinkDestination, type Run, type TextStyle } from "./text";

export const BODY_SIZE = 10.5;
const CODE_SIZE = 9;
const TABLE_SIZE = 9;
const HEADING_SIZES = [18, 15, 13, 11.5, 11, 10.5];
const BULLETS = ["\u2022", "\u25e6", "\u25aa"];
const CELL_PADDING = 4;

export interface BodyContext {
  canvas: Canvas;
  definitions: ReadonlyMap<string, Definition>;
  /** Where a URL written in the body goes; undefined: drawn as plain text. */
  linkOf(url: string): LinkDestination | undefined;
  /** The embedded image for a URL written in the body, if there is one. */
  imageOf(url: string): PDFImage | undefined;
}

const PLAIN: TextStyle = {};
const MUTED: TextStyle = { color: COLORS.muted, italic: true };

export function drawBlocks(nodes: readonly RootContent[], context: BodyContext, listDepth = 0) {
  for (const node of nodes) drawBlock(node, context, listDepth);
}

function drawBlock(node: RootContent, context: BodyContext, listDepth: number) {
  const { canvas } = context;
  switch (node.type) {
    case "heading": {
      const size = HEADING_SIZES[node.depth - 1] ?? BODY_SIZE;
      canvas.space(size * 0.8);
      // Keep a heading with the first lines under it.
      canvas.ensure(lineHeight(size) + 2 * lineHeight(BODY_SIZE));
      drawParagraph(inlineRuns(node.children, { bold: true }, context), size, context);
      canvas.space(2);
      return;
    }
    case "paragraph": {
      // An embed's tag (markdown/embeds.ts) prints as a link to what it embeds.
      const embedded = node.children.every((child) => child.type === "text" || child.type === "link") ? embedOfParagraph(plainText(node)) : undefined;
      drawMixed(embedded === undefined ? node.children : [{ type: "link", url: embedded, children: [{ type: "text", value: embedded }] }], context);
      canvas.space(BODY_SIZE * 0.6);
      return;
    }
    case "list":
      drawList(node, context, listDepth);
      canvas.space(BODY_SIZE * 0.4);
      return;
    case "blockquote": {
      canvas.quoteBars.push(canvas.left);
      canvas.indent += 14;
      drawBlocks(node.children, context, listDepth);
      canvas.indent -= 14;
      canvas.quoteBars.pop();
      canvas.space(BODY_SIZE * 0.4);
      return;
    }
    case "code":
    case "math": {
      canvas.space(2);
      // The monospace face, on the block's background (not each word's, as inline code has).
      const style: TextStyle = { mono: true };
      const text = node.type === "math" ? mathSource(node) : node.value;
      for (const line of wrapPreformatted(text, style, canvas.typesetter, CODE_SIZE, canvas.width)) {
        canvas.line(line, CODE_SIZE, { background: COLORS.codeBackground });
      }
      canvas.space(BODY_SIZE * 0.8);
      return;
    }
    case "table":
      drawTable(node, context);
      canvas.space(BODY_SIZE * 0.8);
      return;
    case "thematicBreak":
      canvas.rule();
      return;
    case "html": {
      const text = node.value.replace(/<[^>]*>/g, "").trim();
      if (text) drawParagraph([{ text, style: PLAIN }], BODY_SIZE, context);
      return;
    }
    case "footnoteDefinition": {
      drawParagraph([{ text: `[${node.label ?? node.identifier}] `, style: { bold: true } }], BODY_SIZE * 0.9, context);
      drawBlocks(node.children, context, listDepth);
      return;
    }
    case "definition":
    case "yaml":
      return;
    default:
      // Anything else with content (a node type a parser extension adds) prints as its text.
      if ("children" in node) drawBlocks(node.children as RootContent[], context, listDepth);
      else if ("value" in node && typeof node.value === "string") drawParagraph([{ text: node.value, style: PLAIN }], BODY_SIZE, context);
  }
}

function drawParagraph(runs: Run[], size: number, context: BodyContext) {
  for (const line of wrapRuns(runs, context.canvas.typesetter, size, context.canvas.width)) context.canvas.line(line, size);
}

/** A paragraph: its text, with any image in it drawn as a block where it stands. */
function drawMixed(children: readonly PhrasingContent[], context: BodyContext) {
  let pending: PhrasingContent[] = [];
  const flush = () => {
    const runs = inlineRuns(pending, PLAIN, context);
    if (runs.some((run) => run.text.trim())) drawParagraph(runs, BODY_SIZE, context);
    pending = [];
  };
  for (const child of children) {
    const url = child.type === "image" ? child.url : child.type === "imageReference" ? context.definitions.get(child.identifier)?.url : undefined;
    if (url === undefined) {
      pending.push(child);
      continue;
    }
    flush();
    const image = context.imageOf(url);
    const alt = "alt" in child ? (child.alt ?? "") : "";
    if (image) context.canvas.image(image, CONTENT_HEIGHT * 0.6);
    else drawParagraph([{ text: `[image${alt ? `: ${alt}` : ""}]`, style: MUTED }], BODY_SIZE, context);
  }
  flush();
}

function drawList(list: List, context: BodyContext, depth: number) {
  const { canvas } = context;
  canvas.indent += 18;
  list.children.forEach((item, index) => {
    const marker =
      item.checked === true ? "\u2611" : item.checked === false ? "\u2610" : list.ordered ? `${(list.start ?? 1) + index}.` : BULLETS[depth % BULLETS.length]!;
    canvas.pendingMarker = { text: marker, style: PLAIN, size: BODY_SIZE };
    for (const child of item.children) {
      if (child.type === "paragraph") drawMixed(child.children, context);
      else drawBlock(child, context, depth + 1);
    }
    // An empty item still shows its marker.
    if (canvas.pendingMarker) drawParagraph([{ text: " ", style: PLAIN }], BODY_SIZE, context);
    if (list.spread) canvas.space(BODY_SIZE * 0.4);
  });
  canvas.indent -= 18;
}

function drawTable(table: Table, context: BodyContext) {
  const { canvas } = context;
  const typesetter = canvas.typesetter;
  const columns = Math.max(...table.children.map((row) => row.children.length), 1);
  const cellRuns = table.children.map((row, rowIndex) =>
    Array.from({ length: columns }, (_, column) => inlineRuns(row.children[column]?.children ?? [], rowIndex === 0 ? { bold: true } : PLAIN, context)),
  );
  // Columns share the width in proportion to their longest text, none narrower than 40 points.
  const natural = Array.from({ length: columns }, (_, column) =>
    Math.max(40, ...cellRuns.map((row) => Math.min(canvas.width, row[column]!.reduce((sum, run) => sum + typesetter.width(typesetter.drawable(run.text, run.style), run.style, TABLE_SIZE), 0)))),
  );
  const total = natural.reduce((sum, width) => sum + width, 0);
  const widths = natural.map((width) => (total <= canvas.width ? width + (canvas.width - total) / columns : (width / total) * canvas.width));
  const height = lineHeight(TABLE_SIZE);
  const maxLines = Math.floor((CONTENT_HEIGHT - 2 * CELL_PADDING) / height);

  cellRuns.forEach((row, rowIndex) => {
    const cells = row.map((runs, column) => wrapRuns(runs, typesetter, TABLE_SIZE, widths[column]! - 2 * CELL_PADDING).slice(0, maxLines));
    const rowHeight = Math.max(...cells.map((lines) => lines.length)) * height + 2 * CELL_PADDING;
    canvas.ensure(rowHeight);
    let x = canvas.left;
    cells.forEach((lines, column) => {
      const width = widths[column]!;
      canvas.page.drawRectangle({
        x,
        y: canvas.y - rowHeight,
        width,
        height: rowHeight,
        borderColor: COLORS.rule,
        borderWidth: 0.6,
        ...(rowIndex === 0 ? { color: COLORS.tableHeader } : {}),
      });
      const align = table.align?.[column];
      lines.forEach((line, index) => {
        const free = width - 2 * CELL_PADDING - line.width;
        const offset = align === "center" ? free / 2 : align === "right" ? free : 0;
        canvas.pieces(line, x + CELL_PADDING + Math.max(0, offset), canvas.y - CELL_PADDING - index * height - TABLE_SIZE * 1.1, TABLE_SIZE);
      });
      x += width;
    });
    canvas.y -= rowHeight;
  });
}

/** Phrasing content -> styled runs. Styles are shared objects, so runs of one style join up. */
export function inlineRuns(nodes: readonly Nodes[], style: TextStyle, context: BodyContext): Run[] {
  const runs: Run[] = [];
  const visit = (node: Nodes, current: TextStyle) => {
    switch (node.type) {
      case "text":
        runs.push({ text: node.value, style: current });
        return;
      case "inlineCode":
      case "inlineMath":
        runs.push({ text: node.value, style: { ...current, code: true, bold: false } });
        return;
      case "break":
        runs.push({ text: "\n", style: current });
        return;
      case "emphasis":
        return node.children.forEach((child) => visit(child, { ...current, italic: true }));
      case "strong":
        return node.children.forEach((child) => visit(child, { ...current, bold: true }));
      case "delete":
        return node.children.forEach((child) => visit(child, { ...current, strike: true }));
      case "link":
      case "linkReference": {
        const url = node.type === "link" ? node.url : context.definitions.get(node.identifier)?.url;
        const destination = url === undefined ? undefined : context.linkOf(url);
        const linked = destination ? { ...current, link: destination } : current;
        return node.children.forEach((child) => visit(child, linked));
      }
      case "image":
      case "imageReference":
        if (node.alt) runs.push({ text: node.alt, style: { ...current, ...MUTED } });
        return;
      case "html": {
        const text = node.value.replace(/<[^>]*>/g, "");
        if (text) runs.push({ text, style: current });
        return;
      }
      case "footnoteReference":
        runs.push({ text: `[${node.label ?? node.identifier}]`, style: current });
        return;
      default:
        if ("children" in node) node.children.forEach((child) => visit(child as Nodes, current));
        else if ("value" in node && typeof node.value === "string") runs.push({ text: node.value, style: current });
    }
  };
  nodes.forEach((node) => visit(node, style));
  return runs;
}
