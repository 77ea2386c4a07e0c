/*
 * Line breaking: styled runs of text -> lines that fit a width. Words break at spaces; a word
 * wider than the whole line (a long URL, text in a script written without spaces) breaks between
 * characters. Preformatted text (code) keeps its spaces and breaks between characters only.
 */
import type { Run, TextStyle, Typesetter } from "./text";

export interface Piece {
  text: string;
  style: TextStyle;
  width: number;
}

export interface Line {
  pieces: Piece[];
  width: number;
}

/** Inline runs; a run whose text is "\n" is a hard line break. */
export function wrapRuns(runs: readonly Run[], typesetter: Typesetter, size: number, maxWidth: number): Line[] {
  const lines: Line[] = [];
  let line: Line = { pieces: [], width: 0 };
  const finish = () => {
    trimTrailingSpace(line, typesetter, size);
    lines.push(line);
    line = { pieces: [], width: 0 };
  };
  const add = (text: string, style: TextStyle, width: number) => {
    const last = line.pieces[line.pieces.length - 1];
    if (last && last.style === style) {
      last.text += text;
      last.width += width;
    } else line.pieces.push({ text, style, width });
    line.width += width;
  };

  for (const run of runs) {
    if (run.text === "\n") {
      finish();
      continue;
    }
    const text = typesetter.drawable(run.text, run.style);
    for (const token of text.match(/\s+|\S+/g) ?? []) {
      if (/^\s/.test(token)) {
        // Whitespace collapses to one space, and never starts a line.
        const previous = line.pieces[line.pieces.length - 1];
        if (line.pieces.length === 0 || previous?.text.endsWith(" ")) continue;
        add(" ", run.style, typesetter.width(" ", run.style, size));
        continue;
      }
      const width = typesetter.width(token, run.style, size);
      if (line.width + width <= maxWidth) {
        add(token, run.style, width);
        continue;
      }
      if (line.pieces.length > 0 && width <= maxWidth) {
        finish();
        add(token, run.style, width);
        continue;
      }
      // Wider than what is left: fill this line character by character, then the next ones.
      for (const character of token) {
        const characterWidth = typesetter.width(character, run.style, size);
        if (line.width + characterWidth > maxWidth && line.pieces.length > 0) finish();
        add(character, run.style, characterWidth);
      }
    }
  }
  if (line.pieces.length > 0 || lines.length === 0) finish();
  return lines;
}

/** Code: every source line kept, spaces included, broken between characters when too wide. */
export function wrapPreformatted(text: string, style: TextStyle, typesetter: Typesetter, size: number, maxWidth: number): Line[] {
  const lines: Line[] = [];
  for (const sourceLine of text.split("\n")) {
    const drawable = typesetter.drawable(sourceLine, style).replace(/\s+$/, "");
    let current = "";
    let width = 0;
    for (const character of drawable) {
      const characterWidth = typesetter.width(character, style, size);
      if (width + characterWidth > maxWidth && current) {
        lines.push({ pieces: [{ text: current, style, width }], width });
        current = "";
        width = 0;
      }
      current += character;
      width += characterWidth;
    }
    lines.push({ pieces: current ? [{ text: current, style, width }] : [], width });
  }
  return lines;
}

function trimTrailingSpace(line: Line, typesetter: Typesetter, size: number) {
  const last = line.pieces[line.pieces.length - 1];
  if (!last || !last.text.endsWith(" ")) return;
  const trimmed = last.text.replace(/ +$/, "");
  const width = trimmed ? typesetter.width(trimmed, last.style, size) : 0;
  line.width -= last.width - width;
  if (trimmed) {
    last.text = trimmed;
    last.width = width;
  } else line.pieces.pop();
}
