/*
 * Inline content: text leaves with their marks, links, inline images, emoji, icons, math,
 * expressions, annotations, mentions and buttons. Unknown inlines render their text.
 */
import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import { isIconDrawing } from "./icon-drawing";
import { renderInlineImage } from "./media";
import { mentionOf } from "./mentions";
import { childrenOf, dataOf, emojiOf, fragmentNamed, isJson, nonEmptyString, stringOf, textContent, type Json } from "./nodes";
import { linkTarget } from "./links";
import { nextId, type RenderState } from "./render-state";
import { safeLinkUrl } from "./urls";

/** GitBook's color tokens (DocumentTextColor); `$primary` and friends lose their `$` in class names. */
const COLORS = new Set(["green", "blue", "red", "orange", "yellow", "purple", "pink", "violet", "cyan", "$primary", "$info", "$success", "$warning", "$danger", "$tint"]);
const ICON_NAME = /^[a-z0-9][a-z0-9-]{0,49}$/;

export function renderInlines(nodes: readonly Json[], state: RenderState): Child[] {
  return nodes.map((node) => renderInline(node, state));
}

function renderInline(node: Json, state: RenderState): Child {
  if (node.object === "text") return Array.isArray(node.leaves) ? node.leaves.filter(isJson).map(renderLeaf) : null;
  if (node.object === "leaf") return renderLeaf(node);
  if (node.object !== "inline") return textContent(node);
  const data = dataOf(node);
  switch (node.type) {
    case "link":
      return renderLink(node, state);
    case "inline-image":
      return renderInlineImage(node, state);
    case "emoji": {
      const emoji = emojiOf(stringOf(data.code) ?? "");
      return emoji ? <span class="doc-emoji">{emoji}</span> : null;
    }
    case "icon": {
      const icon = stringOf(data.icon);
      if (!icon || !ICON_NAME.test(icon)) return null;
      // The drawing is inlined as markup: checked again here, whatever the lookup is.
      const drawing = state.context.icon?.(icon);
      const className = `doc-icon${colorClass(data.color, "text")}`;
      if (!drawing || !isIconDrawing(drawing)) return <span class={className} data-icon={icon} aria-hidden="true"></span>;
      return (
        <svg class={`${className} named-icon`} data-icon={icon} viewBox={drawing.viewBox} aria-hidden="true" focusable="false">
          {raw(drawing.markup)}
        </svg>
      );
    }
    case "expression":
      return renderExpression(stringOf(data.expression), state);
    case "inline-math":
      return renderMath(stringOf(data.formula) ?? "", false, state);
    case "annotation":
      return renderAnnotation(node, state);
    case "mention":
      return mentionOf(data.ref, state);
    case "button":
      return renderButton(data, state);
    default:
      return renderInlines(childrenOf(node), state);
  }
}

function colorClass(token: unknown, kind: "text" | "bg"): string {
  return typeof token === "string" && COLORS.has(token) ? ` doc-${kind}-${token.replace(/^\$/, "")}` : "";
}

/** Text with its marks; newlines are line breaks. */
function renderLeaf(leaf: Json): Child {
  const text = typeof leaf.text === "string" ? leaf.text : "";
  if (text === "") return null;
  const lines = text.split("\n");
  let content: Child = lines.length === 1 ? text : lines.flatMap((line, index) => (index === 0 ? [line] : [<br />, line]));
  const marks = Array.isArray(leaf.marks) ? leaf.marks.filter(isJson) : [];
  const has = (type: string) => marks.some((mark) => mark.type === type);
  if (has("code")) content = <code class="doc-code-inline">{content}</code>;
  if (has("keyboard")) content = <kbd class="doc-kbd">{content}</kbd>;
  if (has("subscript")) content = <sub>{content}</sub>;
  if (has("superscript")) content = <sup>{content}</sup>;
  if (has("strikethrough")) content = <s>{content}</s>;
  if (has("italic")) content = <em>{content}</em>;
  if (has("bold")) content = <strong>{content}</strong>;
  const color = marks.find((mark) => mark.type === "color");
  if (color) {
    const colors = dataOf(color);
    const classes = `${colorClass(colors.text, "text")}${colorClass(colors.background, "bg")}`;
    if (classes !== "") content = <span class={`doc-color${classes}`}>{content}</span>;
  }
  return content;
}

