/*
 * One cell of a GitBook table, by its column's definition type. Unknown types show the value as
 * text when it is a string or a number, and nothing otherwise.
 */
import type { Child } from "hono/jsx";
import { renderBlocks } from "./blocks";
import { namedLink } from "./links";
import { imageElements } from "./media";
import { childrenOf, fragmentsOf, isJson, numberOf, stringOf, type Json } from "./nodes";
import type { RenderState } from "./render-state";
import { idsOf, imageCellOf, type TableColumn } from "./table-values";

const OPTION_COLORS = new Set(["green", "blue", "red", "orange", "yellow", "purple", "pink", "violet", "cyan", "gray", "grey"]);

export function renderCell(table: Json, column: TableColumn, value: unknown, state: RenderState): Child {
  switch (column.type) {
    case "text": {
      const name = stringOf(value);
      const fragment = name === undefined ? undefined : fragmentsOf(table).find((candidate) => candidate.fragment === name);
      return fragment ? renderBlocks(childrenOf(fragment), state) : null;
    }
    case "number": {
      const number = numberOf(value);
      return number === undefined ? null : String(number);
    }
    case "checkbox":
      return <input type="checkbox" class="doc-table-checkbox" disabled checked={value === true} aria-label={column.title || "Checked"} />;
    case "rating":
      return renderRating(numberOf(value) ?? 0, numberOf(column.definition.max) ?? 5);
    case "select":
      return renderOptions(column, idsOf(typeof value === "string" ? [value] : value));
    case "files":
      return idsOf(value).map((file) => renderRefLink({ kind: "file", file }, state));
    case "users":
      return idsOf(value).map((user) => {
        const name = state.context.titleOf?.({ kind: "user", user })?.title;
        return name ? <span class="doc-table-user">{name}</span> : null;
      });
    case "content-ref":
      return renderRefLink(value, state);
    case "image": {
      const image = imageCellOf(value);
      return image ? imageElements(image.ref, undefined, state, { alt: image.alt ?? "", className: "doc-table-image" }) : null;
    }
    default:
      return typeof value === "string" || typeof value === "number" ? String(value) : null;
  }
}

function renderRating(rating: number, maximum: number): Child {
  const max = Math.min(Math.max(Math.round(maximum), 1), 10);
  const stars = Math.min(Math.max(Math.round(rating), 0), max);
  return (
    <span class="doc-rating" role="img" aria-label={`${stars} out of ${max}`}>
      {"★".repeat(stars)}
      {"☆".repeat(max - stars)}
    </span>
  );
}

function renderOptions(column: TableColumn, values: string[]): Child {
  const options = Array.isArray(column.definition.options) ? column.definition.options.filter(isJson) : [];
  return values.map((value) => {
    const option = options.find((candidate) => candidate.value === value);
    if (!option) return null;
    const color = stringOf(option.color);
    const colorClass = color && OPTION_COLORS.has(color) ? ` doc-table-option--${color}` : "";
    return <span class={`doc-table-option${colorClass}`}>{stringOf(option.label) ?? value}</span>;
  });
}

/** A ref as a link named by its target's title; nothing when hidden. */
export function renderRefLink(ref: unknown, state: RenderState): Child {
  const link = namedLink(ref, state);
  if (!link) return null;
  return (
    <a class="doc-link" href={link.target.href} rel={link.target.external ? "noopener noreferrer" : undefined}>
      {link.summary.title}
    </a>
  );
}
