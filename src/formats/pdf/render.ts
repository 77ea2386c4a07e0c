/*
 * A PDF of pages of content: a title and table of contents (with page numbers, each entry a link),
 * then every page from a new sheet in the order given (tree order), its body drawn from its
 * markdown; page numbers at the foot of every sheet, and an outline (bookmarks) that nests as the
 * pages do. Pure: bytes in (markdown, image bytes), bytes out; it reads nothing itself.
 *
 * This module and pdf-lib are loaded only by the PDF routes and the PDF job (a dynamic import in
 * domain/pdf), so no other request pays for them.
 */
import type { Definition } from "mdast";
import { PDFDocument, type PDFImage, type PDFPage } from "./pdf-lib";
import { collectDefinitions, parseMarkdownTree } from "../markdown/mdast";
import { drawBlocks } from "./blocks";
import { BOTTOM, Canvas, CONTENT_HEIGHT, lineHeight, PAGE, TOP } from "./canvas";
import { wrapRuns, type Line } from "./layout";
import { addLink, writeOutline, type OutlineItem } from "./outline";
import { COLORS, Typesetter, type LinkDestination, type TextStyle } from "./text";

export { PLACEHOLDER, type LinkDestination } from "./text";

export interface PdfPage {
  id: string;
  title: string;
  description?: string | undefined;
  /** 0 for the pages at the top of what is printed, 1 for their children… */
  depth: number;
  markdown: string;
}

export interface PdfImageBytes {
  bytes: Uint8Array;
  contentType: string;
}

export interface PdfInput {
  title: string;
  subtitle?: string;
  /** In reading order (the page tree's order). */
  pages: readonly PdfPage[];
  /** Image bytes by the URL bodies write them with (e.g. `/files/<id>`); others print as their alt text. */
  images: ReadonlyMap<string, PdfImageBytes>;
  /** Where a URL written in a body goes (a page of this PDF or a URI); undefined: printed as text. */
  linkOf(url: string): LinkDestination | undefined;
  /** Written as the document's dates, so one input always gives the same bytes. */
  createdAt: Date;
}

const TITLE_SIZE = 24;
const PAGE_TITLE_SIZE = 20;
const TOC_SIZE = 10.5;
const TOC_HEADER_HEIGHT = 110;
const FOOTER_SIZE = 8.5;

export async function renderPdf(input: PdfInput): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(input.title, { showInWindowTitleBar: true });
  document.setProducer("docs-cms-edge (pdf-lib)");
  document.setCreator("docs-cms-edge");
  document.setCreationDate(input.createdAt);
  document.setModificationDate(input.createdAt);
  const typesetter = await Typesetter.embed(document);
  const canvas = new Canvas(document, typesetter);
  const imageOf = await embedImages(document, input.images);

  const withContents = input.pages.length > 1;
  const tocSheets = withContents ? contentsSheets(input.pages.length) : 0;
  for (let sheet = 0; sheet < tocSheets; sheet++) canvas.newPage();

  const firstSheet = new Map<string, PDFPage>();
  for (const page of input.pages) {
    canvas.newPage();
    firstSheet.set(page.id, canvas.page);
    drawPageHeading(canvas, page);
    const tree = parseMarkdownTree(page.markdown);
    const definitions: ReadonlyMap<string, Definition> = collectDefinitions(tree);
    drawBlocks(tree.children, { canvas, definitions, linkOf: (url) => input.linkOf(url), imageOf: (url) => imageOf.get(url) });
  }

  if (withContents) drawContents(canvas, input, firstSheet);
  for (const link of canvas.links) {
    const target = link.destination.kind === "page" ? firstSheet.get(link.destination.pageId) : undefined;
    if (link.destination.kind === "uri") addLink(document, link.page, link.rect, { uri: link.destination.uri });
    else if (target) addLink(document, link.page, link.rect, { page: target });
  }
  drawPageNumbers(canvas);
  writeOutline(document, outlineOf(input.pages, firstSheet));
  return document.save();
}

/** Sheets the contents need: one line per page, the first sheet also holding the title. */
function contentsSheets(entries: number): number {
  const perSheet = Math.floor(CONTENT_HEIGHT / lineHeight(TOC_SIZE));
  const onFirst = Math.floor((CONTENT_HEIGHT - TOC_HEADER_HEIGHT) / lineHeight(TOC_SIZE));
  return entries <= onFirst ? 1 : 1 + Math.ceil((entries - onFirst) / perSheet);
}

function drawPageHeading(canvas: Canvas, page: PdfPage) {
  for (const line of wrapRuns([{ text: page.title, style: { bold: true } }], canvas.typesetter, PAGE_TITLE_SIZE, canvas.width)) canvas.line(line, PAGE_TITLE_SIZE);
  if (page.description) {
    const style: TextStyle = { color: COLORS.muted };
    for (const line of wrapRuns([{ text: page.description, style }], canvas.typesetter, 11.5, canvas.width)) canvas.line(line, 11.5);
  }
  canvas.rule();
  canvas.space(4);
}

