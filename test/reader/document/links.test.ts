import { describe, expect, it } from "vitest";
import { doc, inline, link, paragraph, render, renderDom, voidBlock } from "./helpers";

const linksOf = (page: ReturnType<typeof renderDom>) => [...page.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.textContent, a.getAttribute("rel")]);

describe("document renderer: links, mentions and cards", () => {
  it("links to URLs, pages, anchors, files and spaces at their published URLs", () => {
    const page = renderDom(
      doc(
        paragraph(
          link({ kind: "url", url: "https://example.com/a?b=1" }, "external"),
          link({ kind: "url", url: "/relative/path" }, "relative"),
          link({ kind: "url", url: "mailto:ada@example.com" }, "mail"),
          link({ kind: "page", page: "intro" }, "a page"),
          link({ kind: "anchor", anchor: "setup", page: "guide" }, "an anchor there"),
          link({ kind: "anchor", anchor: "here" }, "an anchor here"),
          link({ kind: "file", file: "manual" }, "a file"),
          link({ kind: "space", space: "other-space" }, "a space"),
          link({ kind: "page", page: "p9", space: "other-space" }, "a page of another space"),
        ),
      ),
    );
    expect(linksOf(page)).toEqual([
      ["https://example.com/a?b=1", "external", "noopener noreferrer"],
      ["/relative/path", "relative", null],
      ["mailto:ada@example.com", "mail", null],
      ["/docs/intro", "a page", null],
      ["/docs/guide#setup", "an anchor there", null],
      ["#here", "an anchor here", null],
      ["/files/manual.pdf", "a file", null],
      ["/other/", "a space", null],
      ["/other/p9", "a page of another space", null],
    ]);
    expect(page.querySelector("a")!.getAttribute("class")).toBe("doc-link doc-link--external");
  });

  it("rewrites external URLs through urlOf, and drops the ones it refuses", () => {
    const page = renderDom(doc(paragraph(link({ kind: "url", url: "https://a.example/" }, "kept"), link({ kind: "url", url: "https://blocked.example/" }, "dropped"))), {
      urlOf: (url) => (url.includes("blocked") ? null : `https://proxy.example/?u=${encodeURIComponent(url)}`),
    });
    expect(linksOf(page)).toEqual([["https://proxy.example/?u=https%3A%2F%2Fa.example%2F", "kept", "noopener noreferrer"]]);
    expect(page.body.textContent).toBe("keptdropped");
  });

  it("renders a link to a page hidden from the reader as its text, without any trace of the target", () => {
    const html = render(
      doc(
        paragraph(
          link({ kind: "page", page: "secret-page-id" }, "secret"),
          link({ kind: "anchor", page: "secret-page-id", anchor: "part" }, " anchor"),
          link({ kind: "page", page: "p1", space: "secret-space-id" }, " cross"),
          link({ kind: "space", space: "secret-space-id" }, " space"),
          link({ kind: "file", file: "secret-file-id" }, " file"),
          link({ kind: "user", user: "ada" }, " user"),
        ),
      ),
    );
    expect(html).toBe('<p class="doc-paragraph">secret anchor cross space file user</p>');
  });

  it("renders mentions by title, and mentions of hidden targets as nothing", () => {
    const page = renderDom(
      doc(
        paragraph(
          inline("mention", { ref: { kind: "page", page: "intro" } }),
          inline("mention", { ref: { kind: "user", user: "ada" } }),
          inline("mention", { ref: { kind: "space", space: "other-space" } }),
          inline("mention", { ref: { kind: "page", page: "secret-page-id" } }),
          inline("mention", { ref: { kind: "user", user: "nobody" } }),
        ),
      ),
    );
    const mentions = [...page.querySelectorAll(".doc-mention")];
    expect(mentions.map((mention) => [mention.tagName, mention.getAttribute("href"), mention.textContent])).toEqual([
      ["A", "/docs/intro", "🚀Title of intro"],
      ["SPAN", null, "@Ada Lovelace"],
      ["A", "/other/", "Other space"],
    ]);
    expect(page.body.innerHTML).not.toContain("secret");
  });

  it("renders content refs as cards with the target's emoji, title and description", () => {
    const page = renderDom(
      doc(
        voidBlock("content-ref", { ref: { kind: "page", page: "guide" } }),
        voidBlock("content-ref", { ref: { kind: "url", url: "https://example.com/doc" } }),
        voidBlock("content-ref", { ref: { kind: "file", file: "manual" } }),
        voidBlock("content-ref", { ref: { kind: "page", page: "secret-page-id" } }),
      ),
    );
    const cards = [...page.querySelectorAll(".doc-content-ref")];
    expect(cards.length).toBe(3);
    const first = cards[0]!.querySelector("a.doc-content-ref-link")!;
    expect(first.getAttribute("href")).toBe("/docs/guide");
    expect(first.querySelector(".doc-content-ref-emoji")!.textContent).toBe("🚀");
    expect(first.querySelector(".doc-content-ref-title")!.textContent).toBe("Title of guide");
    expect(first.querySelector(".doc-content-ref-description")!.textContent).toBe("About guide");
    expect(cards[1]!.querySelector(".doc-content-ref-title")!.textContent).toBe("https://example.com/doc");
    expect(cards[1]!.querySelector("a")!.getAttribute("rel")).toBe("noopener noreferrer");
    expect(cards[2]!.querySelector(".doc-content-ref-title")!.textContent).toBe("manual.pdf");
    expect(page.body.innerHTML).not.toContain("secret");
  });

  it("renders buttons: links to their ref, search through the site's search URL, other actions for an island", () => {
    const page = renderDom(
      doc(
        paragraph(
          inline("button", { label: "Start", kind: "primary", ref: { kind: "page", page: "intro" } }),
          inline("button", { label: "Hidden", kind: "primary", ref: { kind: "page", page: "secret-page-id" } }),
          inline("button", { label: "Search", kind: "secondary", size: "small", action: { action: "search", query: "tokens" } }),
          inline("button", { label: "Ask", kind: "secondary", action: { action: "ask", query: "how?" } }),
        ),
      ),
      { searchUrl: (query) => `/search?q=${encodeURIComponent(query)}` },
    );
    const buttons = [...page.querySelectorAll(".doc-button")];
    expect(buttons.map((button) => [button.tagName, button.getAttribute("class"), button.getAttribute("href"), button.textContent])).toEqual([
      ["A", "doc-button doc-button--primary", "/docs/intro", "Start"],
      ["A", "doc-button doc-button--secondary doc-button--small", "/search?q=tokens", "Search"],
      ["BUTTON", "doc-button doc-button--secondary", null, "Ask"],
    ]);
    expect(buttons[2]!.getAttribute("data-action")).toBe("ask");
    expect(buttons[2]!.getAttribute("data-query")).toBe("how?");
  });

  it("renders expressions the caller evaluates, and nothing without an evaluator", () => {
    const node = doc(paragraph("Hello ", inline("expression", { expression: "visitor.claims.name" }), "!"));
    expect(renderDom(node, { expression: (expression) => (expression === "visitor.claims.name" ? "<Ada>" : null) }).querySelector(".doc-expression")!.textContent).toBe("<Ada>");
    expect(render(node)).toBe('<p class="doc-paragraph">Hello !</p>');
  });
});
