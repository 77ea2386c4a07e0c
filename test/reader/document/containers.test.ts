import { describe, expect, it } from "vitest";
import { block, codeBlock, doc, fragment, heading, paragraph, render, renderDom, voidBlock } from "./helpers";

const expandable = (title: string, body: ReturnType<typeof paragraph>[], data: Record<string, unknown> = {}, meta?: Record<string, unknown>) =>
  voidBlock("expandable", data, {
    fragments: [fragment("expandable-title", [paragraph(title)], "expandable-title"), fragment("expandable-body", body, "expandable-body")],
    ...(meta ? { meta } : {}),
  });

const reusable = (id: string, space?: string) => voidBlock("reusable-content", { ref: { kind: "reusable-content", reusableContent: id, ...(space ? { space } : {}) } });

describe("document renderer: tabs, expandables and other containers", () => {
  it("renders tabs as radio inputs and labels that work without script, the first one selected", () => {
    const tabs = block("tabs", [block("tabs-item", [paragraph("npm install")], { title: "npm" }), block("tabs-item", [paragraph("yarn add")], { title: "Yarn" }), block("tabs-item", [paragraph("?")])]);
    const page = renderDom(doc(tabs, tabs));
    const [first, second] = [...page.querySelectorAll(".doc-tabs")];
    const inputs = [...first!.querySelectorAll("input.doc-tab-input")];
    expect(inputs.map((input) => [input.getAttribute("type"), input.hasAttribute("checked")])).toEqual([
      ["radio", true],
      ["radio", false],
      ["radio", false],
    ]);
    const group = inputs[0]!.getAttribute("name")!;
    expect(inputs.every((input) => input.getAttribute("name") === group)).toBe(true);
    expect(second!.querySelector("input")!.getAttribute("name")).not.toBe(group);
    const labels = [...first!.querySelectorAll("label.doc-tab-label")];
    expect(labels.map((label) => [label.textContent, label.getAttribute("for") === label.previousElementSibling!.id])).toEqual([
      ["npm", true],
      ["Yarn", true],
      ["Tab 3", true],
    ]);
    const panel = labels[1]!.nextElementSibling!;
    expect([panel.getAttribute("class"), panel.getAttribute("aria-labelledby"), panel.textContent]).toEqual(["doc-tab-panel", labels[1]!.id, "yarn add"]);
    // Every id on the page is unique.
    const ids = [...page.querySelectorAll("[id]")].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("renders expandables as <details>, open when GitBook says so, with their block id", () => {
    const page = renderDom(doc(expandable("More", [paragraph("hidden text")]), expandable("Open", [paragraph("shown")], { defaultExpanded: true }, { id: "faq" })));
    const [closed, open] = [...page.querySelectorAll("details.doc-expandable")];
    expect(closed!.hasAttribute("open")).toBe(false);
    expect(closed!.querySelector("summary.doc-expandable-summary")!.textContent).toBe("More");
    expect(closed!.querySelector(".doc-expandable-body p")!.textContent).toBe("hidden text");
    expect(closed!.hasAttribute("id")).toBe(false);
    expect([open!.hasAttribute("open"), open!.id]).toEqual([true, "faq"]);
  });

  it("renders steppers, columns and prompts", () => {
    const page = renderDom(
      doc(
        block("stepper", [block("stepper-step", [paragraph("one")]), block("stepper-step", [paragraph("two")])]),
        block("columns", [block("column", [paragraph("left")]), block("column", [paragraph("right")], { width: 40 })]),
        block("prompt", [codeBlock("Summarize this page")], { description: "Ask an assistant", defaultExpanded: "hidden" }),
      ),
    );
    expect([...page.querySelectorAll("ol.doc-stepper > li.doc-step")].map((step) => step.textContent)).toEqual(["one", "two"]);
    const columns = page.querySelector(".doc-columns")!;
    expect(columns.getAttribute("class")).toBe("doc-columns doc-columns--2");
    expect([...columns.querySelectorAll(".doc-column")].map((column) => [column.textContent, column.hasAttribute("style")])).toEqual([
      ["left", false],
      ["right", false],
    ]);
    const prompt = page.querySelector("details.doc-prompt")!;
    expect([prompt.hasAttribute("open"), prompt.querySelector("summary")!.textContent]).toEqual([false, "Ask an assistant"]);
    expect(prompt.querySelector("code[data-copy]")!.textContent).toBe("Summarize this page");
  });

  it("renders changelog updates under their dates, in the page's language", () => {
    const updates = block("updates", [block("update", [paragraph("Faster builds")], { date: "2025-03-04T10:00:00Z", tags: [{ kind: "tag", tag: "perf" }] })], { format: "full" });
    const page = renderDom(doc(updates));
    const time = page.querySelector(".doc-update time")!;
    expect([time.getAttribute("datetime"), time.textContent]).toEqual(["2025-03-04T10:00:00.000Z", "March 4, 2025"]);
    expect(page.querySelector(".doc-update-tag")!.textContent).toBe("perf");
    expect(page.querySelector(".doc-update-body")!.textContent).toBe("Faster builds");
    expect(renderDom(doc(updates), { locale: "fr" }).querySelector("time")!.textContent).toBe("4 mars 2025");
    expect(renderDom(doc(block("updates", updates.nodes, { format: "numeric" }))).querySelector("time")!.textContent).toBe("03/04/2025");
  });

  it("renders reusable contents where they are placed, bounded and without cycles", () => {
    const contents: Record<string, ReturnType<typeof doc>> = {
      note: doc(paragraph("reused text"), reusable("nested")),
      nested: doc(paragraph("nested text"), reusable("note")),
      shared: doc(paragraph("from another space")),
    };
    const page = renderDom(doc(reusable("note"), reusable("shared", "space-2"), reusable("missing")), {
      reusableContent: (id, space) => (space === undefined || id === "shared" ? (contents[id] ?? null) : null),
    });
    expect([...page.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["reused text", "nested text", "from another space"]);
  });

  it("shows an if block's content only when the caller says its condition holds", () => {
    const document = doc(block("if", [heading(1, "Beta features"), paragraph("beta only")], { expression: "visitor.claims.beta" }), paragraph("for all"));
    expect(render(document)).toBe('<p class="doc-paragraph">for all</p>');
    expect(render(document, { condition: () => false })).toBe('<p class="doc-paragraph">for all</p>');
    expect(render(document, { condition: () => { throw new Error("bad expression"); } })).toBe('<p class="doc-paragraph">for all</p>');
    const shown = renderDom(document, { condition: (expression) => expression === "visitor.claims.beta" });
    expect([...shown.querySelectorAll("h2, p")].map((node) => node.textContent)).toEqual(["Beta features", "beta only", "for all"]);
  });
});
