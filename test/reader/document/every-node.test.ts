import spec from "@gitbook/api/spec/openapi.json";
import { describe, expect, it } from "vitest";
import { loadDocumentRenderers, referencesOf, renderDocument } from "../../../src/reader/document";
import { expectSpecSchema } from "../../helpers/spec";
import { block, codeBlock, context, doc, dom, fragment, heading, inline, leaf, link, listItem, paragraph, text, voidBlock, type Json } from "./helpers";

/**
 * One document holding every block, inline and mark type GitBook's spec (0.202) defines, checked
 * against the spec's JSONDocument schema, then rendered: each top-level block gives HTML. A spec
 * upgrade that adds a node type fails the coverage check here, naming the type to render.
 */

const schemas = (spec as unknown as { components: { schemas: Record<string, Json> } }).components.schemas;
const typesOf = (union: string) =>
  (schemas[union]!.oneOf as Json[]).flatMap((ref) => {
    const schema = schemas[String(ref.$ref).split("/").pop()!]!;
    const type = schema.properties?.type ?? schema.allOf?.find((part: Json) => part.properties?.type)?.properties.type;
    return (type?.enum ?? []) as string[];
  });

const MARKS = ["bold", "italic", "code", "keyboard", "strikethrough", "superscript", "subscript"];

const EVERY_BLOCK: Json[] = [
  paragraph(
    text(...MARKS.map((mark) => leaf(`${mark} `, mark)), leaf("colored", { object: "mark", type: "color", data: { text: "blue", background: "default" } })),
    link({ kind: "page", page: "intro" }, "a link"),
    inline("emoji", { code: "1f600" }),
    inline("icon", { icon: "gear" }),
    inline("expression", { expression: "visitor.claims.name" }),
    inline("inline-math", { formula: "x^2" }),
    inline("inline-image", { ref: { kind: "file", file: "logo" } }),
    { object: "inline", type: "annotation", key: "an1", isVoid: false, data: {}, nodes: [text("annotated")], fragments: [fragment("annotation-body", [paragraph("The note")], "annotation-body")] },
    inline("mention", { ref: { kind: "user", user: "ada" } }),
    text(""),
  ),
  heading(1, "One"),
  heading(2, "Two"),
  heading(3, "Three"),
  block("list-ordered", [listItem(paragraph("ordered"))], {}),
  block("list-unordered", [listItem(paragraph("bulleted"))]),
  block("list-tasks", [block("list-item", [paragraph("task")], { checked: true })]),
  voidBlock("divider"),
  block("blockquote", [paragraph("quote")]),
  block("hint", [paragraph("hint")], { style: "success" }),
  block("prompt", [codeBlock("prompt text")], { description: "A prompt" }),
  block("if", [paragraph("conditional")], { expression: "visitor.claims.beta" }),
  block("images", [voidBlock("image", { ref: { kind: "file", file: "logo" } }, { fragments: [] })], {}, { isVoid: false }),
  voidBlock("file", { ref: { kind: "file", file: "manual" } }),
  voidBlock("drawing", { ref: { kind: "file", file: "logo" } }),
  voidBlock("embed", { url: "https://video.example/watch" }),
  codeBlock("const x = 1;", { syntax: "javascript" }),
  voidBlock("math", { formula: "\\sqrt{2}" }),
  voidBlock("expandable", {}, { fragments: [fragment("expandable-title", [paragraph("Title")], "expandable-title"), fragment("expandable-body", [paragraph("Body")], "expandable-body")] }),
  block("tabs", [block("tabs-item", [paragraph("tab")], { title: "Tab" })]),
  voidBlock(
    "table",
    { view: { type: "grid", columns: ["c"], hideHeader: false }, records: { r: { orderIndex: "a0", values: { c: "cell" } } }, definition: { c: { id: "c", title: "C", type: "text", textAlignment: "left" } } },
    { fragments: [fragment("cell", [paragraph("cell text")])] },
  ),
  voidBlock("swagger", { ref: { kind: "url", url: "https://api.example/openapi.json" }, method: "get", path: "/pets" }),
  voidBlock("openapi-operation", { ref: { kind: "openapi", spec: "petstore" }, method: "get", path: "/pets" }),
  voidBlock("openapi-schemas", { ref: { kind: "openapi", spec: "petstore" }, schemas: ["Pet"] }),
  voidBlock("openapi-webhook", { ref: { kind: "openapi", spec: "petstore" }, method: "post", name: "newPet" }),
  voidBlock("content-ref", { ref: { kind: "page", page: "guide" } }),
  voidBlock("integration", { integration: "github", block: "file", props: {}, url: "https://unknown.example/repo" }),
  voidBlock("reusable-content", { ref: { kind: "reusable-content", reusableContent: "shared" } }),
  block("stepper", [block("stepper-step", [paragraph("step")])]),
  block("columns", [block("column", [paragraph("column")])], {}, { isVoid: false }),
  block("updates", [block("update", [paragraph("update")], { date: "2025-01-02T00:00:00Z" })], { format: "short" }),
];

/**
 * GitBook's DocumentInlineButton cannot pass its own schema (its `data` is an allOf whose
 * parts each say additionalProperties: false), so the button stands apart from the checked document.
 */
const BUTTON = paragraph(inline("button", { label: "Go", kind: "primary", ref: { kind: "page", page: "guide" } }));

function typesIn(nodes: readonly Json[], found = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.object === "block" || node.object === "inline") found.add(node.type);
    typesIn(node.nodes ?? [], found);
    for (const part of node.fragments ?? []) typesIn(part.nodes, found);
    for (const value of node.leaves ?? []) for (const mark of value.marks) found.add(`mark:${mark.type}`);
  }
  return found;
}

describe("document renderer: every node type of GitBook's spec", () => {
  it("covers every block, inline and mark type, in a document GitBook's schema accepts", () => {
    const document = doc(...EVERY_BLOCK);
    expectSpecSchema("JSONDocument", document);
    const covered = typesIn([...(document.nodes as Json[]), BUTTON]);
    const markTypes = (schemas.DocumentTextMark!.oneOf as Json[]).map((ref) => `mark:${schemas[String(ref.$ref).split("/").pop()!]!.properties.type.enum[0]}`);
    for (const type of [...typesOf("DocumentBlock"), ...typesOf("DocumentInline"), ...markTypes]) expect(covered.has(type), `no sample of ${type}`).toBe(true);
  });

  it("renders each of them", async () => {
    const references = referencesOf(doc(...EVERY_BLOCK));
    const renderers = await loadDocumentRenderers(references);
    const operation = { method: "get", path: "/pets", summary: "List pets", parameters: [], responses: [{ status: "200", contents: [] }] };
    const rich = context({
      renderers,
      condition: () => true,
      expression: () => "Ada",
      reusableContent: () => doc(paragraph("reused")),
      openapiOperation: (ref) => ({ ...operation, method: ref.method, path: ref.path }),
      openapiSchemas: () => [{ name: "Pet", properties: [{ name: "id", type: "string" }] }],
    });
    for (const node of [...EVERY_BLOCK, BUTTON]) {
      const html = String(renderDocument(doc(node), rich));
      expect(html, `${node.type} rendered nothing`).not.toBe("");
      expect(dom(html).body.textContent!.trim() !== "" || /<(img|hr)\b/.test(html), `${node.type} shows nothing`).toBe(true);
    }
    const whole = String(renderDocument(doc(...EVERY_BLOCK), rich));
    const ids = [...dom(whole).querySelectorAll("[id]")].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
