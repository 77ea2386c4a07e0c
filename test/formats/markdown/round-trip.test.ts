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

  it("keeps the anchor of a page link (GitBook's anchor ref: the page and the heading)", () => {
    expect(roundTrip("[a](/pages/p1#part)\n")).toBe("[a](/pages/p1#part)\n");
    expect(roundTrip("[a](/pages/p1#)\n")).toBe("[a](/pages/p1)\n");
  });
});
