/*
 * Anchor ids of headings (and of API operations and expandables), and the "on this page" outline.
 *
 * An id is the node's own (`data.id`, GitBook's custom anchor, then `meta.id`, the id GitBook
 * computed), else its text slugified as the search index slugs markdown headings
 * (formats/markdown/sections.ts), so a search result's `#anchor` lands on the heading. Ids are
 * deduplicated in document order (`-1`, `-2`…) over everything the page shows: reusable
 * contents expanded, `if` blocks whose condition fails left out. The renderer and outlineOf
 * build the same table, so the outline always links to ids the page has.
 */
import { AnchorIds, slugOfHeading } from "../../formats/markdown/sections";
import { conditionHolds, expandReusable, OPENAPI_OPERATION_BLOCKS, openapiOperationRefOf, type ReusableTrail } from "./block-refs";
import { childrenOf, dataOf, fragmentsOf, isJson, nonEmptyString, plainTextOf, type Json } from "./nodes";
import type { DocumentInput, DocumentRenderContext } from "./types";

export interface OutlineItem {
  id: string;
  title: string;
  /** 1 for a top-level section, 2 for one under it. */
  depth: number;
  /** The HTTP method of an API operation section ("GET"). */
  method?: string;
  deprecated?: boolean;
}

/** What outlineOf reads besides the document; the render context has all of it. */
export type OutlineLookups = Partial<Pick<DocumentRenderContext, "reusableContent" | "condition" | "openapiOperation">>;

const HEADINGS = new Set(["heading-1", "heading-2", "heading-3"]);
/** GitBook's pattern for a heading's `data.id`; ids of ours start with "_" (render-state.ts), so those are refused. */
const EXPLICIT_ID = /^[-a-z0-9.+][-a-z0-9.+_]*$/;
const META_ID = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}._+-]*$/u;
const MAX_ID_LENGTH = 100;

/** The id a node asks for before deduplication; undefined for nodes that take none. */
function wantedId(node: Json): string | undefined {
  const type = node.type;
  if (typeof type !== "string") return undefined;
  const explicit = nonEmptyString(dataOf(node).id);
  const meta = isJson(node.meta) ? nonEmptyString(node.meta.id) : undefined;
  const own = (explicit && EXPLICIT_ID.test(explicit) ? explicit : undefined) ?? (meta && META_ID.test(meta) ? meta : undefined);
  const bounded = own && own.length <= MAX_ID_LENGTH ? own : undefined;
  if (HEADINGS.has(type)) return bounded ?? slugOfHeading(plainTextOf(node)).slice(0, MAX_ID_LENGTH);
  if (OPENAPI_OPERATION_BLOCKS.has(type)) {
    const ref = openapiOperationRefOf(node);
    // Path separators and braces become word breaks: "get /pets/{id}" is "get-pets-id".
    const words = ref ? `${ref.method} ${ref.path.replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")}` : "operation";
    return bounded ?? slugOfHeading(words).slice(0, MAX_ID_LENGTH);
  }
  if (type === "expandable") return bounded;
  return undefined;
}

/**
 * The ids of a page's anchored nodes, handed out in document order. Ids are kept by node, so
 * the table also holds the one reusable-content lookup of the render: a lookup that built a new
 * document on each call would otherwise give the renderer nodes the table has never seen.
 */
export class AnchorTable {
  private readonly ids = new Map<Json, string[]>();
  private readonly handedOut = new Map<Json, number>();
  private readonly taken = new AnchorIds();
  /** The caller's reusableContent, asked once per reusable content. */
  readonly reusableContent: DocumentRenderContext["reusableContent"] | undefined;

  private constructor(lookups: OutlineLookups) {
    const lookup = lookups.reusableContent;
    if (!lookup) return;
    const documents = new Map<string, DocumentInput | null>();
    this.reusableContent = (id, space) => {
      const key = `${space ?? ""}/${id}`;
      if (!documents.has(key)) documents.set(key, lookup.call(lookups, id, space));
      return documents.get(key)!;
    };
  }

  /** The table of a document as `lookups` show it. */
  static of(document: DocumentInput, lookups: OutlineLookups): AnchorTable {
    const table = new AnchorTable(lookups);
    table.walk(document.nodes.filter(isJson), lookups, []);
    return table;
  }

  /** The id of `node` at its next place on the page (a reusable content placed twice has two). */
  idOf(node: Json): string | undefined {
    const index = this.handedOut.get(node) ?? 0;
    this.handedOut.set(node, index + 1);
    const planned = this.ids.get(node)?.[index];
    if (planned !== undefined) return planned;
    // A node the walk did not reach (one the renderer found elsewhere): a fresh unique id.
    const wanted = wantedId(node);
    return wanted === undefined ? undefined : this.taken.take(wanted);
  }

  private walk(nodes: readonly Json[], lookups: OutlineLookups, trail: ReusableTrail): void {
    for (const node of nodes) {
      const wanted = wantedId(node);
      if (wanted !== undefined) this.ids.set(node, [...(this.ids.get(node) ?? []), this.taken.take(wanted)]);
      if (node.type === "if" && !conditionHolds(node, lookups)) continue;
      if (node.type === "reusable-content") {
        const expanded = expandReusable(node, this.reusableContent, trail);
        if (expanded) this.walk(expanded.document.nodes.filter(isJson), lookups, expanded.trail);
        continue;
      }
      this.walk(childrenOf(node), lookups, trail);
      for (const fragment of fragmentsOf(node)) this.walk(childrenOf(fragment), lookups, trail);
    }
  }
}

/**
 * The "on this page" list, as GitBook makes it: the page's top-level `heading-1` (depth 1) and
 * `heading-2` (depth 2 under a heading-1, else 1) and its API operations (depth 1), including
 * those of reusable contents and visible `if` blocks placed at the top level.
 */
export function outlineOf(document: DocumentInput, lookups: OutlineLookups = {}): OutlineItem[] {
  const table = AnchorTable.of(document, lookups);
  const items: OutlineItem[] = [];
  let underHeading1 = false;
  const visit = (nodes: readonly Json[], trail: ReusableTrail) => {
    for (const node of nodes) {
      if (node.type === "heading-1" || node.type === "heading-2") {
        const id = table.idOf(node)!;
        const title = plainTextOf(node);
        if (node.type === "heading-1") underHeading1 = true;
        if (title !== "") items.push({ id, title, depth: node.type === "heading-2" && underHeading1 ? 2 : 1 });
      } else if (typeof node.type === "string" && OPENAPI_OPERATION_BLOCKS.has(node.type)) {
        const id = table.idOf(node)!;
        const ref = openapiOperationRefOf(node);
        if (!ref) continue;
        const operation = lookups.openapiOperation?.(ref) ?? null;
        const title = operation?.summary?.trim() || `${ref.method.toUpperCase()} ${ref.path}`;
        items.push({ id, title, depth: 1, method: ref.method.toUpperCase(), ...(operation?.deprecated ? { deprecated: true } : {}) });
      } else if (node.type === "reusable-content") {
        const expanded = expandReusable(node, table.reusableContent, trail);
        if (expanded) visit(expanded.document.nodes.filter(isJson), expanded.trail);
      } else if (node.type === "if" && conditionHolds(node, lookups)) {
        visit(childrenOf(node), trail);
      }
    }
  };
  visit(document.nodes.filter(isJson), []);
  return items;
}
