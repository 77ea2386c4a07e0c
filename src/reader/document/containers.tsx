/*
 * Blocks that arrange other blocks: tabs, expandables, steppers, columns, changelog updates,
 * prompts, reusable contents and `if` blocks. Everything works without script: tabs are radio
 * inputs and labels the layout's CSS turns into tabs (see index.ts), expandables and prompts
 * are <details>.
 */
import type { Child } from "hono/jsx";
import { conditionHolds, expandReusable } from "./block-refs";
import { renderBlocks } from "./blocks";
import { renderCode } from "./code";
import { renderInlines } from "./inlines";
import { childrenOf, dataOf, fragmentNamed, isJson, nonEmptyString, stringOf, type Json } from "./nodes";
import { nextId, type RenderState } from "./render-state";

export function renderTabs(node: Json, state: RenderState): Child {
  const items = childrenOf(node);
  if (items.length === 0) return null;
  const group = nextId(state, "tabs");
  return (
    <div class={`doc-tabs${dataOf(node).fullWidth === true ? " doc-full-width" : ""}`}>
      {items.map((item, index) => {
        const input = `${group}-${index}`;
        const title = nonEmptyString(dataOf(item).title) ?? `Tab ${index + 1}`;
        return [
          <input type="radio" class="doc-tab-input" name={group} id={input} checked={index === 0} />,
          <label class="doc-tab-label" for={input} id={`${input}-label`}>
            {title}
          </label>,
          <div class="doc-tab-panel" role="group" aria-labelledby={`${input}-label`}>
            {renderBlocks(item.type === "tabs-item" ? childrenOf(item) : [item], state)}
          </div>,
        ];
      })}
    </div>
  );
}

/** The inline content of a title fragment's paragraphs. */
const titleOf = (fragment: Json | undefined, state: RenderState) => (fragment ? childrenOf(fragment).map((paragraph) => renderInlines(childrenOf(paragraph), state)) : []);

export function renderExpandable(node: Json, state: RenderState): Child {
  const title = fragmentNamed(node, "expandable-title");
  const body = fragmentNamed(node, "expandable-body");
  const id = state.anchors.idOf(node);
  return (
    <details class="doc-expandable" id={id} open={dataOf(node).defaultExpanded === true}>
      <summary class="doc-expandable-summary">{titleOf(title, state)}</summary>
      <div class="doc-expandable-body">{renderBlocks(body ? childrenOf(body) : childrenOf(node), state)}</div>
    </details>
  );
}

export function renderStepper(node: Json, state: RenderState): Child {
  return (
    <ol class="doc-stepper">
      {childrenOf(node).map((step) => (
        <li class="doc-step">{renderBlocks(step.type === "stepper-step" ? childrenOf(step) : [step], state)}</li>
      ))}
    </ol>
  );
}

/** Columns side by side; their widths are the layout's (content sets no style). */
export function renderColumns(node: Json, state: RenderState): Child {
  const columns = childrenOf(node);
  return (
    <div class={`doc-columns doc-columns--${Math.min(columns.length, 4)}${dataOf(node).fullWidth === true ? " doc-full-width" : ""}`}>
      {columns.map((column) => (
        <div class="doc-column">{renderBlocks(column.type === "column" ? childrenOf(column) : [column], state)}</div>
      ))}
    </div>
  );
}

const DATE_FORMATS: Record<string, Intl.DateTimeFormatOptions> = {
  numeric: { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" },
  full: { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" },
  short: { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" },
};

function formatDate(date: Date, format: string, locale: string | undefined): string {
  const options = DATE_FORMATS[format] ?? DATE_FORMATS.full!;
  try {
    return new Intl.DateTimeFormat(locale ?? "en", options).format(date);
  } catch {
    return new Intl.DateTimeFormat("en", options).format(date);
  }
}

/** A changelog: each update under its date (and tags). */
export function renderUpdates(node: Json, state: RenderState): Child {
  const format = stringOf(dataOf(node).format) ?? "full";
  return <div class="doc-updates">{childrenOf(node).map((update) => renderUpdate(update, format, state))}</div>;
}

export function renderUpdate(node: Json, format: string, state: RenderState): Child {
  const data = dataOf(node);
  const date = typeof data.date === "string" || typeof data.date === "number" ? new Date(data.date) : undefined;
  const valid = date !== undefined && !Number.isNaN(date.getTime());
  const tags = Array.isArray(data.tags) ? data.tags.filter(isJson).flatMap((tag) => nonEmptyString(tag.tag) ?? []) : [];
  return (
    <section class="doc-update">
      <p class="doc-update-meta">
        {valid ? <time datetime={date!.toISOString()}>{formatDate(date!, format, state.context.locale)}</time> : null}
        {tags.map((tag) => (
          <span class="doc-update-tag">{tag}</span>
        ))}
      </p>
      <div class="doc-update-body">{renderBlocks(node.type === "update" ? childrenOf(node) : [node], state)}</div>
    </section>
  );
}

/** A prompt: its description as the summary of a <details> holding the prompt's code block. */
export function renderPrompt(node: Json, state: RenderState): Child {
  const data = dataOf(node);
  const code = childrenOf(node).find((child) => child.type === "code");
  return (
    <details class="doc-prompt" open={data.defaultExpanded === "full" || data.defaultExpanded === "partial"}>
      <summary class="doc-prompt-summary">{stringOf(data.description) ?? "Prompt"}</summary>
      {code ? renderCode(code, state) : null}
    </details>
  );
}

/** A reusable content, rendered where it is placed (bounded: block-refs.ts). */
export function renderReusable(node: Json, state: RenderState): Child {
  const expanded = expandReusable(node, state.anchors.reusableContent, state.trail);
  if (!expanded) return null;
  return renderBlocks(expanded.document.nodes.filter(isJson), { ...state, trail: expanded.trail });
}

/** An `if` block: its content only when the caller says the condition holds; nothing of it otherwise. */
export function renderCondition(node: Json, state: RenderState): Child {
  return conditionHolds(node, state.context) ? renderBlocks(childrenOf(node), state) : null;
}
