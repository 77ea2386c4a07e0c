/**
 * Where search terms occur in a text, for `<mark>`: matched as the search matched them (case and
 * accents folded, so "cafe" marks "Café"), shared by the search page (server) and the search
 * dialog (client island). Pure string work; callers build the elements, so no text is ever
 * parsed as HTML.
 */
export interface TextSegment {
  text: string;
  match: boolean;
}

/** Lower case without accents, and for each folded character the index of the original one it came from. */
function fold(text: string): { folded: string; origins: number[] } {
  let folded = "";
  const origins: number[] = [];
  let index = 0;
  for (const character of text) {
    const plain = character.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    for (let unit = 0; unit < plain.length; unit++) origins.push(index);
    folded += plain;
    index += character.length;
  }
  origins.push(text.length);
  return { folded, origins };
}

export function highlightSegments(text: string, terms: readonly string[]): TextSegment[] {
  const needles = [...new Set(terms.map((term) => fold(term.trim()).folded).filter((term) => term.length > 0))].sort((a, b) => b.length - a.length);
  if (needles.length === 0 || text === "") return text === "" ? [] : [{ text, match: false }];
  const { folded, origins } = fold(text);
  const segments: TextSegment[] = [];
  let cursor = 0;
  let position = 0;
  while (position < folded.length) {
    // Longest term first at each position, so "page" and "pages" mark "pages" whole.
    const needle = needles.find((candidate) => folded.startsWith(candidate, position));
    if (!needle) {
      position++;
      continue;
    }
    const [start, end] = [origins[position]!, origins[position + needle.length]!];
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
    position += needle.length;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
