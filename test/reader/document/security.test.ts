import { describe, expect, it } from "vitest";
import { loadDocumentRenderers } from "../../../src/reader/document";
import { block, codeBlock, doc, dom, fragment, heading, inline, leaf, link, paragraph, render, text, voidBlock } from "./helpers";

/** Every URL-bearing attribute of the page is http(s), mailto, relative or a fragment. */
function expectOnlySafeUrls(html: string) {
  const page = dom(html);
  for (const element of page.querySelectorAll("[href], [src], [srcset], [action], [formaction], [poster]")) {
    for (const name of ["href", "src", "srcset", "action", "formaction", "poster"]) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      const resolved = new URL(value, "https://reader.example/page");
      expect(["https:", "http:", "mailto:"], `${name}="${value}"`).toContain(resolved.protocol);
    }
  }
}

/** No element carries an event handler or a style attribute, and no script or dangerous element exists. */
function expectNothingRuns(html: string) {
  const page = dom(html);
  expect(page.querySelectorAll("script, iframe, object, embed, style, link, meta, base, form, frame").length).toBe(0);
  for (const element of page.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith("on"), `${element.tagName} ${attribute.name}`).toBe(false);
      if (attribute.name === "style") expect(element.closest(".katex"), "style outside KaTeX's output").not.toBeNull();
    }
  }
}

const ATTACK_URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\u0001javascript:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html,<script>alert(1)</script>",
];

describe("document renderer: untrusted content", () => {
  it("escapes markup in text, titles, alt text, captions and data", async () => {
    const evil = `<script>alert(1)</script><img src=x onerror=alert(1)>"'`;
    const document = doc(
      paragraph(evil),
      heading(1, evil),
      block("hint", [paragraph(evil)], { style: "info" }),
      codeBlock(`${evil}\n${evil}`, { syntax: "html", title: evil }),
      codeBlock(evil, { syntax: `js" onmouseover="alert(1)` }),
      block("images", [voidBlock("image", { ref: { kind: "file", file: "logo" }, alt: evil }, { fragments: [fragment("caption", [paragraph(evil)])] })]),
      voidBlock("math", { formula: evil }),
      paragraph(inline("inline-math", { formula: "\\text{<script>}" })),
      block("tabs", [block("tabs-item", [paragraph(evil)], { title: evil })]),
      voidBlock("expandable", {}, { fragments: [fragment("expandable-title", [paragraph(evil)], "expandable-title"), fragment("expandable-body", [paragraph(evil)], "expandable-body")] }),
      paragraph(inline("emoji", { code: evil })),
      heading(2, "custom", { id: `x" onfocus="alert(1)` }),
      voidBlock("embed", { url: "https://video.example/watch" }),
    );
    const withRenderers = await loadDocumentRenderers({ codeLanguages: new Set(["html"]), math: true });
    for (const html of [render(document), render(document, { renderers: withRenderers, embed: () => ({ title: evil, description: evil, site: evil }) })]) {
      expect(html).not.toMatch(/<script/i);
      expectNothingRuns(html);
      expectOnlySafeUrls(html);
    }
  });

  it("drops javascript:, data: and other schemes from links, images and embeds, however they are spelled", () => {
    for (const url of ATTACK_URLS) {
      const html = render(
        doc(
          paragraph(link({ kind: "url", url }, "click"), inline("inline-image", { ref: { kind: "url", url }, alt: "pic" })),
          block("images", [voidBlock("image", { ref: { kind: "url", url } })]),
          voidBlock("embed", { url }),
          voidBlock("content-ref", { ref: { kind: "url", url } }),
          paragraph(inline("button", { label: "Go", kind: "primary", ref: { kind: "url", url } })),
        ),
      );
      // The button's paragraph stays, empty: the button is left out, not its block.
      expect(html, url).toBe('<p class="doc-paragraph">click</p><p class="doc-paragraph"></p>');
    }
  });

  it("writes entities in a URL escaped, so the browser reads them as a relative path", () => {
    const html = render(doc(paragraph(link({ kind: "url", url: "javascript&colon;alert(1)" }, "click"))));
    expect(html).toContain('href="javascript&amp;colon;alert(1)"');
    expect(dom(html).querySelector("a")!.getAttribute("href")).toBe("javascript&colon;alert(1)");
    expectOnlySafeUrls(html);
  });

  it("checks URLs the caller's lookups return as well", () => {
    const html = render(
      doc(
        paragraph(link({ kind: "page", page: "intro" }, "page"), link({ kind: "file", file: "manual" }, "file"), link({ kind: "url", url: "https://a.example/" }, "url")),
        voidBlock("file", { ref: { kind: "file", file: "manual" } }),
        block("images", [voidBlock("image", { ref: { kind: "file", file: "logo" } })]),
      ),
      {
        pageUrl: () => "javascript:alert(1)",
        file: () => ({ url: "javascript:alert(2)", name: "x", contentType: "text/html" }),
        urlOf: () => "javascript:alert(3)",
      },
    );
    expect(html).toBe('<p class="doc-paragraph">pagefileurl</p>');
  });

  it("keeps KaTeX's \\href and \\includegraphics off, so a formula links and loads nothing", async () => {
    const renderers = await loadDocumentRenderers({ codeLanguages: new Set(), math: true });
    const html = render(doc(voidBlock("math", { formula: "\\href{javascript:alert(1)}{x} + \\includegraphics{https://evil.example/x.png} + \\url{javascript:alert(2)}" })), { renderers });
    const page = dom(html);
    expect(page.querySelector(".katex")).not.toBeNull();
    expect(page.querySelectorAll("a, img").length).toBe(0);
    expectNothingRuns(html);
  });

  it("never writes an expression's value or a condition's text as markup", () => {
    const html = render(
      doc(
        paragraph(inline("expression", { expression: "x" })),
        block("if", [paragraph("shown")], { expression: "<img src=x onerror=alert(1)>" }),
      ),
      { expression: () => "<img src=x onerror=alert(1)>", condition: () => true },
    );
    expect(html).toBe('<p class="doc-paragraph"><span class="doc-expression">&lt;img src=x onerror=alert(1)&gt;</span></p><p class="doc-paragraph">shown</p>');
  });

  it("renders text that looks like HTML from a markdown body as text", () => {
    // markdownToDocument keeps raw HTML of trusted bodies as paragraph text: the reader shows it, never runs it.
    const html = render(doc(paragraph(text(leaf('<a href="javascript:alert(1)">x</a>')), link({ kind: "url", url: "https://ok.example/" }, text(leaf("<b>", "bold"))))));
    expect(html).toBe(
      '<p class="doc-paragraph">&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;<a class="doc-link doc-link--external" href="https://ok.example/" rel="noopener noreferrer"><strong>&lt;b&gt;</strong></a></p>',
    );
  });
});
