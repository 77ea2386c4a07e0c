/*
 * The pages being written and the pen on them: where the next line goes, the indentation lists
 * and quotes add, page breaks, and the link areas to make clickable once every page exists (a
 * link to a later page needs that page). A4, with room at the bottom for the page number.
 */
import { concatTransformationMatrix, popGraphicsState, pushGraphicsState, type PDFDocument, type PDFImage, type PDFPage } from "./pdf-lib";
import type { Line } from "./layout";
import { COLORS, type LinkDestination, type TextStyle, type Typesetter } from "./text";

export const PAGE = { width: 595.28, height: 841.89, margin: 56, footer: 24 };
export const TOP = PAGE.height - PAGE.margin;
export const BOTTOM = PAGE.margin + PAGE.footer;
export const CONTENT_HEIGHT = TOP - BOTTOM;
/** How far an italic run leans: text is slanted from the regular face (no italic font is shipped). */
const ITALIC_SLANT = 0.2;

export interface LinkArea {
  page: PDFPage;
  rect: [number, number, number, number];
  destination: LinkDestination;
}

export const lineHeight = (size: number) => size * 1.45;
const MAX_INDENT = 180;

export class Canvas {
  readonly pages: PDFPage[] = [];
  readonly links: LinkArea[] = [];
  page!: PDFPage;
  /** The top of the next line. */
  y = TOP;
  indent = 0;
  /** The x of each block quote bar the lines drawn now belong to. */
  readonly quoteBars: number[] = [];
  /** A list item's marker, drawn beside the next line (or image) drawn. */
  pendingMarker: { text: string; style: TextStyle; size: number } | null = null;

  constructor(
    readonly document: PDFDocument,
    readonly typesetter: Typesetter,
  ) {}

  /** Deeply nested lists and quotes stop moving right here, so text always keeps a usable width. */
  private get shownIndent() {
    return Math.min(this.indent, MAX_INDENT);
  }

  get left() {
    return PAGE.margin + this.shownIndent;
  }

  get width() {
    return PAGE.width - 2 * PAGE.margin - this.shownIndent;
  }

  newPage(): PDFPage {
    this.page = this.document.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = TOP;
    return this.page;
  }

  /** Moves to a new page unless `height` still fits on this one. */
  ensure(height: number) {
    if (this.y - height < BOTTOM && this.y < TOP) this.newPage();
  }

  /** Vertical space between blocks (none at the top of a page). */
  space(points: number) {
    if (this.y < TOP) this.y = Math.max(BOTTOM, this.y - points);
  }

  atTop(): boolean {
    return this.y >= TOP;
  }

  line(line: Line, size: number, options: { align?: "left" | "center" | "right"; background?: typeof COLORS.codeBackground } = {}) {
    const height = lineHeight(size);
    this.ensure(height);
    if (options.background) {
      this.page.drawRectangle({ x: this.left - 4, y: this.y - height, width: this.width + 8, height, color: options.background });
    }
    for (const x of this.quoteBars) if (x < this.left) this.page.drawRectangle({ x, y: this.y - height, width: 2.5, height, color: COLORS.rule });
    const baseline = this.y - size * 1.1;
    this.drawMarker(baseline);
    const offset = options.align === "center" ? (this.width - line.width) / 2 : options.align === "right" ? this.width - line.width : 0;
    this.pieces(line, this.left + Math.max(0, offset), baseline, size);
    this.y -= height;
  }

  /** Draws a line's pieces at a baseline, without moving the pen (table cells place their own). */
  pieces(line: Line, x: number, baseline: number, size: number) {
    for (const piece of line.pieces) {
      if (piece.text) this.piece(piece.text, piece.style, piece.width, x, baseline, size);
      x += piece.width;
    }
  }

  image(image: PDFImage, maxHeight: number) {
    const scale = Math.min(1, this.width / image.width, maxHeight / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 4);
    this.drawMarker(this.y - 12);
    this.page.drawImage(image, { x: this.left, y: this.y - height, width, height });
    this.y -= height + 4;
  }

  rule() {
    this.ensure(12);
    this.page.drawLine({ start: { x: this.left, y: this.y - 6 }, end: { x: this.left + this.width, y: this.y - 6 }, thickness: 0.75, color: COLORS.rule });
    this.y -= 12;
  }

  private drawMarker(baseline: number) {
    const marker = this.pendingMarker;
    if (!marker) return;
    this.pendingMarker = null;
    const text = this.typesetter.drawable(marker.text, marker.style);
    const width = this.typesetter.width(text, marker.style, marker.size);
    this.piece(text, marker.style, width, this.left - width - 5, baseline, marker.size);
  }

  private piece(text: string, style: TextStyle, width: number, x: number, baseline: number, size: number) {
    const page = this.page;
    const color = style.link ? COLORS.link : (style.color ?? COLORS.text);
    if (style.code) page.drawRectangle({ x: x - 1, y: baseline - size * 0.28, width: width + 2, height: size * 1.2, color: COLORS.codeBackground });
    if (style.italic) page.pushOperators(pushGraphicsState(), concatTransformationMatrix(1, 0, ITALIC_SLANT, 1, -ITALIC_SLANT * baseline, 0));
    page.drawText(text, { x, y: baseline, size, font: this.typesetter.font(style), color });
    if (style.italic) page.pushOperators(popGraphicsState());
    if (style.strike) page.drawLine({ start: { x, y: baseline + size * 0.3 }, end: { x: x + width, y: baseline + size * 0.3 }, thickness: 0.6, color });
    if (style.link) {
      page.drawLine({ start: { x, y: baseline - 1.5 }, end: { x: x + width, y: baseline - 1.5 }, thickness: 0.5, color });
      this.links.push({ page, rect: [x, baseline - size * 0.3, x + width, baseline + size * 0.9], destination: style.link });
    }
  }
}
