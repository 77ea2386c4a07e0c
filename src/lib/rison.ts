/**
 * Rison (https://github.com/Nanonid/rison), the compact JSON of URLs GitBook's preview operation
 * takes its visitor claims in: `(plan:pro,beta:!t,tags:!(a,b))` is `{"plan":"pro","beta":true,
 * "tags":["a","b"]}`. Decoding only, by a small recursive descent parser: nothing is evaluated.
 * Objects `(k:v,…)`, arrays `!(v,…)`, `!t` `!f` `!n`, numbers, quoted strings `'…'` (with `!'` and
 * `!!` escapes) and bare identifiers. Nesting is bounded, as every input of the API is.
 */

export class RisonError extends Error {}

const MAX_DEPTH = 32;
/** Characters that end a bare identifier or number. */
const DELIMITERS = new Set(["(", ")", ",", ":", "!", "'", " "]);

export function decodeRison(text: string): unknown {
  let at = 0;
  const fail = (reason: string): never => {
    throw new RisonError(`${reason} at position ${at}`);
  };
  const value = (depth: number): unknown => {
    if (depth > MAX_DEPTH) fail(`nested deeper than ${MAX_DEPTH}`);
    const char = text[at];
    if (char === undefined) return fail("unexpected end");
    if (char === "(") return object(depth);
    if (char === "'") return quoted();
    if (char === "!") {
      const next = text[at + 1];
      at += 2;
      if (next === "t") return true;
      if (next === "f") return false;
      if (next === "n") return null;
      if (next === "(") return array(depth);
      return fail(`unknown '!${next ?? ""}'`);
    }
    return bare();
  };
  const object = (depth: number): Record<string, unknown> => {
    at += 1;
    const result: Record<string, unknown> = {};
    while (text[at] !== ")") {
      if (Object.keys(result).length > 0) expect(",");
      const key = text[at] === "'" ? quoted() : bare();
      if (typeof key !== "string") fail("a key must be a string");
      expect(":");
      result[key as string] = value(depth + 1);
    }
    at += 1;
    return result;
  };
  const array = (depth: number): unknown[] => {
    const result: unknown[] = [];
    while (text[at] !== ")") {
      if (result.length > 0) expect(",");
      result.push(value(depth + 1));
    }
    at += 1;
    return result;
  };
  const quoted = (): string => {
    at += 1;
    let result = "";
    for (;;) {
      const char = text[at++];
      if (char === undefined) return fail("unterminated string");
      if (char === "'") return result;
      if (char === "!") {
        const escaped = text[at++];
        if (escaped !== "'" && escaped !== "!") fail(`invalid escape '!${escaped ?? ""}'`);
        result += escaped;
      } else result += char;
    }
  };
  const bare = (): string | number => {
    const start = at;
    while (at < text.length && !DELIMITERS.has(text[at]!)) at += 1;
    if (at === start) fail(`unexpected '${text[at]}'`);
    const token = text.slice(start, at);
    return /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(token) ? Number(token) : token;
  };
  const expect = (char: string) => {
    if (text[at] !== char) fail(`expected '${char}'`);
    at += 1;
  };
  const result = value(0);
  if (at !== text.length) fail("unexpected characters after the value");
  return result;
}
