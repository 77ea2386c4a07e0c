/*
 * GitBook JSON document -> markdown, inline content: text leaves, links, inline images, emoji, math.
 *
 * GitBook marks every leaf with a flat set of marks; markdown nests emphasis. groupMarks rebuilds
 * the nesting (see its comment), which is the one subtle algorithm of the export direction and
 * is kept apart from the block conversion so it can be read, and later changed, on its own.
 */
import type { PhrasingContent } from "mdast";
import { MARK_ORDER, childrenOf, dataOf, isJson, textContent, type Json, type MarkType } from "./document-nodes";
import { targetUrl } from "./links";

/** Marks that become mdast wrappers; `code` is a leaf (inlineCode) and cannot wrap anything. */
const WRAPPING_MARKS = ["bold", "italic", "strikethrough"] as const;
type WrappingMark = (typeof WRAPPING_MARKS)[number];

/** Void inlines (images, emoji, math) carry no marks; they may sit inside any emphasis around them. */
const ANY_MARKS = "any";
type UnitMarks = ReadonlySet<MarkType> | typeof ANY_MARKS;

/** A run of inline content: a leaf of text, or an inline node rendered once marks are placed. */
type Unit =
  | { kind: "leaf"; text: string; marks: UnitMarks }
  | { kind: "node"; marks: UnitMarks; render: (active: ReadonlySet<MarkType>) => PhrasingContent[] };

/** Markdown URL of a content ref; undefined for refs markdown cannot point at (users, spaces...). */
export function refUrl(ref: unknown): string | undefined {
  if (!isJson(ref)) return undefined;
  switch (ref.kind) {
    case "page":
      return typeof ref.page === "string" ? targetUrl({ kind: "page", page: ref.page }) : undefined;
    case "file":
      return typeof ref.file === "string" ? targetUrl({ kind: "file", file: ref.file }) : undefined;
    case "url":
      return typeof ref.url === "string" ? ref.url : undefined;
    case "anchor": {
      if (typeof ref.anchor !== "string") return undefined;
      const page = typeof ref.page === "string" ? targetUrl({ kind: "page", page: ref.page }) : "";
      return `${page}#${ref.anchor}`;
    }
    default:
      return undefined;
  }
}

export function phrasingToMdast(nodes: readonly Json[]): PhrasingContent[] {
  return groupMarks(unitsOf(nodes), new Set());
}

function leafMarks(value: Json): Set<MarkType> {
  const marks = Array.isArray(value.marks) ? value.marks.filter(isJson) : [];
  // Marks markdown has no syntax for (colors, keyboard, super/subscript) are not kept.
  return new Set(MARK_ORDER.filter((type) => marks.some((mark) => mark.type === type)));
}

/** Inline content as units: leaves with their marks, inline nodes rendered later. */
function unitsOf(nodes: readonly Json[]): Unit[] {
  return nodes.flatMap((node): Unit[] => {
    if (node.object === "text") {
      const leaves = Array.isArray(node.leaves) ? node.leaves.filter(isJson) : [];
      return leaves.flatMap((value): Unit[] => {
        const text = textContent(value);
        return text === "" ? [] : [{ kind: "leaf", text, marks: leafMarks(value) }];
      });
    }
    if (node.object !== "inline") {
      const text = textContent(node);
      return text === "" ? [] : [{ kind: "leaf", text, marks: new Set() }];
    }
    switch (node.type) {
      case "link":
        return linkUnits(node);
      case "inline-image":
        return [{ kind: "node", marks: ANY_MARKS, render: () => [inlineImageToMdast(node)] }];
      case "emoji": {
        const text = textContent(node);
        return text === "" ? [] : [{ kind: "leaf", text, marks: ANY_MARKS }];
      }
      case "inline-math": {
        // `$$$$` would not read back as a formula; an empty one shows nothing anyway.
        const formula = dataOf(node).formula;
        if (typeof formula !== "string" || formula.trim() === "") return [];
        return [{ kind: "node", marks: ANY_MARKS, render: () => [{ type: "inlineMath", value: formula }] }];
      }
      default:
        // Unknown inlines (mentions, expressions, ...): their text content.
        return unitsOf(childrenOf(node));
    }
  });
}

function linkUnits(node: Json): Unit[] {
  const inner = unitsOf(childrenOf(node));
  const url = refUrl(dataOf(node).ref);
  // A link to something markdown cannot address keeps its text.
  if (url === undefined) return inner;
  // Emphasis common to the whole link text is written around the link, the rest inside it.
  const marks = commonMarks(inner);
  const render = (active: ReadonlySet<MarkType>): PhrasingContent[] => [
    { type: "link", url, title: null, children: groupMarks(inner, active) },
  ];
  return [{ kind: "node", marks, render }];
}

