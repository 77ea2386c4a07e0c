import { describe, expect, it } from "vitest";
import { documentToMarkdown, markdownToDocument } from "../../../src/formats/markdown";
import type { DocumentValue } from "../../../src/schemas/document";
import { expectSpecSchema } from "../../helpers/spec";
import { roundTrip, textOf, type Json } from "./helpers";

/** GitBook documents back to markdown: one style, GitBook-made marks, unknown nodes as text. */

describe("documentToMarkdown", () => {
  const page = [
    "## Getting started",
    "",
    "Install the CLI with **npm** or *yarn*, then read the [configuration guide](/pages/config) and the [changelog](https://example.com/changelog?x=1). Use `docs init` to start; ~~the old flow~~ is gone.\\",
    "A second line, with **_both marks_** and **bold with *italic* inside**, [*an emphasized link*](/pages/p3) and **bold [around](/pages/p4) a link**.",
    "",
    "### Requirements",
    "",
    "* Node.js 20 or later",
    "* An account with:",
    "  1. an organization",
    "  2. a space [linked to a file](/files/file1)",
    "* [Escaped \\* star](https://example.com/a_b)",
    "",
    "5. five",
    "6. six",
    "",
    "* [x] done",
    "* [ ] not yet",
    "",
    "```bash",
    "npm install -g docs-cli",
    "",
    "docs init --wide",
    "```",
    "",
    "> **Note:** quoted text",
    ">",
    "> * with a list",
    "",
    "***",
    "",
    "![Architecture](/files/arch \"How it fits together\")",
    "![](https://example.com/logo.png)",
    "",
    "Text with an inline ![icon](/files/icon) image.",
    "",
    "#### Deep heading becomes level 3? No: see the normalization test.",
    "",
  ].join("\n");

  it("round-trips a realistic page", () => {
    const canonical = page.replace("#### Deep heading", "### Deep heading");
    expect(roundTrip(canonical)).toBe(canonical);
    expectSpecSchema("JSONDocument", markdownToDocument(canonical));
  });

  it("is stable: a second round trip changes nothing", () => {
    const once = roundTrip(page);
    expect(roundTrip(once)).toBe(once);
  });

  it("normalizes whitespace and syntax to one style", () => {
    const cases: Array<[string, string]> = [
      // Blank lines between blocks collapse to one; output ends with exactly one newline.
      ["\n\nFirst\n\n\n\nSecond", "First\n\nSecond\n"],
      // Soft line breaks join into spaces; hard breaks become a backslash.
      ["one\ntwo  \nthree", "one two\\\nthree\n"],
      // Emphasis, strong, bullets, dividers and headings in one syntax.
      ["_a_ __b__ ~c~", "*a* **b** ~~c~~\n"],
      ["- a\n+ b", "* a\n\n- b\n"],
      ["---", "***\n"],
      ["Title\n=====\n\n#### Deep", "# Title\n\n### Deep\n"],
      // Loose lists become tight, and ordered lists count up.
      ["1. a\n\n1. b\n", "1. a\n2. b\n"],
      // Reference links are written inline; page anchors and link titles are not kept.
      ["[a][r]\n\n[r]: /pages/p1#part \"T\"", "[a](/pages/p1#part)\n"],
      // Indented code becomes fenced.
      ["    code", "```\ncode\n```\n"],
      ["", ""],
    ];
    for (const [input, output] of cases) expect(roundTrip(input)).toBe(output);
  });

  it("escapes text so it stays text", () => {
    const document = markdownToDocument("x");
    (document.nodes[0] as Json).nodes = [{ object: "text", leaves: [{ object: "leaf", text: "1. *not* [a](b) # x", marks: [] }] }];
    const markdown = documentToMarkdown(document);
    expect(textOf(markdownToDocument(markdown).nodes[0] as Json)).toBe("1. *not* [a](b) # x");
  });

  it("writes GitBook-made marks cleanly", () => {
    const leaf = (text: string, ...marks: string[]) => ({
      object: "leaf",
      text,
      marks: marks.map((type) => ({ object: "mark", type })),
    });
    const document: DocumentValue = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "paragraph",
          nodes: [
            // Whitespace at the edge of a mark, unsupported marks, and an anchor ref.
            { object: "text", leaves: [leaf("Note: ", "bold"), leaf("see", "color"), leaf(" ")] },
            {
              object: "inline",
              type: "link",
              data: { ref: { kind: "anchor", anchor: "setup", page: "p1" } },
              nodes: [{ object: "text", leaves: [leaf("setup", "italic")] }],
            },
            { object: "text", leaves: [leaf(" and "), leaf("multi\nline")] },
          ],
        },
        { object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [leaf("")] }] },
      ],
    };
    expect(documentToMarkdown(document)).toBe("**Note:** see [*setup*](/pages/p1#setup) and multi\\\nline\n");
  });

  it("writes GitBook's math blocks and inline math in GitBook's markdown, and reads them back", () => {
    const text = (value: string) => ({ object: "text", leaves: [{ object: "leaf", text: value, marks: [] }] });
    const math = (formula: unknown) => ({ object: "block", type: "math", key: "m", isVoid: true, data: { formula } });
    const inlineMath = (formula: unknown) => ({ object: "inline", type: "inline-math", key: "i", isVoid: true, data: { formula } });
    const paragraph = (...nodes: unknown[]) => ({ object: "block", type: "paragraph", key: "p", data: {}, nodes });
    const document = {
      object: "document",
      data: {},
      nodes: [
        math("\\frac{a}{b}"),
        paragraph(text("Energy "), inlineMath("E = mc^2"), text("$ and "), inlineMath("a$$b"), text(".")),
        { object: "block", type: "list-unordered", key: "l", data: {}, nodes: [{ object: "block", type: "list-item", key: "li", data: {}, nodes: [math("x\n$$\ny")] }] },
        // Nothing to show, or nothing GitBook's schema allows: left out.
        paragraph(text("Empty "), inlineMath(""), text("formula")),
        math(42),
        paragraph(text(""), inlineMath("z"), text("")),
      ],
    } as unknown as DocumentValue;
    const markdown = documentToMarkdown(document);
    expect(markdown).toBe("$$\n\\frac{a}{b}\n$$\n\nEnergy $$E = mc^2$$\\$ and $$$a$$b$$$.\n\n* $$$\n  x\n  $$\n  y\n  $$$\n\nEmpty formula\n\n$$z$$\n");
    const [block, inline, list, , alone] = markdownToDocument(markdown).nodes as Json[];
    expect(block).toMatchObject({ type: "math", data: { formula: "\\frac{a}{b}" } });
    expect(inline!.nodes.filter((node: Json) => node.object === "inline").map((node: Json) => node.data.formula)).toEqual(["E = mc^2", "a$$b"]);
    expect(textOf(inline!)).toBe("Energy $ and .");
    expect(list!.nodes[0].nodes[0]).toMatchObject({ type: "math", data: { formula: "x\n$$\ny" } });
    // A paragraph of one formula is GitBook's one-line block form: it reads back as a block.
    expect(alone).toMatchObject({ type: "math", data: { formula: "z" } });
  });

  it("renders unknown nodes as their text and never throws", () => {
    const document = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "hint",
          data: { style: "info" },
          nodes: [
            { object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Hint text", marks: [] }] }] },
          ],
        },
        {
          object: "block",
          type: "expandable",
          fragments: [
            {
              object: "fragment",
              nodes: [
                {
                  object: "block",
                  type: "paragraph",
                  nodes: [
                    { object: "text", leaves: [{ object: "leaf", text: "Summary ", marks: [] }] },
                    { object: "inline", type: "emoji", data: { code: "1f600" } },
                    { object: "inline", type: "mention", data: { ref: { kind: "user", user: "u1" } }, nodes: [] },
                    {
                      object: "inline",
                      type: "link",
                      data: { ref: { kind: "user", user: "u1" } },
                      nodes: [{ object: "text", leaves: [{ object: "leaf", text: " by user", marks: [] }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { object: "block", type: "mystery", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Raw text", marks: [] }] }] },
        { object: "block", type: "weird", nodes: "not an array" },
        { object: "block", type: "code", data: { syntax: 3 }, nodes: [{ object: "block", type: "code-line", nodes: [] }] },
      ],
    } as unknown as DocumentValue;
    expect(documentToMarkdown(document)).toBe("Hint text\n\nSummary 😀 by user\n\nRaw text\n\n```\n```\n");
  });
});
