import { describe, expect, it } from "vitest";
import {
  documentToMarkdown,
  extractLinks,
  markdownToDocument,
  parseMarkdownPage,
  resolveBatchRefs,
  type ParsedMarkdownPage,
} from "../../../src/formats/markdown";
import { JSONDocument, type DocumentValue } from "../../../src/schemas/document";
import { expectSpecSchema } from "../../helpers/spec";

/**
 * Markdown pages (Git Sync's format) to GitBook documents and back, and the link handling the
 * content API builds on. Documents are checked against GitBook's published JSONDocument schema.
 */

type Json = Record<string, any>;

function expectOk(parsed: ParsedMarkdownPage) {
  if (!parsed.ok) throw new Error(`expected ok, got: ${parsed.reason}`);
  return parsed;
}

/** A converted document, after checking it against GitBook's spec and our own schema. */
function convert(markdown: string): DocumentValue {
  const document = markdownToDocument(markdown);
  expectSpecSchema("JSONDocument", document);
  expect(JSONDocument.safeParse(document).success).toBe(true);
  return document;
}

function blocks(markdown: string): Json[] {
  return convert(markdown).nodes as Json[];
}

/** Leaves of a text node as [text, marks] pairs, for compact assertions. */
function leaves(text: Json): Array<[string, string[]]> {
  expect(text.object).toBe("text");
  return text.leaves.map((leaf: Json) => [leaf.text, leaf.marks.map((mark: Json) => mark.type)]);
}

function textOf(node: Json): string {
  if (node.object === "text") return node.leaves.map((leaf: Json) => leaf.text).join("");
  return (node.nodes ?? []).map(textOf).join("");
}

function collectKeys(node: Json, keys: string[] = []): string[] {
  if (typeof node.key === "string") keys.push(node.key);
  for (const child of node.nodes ?? []) collectKeys(child, keys);
  for (const fragment of node.fragments ?? []) collectKeys(fragment, keys);
  return keys;
}

const roundTrip = (markdown: string) => documentToMarkdown(markdownToDocument(markdown));

