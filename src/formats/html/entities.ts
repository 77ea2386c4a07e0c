import { decodeNamedCharacterReference } from "decode-named-character-reference";

/**
 * HTML character references in text as it sits in a page's source (`&amp;`, `&#39;`, `&#x2014;`,
 * `&eacute;`), decoded: HTMLRewriter hands text and attribute values over as written. Named
 * references come from HTML's own table (the package micromark decodes markdown with); one that
 * is not in it, or a number that is no character, is left as written / made U+FFFD, as browsers do.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, reference: string) => {
    if (!reference.startsWith("#")) return decodeNamedCharacterReference(reference) || whole;
    const code = reference[1] === "x" || reference[1] === "X" ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
    const isCharacter = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return isCharacter ? String.fromCodePoint(code) : "\uFFFD";
  });
}

/** Text as a reader sees it: references decoded, runs of white space made one space, trimmed. */
export const readableText = (text: string) => decodeHtmlEntities(text).replace(/\s+/g, " ").trim();