/** Fills the contents sheets made before the pages, now that every page's first sheet is known. */
function drawContents(canvas: Canvas, input: PdfInput, firstSheet: ReadonlyMap<string, PDFPage>) {
  const typesetter = canvas.typesetter;
  let sheet = 0;
  canvas.page = canvas.pages[0]!;
  canvas.y = TOP;
  for (const line of wrapRuns([{ text: input.title, style: { bold: true } }], typesetter, TITLE_SIZE, canvas.width).slice(0, 2)) canvas.line(line, TITLE_SIZE);
  if (input.subtitle) canvas.line(wrapRuns([{ text: input.subtitle, style: { color: COLORS.muted } }], typesetter, 12, canvas.width)[0]!, 12);
  canvas.space(10);
  canvas.line(wrapRuns([{ text: "Contents", style: { bold: true } }], typesetter, 14, canvas.width)[0]!, 14);
  canvas.y = TOP - TOC_HEADER_HEIGHT;
  const height = lineHeight(TOC_SIZE);
  for (const page of input.pages) {
    if (canvas.y - height < BOTTOM) {
      canvas.page = canvas.pages[++sheet]!;
      canvas.y = TOP;
    }
    const target = firstSheet.get(page.id)!;
    const number = String(canvas.pages.indexOf(target) + 1);
    const style: TextStyle = page.depth === 0 ? { bold: true } : {};
    const indent = Math.min(page.depth, 6) * 14;
    const numberWidth = typesetter.width(number, {}, TOC_SIZE);
    const title = truncated(canvas, page.title, style, canvas.width - indent - numberWidth - 16);
    const baseline = canvas.y - TOC_SIZE * 1.1;
    canvas.pieces(title, PAGE.margin + indent, baseline, TOC_SIZE);
    canvas.pieces({ pieces: [{ text: number, style: {}, width: numberWidth }], width: numberWidth }, PAGE.margin + canvas.width - numberWidth, baseline, TOC_SIZE);
    canvas.links.push({ page: canvas.page, rect: [PAGE.margin + indent, canvas.y - height, PAGE.margin + canvas.width, canvas.y], destination: { kind: "page", pageId: page.id } });
    canvas.y -= height;
  }
}

/** The first line of `text`, with an ellipsis when it had to be cut. */
function truncated(canvas: Canvas, text: string, style: TextStyle, width: number): Line {
  const lines = wrapRuns([{ text, style }], canvas.typesetter, TOC_SIZE, width - canvas.typesetter.width("\u2026", style, TOC_SIZE));
  const first = lines[0]!;
  if (lines.length > 1) {
    const ellipsis = canvas.typesetter.width("\u2026", style, TOC_SIZE);
    first.pieces.push({ text: "\u2026", style, width: ellipsis });
    first.width += ellipsis;
  }
  return first;
}

function drawPageNumbers(canvas: Canvas) {
  const total = canvas.pages.length;
  const font = canvas.typesetter.font({});
  canvas.pages.forEach((page, index) => {
    const text = `${index + 1} / ${total}`;
    const width = font.widthOfTextAtSize(text, FOOTER_SIZE);
    page.drawText(text, { x: (PAGE.width - width) / 2, y: PAGE.margin / 1.6, size: FOOTER_SIZE, font, color: COLORS.muted });
  });
}

/** The outline nests as the pages do (depths in reading order). */
function outlineOf(pages: readonly PdfPage[], firstSheet: ReadonlyMap<string, PDFPage>): OutlineItem[] {
  const roots: OutlineItem[] = [];
  const stack: Array<{ depth: number; item: OutlineItem }> = [];
  for (const page of pages) {
    const item: OutlineItem = { title: page.title, page: firstSheet.get(page.id)!, children: [] };
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= page.depth) stack.pop();
    (stack.length > 0 ? stack[stack.length - 1]!.item.children : roots).push(item);
    stack.push({ depth: page.depth, item });
  }
  return roots;
}

/**
 * Embeds every image that is a PNG or JPEG (known by its first bytes, whatever its declared
 * type); anything else, or bytes that fail to decode, prints as its alt text instead.
 */
async function embedImages(document: PDFDocument, images: ReadonlyMap<string, PdfImageBytes>): Promise<Map<string, PDFImage>> {
  const embedded = new Map<string, PDFImage>();
  for (const [url, image] of images) {
    const bytes = image.bytes;
    try {
      if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) embedded.set(url, await document.embedPng(bytes));
      else if (bytes[0] === 0xff && bytes[1] === 0xd8) embedded.set(url, await document.embedJpg(bytes));
    } catch {
      // A damaged image is left out; its alt text stands in for it.
    }
  }
  return embedded;
}
