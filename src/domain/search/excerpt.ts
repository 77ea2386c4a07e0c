import { WORD, foldToken, foldedTokens, type SearchQuery } from "./query";

/**
 * A section's excerpt: a short window of its text around the first run of query words, made here
 * rather than by FTS5's snippet(): snippet() needs the index's cursor on the row, which for rows
 * picked after ranking means opening the query again per row, and bm25 recounts every query
 * term's matches each time it is opened (milliseconds per row on a common word).
 */

/** Words of context shown; the window starts a few words before the first match. */
const EXCERPT_WORDS = 24;
const LEAD_WORDS = 4;

/** About EXCERPT_WORDS words of `text` around its first word matching the query (its start if none). */
export function excerptOf(text: string, query: SearchQuery): string {
  const words = [...text.matchAll(WORD)];
  if (words.length <= EXCERPT_WORDS) return collapse(text);
  const matches = matcher(query);
  const first = Math.max(0, words.findIndex((word) => matches(foldToken(word[0]))));
  const start = Math.max(0, Math.min(first - LEAD_WORDS, words.length - EXCERPT_WORDS));
  const end = Math.min(words.length, start + EXCERPT_WORDS);
  const from = start === 0 ? 0 : words[start]!.index!;
  const to = end === words.length ? text.length : words[end - 1]!.index! + words[end - 1]![0].length;
  return `${start > 0 ? "…" : ""}${collapse(text.slice(from, to))}${end < words.length ? "…" : ""}`;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** One test per token of the query, for folded words: equal to it, or starting with it when it is being typed. */
export function queryTokens(query: SearchQuery): Array<(token: string) => boolean> {
  return query.words.flatMap((word, index) => {
    const folded = foldedTokens(word);
    return folded.map((token, position) => {
      const prefix = query.prefix && index === query.words.length - 1 && position === folded.length - 1;
      return (candidate: string) => (prefix ? candidate.startsWith(token) : candidate === token);
    });
  });
}

/** A test for folded words: any of the query's tokens. */
function matcher(query: SearchQuery): (token: string) => boolean {
  const tokens = queryTokens(query);
  return (candidate) => tokens.some((matches) => matches(candidate));
}
