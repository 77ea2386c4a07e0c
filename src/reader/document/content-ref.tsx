/*
 * Content references (GitBook's `content-ref` block): a card linking to a page, an anchor, a
 * space, a file or a URL, with the target's emoji, title and description. A card to something
 * this reader may not see is left out entirely.
 */
import type { Child } from "hono/jsx";
import { namedLink } from "./links";
import { dataOf, emojiOf, type Json } from "./nodes";
import type { RenderState } from "./render-state";

export function renderContentRef(node: Json, state: RenderState): Child {
  const ref = dataOf(node).ref;
  const link = namedLink(ref, state);
  if (!link) return null;
  const { summary, target } = link;
  const emoji = summary.emoji ? emojiOf(summary.emoji) : "";
  return (
    <div class="doc-content-ref">
      <a class="doc-content-ref-link" href={target.href} rel={target.external ? "noopener noreferrer" : undefined}>
        {emoji ? (
          <span class="doc-content-ref-emoji" aria-hidden="true">
            {emoji}
          </span>
        ) : null}
        <span class="doc-content-ref-text">
          <span class="doc-content-ref-title">{summary.title}</span>
          {summary.description ? <span class="doc-content-ref-description">{summary.description}</span> : null}
        </span>
      </a>
    </div>
  );
}