function commonMarks(units: readonly Unit[]): UnitMarks {
  let common: Set<MarkType> | undefined;
  for (const unit of units) {
    if (unit.marks === ANY_MARKS) continue;
    const marks = unit.marks;
    common = common ? new Set([...common].filter((mark) => marks.has(mark))) : new Set(marks);
  }
  if (!common) return ANY_MARKS;
  common.delete("code");
  return common;
}

function inlineImageToMdast(node: Json): PhrasingContent {
  const data = dataOf(node);
  return {
    type: "image",
    url: refUrl(data.ref) ?? "",
    alt: typeof data.alt === "string" ? data.alt : null,
    title: typeof data.caption === "string" && data.caption !== "" ? data.caption : null,
  };
}

function hasMark(marks: UnitMarks, mark: MarkType): boolean {
  return marks === ANY_MARKS || marks.has(mark);
}

/**
 * Rebuilds nested emphasis from flat marked units: at each unit not yet fully wrapped, the mark
 * whose run goes furthest is opened over that run, and the run is grouped again inside it. So
 * `**a *b* c**` (leaves a/b/c all bold, b also italic) comes back as one strong, not three.
 */
function groupMarks(units: readonly Unit[], active: ReadonlySet<MarkType>): PhrasingContent[] {
  const phrasing: PhrasingContent[] = [];
  let index = 0;
  while (index < units.length) {
    const unit = units[index]!;
    const marks = unit.marks;
    const pending = marks === ANY_MARKS ? [] : WRAPPING_MARKS.filter((mark) => marks.has(mark) && !active.has(mark));
    if (pending.length === 0) {
      phrasing.push(...renderUnit(unit, active));
      index += 1;
      continue;
    }
    let best: WrappingMark = pending[0]!;
    let bestEnd = index + 1;
    for (const mark of pending) {
      const end = runEnd(units, index, mark);
      if (end > bestEnd) [best, bestEnd] = [mark, end];
    }
    // Marks covering a link alone are written inside it (`[*a*](u)`, not `*[a](u)*`).
    if (bestEnd === index + 1 && unit.kind === "node") {
      phrasing.push(...unit.render(active));
      index += 1;
      continue;
    }
    const inner = groupMarks(units.slice(index, bestEnd), new Set([...active, best]));
    phrasing.push(...wrap(best, inner));
    index = bestEnd;
  }
  return phrasing;
}

/** End (exclusive) of the run of units carrying `mark` from `start`, not ending on a void inline. */
function runEnd(units: readonly Unit[], start: number, mark: MarkType): number {
  let end = start;
  while (end < units.length && hasMark(units[end]!.marks, mark)) end += 1;
  while (end - 1 > start && units[end - 1]!.marks === ANY_MARKS) end -= 1;
  return end;
}

function renderUnit(unit: Unit, active: ReadonlySet<MarkType>): PhrasingContent[] {
  if (unit.kind === "node") return unit.render(active);
  if (unit.marks !== ANY_MARKS && unit.marks.has("code")) return [{ type: "inlineCode", value: unit.text }];
  // Newlines in GitBook text are line breaks.
  return unit.text.split("\n").flatMap((part, index): PhrasingContent[] => [
    ...(index > 0 ? [{ type: "break" } as const] : []),
    ...(part === "" ? [] : [{ type: "text", value: part } as const]),
  ]);
}

/**
 * Wraps content in an emphasis node. Whitespace at its edges is moved outside: markdown cannot
 * open or close emphasis next to a space, and the serializer would otherwise escape it.
 */
function wrap(mark: WrappingMark, children: PhrasingContent[]): PhrasingContent[] {
  const before = takeEdgeWhitespace(children, "start");
  const after = takeEdgeWhitespace(children, "end");
  if (children.length === 0) return [...before, ...after];
  const type = mark === "bold" ? "strong" : mark === "italic" ? "emphasis" : "delete";
  return [...before, { type, children } as PhrasingContent, ...after];
}

/** Removes whitespace from one edge of `children` (mutating it) and returns it as text. */
function takeEdgeWhitespace(children: PhrasingContent[], edge: "start" | "end"): PhrasingContent[] {
  const index = edge === "start" ? 0 : children.length - 1;
  const node = children[index];
  if (node?.type !== "text") return [];
  const match = edge === "start" ? /^\s+/.exec(node.value) : /\s+$/.exec(node.value);
  if (!match) return [];
  const rest = edge === "start" ? node.value.slice(match[0].length) : node.value.slice(0, match.index);
  if (rest === "") children.splice(index, 1);
  else children[index] = { type: "text", value: rest };
  return [{ type: "text", value: match[0] }];
}
