/**
 * The size an embed's markup asks for when it is a player: markup that starts with an <iframe> or
 * a <video> with numeric `width` and `height` (what providers write from their oEmbed `width` and
 * `height`, e.g. YouTube's `<iframe width="200" height="113" …>`). The reader keeps its aspect
 * ratio at the page's width. Undefined for anything else (a widget sizes itself).
 */
export interface MarkupSize {
  width: number;
  height: number;
}

const LEADING_PLAYER = /^\s*<(?:iframe|video)\b([^>]*)>/i;
const MAX_DIMENSION = 10_000;

export function markupSize(html: string): MarkupSize | undefined {
  const attributes = LEADING_PLAYER.exec(html)?.[1];
  if (attributes === undefined) return undefined;
  const width = dimension(attributes, "width");
  const height = dimension(attributes, "height");
  return width && height ? { width, height } : undefined;
}

function dimension(attributes: string, name: string): number | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*["']?\\s*(\\d+(?:\\.\\d+)?)(?:px)?\\s*["']?(?=[\\s/>]|$)`, "i").exec(attributes);
  const value = match ? Number(match[1]) : NaN;
  return value >= 1 && value <= MAX_DIMENSION ? value : undefined;
}
