import { describe, expect, it } from "vitest";
import { extractLinks, resolveBatchRefs } from "../../../src/formats/markdown";

/** The links a markdown body holds, and rewriting batch refs to our page and file URLs in place. */

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
