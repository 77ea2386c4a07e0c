import { describe, expect, it } from "vitest";
import { markdownSections, slugOfHeading } from "../../../src/formats/markdown";

/** A markdown body as the search index reads it: sections at headings, plain text, anchors. */

describe("markdownSections", () => {
  it("starts a section at each heading, the text before the first one being the root section", () => {
    expect(markdownSections("Intro *here*.\n\n## Install\n\nRun `npm i`.\n\n### On Windows\n\nUse [the installer](https://x.test).\n")).toEqual([
      { anchor: "", heading: "", text: "Intro here." },
      { anchor: "install", heading: "Install", text: "Run npm i." },
      { anchor: "on-windows", heading: "On Windows", text: "Use the installer." },
    ]);
  });

  it("always has a root section, empty for an empty body or one that opens with a heading", () => {
    expect(markdownSections("")).toEqual([{ anchor: "", heading: "", text: "" }]);
    expect(markdownSections("## Only\n")).toEqual([
      { anchor: "", heading: "", text: "" },
      { anchor: "only", heading: "Only", text: "" },
    ]);
  });

  it("keeps the text a reader sees: list items and table rows on lines of their own, code, no HTML tags or block tags", () => {
    const body = "* one\n* two\n\n| a | b |\n|---|---|\n| c | d |\n\n```js\nconst x = 1;\n```\n\n<div>Boxed <b>text</b></div>\n\n{% hint style=\"info\" %}\nA hint.\n{% endhint %}\n\n> Quoted\n\n![alt text](img.png)\n\n[ref]: https://x.test\n";
    expect(markdownSections(body)[0]!.text).toBe("one\ntwo\na b\nc d\nconst x = 1;\nBoxed text\nA hint.\nQuoted\nalt text");
  });

  it("keeps a formula's TeX without its `$$`, in text and in headings", () => {
    expect(markdownSections("Energy $$E = mc^2$$.\n\n$$\n\\sigma^2\n$$\n\n## Mean $$\\mu$$\n")).toEqual([
      { anchor: "", heading: "", text: "Energy E = mc^2.\n\\sigma^2" },
      { anchor: "mean-mu", heading: "Mean \\mu", text: "" },
    ]);
  });

  it("takes a heading's own anchor from Git Sync's <a id>, and makes repeated anchors unique", () => {
    const sections = markdownSections('## Setup <a href="#custom" id="custom"></a>\n\nx\n\n## FAQ\n\n## FAQ\n\n## FAQ\n');
    expect(sections.map((section) => [section.anchor, section.heading])).toEqual([
      ["", ""],
      ["custom", "Setup"],
      ["faq", "FAQ"],
      ["faq-1", "FAQ"],
      ["faq-2", "FAQ"],
    ]);
  });

  it("slugs headings in any script, punctuation dropped", () => {
    expect(slugOfHeading("What's new in v2.0?")).toBe("whats-new-in-v20");
    expect(slugOfHeading("Café & crème")).toBe("café-crème");
    expect(slugOfHeading("Установка")).toBe("установка");
    expect(slugOfHeading("!!!")).toBe("section");
  });
});