describe("parseMarkdownPage", () => {
  it("maps Git Sync frontmatter, including layout, to page metadata", () => {
    const parsed = expectOk(
      parseMarkdownPage(
        [
          "---",
          "description: >-",
          "  How to get going",
          "icon: rocket",
          "emoji: 1f680",
          "hidden: true",
          "noIndex: false",
          "noRobotsIndex: true",
          "somethingNew: ignored",
          "layout:",
          "  width: wide",
          "  cover:",
          "    visible: true",
          "    size: full",
          "  title:",
          "    visible: true",
          "  description:",
          "    visible: false",
          "  tableOfContents:",
          "    visible: true",
          "  outline:",
          "    visible: false",
          "  pagination:",
          "    visible: true",
          "  metadata:",
          "    visible: false",
          "---",
          "",
          "# Quickstart",
          "",
          "Body.",
          "",
        ].join("\n"),
      ),
    );
    expect(parsed.metadata).toEqual({
      title: "Quickstart",
      description: "How to get going",
      icon: "rocket",
      emoji: "1f680",
      hidden: true,
      noIndex: false,
      noRobotsIndex: true,
      layout: {
        width: "wide",
        cover: true,
        coverSize: "full",
        title: true,
        description: false,
        tableOfContents: true,
        outline: false,
        pagination: true,
        metadata: false,
      },
    });
    expect(parsed.body).toBe("Body.\n");
  });

  it("takes the title from a leading level-1 heading, as plain text", () => {
    const parsed = expectOk(parseMarkdownPage("\n\n# The **API** \\* reference #\n\n\nIntro\n"));
    expect(parsed.metadata).toEqual({ title: "The API * reference" });
    expect(parsed.body).toBe("Intro\n");
  });

  it("prefers the frontmatter title but still removes the heading", () => {
    const parsed = expectOk(parseMarkdownPage("---\ntitle: From frontmatter\n---\n# From heading\nText\n"));
    expect(parsed.metadata.title).toBe("From frontmatter");
    expect(parsed.body).toBe("Text\n");
  });

  it("leaves other first blocks alone", () => {
    for (const body of ["## Section\n\nText\n", "#hashtag\n", "    # indented code\n", "Text\n# Later heading\n"]) {
      const parsed = expectOk(parseMarkdownPage(body));
      expect(parsed.metadata).toEqual({});
      expect(parsed.body).toBe(body);
    }
  });

  it("works without frontmatter and keeps the body byte for byte", () => {
    const body = "Text with  two spaces,\ttabs,\r\nCRLF lines,\n\n\n\nmany blank lines and `* odd*` _markup_\n    indented\n";
    const parsed = expectOk(parseMarkdownPage(`# Title\n\n${body}\n\n  \n`));
    expect(parsed.metadata).toEqual({ title: "Title" });
    expect(parsed.body).toBe(body);
  });

  it("keeps the leading indentation of the first body line", () => {
    const parsed = expectOk(parseMarkdownPage("---\nhidden: false\n---\n\n    code first\n"));
    expect(parsed.body).toBe("    code first\n");
  });

  it("accepts empty frontmatter, CRLF fences, null values and an empty body", () => {
    expect(parseMarkdownPage("---\n---\n")).toEqual({ ok: true, metadata: {}, body: "" });
    expect(parseMarkdownPage("---\r\nicon: book\r\ndescription:\r\n---\r\nHi\r\n")).toEqual({
      ok: true,
      metadata: { icon: "book" },
      body: "Hi\n",
    });
    expect(parseMarkdownPage("")).toEqual({ ok: true, metadata: {}, body: "" });
    expect(parseMarkdownPage("# Only a title\n")).toEqual({ ok: true, metadata: { title: "Only a title" }, body: "" });
  });

  it("rejects values of the wrong type, naming the key", () => {
    const cases: Array<[string, string]> = [
      ["hidden: yes please", "frontmatter 'hidden' must be a boolean"],
      ["noIndex: 1", "frontmatter 'noIndex' must be a boolean"],
      ["description: [a, b]", "frontmatter 'description' must be a string"],
      ["title: 12", "frontmatter 'title' must be a string"],
      ["layout: wide", "frontmatter 'layout' must be a mapping"],
      ["layout:\n  width: narrow", "frontmatter 'layout.width' must be 'default' or 'wide'"],
      ["layout:\n  cover:\n    visible: 'true'", "frontmatter 'layout.cover.visible' must be a boolean"],
      ["layout:\n  cover:\n    size: huge", "frontmatter 'layout.cover.size' must be one of hero, full, background"],
      ["layout:\n  outline: true", "frontmatter 'layout.outline' must be a mapping"],
    ];
    for (const [yaml, reason] of cases) {
      expect(parseMarkdownPage(`---\n${yaml}\n---\nBody\n`)).toEqual({ ok: false, reason });
    }
  });

  it("rejects invalid YAML, non-mapping frontmatter and unclosed frontmatter", () => {
    const invalid = parseMarkdownPage("---\ntitle: [unclosed\n---\nBody\n");
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.reason).toMatch(/^frontmatter is not valid YAML: /);
    expect(parseMarkdownPage("---\n- a\n- b\n---\nBody\n")).toEqual({
      ok: false,
      reason: "frontmatter must be a YAML mapping of keys to values",
    });
    expect(parseMarkdownPage("---\njust a string\n---\n").ok).toBe(false);
    expect(parseMarkdownPage("---\ntitle: x\n\nBody\n")).toEqual({
      ok: false,
      reason: "frontmatter is not closed by a '---' line",
    });
  });
});

