import { describe, expect, it } from "vitest";
import { mergeReferences, outlineOf, referencesOf } from "../../../src/reader/document";
import { markdownSections } from "../../../src/formats/markdown";
import { block, codeBlock, doc, fragment, heading, inline, link, paragraph, renderDom, voidBlock } from "./helpers";

const reusable = (id: string, space?: string) => voidBlock("reusable-content", { ref: { kind: "reusable-content", reusableContent: id, ...(space ? { space } : {}) } });
const operation = (method: string, path: string) => voidBlock("openapi-operation", { ref: { kind: "openapi", spec: "petstore" }, method, path });

describe("document renderer: anchors and the outline", () => {
  it("gives headings slug ids, deduplicated in document order, an explicit data.id or meta.id winning", () => {
    const document = doc(
      heading(1, "Install"),
      heading(2, "Install"),
      block("hint", [heading(3, "Install")], { style: "info" }),
      heading(2, "Custom one", { id: "my-anchor" }),
      { ...heading(2, "From GitBook"), meta: { id: "gitbook-id" } },
      heading(2, "Bad id", { id: "_tabs1" }),
      heading(2, "Ünïcode & symbols!"),
      heading(2, "   "),
    );
    const page = renderDom(document);
    expect([...page.querySelectorAll("h2, h3, h4")].map((node) => node.id)).toEqual(["install", "install-1", "install-2", "my-anchor", "gitbook-id", "bad-id", "ünïcode-symbols", "section"]);
  });

  it("lists top-level heading-1 and heading-2 with the ids the page has, as GitBook does", () => {
    const document = doc(heading(2, "Before any h1"), heading(1, "Part one"), heading(2, "Detail"), heading(3, "Too deep"), block("hint", [heading(2, "Nested")], { style: "info" }), heading(1, "Part one"));
    const outline = outlineOf(document);
    expect(outline).toEqual([
      { id: "before-any-h1", title: "Before any h1", depth: 1 },
      { id: "part-one", title: "Part one", depth: 1 },
      { id: "detail", title: "Detail", depth: 2 },
      { id: "part-one-1", title: "Part one", depth: 1 },
    ]);
    const ids = new Set([...renderDom(document).querySelectorAll("[id]")].map((element) => element.id));
    for (const item of outline) expect(ids.has(item.id), item.id).toBe(true);
  });

  it("agrees with the search index's anchors for headings written in markdown", () => {
    const titles = ["Getting started", "Getting started", "API keys & tokens", "Ünïcode"];
    const fromMarkdown = markdownSections(titles.map((title) => `## ${title}\n\ntext`).join("\n\n")).slice(1).map((section) => section.anchor);
    expect(outlineOf(doc(...titles.map((title) => heading(1, title)))).map((item) => item.id)).toEqual(fromMarkdown);
  });

  it("includes reusable contents and visible if blocks at the top level, and API operations", () => {
    const lookups = {
      reusableContent: (id: string) => (id === "shared" ? doc(heading(1, "Shared part")) : null),
      condition: (expression: string) => expression === "yes",
      openapiOperation: () => ({ method: "get", path: "/pets", summary: "List pets", deprecated: true, parameters: [], responses: [] }),
    };
    const document = doc(
      heading(1, "Intro"),
      reusable("shared"),
      reusable("shared"),
      block("if", [heading(1, "Visible")], { expression: "yes" }),
      block("if", [heading(1, "Hidden")], { expression: "no" }),
      operation("get", "/pets"),
    );
    expect(outlineOf(document, lookups)).toEqual([
      { id: "intro", title: "Intro", depth: 1 },
      { id: "shared-part", title: "Shared part", depth: 1 },
      { id: "shared-part-1", title: "Shared part", depth: 1 },
      { id: "visible", title: "Visible", depth: 1 },
      { id: "get-pets", title: "List pets", depth: 1, method: "GET", deprecated: true },
    ]);
    const page = renderDom(document, lookups);
    expect([...page.querySelectorAll("h2[id], section[id]")].map((element) => element.id)).toEqual(["intro", "shared-part", "shared-part-1", "visible", "get-pets"]);
    expect(page.body.textContent).not.toContain("Hidden");
    // Without lookups, an operation is titled by its method and path.
    expect(outlineOf(doc(operation("post", "/pets")))).toEqual([{ id: "post-pets", title: "POST /pets", depth: 1, method: "POST" }]);
  });
});

