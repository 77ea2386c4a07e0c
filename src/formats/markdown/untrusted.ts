/*
 * What markdown from an untrusted author (comments) may not put in a document: raw HTML beyond
 * its text, inline `<script>`/`<style>` elements, and URLs that could run or embed something.
 * markdownToDocument's `untrusted` option applies these; they are kept apart so the rules can
 * be read, and reviewed, on their own.
 */
import type { PhrasingContent } from "mdast";

/** A URL that only navigates: relative (our pages and files), or http(s) and mailto. */
export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme (`java\tscript:`).
  const scheme = /^([^/?#]*?):/.exec(url.replace(/[\u0000-\u0020\u007f]/g, ""))?.[1];
  return scheme === undefined || ["http", "https", "mailto"].includes(scheme.toLowerCase());
}

/**
 * Inline `<script>`/`<style>` elements arrive as an opening tag, the markdown between, and a
 * closing tag, each a node of its own: everything from the opening tag to its closing one goes.
 */
export function withoutInlineScripts(nodes: readonly PhrasingContent[]): PhrasingContent[] {
  const kept: PhrasingContent[] = [];
  let inside: string | null = null;
  for (const node of nodes) {
    const html = node.type === "html" ? node.value : "";
    if (inside !== null) {
      if (new RegExp(`</${inside}\\s*>`, "i").test(html)) inside = null;
      continue;
    }
    const opening = /^<(script|style)\b/i.exec(html);
    if (opening && !new RegExp(`</${opening[1]}\\s*>`, "i").test(html)) inside = opening[1]!;
    kept.push(node);
  }
  return kept;
}

/** What a reader sees of raw HTML: no script or style element, no comment, no tag. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, "")
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
    .replace(/<\/?[a-zA-Z!?][^>]*>?/g, "");
}
