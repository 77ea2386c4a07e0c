import { describe, expect, it } from "vitest";
import { referencesOf } from "../../../src/reader/document";
import { block, doc, heading, inline, leaf, listItem, paragraph, render, renderDom, text, voidBlock } from "./helpers";

describe("document renderer: text blocks", () => {
  it("renders paragraphs with every mark GitBook has", () => {
    const html = render(
      doc(
        paragraph(
          text(
            leaf("bold", "bold"),
            leaf("italic", "italic"),
            leaf("struck", "strikethrough"),
            leaf("code", "code"),
            leaf("key", "keyboard"),
            leaf("up", "superscript"),
            leaf("down", "subscript"),
            leaf("both", "bold", "italic"),
          ),
        ),
      ),
    );
    expect(html).toBe(
      '<p class="doc-paragraph"><strong>bold</strong><em>italic</em><s>struck</s><code class="doc-code-inline">code</code><kbd class="doc-kbd">key</kbd>' +
        "<sup>up</sup><sub>down</sub><strong><em>both</em></strong></p>",
    );
  });

  it("renders color marks as classes from GitBook's palette, never as styles", () => {
    const colored = leaf("warm", { object: "mark", type: "color", data: { text: "orange", background: "$warning" } });
    const forged = leaf("x", { object: "mark", type: "color", data: { text: "red;background:url(x)", background: "default" } });
    const page = renderDom(doc(paragraph(text(colored, forged))));
    const span = page.querySelector(".doc-color")!;
    expect(span.getAttribute("class")).toBe("doc-color doc-text-orange doc-bg-warning");
    expect(span.textContent).toBe("warm");
    expect(page.querySelectorAll(".doc-color").length).toBe(1);
    expect(page.querySelector("[style]")).toBeNull();
  });

  it("turns newlines in text into line breaks and aligns paragraphs by class", () => {
    const page = renderDom(doc(block("paragraph", [text("one\ntwo")], { align: "center" })));
    const p = page.querySelector("p")!;
    expect(p.getAttribute("class")).toBe("doc-paragraph doc-align-center");
    expect(p.innerHTML).toBe("one<br>two");
  });

  it("renders headings one level below the page title, with anchor ids and a self-link beside them", () => {
    const page = renderDom(doc(heading(1, "Getting started"), heading(2, "Install it"), heading(3, "On macOS")));
    expect([...page.querySelectorAll("h2, h3, h4")].map((node) => [node.tagName, node.id, node.textContent])).toEqual([
      ["H2", "getting-started", "Getting started"],
      ["H3", "install-it", "Install it"],
      ["H4", "on-macos", "On macOS"],
    ]);
    const wrapper = page.querySelector(".doc-heading-wrapper-1")!;
    const anchor = wrapper.querySelector("a.doc-heading-anchor")!;
    expect(anchor.getAttribute("href")).toBe("#getting-started");
    expect(anchor.textContent).toBe("Section titled “Getting started”");
    // The heading's own accessible name is its text alone.
    expect(wrapper.querySelector("h2 a")).toBeNull();
  });

  it("renders bulleted, numbered and nested lists", () => {
    const nested = block("list-unordered", [listItem(paragraph("inner"))]);
    const page = renderDom(
      doc(
        block("list-unordered", [listItem(paragraph("a"), nested), listItem(paragraph("b"))]),
        block("list-ordered", [listItem(paragraph("first")), listItem(paragraph("second"))], { start: 3 }),
        block("list-ordered", [listItem(paragraph("one"))], { start: 1 }),
      ),
    );
    const [bulleted, numbered, fromOne] = [...page.querySelectorAll("body > ul, body > ol")];
    expect(bulleted!.getAttribute("class")).toBe("doc-list doc-list--bulleted");
    expect(bulleted!.querySelectorAll(":scope > li").length).toBe(2);
    expect(bulleted!.querySelector("li ul li")!.textContent).toBe("inner");
    expect(numbered!.getAttribute("start")).toBe("3");
    expect(fromOne!.hasAttribute("start")).toBe(false);
  });

  it("renders task lists with disabled checkboxes named by their task", () => {
    const page = renderDom(
      doc(block("list-tasks", [block("list-item", [paragraph("done")], { checked: true }), block("list-item", [paragraph("todo")], { checked: false })])),
    );
    const tasks = [...page.querySelectorAll("ul.doc-list--tasks > li")];
    expect(tasks.map((task) => task.getAttribute("class"))).toEqual(["doc-task doc-task--done", "doc-task"]);
    const boxes = [...page.querySelectorAll("input[type=checkbox]")];
    expect(boxes.every((box) => box.hasAttribute("disabled"))).toBe(true);
    expect(boxes.map((box) => box.hasAttribute("checked"))).toEqual([true, false]);
    const label = page.getElementById(boxes[0]!.getAttribute("aria-labelledby")!)!;
    expect(label.textContent).toBe("done");
  });

  it("renders quotes, hints of each style and dividers", () => {
    const page = renderDom(
      doc(
        block("blockquote", [paragraph("quoted")]),
        ...["info", "success", "warning", "danger"].map((style) => block("hint", [paragraph(`${style} text`)], { style })),
        block("hint", [paragraph("odd")], { style: "<script>" }),
        voidBlock("divider"),
      ),
    );
    expect(page.querySelector("blockquote.doc-quote p")!.textContent).toBe("quoted");
    const hints = [...page.querySelectorAll(".doc-hint")];
    expect(hints.map((hint) => [hint.getAttribute("class"), hint.getAttribute("role"), hint.getAttribute("aria-label")])).toEqual([
      ["doc-hint doc-hint--info", "note", "Info"],
      ["doc-hint doc-hint--success", "note", "Success"],
      ["doc-hint doc-hint--warning", "note", "Warning"],
      ["doc-hint doc-hint--danger", "note", "Danger"],
      ["doc-hint doc-hint--info", "note", "Info"],
    ]);
    expect(hints[2]!.querySelector(".doc-hint-body p")!.textContent).toBe("warning text");
    expect(page.querySelectorAll("hr.doc-divider").length).toBe(1);
  });

  it("renders emoji and icons", () => {
    const page = renderDom(doc(paragraph(text("Hi "), inline("emoji", { code: "1f44b" }), inline("icon", { icon: "gear", color: "blue" }), inline("icon", { icon: "x\" onload=\"y" }))));
    expect(page.querySelector(".doc-emoji")!.textContent).toBe("👋");
    const icons = [...page.querySelectorAll(".doc-icon")];
    expect(icons.map((icon) => [icon.getAttribute("data-icon"), icon.getAttribute("class"), icon.getAttribute("aria-hidden")])).toEqual([["gear", "doc-icon doc-text-blue", "true"]]);
  });

  it("draws an icon the context has a drawing for inline, and never inlines a drawing with more than paths in it", () => {
    const gear = { viewBox: "0 0 512 512", markup: '<!--! Font Awesome Free --><path fill="currentColor" d="M0 0h512v512H0z"/>' };
    const forged = { viewBox: "0 0 512 512", markup: '<path fill="currentColor" d="M0 0"/><script>alert(1)</script>' };
    const icon = (name: string) => (name === "gear" ? gear : name === "bug" ? forged : null);
    const document = doc(paragraph(inline("icon", { icon: "gear", color: "blue" }), inline("icon", { icon: "bug" }), inline("icon", { icon: "unknown" })));
    const page = renderDom(document, { icon });
    const svg = page.querySelector("svg.doc-icon")!;
    expect([svg.getAttribute("class"), svg.getAttribute("viewBox"), svg.getAttribute("aria-hidden"), svg.getAttribute("data-icon")]).toEqual(["doc-icon doc-text-blue named-icon", "0 0 512 512", "true", "gear"]);
    expect(svg.querySelector("path")?.getAttribute("d")).toBe("M0 0h512v512H0z");
    // The forged drawing and the unknown name are the empty span, as without drawings.
    expect([...page.querySelectorAll("span.doc-icon")].map((span) => span.getAttribute("data-icon"))).toEqual(["bug", "unknown"]);
    expect(render(document, { icon })).not.toContain("<script");
    expect([...referencesOf(document).icons]).toEqual(["gear", "bug", "unknown"]);
  });

  it("renders unknown blocks and inlines as their content, and survives malformed nodes", () => {
    const unknownBlock = block("future-block", [paragraph("kept text")]);
    const unknownInline = inline("future-inline", {}, [text("inline text")]);
    const malformed = [null, 3, "str", { object: "block" }, { object: "block", type: "paragraph", nodes: "nope" }, { object: "text", leaves: [{ text: 5 }] }];
    const html = render({ object: "document", nodes: [unknownBlock, paragraph(unknownInline), ...malformed] });
    expect(html).toContain("kept text");
    expect(html).toContain("inline text");
    expect(render({ object: "document", nodes: "nothing" as unknown as [] })).toBe("");
  });

  it("wraps inline content found among blocks in a paragraph", () => {
    const html = render(doc(text("stray"), heading(1, "After")));
    expect(html.startsWith('<p class="doc-paragraph">stray</p>')).toBe(true);
  });

  it("renders a document nested past the depth guard without failing", () => {
    let node = paragraph("deepest");
    for (let depth = 0; depth < 200; depth++) node = block("blockquote", [node]);
    const html = render(doc(node));
    expect(html).not.toContain("deepest");
    expect(html.startsWith('<blockquote class="doc-quote">')).toBe(true);
  });
});
