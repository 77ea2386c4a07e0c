/**
 * What a support message says, without what every message carries: HTML, quoted replies, the
 * greeting and the signature. Pure; the analysis (domain/conversations/analysis.ts) derives an
 * issue's title and summary from the user's messages cleaned here. Heuristics, in order:
 *
 * 1. HTML (a body with tags) becomes text: `<blockquote>`, Gmail/Outlook quote containers, `<style>`
 *    and `<script>` are dropped whole; `<br>` and block ends become line breaks; entities decoded.
 * 2. Markdown links and images keep their text; code fences stay as text.
 * 3. A quoted reply ends the message: the first line that starts a quote (`On … wrote:`,
 *    `-----Original Message-----`, a `From:` header block, `________`) and everything after it;
 *    `>`-quoted lines are dropped wherever they are.
 * 4. A signature ends the message: a `-- ` delimiter line, `Sent from my …`, or a sign-off line
 *    (`Thanks,`, `Best regards`, `Cheers` …) followed by at most four short lines.
 * 5. A greeting opens it: a first line that is only a greeting (`Hi team,`, `Hello Anna!`) goes,
 *    and a greeting that opens the first sentence (`Hi, where do I…`) is cut off it.
 */

const BLOCK_TAGS = /<\/(p|div|li|h[1-6]|tr|table|ul|ol|pre|section|article)\s*>|<br\s*\/?>/gi;
const DROPPED_ELEMENTS = /<(blockquote|style|script|head)\b[\s\S]*?<\/\1\s*>/gi;
const QUOTE_CONTAINERS = /<div[^>]+class\s*=\s*["'][^"']*(gmail_quote|yahoo_quoted|moz-cite-prefix|OutlookMessageHeader)[^"']*["'][\s\S]*$/i;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

export function looksLikeHtml(body: string): boolean {
  return /<\/?(p|div|br|span|a|b|i|strong|em|ul|ol|li|table|blockquote|html|body|h[1-6])\b[^>]*>/i.test(body);
}

export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(QUOTE_CONTAINERS, "")
      .replace(DROPPED_ELEMENTS, "")
      .replace(BLOCK_TAGS, "\n")
      .replace(/<[^>]*>/g, ""),
  );
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (match, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return safeCodePoint(parseInt(lower.slice(2), 16), match);
    if (lower.startsWith("#") && lower !== "#39") return safeCodePoint(parseInt(lower.slice(1), 10), match);
    return ENTITIES[lower] ?? match;
  });
}

const safeCodePoint = (code: number, fallback: string) => (Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback);

const QUOTE_START = [
  /^on\b.{0,200}\bwrote:\s*$/i,
  /^le\b.{0,200}\ba écrit\s*:\s*$/i,
  /^-{2,}\s*original message\s*-{2,}$/i,
  /^-{2,}\s*forwarded message\s*-{2,}$/i,
  /^_{8,}$/,
  /^from:\s.+$/i,
];

const SIGNATURE_DELIMITER = /^--\s*$/;
const SENT_FROM = /^sent from my\b/i;
const SIGN_OFF = /^(thanks|thank you|thanks a lot|many thanks|thx|best|best regards|kind regards|regards|warm regards|cheers|sincerely|all the best|br)\b[\s,.!]*$/i;

const GREETING_LINE = /^(hi|hello|hey|dear|greetings|good (morning|afternoon|evening)|hiya|howdy)\b[^.?!\n]{0,40}[,!.:]?\s*$/i;
const GREETING_PREFIX = /^(hi|hello|hey|hiya|howdy)( there| team| all| everyone| folks| guys)?\s*[,!.:-]\s*/i;

/** The text a user wrote in one message body (Markdown or HTML), cleaned as described above. */
export function cleanMessage(body: string): string {
  const text = looksLikeHtml(body) ? htmlToText(body) : body;
  const lines = withoutMarkdownLinks(text).replace(/\r\n?/g, "\n").split("\n").map((line) => line.trim());
  return withoutGreeting(withoutSignature(untilQuote(lines)))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function withoutMarkdownLinks(text: string): string {
  return text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1");
}

function untilQuote(lines: string[]): string[] {
  const end = lines.findIndex((line) => QUOTE_START.some((pattern) => pattern.test(line)));
  return (end < 0 ? lines : lines.slice(0, end)).filter((line) => !line.startsWith(">"));
}

function withoutSignature(lines: string[]): string[] {
  const delimiter = lines.findIndex((line) => SIGNATURE_DELIMITER.test(line) || SENT_FROM.test(line));
  const kept = delimiter < 0 ? lines : lines.slice(0, delimiter);
  for (let index = kept.length - 1; index >= 0; index--) {
    if (!SIGN_OFF.test(kept[index]!)) continue;
    const after = kept.slice(index + 1).filter(Boolean);
    if (after.length <= 4 && after.every((line) => line.length <= 60)) return kept.slice(0, index);
  }
  return kept;
}

function withoutGreeting(lines: string[]): string[] {
  const first = lines.findIndex(Boolean);
  if (first < 0) return [];
  const rest = lines.slice(first);
  if (GREETING_LINE.test(rest[0]!)) return rest.slice(1);
  return [rest[0]!.replace(GREETING_PREFIX, ""), ...rest.slice(1)];
}

/** The first sentence of a text (at most `max` characters, cut at a word). */
export function firstSentence(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const end = flat.search(/[.?!](\s|$)/);
  const sentence = end < 0 ? flat : flat.slice(0, end + 1);
  return truncate(sentence, max);
}

/** `text` with whitespace collapsed, cut at a word to at most `max` characters (an ellipsis marks the cut). */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}
