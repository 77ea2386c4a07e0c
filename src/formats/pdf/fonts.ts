/*
 * The fonts every PDF is set in: DejaVu (a Bitstream Vera derivative under a permissive licence,
 * from the `dejavu-fonts-ttf` package), which covers Latin, Greek, Cyrillic, Armenian, Georgian,
 * Hebrew, Arabic and many symbols. The files are bundled as binary modules (wrangler.toml
 * `[[rules]]`), so they are bytes beside the script, never parsed as JavaScript, and only this
 * module (reached by the PDF routes' lazy import) touches them. Italic is slanted from the
 * regular face (text.ts) rather than shipping a fourth file.
 */
import bold from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf";
import mono from "dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf";
import regular from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf";

export const FONT_FILES = { regular, bold, mono } as const;

export type FontFace = keyof typeof FONT_FILES;