describe("markdownToDocument", () => {
  it("makes paragraphs of text leaves with bold, italic, code and strikethrough marks", () => {
    const [paragraph] = blocks("Plain **bold *both*** *it* `code` ~~gone~~\nsoft break\\\nhard");
    expect(paragraph).toMatchObject({ object: "block", type: "paragraph", data: {} });
    expect(paragraph!.nodes).toHaveLength(1);
    expect(leaves(paragraph!.nodes[0])).toEqual([
      ["Plain ", []],
      ["bold ", ["bold"]],
      ["both", ["bold", "italic"]],
      [" ", []],
      ["it", ["italic"]],
      [" ", []],
      ["code", ["code"]],
      [" ", []],
      ["gone", ["strikethrough"]],
      // A soft line break is a space; a hard one a newline in the text.
      [" soft break\nhard", []],
    ]);
  });

  it("maps heading levels, deeper ones to heading-3", () => {
    const headings = blocks("# One\n\n## Two\n\n### Three\n\n#### Four\n\nSetext\n======\n");
    expect(headings.map((block) => [block.type, textOf(block)])).toEqual([
      ["heading-1", "One"],
      ["heading-2", "Two"],
      ["heading-3", "Three"],
      ["heading-3", "Four"],
      ["heading-1", "Setext"],
    ]);
  });

  it("makes links with page, file and URL refs, between text nodes", () => {
    const [paragraph] = blocks("[Page](/pages/p1#install) [File](/files/f1) [Site](https://example.com/a?b=c) [Rel](./other.md)");
    const inlines = paragraph!.nodes.filter((node: Json) => node.object === "inline");
    expect(inlines.map((inline: Json) => [inline.type, inline.data.ref, textOf(inline)])).toEqual([
      ["link", { kind: "page", page: "p1" }, "Page"],
      ["link", { kind: "file", file: "f1" }, "File"],
      ["link", { kind: "url", url: "https://example.com/a?b=c" }, "Site"],
      ["link", { kind: "url", url: "./other.md" }, "Rel"],
    ]);
    // Slate's normal form: text nodes around and between inlines.
    expect(paragraph!.nodes.map((node: Json) => node.object)).toEqual([
      "text", "inline", "text", "inline", "text", "inline", "text", "inline", "text",
    ]);
    expect(leaves(paragraph!.nodes[0])).toEqual([["", []]]);
  });

  it("keeps marks inside links and resolves reference-style links", () => {
    const [paragraph] = blocks("**[a *b*][docs]**\n\n[docs]: /pages/p2 \"Docs\"\n");
    const link = paragraph!.nodes[1];
    expect(link).toMatchObject({ object: "inline", type: "link", data: { ref: { kind: "page", page: "p2" } } });
    expect(leaves(link.nodes[0])).toEqual([
      ["a ", ["bold"]],
      ["b", ["bold", "italic"]],
    ]);
  });

  it("makes unordered, ordered and task lists with nested lists in items", () => {
    const [unordered, ordered, tasks] = blocks("- one\n- two\n  1. nested\n\n---\n\n3. three\n4. four\n\n***\n\n- [x] done\n- [ ] todo\n").filter(
      (block) => block.type !== "divider",
    );
    expect(unordered).toMatchObject({ type: "list-unordered", data: {} });
    expect(unordered!.nodes.map((item: Json) => item.type)).toEqual(["list-item", "list-item"]);
    const second = unordered!.nodes[1];
    expect(second.nodes.map((block: Json) => block.type)).toEqual(["paragraph", "list-ordered"]);
    expect(textOf(second.nodes[1])).toBe("nested");
    expect(ordered).toMatchObject({ type: "list-ordered", data: { start: 3 } });
    expect(tasks).toMatchObject({ type: "list-tasks", data: {} });
    expect(tasks!.nodes.map((item: Json) => [item.data.checked, textOf(item)])).toEqual([
      [true, "done"],
      [false, "todo"],
    ]);
  });

  it("makes code blocks with a syntax and one code-line per line", () => {
    const [fenced, indented] = blocks("```js\nconst a = 1;\n\n  a += 1;\n```\n\n    plain code\n");
    expect(fenced).toMatchObject({ type: "code", data: { syntax: "js" } });
    expect(fenced!.nodes.map((line: Json) => [line.type, textOf(line)])).toEqual([
      ["code-line", "const a = 1;"],
      ["code-line", ""],
      ["code-line", "  a += 1;"],
    ]);
    expect(indented).toMatchObject({ type: "code", data: {} });
    expect(indented!.nodes.map(textOf)).toEqual(["plain code"]);
  });

  it("makes blockquotes and dividers", () => {
    const [quote, divider] = blocks("> Quoted *text*\n>\n> > Nested\n\n---\n");
    expect(quote).toMatchObject({ type: "blockquote" });
    expect(quote!.nodes.map((block: Json) => block.type)).toEqual(["paragraph", "blockquote"]);
    expect(divider).toEqual({ object: "block", type: "divider", key: expect.any(String), isVoid: true, data: {} });
  });

  it("makes image blocks of standalone images, with file or URL refs, alt and caption", () => {
    const [images] = blocks("![Diagram](/files/img1 \"The caption\")\n![](https://example.com/a.png)\n");
    expect(images).toMatchObject({ type: "images", isVoid: false, data: {} });
    expect(images!.nodes).toEqual([
      {
        object: "block",
        type: "image",
        key: expect.any(String),
        isVoid: true,
        data: { ref: { kind: "file", file: "img1" }, alt: "Diagram" },
        fragments: [
          {
            object: "fragment",
            key: expect.any(String),
            fragment: "caption",
            nodes: [expect.objectContaining({ type: "paragraph" })],
          },
        ],
      },
      {
        object: "block",
        type: "image",
        key: expect.any(String),
        isVoid: true,
        data: { ref: { kind: "url", url: "https://example.com/a.png" } },
        fragments: [],
      },
    ]);
    expect(textOf(images!.nodes[0].fragments[0])).toBe("The caption");
  });

  it("keeps images inside text, list items and links as inline images", () => {
    const [paragraph, list] = blocks("Icon ![i](/files/f9) here [![logo](logo.png)](https://example.com)\n\n- ![in item](/files/f8)\n");
    const [image, link] = paragraph!.nodes.filter((node: Json) => node.object === "inline");
    expect(image).toMatchObject({ type: "inline-image", isVoid: true, data: { ref: { kind: "file", file: "f9" }, alt: "i" } });
    expect(link.nodes[1]).toMatchObject({ type: "inline-image", data: { ref: { kind: "url", url: "logo.png" } } });
    expect(list!.nodes[0].nodes[0].nodes[1]).toMatchObject({ type: "inline-image", data: { alt: "in item" } });
  });

  it("degrades what it does not model to paragraphs of text, dropping nothing", () => {
    const converted = blocks(
      "| A | B |\n|---|---|\n| 1 | **2** |\n\n<div>raw</div>\n\n> ```\n> code in quote\n> ```\n\nNote[^1].\n\n[^1]: The footnote.\n",
    );
    expect(converted.map((block) => [block.type, textOf(block)])).toEqual([
      ["paragraph", "A | B"],
      ["paragraph", "1 | 2"],
      ["paragraph", "<div>raw</div>"],
      ["blockquote", "code in quote"],
      ["paragraph", "Note[^1]."],
      ["paragraph", "[^1]: The footnote."],
    ]);
    expect(leaves(converted[1]!.nodes[0])).toEqual([
      ["1 | ", []],
      ["2", ["bold"]],
    ]);
  });

  it("keeps to the blocks GitBook allows inside quotes and list items", () => {
    const [quote, list] = blocks(
      "> ![pic](/files/a)\n>\n> ```js\n> x()\n> ```\n>\n> - [ ] task in quote\n\n1. ```js\n   y()\n   ```\n2. > quote in item\n3. ![pic](/files/b)\n   [x]: /pages/unused\n",
    );
    // A quote takes neither image blocks nor code: an inline image and a paragraph instead.
    expect(quote!.nodes.map((block: Json) => block.type)).toEqual(["paragraph", "paragraph", "list-tasks"]);
    expect(quote!.nodes[0].nodes[1]).toMatchObject({ type: "inline-image" });
    expect(textOf(quote!.nodes[1])).toBe("x()");
    // A list item takes code and quotes, but no image blocks.
    expect(list!.nodes.map((item: Json) => item.nodes.map((block: Json) => block.type))).toEqual([
      ["code"],
      ["blockquote"],
      ["paragraph"],
    ]);
  });

  it("keeps task flags on items of a list that mixes tasks and plain items", () => {
    const [list] = blocks("- [x] task\n- plain\n");
    expect(list).toMatchObject({ type: "list-unordered" });
    expect(list!.nodes.map((item: Json) => item.data)).toEqual([{ checked: true }, {}]);
    expect(documentToMarkdown(markdownToDocument("- [x] task\n- plain\n"))).toBe("* [x] task\n* plain\n");
  });

  it("gives every block and inline a unique, deterministic key", () => {
    const markdown = "# T\n\n- a [l](/pages/p)\n- b\n\n```\nx\ny\n```\n\n![i](/files/f \"c\")\n";
    const first = markdownToDocument(markdown);
    expect(markdownToDocument(markdown)).toEqual(first);
    const keys = first.nodes.flatMap((node) => collectKeys(node as Json));
    expect(keys.length).toBeGreaterThan(10);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("handles empty input and empty containers", () => {
    expect(convert("")).toEqual({ object: "document", data: {}, nodes: [] });
    const [list, quote] = blocks("-\n\n>\n");
    expect(list!.nodes[0].nodes).toHaveLength(1);
    expect(quote!.nodes[0]).toMatchObject({ type: "paragraph", nodes: [{ object: "text", leaves: [{ text: "" }] }] });
  });
});

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
      ["[a][r]\n\n[r]: /pages/p1#part \"T\"", "[a](/pages/p1)\n"],
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

describe("extractLinks", () => {
  it("lists links and images in document order, classified and deduplicated", () => {
    const links = extractLinks(
      [
        "See [install](/pages/p1) and [its part](/pages/p1#part), the [file](/files/f1), [site](https://example.com)",
        "and [mail](mailto:a@example.com), [relative](./other.md), <https://auto.example.com>.",
        "",
        "![diagram](/files/f1) ![remote](https://example.com/x.png) [again](/pages/p1)",
      ].join("\n"),
    );
    expect(links).toEqual([
      { relation: "link", target: { kind: "page", page: "p1" } },
      { relation: "link", target: { kind: "file", file: "f1" } },
      { relation: "link", target: { kind: "url", url: "https://example.com" } },
      { relation: "link", target: { kind: "url", url: "mailto:a@example.com" } },
      { relation: "link", target: { kind: "url", url: "./other.md" } },
      { relation: "link", target: { kind: "url", url: "https://auto.example.com" } },
      { relation: "image", target: { kind: "file", file: "f1" } },
      { relation: "image", target: { kind: "url", url: "https://example.com/x.png" } },
    ]);
  });

  it("ignores links in code spans and code blocks", () => {
    expect(extractLinks("`[a](/pages/p1)`\n\n```\n[b](/pages/p2)\n```\n\n    [c](/pages/p3)\n")).toEqual([]);
  });

  it("resolves reference-style links and images to their definitions", () => {
    const links = extractLinks("[a][one] [one] ![img][pic]\n\n[one]: /pages/p7\n[pic]: /files/f7 \"Title\"\n[unused]: /pages/p8\n");
    expect(links).toEqual([
      { relation: "link", target: { kind: "page", page: "p7" } },
      { relation: "image", target: { kind: "file", file: "f7" } },
    ]);
  });

  it("treats page paths as page links and only exact file paths as files", () => {
    // A page path the edit could not resolve to an id stays a page link, so the link report calls it broken.
    expect(extractLinks("[a](/pages/p1/sub) [b](/pages/p1?x) [c](/files/f1#x) [d](https://host/pages/p1)").map((link) => link.target)).toEqual([
      { kind: "page", page: "p1/sub" },
      { kind: "url", url: "/pages/p1?x" },
      { kind: "url", url: "/files/f1#x" },
      { kind: "url", url: "https://host/pages/p1" },
    ]);
  });
});

describe("resolveBatchRefs", () => {
  const refs = new Map([
    ["intro", { kind: "page" as const, id: "pageIntro" }],
    ["guides/setup", { kind: "page" as const, id: "pageSetup" }],
    ["logo", { kind: "file" as const, id: "fileLogo" }],
  ]);

  it("rewrites every accepted spelling of a ref, for pages and files", () => {
    const body = "[a](./intro.md) [b](intro.md) [c](./intro) [d](intro) [e](guides/setup.md) ![f](./logo) ![g](logo.md)\n";
    expect(resolveBatchRefs(body, refs)).toBe(
      "[a](/pages/pageIntro) [b](/pages/pageIntro) [c](/pages/pageIntro) [d](/pages/pageIntro) [e](/pages/pageSetup) ![f](/files/fileLogo) ![g](/files/fileLogo)\n",
    );
  });

  it("changes only the URL bytes and leaves everything else untouched", () => {
    const body = [
      "Intro  with *odd*   spacing\r",
      "[Title  **kept**]( <./intro.md>  \"a title\" ) and [other](./unknown.md) [ext](https://example.com/intro)",
      "`[code](intro)` and [ref link][r]",
      "",
      "```",
      "[in code](intro)",
      "```",
      "",
      "[r]:   ./intro.md   'Def title'",
      "  ![img](logo)  trailing  ",
      "",
    ].join("\n");
    const expected = body
      .replace("<./intro.md>", "</pages/pageIntro>")
      .replace("[r]:   ./intro.md", "[r]:   /pages/pageIntro")
      .replace("![img](logo)", "![img](/files/fileLogo)");
    expect(resolveBatchRefs(body, refs)).toBe(expected);
  });

  it("returns the body unchanged when nothing matches", () => {
    const body = "[a](./other.md) [b](/pages/x) ![c](intro.png)\n";
    expect(resolveBatchRefs(body, refs)).toBe(body);
    expect(resolveBatchRefs(body, new Map())).toBe(body);
  });

  it("keeps offsets right around multi-byte text", () => {
    expect(resolveBatchRefs("Ünïcödé 😀 [a](intro) 😀 [b](logo)", refs)).toBe("Ünïcödé 😀 [a](/pages/pageIntro) 😀 [b](/files/fileLogo)");
  });
});