describe("referencesOf", () => {
  it("collects every page, file, URL, reusable content, spec and anchor a document points at, deduplicated", () => {
    const table = voidBlock(
      "table",
      {
        view: { type: "grid", columns: ["f", "u", "r", "i"], hideHeader: false },
        definition: { f: { id: "f", title: "F", type: "files" }, u: { id: "u", title: "U", type: "users" }, r: { id: "r", title: "R", type: "content-ref" }, i: { id: "i", title: "I", type: "image" } },
        records: { a: { orderIndex: "a", values: { f: ["file-in-table"], u: ["user-2"], r: { kind: "page", page: "page-in-table" }, i: { ref: { kind: "file", file: "cover" } } } } },
      },
      { fragments: [] },
    );
    const document = doc(
      paragraph(
        link({ kind: "page", page: "p1" }, "a"),
        link({ kind: "page", page: "p1" }, "again"),
        link({ kind: "anchor", page: "p2", anchor: "setup" }, "b"),
        link({ kind: "anchor", anchor: "local" }, "c"),
        link({ kind: "page", page: "x1", space: "s2" }, "d"),
        link({ kind: "file", file: "f1" }, "e"),
        link({ kind: "url", url: "https://example.com" }, "f"),
        inline("mention", { ref: { kind: "user", user: "user-1" } }),
        inline("mention", { ref: { kind: "space", space: "s3" } }),
        inline("mention", { ref: { kind: "collection", collection: "c1" } }),
        inline("inline-image", { ref: { kind: "file", file: "f2" }, refDark: { kind: "file", file: "f3" } }),
        inline("inline-math", { formula: "x" }),
        inline("expression", { expression: "visitor.claims.name" }),
        inline("button", { label: "Go", kind: "primary", ref: { kind: "page", page: "p3" } }),
      ),
      voidBlock("embed", { url: "https://video.example/watch" }),
      voidBlock("embed", { url: "https://video.example/watch" }),
      reusable("r1"),
      reusable("r2", "s2"),
      voidBlock("file", { ref: { kind: "file", file: "f4", space: "s2" } }),
      codeBlock("x", { syntax: "TypeScript" }),
      codeBlock("y"),
      operation("get", "/pets"),
      operation("get", "/pets"),
      voidBlock("swagger", { ref: { kind: "file", file: "spec-file" }, method: "POST", path: "/pets" }),
      voidBlock("openapi-schemas", { ref: { kind: "openapi", spec: "petstore" }, schemas: ["Pet"] }),
      block("if", [paragraph("x")], { expression: "visitor.claims.beta" }),
      voidBlock("expandable", {}, { fragments: [fragment("expandable-body", [paragraph(link({ kind: "page", page: "in-fragment" }, "g"))], "expandable-body")] }),
      table,
    );
    const references = referencesOf(document);
    expect([...references.pages].sort()).toEqual(["in-fragment", "p1", "p2", "p3", "page-in-table"]);
    expect([...references.files].sort()).toEqual(["cover", "f1", "f2", "f3", "file-in-table", "spec-file"]);
    expect(references.anchors).toEqual(new Map([["p2", new Set(["setup"])], ["", new Set(["local"])]]));
    expect(references.otherSpaces).toEqual(new Map([["s2", { pages: new Set(["x1"]), files: new Set(["f4"]), reusableContents: new Set(["r2"]), anchors: new Map() }]]));
    expect([...references.reusableContents]).toEqual(["r1"]);
    expect([...references.users].sort()).toEqual(["user-1", "user-2"]);
    expect([...references.spaces]).toEqual(["s3"]);
    expect([...references.collections]).toEqual(["c1"]);
    expect([...references.embeds]).toEqual(["https://video.example/watch"]);
    expect([...references.openapiSpecs]).toEqual(["petstore"]);
    expect(references.openapiOperations).toEqual([
      { source: { kind: "openapi", spec: "petstore" }, method: "get", path: "/pets" },
      { source: { kind: "file", file: "spec-file" }, method: "post", path: "/pets" },
    ]);
    expect(references.openapiSchemas).toEqual([{ source: { kind: "openapi", spec: "petstore" }, schemas: ["Pet"] }]);
    expect([...references.codeLanguages].sort()).toEqual(["", "typescript"]);
    expect(references.math).toBe(true);
    expect([...references.expressions].sort()).toEqual(["visitor.claims.beta", "visitor.claims.name"]);
  });

  it("merges the references of a page and its reusable contents", () => {
    const page = referencesOf(doc(paragraph(link({ kind: "page", page: "p1" }, "a")), reusable("r1"), operation("get", "/a")));
    const reused = referencesOf(doc(paragraph(link({ kind: "page", page: "p2", space: "s2" }, "b")), voidBlock("math", { formula: "x" }), operation("get", "/a")));
    const merged = mergeReferences(page, reused);
    expect([...merged.pages]).toEqual(["p1"]);
    expect([...merged.otherSpaces.get("s2")!.pages]).toEqual(["p2"]);
    expect([...merged.reusableContents]).toEqual(["r1"]);
    expect(merged.math).toBe(true);
    expect(merged.openapiOperations.length).toBe(1);
  });

  it("reads untrusted documents without failing, however deep", () => {
    let node: Record<string, unknown> = paragraph(link({ kind: "page", page: "deep" }, "x"));
    for (let depth = 0; depth < 10_000; depth++) node = block("blockquote", [node]);
    expect([...referencesOf(doc(node)).pages]).toEqual(["deep"]);
    expect(referencesOf({ object: "document", nodes: [null, 1, { data: { ref: "x" } }] as never }).pages.size).toBe(0);
  });
});
