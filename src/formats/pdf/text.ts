/*
 * Text as the PDF draws it: the embedded faces, what a run of text looks like (its style), and
 * measuring and cleaning text so that any string can be drawn. pdf-lib draws what the font has;
 * a character the font lacks would come out as an invisible .notdef glyph, so it is replaced here
 * by a visible placeholder (□) before anything is measured or drawn.
 */
import { fontkit, rgb, type PDFDocument, type PDFFont, type RGB } from "./pdf-lib";
import { FONT_FILES, type FontFace } from "./fonts";

export const PLACEHOLDER = "\u25a1";

/** Where a link goes: a page of this PDF, or a URL. */
export type LinkDestination = { kind: "page"; pageId: string } | { kind: "uri"; uri: string };

export interface TextStyle {
  bold?: boolean;
  italic?: boolean;
  /** Inline code: the monospace face on a tinted background. */
  code?: boolean;
  /** The monospace face alone (code blocks draw their own background). */
  mono?: boolean;
  strike?: boolean;
  link?: LinkDestination;
  color?: RGB;
}

export interface Run {
  text: string;
  style: TextStyle;
}

export const COLORS = {
  text: rgb(0.12, 0.12, 0.14),
  muted: rgb(0.42, 0.42, 0.46),
  link: rgb(0.09, 0.36, 0.78),
  rule: rgb(0.82, 0.82, 0.85),
  codeBackground: rgb(0.95, 0.95, 0.96),
  tableHeader: rgb(0.93, 0.94, 0.96),
};

interface Face {
  font: PDFFont;
  /** The code points the face has a glyph for. */
  covers: (codePoint: number) => boolean;
  widths: Map<string, number>;
}

export class Typesetter {
  private constructor(private readonly faces: Record<FontFace, Face>) {}

  static async embed(document: PDFDocument): Promise<Typesetter> {
    document.registerFontkit(fontkit);
    const faces = {} as Record<FontFace, Face>;
    for (const face of Object.keys(FONT_FILES) as FontFace[]) {
      const bytes = new Uint8Array(FONT_FILES[face]);
      // Subset: a PDF carries only the glyphs it uses, not 700 KB per face.
      const font = await document.embedFont(bytes, { subset: true });
      // The face pdf-lib parsed (not a second parse of the same bytes) says what it covers.
      const parsed = (font as unknown as { embedder: { font: { hasGlyphForCodePoint(codePoint: number): boolean } } }).embedder.font;
      faces[face] = { font, covers: (codePoint) => parsed.hasGlyphForCodePoint(codePoint), widths: new Map() };
    }
    return new Typesetter(faces);
  }

  faceOf(style: TextStyle): FontFace {
    if (style.code || style.mono) return "mono";
    return style.bold ? "bold" : "regular";
  }

  font(style: TextStyle): PDFFont {
    return this.faces[this.faceOf(style)].font;
  }

  /**
   * Text the face can draw: control characters become spaces, tabs four spaces, and every
   * character without a glyph the placeholder, so nothing is ever drawn invisibly or throws.
   */
  drawable(text: string, style: TextStyle): string {
    const face = this.faces[this.faceOf(style)];
    let result = "";
    for (const character of text.replace(/\t/g, "    ")) {
      const codePoint = character.codePointAt(0)!;
      if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) result += " ";
      else if (isInvisibleFormatting(codePoint)) continue;
      else result += face.covers(codePoint) ? character : PLACEHOLDER;
    }
    return result;
  }

  /** Width in points of drawable text (words are measured once per face). */
  width(text: string, style: TextStyle, size: number): number {
    const face = this.faces[this.faceOf(style)];
    let width = face.widths.get(text);
    if (width === undefined) {
      width = face.font.widthOfTextAtSize(text, 1000);
      if (face.widths.size < 20_000) face.widths.set(text, width);
    }
    return (width * size) / 1000;
  }
}

/** Zero-width joiners, direction marks and variation selectors: no glyph of their own, nothing to draw. */
function isInvisibleFormatting(codePoint: number): boolean {
  return (codePoint >= 0x200b && codePoint <= 0x200f) || (codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || codePoint === 0xfeff;
}
