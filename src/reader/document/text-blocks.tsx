/*
 * The essential blocks: paragraphs, headings (with anchor ids and a self-link), lists and task
 * lists, quotes, hints and dividers.
 */
import type { Child } from "hono/jsx";
import { renderBlocks } from "./blocks";
import { renderInlines } from "./inlines";
import { childrenOf, dataOf, plainTextOf, type Json } from "./nodes";
import { nextId, type RenderState } from "./render-state";

/** `data.align` as a class (content never sets a style attribute). */
function alignClass(node: Json): string {
  const align = dataOf(node).align;
  return align === "center" || align === "end" ? ` doc-align-${align}` : "";
}

export function renderParagraph(node: Json, state: RenderState): Child {
  return <p class={`doc-paragraph${alignClass(node)}`}>{renderInlines(childrenOf(node), state)}</p>;
}

/**
 * A heading: heading-1..3 are <h2>..<h4> (the page title is the <h1>). The self-link sits next
 * to the heading, not in it, so the heading's accessible name is its text alone.
 */
export function renderHeading(node: Json, state: RenderState): Child {
  const level = node.type === "heading-1" ? 1 : node.type === "heading-2" ? 2 : 3;
  const id = state.anchors.idOf(node)!;
  const classes = `doc-heading doc-heading-${level}${alignClass(node)}`;
  const content = renderInlines(childrenOf(node), state);
  const heading =
    level === 1 ? (
      <h2 id={id} class={classes}>
        {content}
      </h2>
    ) : level === 2 ? (
      <h3 id={id} class={classes}>
        {content}
      </h3>
    ) : (
      <h4 id={id} class={classes}>
        {content}
      </h4>
    );
  return (
    <div class={`doc-heading-wrapper doc-heading-wrapper-${level}`}>
      {heading}
      <a class="doc-heading-anchor" href={`#${id}`}>
        <span class="doc-visually-hidden">Section titled “{plainTextOf(node)}”</span>
      </a>
    </div>
  );
}

export function renderList(node: Json, state: RenderState): Child {
  const items = childrenOf(node);
  if (node.type === "list-tasks") {
    return <ul class="doc-list doc-list--tasks">{items.map((item) => renderTask(item, state))}</ul>;
  }
  const listItems = items.map((item) => <li class="doc-list-item">{renderBlocks(item.type === "list-item" ? childrenOf(item) : [item], state)}</li>);
  if (node.type !== "list-ordered") return <ul class="doc-list doc-list--bulleted">{listItems}</ul>;
  const start = dataOf(node).start;
  const first = typeof start === "number" && Number.isInteger(start) && start !== 1 ? start : undefined;
  return (
    <ol class="doc-list doc-list--numbered" start={first}>
      {listItems}
    </ol>
  );
}

/** A task: a disabled checkbox named by the task's own text. */
function renderTask(item: Json, state: RenderState): Child {
  const checked = dataOf(item).checked === true;
  const id = nextId(state, "task");
  return (
    <li class={`doc-task${checked ? " doc-task--done" : ""}`}>
      <input type="checkbox" class="doc-task-checkbox" disabled checked={checked} aria-labelledby={id} />
      <div id={id} class="doc-task-body">
        {renderBlocks(item.type === "list-item" ? childrenOf(item) : [item], state)}
      </div>
    </li>
  );
}

export function renderQuote(node: Json, state: RenderState): Child {
  return <blockquote class="doc-quote">{renderBlocks(childrenOf(node), state)}</blockquote>;
}

const HINT_LABELS = { info: "Info", success: "Success", warning: "Warning", danger: "Danger" } as const;

export function renderHint(node: Json, state: RenderState): Child {
  const style = dataOf(node).style;
  const kind = typeof style === "string" && style in HINT_LABELS ? (style as keyof typeof HINT_LABELS) : "info";
  return (
    <div class={`doc-hint doc-hint--${kind}`} role="note" aria-label={HINT_LABELS[kind]}>
      <span class="doc-hint-icon" aria-hidden="true"></span>
      <div class="doc-hint-body">{renderBlocks(childrenOf(node), state)}</div>
    </div>
  );
}