/** A link; one this reader may not follow is its text alone (the target is never written). */
function renderLink(node: Json, state: RenderState): Child {
  const content = renderInlines(childrenOf(node), state);
  const target = linkTarget(dataOf(node).ref, state);
  if (!target) return content;
  return target.external ? (
    <a class="doc-link doc-link--external" href={target.href} rel="noopener noreferrer">
      {content}
    </a>
  ) : (
    <a class="doc-link" href={target.href}>
      {content}
    </a>
  );
}

function renderExpression(expression: string | undefined, state: RenderState): Child {
  if (!expression || !state.context.expression) return null;
  let value: string | null;
  try {
    value = state.context.expression(expression);
  } catch {
    value = null;
  }
  return value === null || value === "" ? null : <span class="doc-expression">{value}</span>;
}

/** KaTeX's HTML when the renderer is loaded, else the TeX source as code. */
export function renderMath(formula: string, display: boolean, state: RenderState): Child {
  const html = formula.trim() === "" ? null : (state.context.renderers?.math?.(formula, display) ?? null);
  if (display) {
    return html !== null ? (
      <div class="doc-math doc-math--block">{raw(html)}</div>
    ) : (
      <pre class="doc-math doc-math--block doc-math--source">
        <code>{formula}</code>
      </pre>
    );
  }
  return html !== null ? <span class="doc-math">{raw(html)}</span> : <code class="doc-math doc-math--source">{formula}</code>;
}

/**
 * An annotation: its text opens a popover with the note (the Popover API, so it works without
 * script). The note's blocks are flattened to phrasing content: a <p> inside the paragraph
 * holding the annotation would end that paragraph.
 */
function renderAnnotation(node: Json, state: RenderState): Child {
  const text = renderInlines(childrenOf(node), state);
  const body = fragmentNamed(node, "annotation-body");
  if (!body) return text;
  const id = nextId(state, "note");
  const paragraphs = childrenOf(body).map((block) => (
    <span class="doc-annotation-paragraph">{block.type === "paragraph" || String(block.type).startsWith("heading") ? renderInlines(childrenOf(block), state) : textContent(block)}</span>
  ));
  return (
    <span class="doc-annotation">
      <button type="button" class="doc-annotation-trigger" popovertarget={id}>
        {text}
      </button>
      <span id={id} popover="auto" role="note" class="doc-annotation-body">
        {paragraphs}
      </span>
    </span>
  );
}

/** A button: a link to its ref, or a button an island acts on (search, ask, select). */
function renderButton(data: Json, state: RenderState): Child {
  const label = nonEmptyString(data.label);
  if (!label) return null;
  const kind = data.kind === "secondary" ? "secondary" : "primary";
  const size = data.size === "small" || data.size === "large" ? ` doc-button--${data.size}` : "";
  const classes = `doc-button doc-button--${kind}${size}`;
  if (data.ref !== undefined) {
    const target = linkTarget(data.ref, state);
    if (!target) return null;
    return (
      <a class={classes} href={target.href} rel={target.external ? "noopener noreferrer" : undefined}>
        {label}
      </a>
    );
  }
  const action = isJson(data.action) ? data.action : {};
  if (action.action !== "search" && action.action !== "ask" && action.action !== "select") return null;
  const query = stringOf(action.query) ?? "";
  const searchUrl = action.action === "search" ? safeLinkUrl(state.context.searchUrl?.(query) ?? "") : null;
  if (searchUrl) return <a class={classes} href={searchUrl}>{label}</a>;
  return (
    <button type="button" class={classes} data-action={action.action} data-query={stringOf(action.query)} data-slug={stringOf(action.slug)}>
      {label}
    </button>
  );
}
