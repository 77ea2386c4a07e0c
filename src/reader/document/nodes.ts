/*
 * Reading untrusted document JSON: the markdown converters' readers (formats/markdown), plus the
 * few the renderer needs beyond them. Nothing here throws on a malformed node.
 */
import { childrenOf, dataOf, fragmentChildrenOf, isJson, textContent, type Json } from "../../formats/markdown/document-nodes";

export { childrenOf, dataOf, fragmentChildrenOf, isJson, textContent, type Json };

export const stringOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export const nonEmptyString = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);

export const numberOf = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** A node's `data.ref` when it is an object with a string `kind`. */
export function refOf(node: Json): Json | undefined {
  const ref = dataOf(node).ref;
  return isJson(ref) && typeof ref.kind === "string" ? ref : undefined;
}

export function fragmentsOf(node: Json): Json[] {
  return Array.isArray(node.fragments) ? node.fragments.filter(isJson) : [];
}

/** The fragment named `name` (GitBook's `fragment`), or typed `name` (its `type`). */
export function fragmentNamed(node: Json, name: string): Json | undefined {
  const fragments = fragmentsOf(node);
  return fragments.find((fragment) => fragment.fragment === name) ?? fragments.find((fragment) => fragment.type === name);
}

/** The text a reader sees in a node, whitespace runs folded (titles, alt text, outline). */
export const plainTextOf = (node: Json): string => textContent(node).replace(/\s+/g, " ").trim();

/** GitBook stores emoji as hex code points joined by "-" ("1f1eb-1f1f7"); a character is kept as is. */
export function emojiOf(code: string): string {
  if (!/^[0-9a-f]{1,6}(-[0-9a-f]{1,6})*$/i.test(code)) return code.length <= 16 ? code : "";
  const points = code.split("-").map((part) => Number.parseInt(part, 16));
  return points.every((point) => point <= 0x10ffff) ? String.fromCodePoint(...points) : "";
}
