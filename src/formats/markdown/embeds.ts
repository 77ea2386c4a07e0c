/*
 * GitBook's `{% embed url="…" %}` tags in markdown bodies: how a body holds an embed block (GitBook
 * writes them the same way in Git Sync). At the top level of a body, a paragraph whose whole text
 * is one tag of an absolute http(s) URL is an `embed` block; anywhere else, and any other tag
 * (a caption's `{% endembed %}` form included), stays text. Search drops the tag (sections.ts).
 */

import { isHttpUrl } from "../../lib/urls";

const EMBED_PARAGRAPH = /^\{%[ \t]*embed[ \t]+url="([^"\r\n]+)"[ \t]*%\}$/;

/** The URL a paragraph embeds: one whose whole text is one embed tag of an http(s) URL. */
export function embedOfParagraph(text: string): string | undefined {
  const url = EMBED_PARAGRAPH.exec(text.trim())?.[1];
  return url !== undefined && isHttpUrl(url) ? url : undefined;
}

/** The tag of an embed block of `url`; null for a URL no tag can hold (not http(s), or with a quote or a line break). */
export function embedTag(url: string): string | null {
  return isHttpUrl(url) && !/["\r\n]/.test(url) ? `{% embed url="${url}" %}` : null;
}

