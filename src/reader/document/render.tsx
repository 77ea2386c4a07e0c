/*
 * renderDocument: a GitBook JSON document as HTML, in one synchronous pass over what the caller
 * preloaded (types.ts). The result is a hono/jsx element with no async component in it, so
 * `String(element)` is the HTML at once, ready to be cached.
 */
import type { JSX } from "hono/jsx/jsx-runtime";
import { AnchorTable } from "./anchors";
import { renderBlocks } from "./blocks";
import { createRenderState } from "./render-state";
import type { DocumentInput, DocumentRenderContext } from "./types";

export function renderDocument(document: DocumentInput, context: DocumentRenderContext): JSX.Element {
  const nodes = Array.isArray(document.nodes) ? document.nodes : [];
  const state = createRenderState(context, AnchorTable.of({ object: "document", nodes }, context));
  return <>{renderBlocks(nodes, state)}</>;
}
