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
  const matches = matcher(query);
  // Words are read up to the end of the window and one more (to know the text goes on), not all.
  const words: RegExpMatchArray[] = [];
  let first = -1;
  for (const word of text.matchAll(WORD)) {
    words.push(word);
    if (first === -1 && matches(foldToken(word[0]))) first = words.length - 1;
    if (first !== -1 && words.length > Math.max(0, first - LEAD_WORDS) + EXCERPT_WORDS) break;
  }
  if (words.length <= EXCERPT_WORDS) return collapse(text);
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

/** A test for folded words: any of the query's tokens (made once per query). */
function matcher(query: SearchQuery): (token: string) => boolean {
  let matches = matchers.get(query);
  if (!matches) {
    const tokens = queryTokens(query);
    matches = (candidate) => tokens.some((test) => test(candidate));
    matchers.set(query, matches);
  }
  return matches;
}

const matchers = new WeakMap<SearchQuery, (token: string) => boolean>();
