/*
 * Code blocks: highlighted on the server when the highlighter is loaded (renderers.ts), one
 * span per line (line numbers and highlighted lines are CSS on those), an optional title, and
 * the <code> element marked `data-copy` for the layout's copy button. The <pre> is focusable
 * so a reader can scroll it with the keyboard.
 */
import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import { splitHighlightedLines } from "./highlight-lines";
import { childrenOf, dataOf, nonEmptyString, textContent, type Json } from "./nodes";
import type { RenderState } from "./render-state";

/** The language as a class name: GitBook's syntax names are words ("javascript", "c++", "objective-c"). */
const LANGUAGE = /^[a-z0-9][a-z0-9+#._-]{0,39}$/;

export function renderCode(node: Json, state: RenderState): Child {
  const data = dataOf(node);
  const lines = childrenOf(node);
  const texts = lines.map((line) => textContent(line));
  const syntax = nonEmptyString(data.syntax)?.trim().toLowerCase();
  const language = syntax && LANGUAGE.test(syntax) ? syntax : undefined;
  const highlighted = language ? (state.context.renderers?.highlight?.(texts.join("\n"), language) ?? null) : null;
  const htmlLines = highlighted === null ? null : splitHighlightedLines(highlighted);
  // A line of text holding a newline (malformed) would shift lines: then the highlighted lines stand alone.
  const aligned = htmlLines === null || htmlLines.length === lines.length;
  const rows = aligned
    ? lines.map((line, index) => ({ html: htmlLines?.[index], text: texts[index]!, marked: dataOf(line).highlighted === true }))
    : htmlLines!.map((html) => ({ html, text: "", marked: false }));
  const title = nonEmptyString(data.title);
  const classes = [
    "doc-code",
    data.lineNumbers === true ? "doc-code--line-numbers" : "",
    data.overflow === "wrap" ? "doc-code--wrap" : "",
    data.fullWidth === true ? "doc-full-width" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <figure class={classes} data-language={language}>
      {title ? <figcaption class="doc-code-title">{title}</figcaption> : null}
      <pre class="doc-code-pre" tabindex={0}>
        <code class={language ? `doc-code-body hljs language-${language}` : "doc-code-body"} data-copy="">
          {rows.map((row, index) => (
            <span class={row.marked ? "doc-code-line doc-code-line--highlighted" : "doc-code-line"}>
              {row.html !== undefined ? raw(row.html) : row.text}
              {index < rows.length - 1 ? "\n" : null}
            </span>
          ))}
        </code>
      </pre>
    </figure>
  );
}
