/*
 * Mentions (GitBook's `mention` inline): a page, space, file or URL shown by its title, a user
 * by name. A mention of something this reader may not see renders nothing: its title alone
 * would tell them it exists.
 */
import type { Child } from "hono/jsx";
import { namedLink } from "./links";
import { emojiOf, isJson, nonEmptyString } from "./nodes";
import type { RenderState } from "./render-state";

export function mentionOf(ref: unknown, state: RenderState): Child {
  if (!isJson(ref)) return null;
  if (ref.kind === "user") {
    const user = nonEmptyString(ref.user);
    const name = user ? state.context.titleOf?.({ kind: "user", user })?.title : undefined;
    return name ? <span class="doc-mention doc-mention--user">@{name}</span> : null;
  }
  const link = namedLink(ref, state);
  if (!link) return null;
  const emoji = link.summary.emoji ? emojiOf(link.summary.emoji) : "";
  return (
    <a class={`doc-mention doc-mention--${String(ref.kind)}`} href={link.target.href} rel={link.target.external ? "noopener noreferrer" : undefined}>
      {emoji ? <span class="doc-mention-emoji" aria-hidden="true">{emoji}</span> : null}
      {link.summary.title}
    </a>
  );
}
