/*
 * Highlighted HTML cut into lines. A highlighter's token can span lines (a block comment, a
 * template string), so each line closes the spans still open at its end and the next line opens
 * them again: every line is balanced HTML, and line numbers and highlighted lines can be styled
 * per line. The input is highlight.js output: escaped text and <span class="…"> tags only.
 */
const TOKEN = /<span\b[^>]*>|<\/span>|\n|[^<\n]+|</g;

export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = "";
  for (const [token] of html.matchAll(TOKEN)) {
    if (token === "\n") {
      lines.push(line + "</span>".repeat(open.length));
      line = open.join("");
    } else if (token === "</span>") {
      if (open.length === 0) continue;
      open.pop();
      line += token;
    } else if (token.startsWith("<span")) {
      open.push(token);
      line += token;
    } else {
      // A lone "<" is never in highlight.js output; escape it rather than trust it.
      line += token === "<" ? "&lt;" : token;
    }
  }
  lines.push(line + "</span>".repeat(open.length));
  return lines;
}
