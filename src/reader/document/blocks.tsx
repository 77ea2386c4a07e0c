/*
 * Blocks to HTML: one renderer per GitBook block type (the files beside this one). A block of a
 * type we do not know renders its content (its blocks, or its text as a paragraph), so nothing
 * an author wrote is lost and nothing unexpected can break the page.
 */
import type { Child } from "hono/jsx";
import { renderCode } from "./code";
import { renderColumns, renderCondition, renderExpandable, renderPrompt, renderReusable, renderStepper, renderTabs, renderUpdate, renderUpdates } from "./containers";
import { renderContentRef } from "./content-ref";
import { renderInlines, renderMath } from "./inlines";
import { renderDrawing, renderEmbed, renderFile, renderImages } from "./media";
import { childrenOf, dataOf, fragmentChildrenOf, isJson, stringOf, textContent, type Json } from "./nodes";
import { renderOpenAPIOperation, renderOpenAPISchemas } from "./openapi/openapi";
import { MAX_RENDER_DEPTH, type RenderState } from "./render-state";
import { renderTable } from "./table";
import { renderHeading, renderHint, renderList, renderParagraph, renderQuote } from "./text-blocks";

const isInlineLevel = (node: Json) => node.object === "text" || node.object === "inline" || node.object === "leaf";

/** Blocks in order; inline content found among them (malformed input) becomes a paragraph. */
export function renderBlocks(nodes: readonly unknown[], state: RenderState): Child[] {
  const rendered: Child[] = [];
  let inline: Json[] = [];
  const flush = () => {
    if (inline.length > 0 && inline.some((node) => textContent(node).trim() !== "" || node.object === "inline")) {
      rendered.push(<p class="doc-paragraph">{renderInlines(inline, state)}</p>);
    }
    inline = [];
  };
  for (const node of nodes) {
    if (!isJson(node)) continue;
    if (isInlineLevel(node)) {
      inline.push(node);
      continue;
    }
    flush();
    rendered.push(renderBlock(node, state));
  }
  flush();
  return rendered;
}

function renderBlock(node: Json, state: RenderState): Child {
  const { counters } = state;
  if (counters.depth >= MAX_RENDER_DEPTH) return null;
  counters.depth += 1;
  try {
    return renderBlockOfType(node, state);
  } finally {
    counters.depth -= 1;
  }
}

function renderBlockOfType(node: Json, state: RenderState): Child {
  switch (node.type) {
    case "paragraph":
      return renderParagraph(node, state);
    case "heading-1":
    case "heading-2":
    case "heading-3":
      return renderHeading(node, state);
    case "list-unordered":
    case "list-ordered":
    case "list-tasks":
      return renderList(node, state);
    case "list-item":
      return renderList({ type: "list-unordered", nodes: [node] }, state);
    case "blockquote":
      return renderQuote(node, state);
    case "hint":
      return renderHint(node, state);
    case "divider":
      return <hr class="doc-divider" />;
    case "code":
      return renderCode(node, state);
    case "code-line":
      return renderCode({ type: "code", data: {}, nodes: [node] }, state);
    case "images":
    case "image":
      return renderImages(node, state);
    case "drawing":
      return renderDrawing(node, state);
    case "file":
      return renderFile(node, state);
    case "embed":
      return renderEmbed(node, state);
    case "integration":
      // Integration blocks run third-party code; one unfurled from a URL is shown as that URL's card.
      return renderEmbed(node, state);
    case "math":
      return renderMath(stringOf(dataOf(node).formula) ?? "", true, state);
    case "expandable":
      return renderExpandable(node, state);
    case "tabs":
      return renderTabs(node, state);
    case "table":
      return renderTable(node, state);
    case "content-ref":
      return renderContentRef(node, state);
    case "reusable-content":
      return renderReusable(node, state);
    case "openapi-operation":
    case "swagger":
    case "openapi-webhook":
      return renderOpenAPIOperation(node, state);
    case "openapi-schemas":
      return renderOpenAPISchemas(node, state);
    case "stepper":
      return renderStepper(node, state);
    case "columns":
      return renderColumns(node, state);
    case "updates":
      return renderUpdates(node, state);
    case "update":
      return renderUpdate(node, "full", state);
    case "prompt":
      return renderPrompt(node, state);
    case "if":
      return renderCondition(node, state);
    default:
      // tabs-item, stepper-step and column out of place, and types we do not know: their content.
      return renderUnknown(node, state);
  }
}

/** Its blocks, and its inline content as a paragraph (renderBlocks groups it). */
function renderUnknown(node: Json, state: RenderState): Child {
  return renderBlocks([...childrenOf(node), ...fragmentChildrenOf(node)], state);
}
