/*
 * What every node's renderer receives: the caller's lookups, the page's anchor table, the
 * reusable contents being expanded, the nesting depth, and a counter for the ids the renderer
 * makes itself (tab groups, tasks, annotations, code blocks). Those ids start with "_", which no
 * heading anchor does (anchors.ts), so the two never collide.
 */
import type { AnchorTable } from "./anchors";
import type { ReusableTrail } from "./block-refs";
import type { DocumentRenderContext } from "./types";

/** Blocks nested deeper than this render nothing (stored documents nest far less; a guard, not a limit). */
export const MAX_RENDER_DEPTH = 64;

export interface RenderState {
  readonly context: DocumentRenderContext;
  readonly anchors: AnchorTable;
  readonly trail: ReusableTrail;
  /** Mutable, shared by every state of one render. */
  readonly counters: { ids: number; depth: number };
}

export function createRenderState(context: DocumentRenderContext, anchors: AnchorTable): RenderState {
  return { context, anchors, trail: [], counters: { ids: 0, depth: 0 } };
}

/** An id unique in the page for an element the renderer makes ("_tabs3"). */
export function nextId(state: RenderState, kind: string): string {
  state.counters.ids += 1;
  return `_${kind}${state.counters.ids}`;
}
