import { parseMarkdownTree, walk, type DestinationSpan } from "../../../formats/markdown/mdast";

/**
 * Rewrites the URLs of a page body: markdown links, images and definitions (the markdown module's
 * destination spans) and the `src`/`href` of HTML `<img>`/`<a>` tags, which GitBook writes for
 * figures (`<figure><img src="../.gitbook/assets/x.png">`). Only the URL bytes change, so the rest
 * of the body is kept byte for byte; `rewrite` returns null to keep a URL.
 */
export function rewriteBodyUrls(body: string, rewrite: (url: string) => string | null): string {
  const spans: DestinationSpan[] = [];
  const tree = parseMarkdownTree(body, spans);
  const edits: Array<{ start: number; end: number; url: string }> = [];
  for (const span of spans) {
    const url = rewrite(span.node.url);
    if (url !== null) edits.push({ start: span.start, end: span.end, url });
  }
  walk(tree, (node) => {
    if (node.type !== "html" || node.position?.start.offset === undefined || node.position.end.offset === undefined) return;
    const start = node.position.start.offset;
    const html = body.slice(start, node.position.end.offset);
    for (const match of html.matchAll(HTML_URL)) {
      const value = match[3]!;
      const url = rewrite(decodeEntities(value));
      if (url === null) continue;
      const valueStart = start + match.index + match[1]!.length + 1;
      edits.push({ start: valueStart, end: valueStart + value.length, url: url.replace(/&/g, "&amp;").replace(/"/g, "&quot;") });
    }
  });
  // Rewrite from the end so earlier offsets stay valid.
  edits.sort((a, b) => b.start - a.start);
  let result = body;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.url + result.slice(edit.end);
  return result;
}

// `<img ... src="...">` / `<a ... href='...'>`: group 1 is everything up to the quote.
const HTML_URL = /(<(?:img|a|source|video)\b[^>]*?\s(?:src|href)\s*=\s*)(["'])([^"']*)\2/gi;

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|#39|lt|gt);/g, (_entity, name: string) => ({ amp: "&", quot: '"', "#39": "'", lt: "<", gt: ">" })[name] ?? "");
}
