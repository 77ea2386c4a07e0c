import { describe, expect, it } from "vitest";
import { PLACEHOLDER, renderPdf, type PdfInput } from "../../../src/formats/pdf/render";
import { openPdf, outlineTitles } from "../../helpers/pdf";
import { tinyPng } from "../../helpers/images";

/** The renderer on its own: markdown pages in, a PDF whose pages, outline, text and links are read back. */

const base = (overrides: Partial<PdfInput>): PdfInput => ({
  title: "Handbook",
  pages: [],
  images: new Map(),
  linkOf: (url) => (url.startsWith("/pages/") ? { kind: "page", pageId: url.slice(7) } : /^https?:/.test(url) ? { kind: "uri", uri: url } : undefined),
  createdAt: new Date("2026-01-01T00:00:00Z"),
  ...overrides,
});

describe("renderPdf", () => {
  it("prints a contents sheet, every page on its own sheet, page numbers, an outline that nests, and clickable links", async () => {
    const bytes = await renderPdf(
      base({
        pages: [
          { id: "a", title: "Getting started", description: "First steps", depth: 0, markdown: "# Install\n\nRun **bold** and _italic_ and `code`, see [the guide](https://example.com/guide) or [Advanced](/pages/b).\n\n- one\n- two\n  1. nested\n\n> quoted text\n\n```js\nconst x = 1;\n```\n\n| Name | Value |\n|---|---:|\n| alpha | 1 |\n| beta | 2 |\n\n---\n" },
          { id: "b", title: "Advanced", depth: 1, markdown: "Deep content.\n" },
          { id: "c", title: "FAQ", depth: 0, markdown: "Questions.\n" },
        ],
      }),
    );
    const pdf = await openPdf(bytes);
    expect(pdf.title).toBe("Handbook");
    expect(pdf.pageCount).toBe(4);
    expect(pdf.pages[0]).toContain("Handbook");
    expect(pdf.pages[0]).toContain("Contents");
    expect(pdf.pages[0]).toMatch(/Getting started 2 .*Advanced 3 .*FAQ 4/);
    expect(pdf.pages[1]).toContain("Getting started");
    expect(pdf.pages[1]).toContain("First steps");
    expect(pdf.pages[1]).toContain("Install");
    for (const text of ["bold", "italic", "code", "the guide", "one", "two", "nested", "quoted text", "const x = 1;", "Name", "Value", "alpha", "beta"]) expect(pdf.pages[1]).toContain(text);
    expect(pdf.pages[1]).toContain("1.");
    expect(pdf.pages[2]).toContain("Deep content.");
    expect(pdf.pages.map((page) => page.match(/(\d+) \/ 4$/)?.[1])).toEqual(["1", "2", "3", "4"]);
    expect(pdf.outline).toEqual([
      { title: "Getting started", page: 1, children: [{ title: "Advanced", page: 2, children: [] }] },
      { title: "FAQ", page: 3, children: [] },
    ]);
    // The contents entries go to their pages; the body's links to the URL and to the page.
    expect(pdf.links[0]).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
    expect(pdf.links[1]).toEqual([{ uri: "https://example.com/guide" }, { page: 2 }]);
  });

  it("one page: no contents sheet", async () => {
    const pdf = await openPdf(await renderPdf(base({ pages: [{ id: "a", title: "Alone", depth: 0, markdown: "Text.\n" }] })));
    expect(pdf.pageCount).toBe(1);
    expect(outlineTitles(pdf.outline)).toEqual(["Alone"]);
    expect(pdf.pages[0]).toContain("Alone Text.");
  });

  it("prints non-Latin scripts, and a placeholder for what the font lacks, without failing", async () => {
    const markdown = "Привет мир. Γειά σου. שלום. مرحبا. 你好世界 🎉\u200d and a\u0007bell.\n";
    const pdf = await openPdf(await renderPdf(base({ pages: [{ id: "a", title: "Ünïcödé", depth: 0, markdown }] })));
    expect(pdf.text).toContain("Ünïcödé");
    expect(pdf.text).toContain("Привет мир.");
    expect(pdf.text).toContain("Γειά σου.");
    expect(pdf.text).toContain("שלום");
    // No CJK or emoji in DejaVu: each character is a visible box.
    expect(pdf.text).toContain(PLACEHOLDER.repeat(4));
    expect(pdf.text).not.toContain("你");
  });

  it("embeds PNG and JPEG images, and prints the alt text of one that is missing or not an image", async () => {
    const images = new Map([
      ["/files/png", { bytes: tinyPng(), contentType: "image/png" }],
      ["/files/broken", { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), contentType: "image/png" }],
    ]);
    const markdown = "Before ![a chart](/files/png) after.\n\n![gone](/files/missing)\n\n![bad](/files/broken)\n";
    const pdf = await openPdf(await renderPdf(base({ images, pages: [{ id: "a", title: "Pictures", depth: 0, markdown }] })));
    expect(pdf.imageCount).toBe(1);
    expect(pdf.text).toContain("Before");
    expect(pdf.text).toContain("after.");
    expect(pdf.text).toContain("[image: gone]");
    expect(pdf.text).toContain("[image: bad]");
  });

  it("prints an embed's tag as a link to what it embeds", async () => {
    const markdown = 'Watch this:\n\n{% embed url="https://video.example/watch?v=1" %}\n\nThe end.\n';
    const pdf = await openPdf(await renderPdf(base({ pages: [{ id: "a", title: "Embeds", depth: 0, markdown }] })));
    expect(pdf.pages[0]).toContain("https://video.example/watch?v=1");
    expect(pdf.pages[0]).not.toContain("{%");
    expect(pdf.links[0]).toEqual([{ uri: "https://video.example/watch?v=1" }]);
  });

  it("prints math as its TeX source, blocks and inline, without the `$$`", async () => {
    const markdown = "Energy $$E = mc^2$$ here.\n\n$$\n\\frac{a}{b}\n$$\n\n* $$x_i$$\n";
    const pdf = await openPdf(await renderPdf(base({ pages: [{ id: "a", title: "Formulas", depth: 0, markdown }] })));
    for (const text of ["Energy", "E = mc^2", "here.", "\\frac{a}{b}", "x_i"]) expect(pdf.text).toContain(text);
    expect(pdf.text).not.toContain("$");
  });

  it("prints deeply nested quotes and lists, keeping their text readable", async () => {
    const quotes = `${"> ".repeat(60)}deep quote\n`;
    const lists = Array.from({ length: 40 }, (_, depth) => `${"  ".repeat(depth)}- level ${depth}`).join("\n");
    const pdf = await openPdf(await renderPdf(base({ pages: [{ id: "a", title: "Deep", depth: 0, markdown: `${quotes}\n${lists}\n` }] })));
    expect(pdf.text).toContain("deep quote");
    expect(pdf.text).toContain("level 39");
  });

  it("breaks long pages and long words across sheets and lines, and the same input gives the same bytes", async () => {
    const long = `${"A paragraph of words that wraps. ".repeat(40)}\n\n`.repeat(12) + `${"x".repeat(500)}\n`;
    const input = base({ pages: [{ id: "a", title: "Long", depth: 0, markdown: long }] });
    const first = await renderPdf(input);
    const pdf = await openPdf(first);
    expect(pdf.pageCount).toBeGreaterThan(2);
    expect(pdf.text.replace(/ /g, "")).toContain("x".repeat(500));
    expect([...(await renderPdf(input))]).toEqual([...first]);
  });
});
