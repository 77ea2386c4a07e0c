import { describe, expect, it } from "vitest";
import { documentToMarkdown, markdownToDocument } from "../../../src/formats/markdown";
import { blocks, collectKeys, convert, leaves, textOf, type Json } from "./helpers";

/** Markdown to GitBook documents: every node type we build, and what degrades to text. */

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

  it("makes links with page, anchor, file and URL refs, between text nodes", () => {
    const [paragraph] = blocks("[Page](/pages/p1#install) [File](/files/f1) [Site](https://example.com/a?b=c) [Rel](./other.md)");
    const inlines = paragraph!.nodes.filter((node: Json) => node.object === "inline");
    expect(inlines.map((inline: Json) => [inline.type, inline.data.ref, textOf(inline)])).toEqual([
      ["link", { kind: "anchor", page: "p1", anchor: "install" }, "Page"],
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

  it("makes math blocks of `$$` fences and of paragraphs holding one formula, TeX kept raw", () => {
    const converted = blocks("$$\n\\frac{a}{b}\n$$\n\n$$x_i * y_j$$\n\n$$\na\n\n- b \\\\ c\n$$\n\n$$x = 1\ny\n$$\n");
    expect(converted).toEqual([
      { object: "block", type: "math", key: expect.any(String), isVoid: true, data: { formula: "\\frac{a}{b}" } },
      // GitBook's one-line form of a block: no emphasis or escapes inside TeX.
      { object: "block", type: "math", key: expect.any(String), isVoid: true, data: { formula: "x_i * y_j" } },
      // A blank line or a list marker inside the fences stays TeX, backslashes and all.
      { object: "block", type: "math", key: expect.any(String), isVoid: true, data: { formula: "a\n\n- b \\\\ c" } },
      // TeX after the opening `$$` is the formula's first line.
      { object: "block", type: "math", key: expect.any(String), isVoid: true, data: { formula: "x = 1\ny" } },
    ]);
  });

  it("makes inline math of `$$…$$` inside text, between text nodes, and leaves single dollars alone", () => {
    const [paragraph, dollars, code] = blocks("Energy **is $$E = mc^2$$** and $$x_i * y$$.\n\nCosts $5 or $6, \\$$ is escaped, $$ alone\n\n`$$x$$`\n");
    expect(paragraph!.nodes.map((node: Json) => node.object)).toEqual(["text", "inline", "text", "inline", "text"]);
    expect(paragraph!.nodes[1]).toEqual({ object: "inline", type: "inline-math", key: expect.any(String), isVoid: true, data: { formula: "E = mc^2" } });
    expect(paragraph!.nodes[3].data).toEqual({ formula: "x_i * y" });
    expect(leaves(paragraph!.nodes[0])).toEqual([
      ["Energy ", []],
      ["is ", ["bold"]],
    ]);
    // The void inline carries no marks: the bold run ends with the text before it.
    expect(leaves(paragraph!.nodes[2])).toEqual([[" and ", []]]);
    expect(leaves(paragraph!.nodes[4])).toEqual([[".", []]]);
    expect(textOf(dollars!)).toBe("Costs $5 or $6, $$ is escaped, $$ alone");
    expect(leaves(code!.nodes[0])).toEqual([["$$x$$", ["code"]]]);
    // Headings take inline math too (checked against GitBook's schema, as every document here).
    const [heading] = blocks("## Mean $$\\mu$$\n");
    expect(heading!.nodes[1]).toMatchObject({ type: "inline-math", data: { formula: "\\mu" } });
  });

  it("reads a `$$` block that never closes as text with inline formulas, not as the rest of the page", () => {
    const converted = blocks("$$a + b\n= c$$\n\n$$$ savings, every day\n\n$$\nz\n$$\n\nThe end.\n");
    expect(converted.map((block) => block.type)).toEqual(["math", "paragraph", "math", "paragraph"]);
    expect(converted[0]!.data).toEqual({ formula: "a + b\n= c" });
    expect(textOf(converted[1]!)).toBe("$$$ savings, every day");
    expect(converted[2]!.data).toEqual({ formula: "z" });
    expect(textOf(converted[3]!)).toBe("The end.");
  });

  it("puts math blocks where GitBook allows them: in list items, and inline in quotes", () => {
    const [list, quote] = blocks("* $$\n  \\sqrt{2}\n  $$\n* $$y$$\n\n> $$\n> x\n> $$\n>\n> $$w$$\n");
    expect(list!.nodes.map((item: Json) => item.nodes.map((block: Json) => [block.type, block.data]))).toEqual([
      [["math", { formula: "\\sqrt{2}" }]],
      [["math", { formula: "y" }]],
    ]);
    // A quote takes no math block: each formula is the inline math of a paragraph.
    expect(quote!.nodes.map((block: Json) => [block.type, block.nodes.map((node: Json) => node.type ?? node.object)])).toEqual([
      ["paragraph", ["text", "inline-math", "text"]],
      ["paragraph", ["text", "inline-math", "text"]],
    ]);
    expect(quote!.nodes.map((block: Json) => block.nodes[1].data.formula)).toEqual(["x", "w"]);
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
