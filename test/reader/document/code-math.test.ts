import { describe, expect, it } from "vitest";
import { loadDocumentRenderers } from "../../../src/reader/document";
import { splitHighlightedLines } from "../../../src/reader/document/highlight-lines";
import { block, codeBlock, doc, inline, paragraph, render, renderDom, text, voidBlock } from "./helpers";

describe("document renderer: code", () => {
  it("highlights code on the server, one balanced span per line", async () => {
    const renderers = await loadDocumentRenderers({ codeLanguages: new Set(["javascript"]), math: false });
    const code = "const a = `multi\nline`; // note\nreturn a;";
    const page = renderDom(doc(codeBlock(code, { syntax: "javascript", title: "app.js", lineNumbers: true })), { renderers });
    const figure = page.querySelector("figure.doc-code")!;
    expect([figure.getAttribute("class"), figure.getAttribute("data-language")]).toEqual(["doc-code doc-code--line-numbers", "javascript"]);
    expect(figure.querySelector("figcaption.doc-code-title")!.textContent).toBe("app.js");
    expect(figure.querySelector("pre")!.getAttribute("tabindex")).toBe("0");
    const body = figure.querySelector("code[data-copy]")!;
    expect(body.getAttribute("class")).toBe("doc-code-body hljs language-javascript");
    // What the copy button copies is the code as written.
    expect(body.textContent).toBe(code);
    const lines = [...body.querySelectorAll(":scope > .doc-code-line")];
    expect(lines.length).toBe(3);
    expect(lines[0]!.querySelector(".hljs-keyword")!.textContent).toBe("const");
    // The template string spans two lines: each line holds its own balanced part of it.
    expect(lines[0]!.querySelector(".hljs-string")!.textContent).toBe("`multi");
    expect(lines[1]!.querySelector(".hljs-string")!.textContent).toBe("line`");
    expect(lines[1]!.querySelector(".hljs-comment")!.textContent).toBe("// note");
  });

  it("knows GitBook's common syntax names and aliases", async () => {
    const renderers = await loadDocumentRenderers({ codeLanguages: new Set(["sh"]), math: false });
    const known = ["bash", "sh", "shell", "python", "typescript", "tsx", "js", "json", "yaml", "html", "xml", "go", "rust", "java", "csharp", "c", "cpp", "sql", "toml", "graphql", "php", "ruby", "kotlin", "swift", "dockerfile", "diff", "http", "css", "scss", "markdown", "powershell"];
    for (const syntax of known) expect(renderers.highlight!("x", syntax), syntax).not.toBeNull();
    expect(renderers.highlight!("x", "klingon")).toBeNull();
    const page = renderDom(doc(codeBlock('name = "docs"', { syntax: "toml" })), { renderers });
    expect(page.querySelector(".doc-code-line .hljs-string")!.textContent).toBe('"docs"');
  });

  it("renders plain, escaped code for unknown languages, without a language or without the highlighter", async () => {
    const renderers = await loadDocumentRenderers({ codeLanguages: new Set(["klingon"]), math: false });
    for (const [syntax, context] of [["klingon", { renderers }], [undefined, { renderers }], ["javascript", {}]] as const) {
      const html = render(doc(codeBlock("a < b\nc", syntax ? { syntax } : {})), context);
      expect(html).toContain('<span class="doc-code-line">a &lt; b\n</span><span class="doc-code-line">c</span>');
    }
  });

  it("marks highlighted lines, wraps when asked, and keeps lines of malformed code", () => {
    const code = block("code", [block("code-line", [text("one")]), block("code-line", [text("two")], { highlighted: true })], { overflow: "wrap" });
    const page = renderDom(doc(code));
    expect(page.querySelector("figure")!.getAttribute("class")).toBe("doc-code doc-code--wrap");
    expect([...page.querySelectorAll(".doc-code-line")].map((line) => line.getAttribute("class"))).toEqual(["doc-code-line", "doc-code-line doc-code-line--highlighted"]);
  });

  it("cuts highlighted HTML into lines whose spans are balanced", () => {
    expect(splitHighlightedLines('<span class="a">x\n<span class="b">y\nz</span></span>\nw')).toEqual([
      '<span class="a">x</span>',
      '<span class="a"><span class="b">y</span></span>',
      '<span class="a"><span class="b">z</span></span>',
      "w",
    ]);
    expect(splitHighlightedLines("a < b</span>")).toEqual(["a &lt; b"]);
  });
});

describe("document renderer: math", () => {
  it("renders block and inline math with KaTeX on the server, with MathML for screen readers", async () => {
    const renderers = await loadDocumentRenderers({ codeLanguages: new Set(), math: true });
    const page = renderDom(doc(voidBlock("math", { formula: "\\frac{a}{b}" }), paragraph("Energy ", inline("inline-math", { formula: "E = mc^2" }))), { renderers });
    const display = page.querySelector("div.doc-math.doc-math--block")!;
    expect(display.querySelector(".katex-display .katex-html")).not.toBeNull();
    expect(display.querySelector("math annotation")!.textContent).toBe("\\frac{a}{b}");
    const inlineMath = page.querySelector("p span.doc-math")!;
    expect(inlineMath.querySelector(".katex")).not.toBeNull();
    expect(inlineMath.querySelector(".katex-display")).toBeNull();
  });

  it("shows an invalid formula as KaTeX's error text, and the source when KaTeX is not loaded", async () => {
    const renderers = await loadDocumentRenderers({ codeLanguages: new Set(), math: true });
    const broken = renderDom(doc(voidBlock("math", { formula: "\\frac{" })), { renderers });
    expect(broken.querySelector(".doc-math")!.textContent).toContain("\\frac{");
    const plain = renderDom(doc(voidBlock("math", { formula: "x^2" }), paragraph(inline("inline-math", { formula: "y" }))));
    expect(plain.querySelector("pre.doc-math--source code")!.textContent).toBe("x^2");
    expect(plain.querySelector("code.doc-math--source")!.textContent).toBe("y");
  });

  it("loads only the renderers a page needs", async () => {
    expect(Object.keys(await loadDocumentRenderers({ codeLanguages: new Set([""]), math: false }))).toEqual([]);
    expect(Object.keys(await loadDocumentRenderers({ codeLanguages: new Set(["go"]), math: false }))).toEqual(["highlight"]);
    expect(Object.keys(await loadDocumentRenderers({ codeLanguages: new Set(), math: true }))).toEqual(["math"]);
    expect(Object.keys(await loadDocumentRenderers({ codeLanguages: new Set(), math: false, openapiOperations: [{}] }))).toEqual(["highlight"]);
  });
});
