/**
 * What a user's search text means to the FTS5 index: plain words, never syntax.
 *
 * Every whitespace-separated word becomes a quoted FTS5 string (a `"` inside is doubled), so
 * `OR`, `NEAR(`, `-`, `:`, `^`, `*` and quotes are only text: the tokenizer reads the string and
 * keeps its letters and digits, the way it read the indexed text (a word like `e-mail` becomes
 * the phrase "e mail"). Words with no letter or digit match nothing and are left out. The last word
 * is a prefix (`"instal"*`) while the user is still typing it, i.e. unless the text ends with a
 * space. The words are ANDed: a result has all of them.
 */

export interface SearchQuery {
  /** The words as typed (those with a letter or digit). */
  words: string[];
  /** Whether the last word matches as a prefix. */
  prefix: boolean;
}

const HAS_TOKEN = /[\p{L}\p{N}]/u;

export function parseSearchQuery(text: string): SearchQuery {
  const typed = text.split(/\s+/);
  const words = typed.filter((word) => HAS_TOKEN.test(word));
  // Still being typed: the text ends in a word (not in a space, nor in punctuation after one).
  return { words, prefix: HAS_TOKEN.test(typed.at(-1)!) };
}

/**
 * The FTS5 expression of the query's words (empty when it has none). Private-use characters are
 * left out: the index marks its space tokens with one (db/schema/search.ts), so that no word typed
 * can match them.
 */
export function matchExpression(query: SearchQuery): string {
  return query.words
    .map((word, index) => `"${word.replace(PRIVATE_USE, "").replaceAll('"', '""')}"${query.prefix && index === query.words.length - 1 ? "*" : ""}`)
    .join(" ");
}

const PRIVATE_USE = /\p{Co}/gu;

/** The FTS5 token of a space in the indexes (`search_pages.space_token`). */
export const spaceToken = (spaceId: string) => `"\u{E000}${spaceId.replaceAll('"', '""')}"`;

/**
 * Whether `text` holds every word of the query, folded as the index folds them (case, accents),
 * the last one as a prefix when typed as one: how a page is known to have matched on its own
 * title or description rather than on one of its sections.
 */
export function containsQuery(text: string, query: SearchQuery): boolean {
  if (query.words.length === 0) return false;
  const tokens = foldedTokens(text);
  const wanted = query.words.map(foldedTokens);
  return wanted.every((phrase, index) =>
    phrase.every((token, position) => {
      const isPrefix = query.prefix && index === wanted.length - 1 && position === phrase.length - 1;
      return tokens.some((candidate) => (isPrefix ? candidate.startsWith(token) : candidate === token));
    }),
  );
}

/** A run of letters and digits (with their combining marks): a token, as unicode61 splits text. */
export const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Text as the index folds it: lower case, diacritics removed (unicode61 remove_diacritics 2).
 * ASCII text has no diacritics: lower-casing it is all (and most text is ASCII).
 */
export const foldToken = (text: string) => (ASCII.test(text) ? text.toLowerCase() : text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase());

const ASCII = /^[\x00-\x7f]*$/;

/** A run of letters and digits once folded. */
const FOLDED_WORD = /[\p{L}\p{N}]+/gu;

/** The folded tokens of a text: the whole text folded at once (the tokens of a long text, cheaply). */
export function foldedTokens(text: string): string[] {
  return foldToken(text).match(FOLDED_WORD) ?? [];
}

/** A short, stable tag of the query, so a cursor made for one query is refused for another. */
export function queryTag(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash.toString(36);
}
