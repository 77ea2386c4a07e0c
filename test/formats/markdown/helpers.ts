import { expect } from "vitest";
import { documentToMarkdown, markdownToDocument, type ParsedMarkdownPage } from "../../../src/formats/markdown";
import { JSONDocument, type DocumentValue } from "../../../src/schemas/document";
import { expectSpecSchema } from "../../helpers/spec";

/**
 * Shared by the markdown format tests. Converted documents are checked against GitBook's
 * published JSONDocument schema and against our own, so a converter change the API would refuse
 * fails here, next to the converter.
 */

export type Json = Record<string, any>;

export function expectOk(parsed: ParsedMarkdownPage) {
  if (!parsed.ok) throw new Error(`expected ok, got: ${parsed.reason}`);
  return parsed;
}

/** A converted document, after checking it against GitBook's spec and our own schema. */
export function convert(markdown: string): DocumentValue {
  const document = markdownToDocument(markdown);
  expectSpecSchema("JSONDocument", document);
  expect(JSONDocument.safeParse(document).success).toBe(true);
  return document;
}

export function blocks(markdown: string): Json[] {
  return convert(markdown).nodes as Json[];
}

/** Leaves of a text node as [text, marks] pairs, for compact assertions. */
export function leaves(text: Json): Array<[string, string[]]> {
  expect(text.object).toBe("text");
  return text.leaves.map((leaf: Json) => [leaf.text, leaf.marks.map((mark: Json) => mark.type)]);
}

export function textOf(node: Json): string {
  if (node.object === "text") return node.leaves.map((leaf: Json) => leaf.text).join("");
  return (node.nodes ?? []).map(textOf).join("");
}

export function collectKeys(node: Json, keys: string[] = []): string[] {
  if (typeof node.key === "string") keys.push(node.key);
  for (const child of node.nodes ?? []) collectKeys(child, keys);
  for (const fragment of node.fragments ?? []) collectKeys(fragment, keys);
  return keys;
}

export const roundTrip = (markdown: string) => documentToMarkdown(markdownToDocument(markdown));
