import { describe, expect, it } from "vitest";
import { documentToMarkdown, markdownToDocument } from "../../../src/formats/markdown";
import { convert, roundTrip } from "./helpers";

/**
 * markdown -> document -> markdown, node type by node type. Markdown already in the style
 * documentToMarkdown writes must come back byte for byte, and its document must survive the trip
 * too: Git sync will export pages and import them again, and neither side may drift.
 */

/** One canonical markdown snippet per node type the converters support both ways. */
const CANONICAL: Array<[string, string]> = [
  ["empty document", ""],
  ["paragraph with bold, italic, strikethrough and code marks", "Plain **bold** *italic* ~~gone~~ `code`\n"],
  ["nested emphasis inside strong", "**bold with *italic* inside** and **_both marks_**\n"],
  ["hard line break", "one\\\ntwo\n"],
  ["escaped markup stays text", "\\* not a list, \\[not a link]\n"],
  ["headings of the three levels", "# One\n\n## Two\n\n### Three\n"],
  ["divider", "***\n"],
  ["blockquote with a nested quote", "> Quoted *text*\n>\n> > Nested\n"],
  ["unordered list with a nested ordered list", "* one\n* two\n  1. nested\n"],
  ["ordered list with a start", "3. three\n4. four\n"],
  ["task list", "* [x] done\n* [ ] todo\n"],
  ["list mixing task and plain items", "* [x] task\n* plain\n"],
  ["task list in a quote", "> * [ ] task in quote\n"],
  ["code and a quote in list items", "1. ```js\n   y()\n   ```\n2. > quote in item\n"],
  ["code block with a syntax and blank lines", "```js\nconst a = 1;\n\n  a += 1;\n```\n"],
  ["code block without a syntax", "```\nplain\n```\n"],
  ["image block with alt and caption", '![Diagram](/files/img1 "The caption")\n'],
  ["image block with a URL and no alt", "![](https://example.com/a.png)\n"],
  ["image block of several images", "![a](/files/a)\n![b](/files/b)\n"],
  ["inline image with a caption", 'Icon ![i](/files/f9 "tip") here\n'],
  ["inline image in a list item", "* ![in item](/files/f8)\n"],
  ["links to a page, a file and a URL", "[Page](/pages/p1) [File](/files/f1) [Site](https://example.com/a?b=c)\n"],
  ["emphasis inside and around links", "[*emphasized*](/pages/p3) and **bold [around](/pages/p4) a link**\n"],
  ["image inside a link", "[![logo](logo.png)](https://example.com)\n"],
  ["a reusable content placed between paragraphs", 'Before.\n\n{% include "/reusable-contents/rc_1-x" %}\n\nAfter.\n'],
  ["math block", "$$\n\\frac{a}{b}\n$$\n"],
  ["math block whose TeX has blank lines, dollars and markup", "$$\na_1 * b_2\n\n\\text{\\$5} \\\\ [c](d)\n$$\n"],
  ["empty math block", "$$\n$$\n"],
  ["inline math with raw TeX", "Energy is $$E = mc^2$$ and $$x_i * y_{*}$$ here.\n"],
  ["inline math inside emphasis", "**bold $$x$$ text**\n"],
  ["dollar signs that stay text next to formulas", "Costs $5 or $6, \\$\\$ alone, US\\$$$x$$ and $$y$$\\$ 5\n"],
  ["math in list items and a quote", "* $$\n  \\sqrt{2}\n  $$\n* text $$y$$\n\n> Quoted $$x$$\n"],
];

describe("markdown -> document -> markdown", () => {
  it.each(CANONICAL)("keeps %s unchanged", (_name, markdown) => {
    const document = convert(markdown);
    const written = documentToMarkdown(document);
    expect(written).toBe(markdown);
    expect(markdownToDocument(written)).toEqual(document);
  });

  it("writes emphasis that closes together with strong as `_`, then keeps it", () => {
    // mdast-util-to-markdown's choice, to avoid `***` runs that would parse differently; the
    // document is unchanged by the trip, and the second trip changes nothing.
    const once = roundTrip("**bold *both*** and *italic **both***\n");
    expect(once).toBe("**bold _both_** and *italic __both__*\n");
    expect(roundTrip(once)).toBe(once);
    expect(markdownToDocument(once)).toEqual(markdownToDocument("**bold *both*** and *italic **both***\n"));
  });

  it("writes math in GitBook's canonical form, then keeps it", () => {
    const cases: Array<[string, string]> = [
      // A paragraph of one formula is a block, written between fences.
      ["$$x^2$$\n", "$$\nx^2\n$$\n"],
      // A quote takes no math block: its formulas stay inline.
      ["> $$\n> x\n> $$\n", "> $$x$$\n"],
      // A formula that opens on the fence line, closed or not.
      ["$$x = 1\ny\n$$\n", "$$\nx = 1\ny\n$$\n"],
      ["$$a + b\n= c$$\n", "$$\na + b\n= c\n$$\n"],
      // GitBook's links hold only text: a formula in one stays its source, as text.
      ["[see $$y$$](/pages/p1)\n", "[see \\$\\$y\\$\\$](/pages/p1)\n"],
    ];
    for (const [input, output] of cases) {
      expect(roundTrip(input)).toBe(output);
      expect(roundTrip(output)).toBe(output);
      expect(markdownToDocument(output)).toEqual(markdownToDocument(input));
    }
  });

  it("keeps the anchor of a page link (GitBook's anchor ref: the page and the heading)", () => {
    expect(roundTrip("[a](/pages/p1#part)\n")).toBe("[a](/pages/p1#part)\n");
    expect(roundTrip("[a](/pages/p1#)\n")).toBe("[a](/pages/p1)\n");
  });
});
