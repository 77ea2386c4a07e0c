import { describe, expect, it } from "vitest";
import { excerptOf } from "../../../src/domain/search/excerpt";
import { pageRowText, storedSections } from "../../../src/domain/search/page-text";
import { containsQuery, matchExpression, parseSearchQuery, queryTag } from "../../../src/domain/search/query";
import { listedSections } from "../../../src/domain/search/sections";

/** What a user's search text means to the index: quoted words, the last one a prefix. */

describe("search queries", () => {
  const expression = (text: string) => matchExpression(parseSearchQuery(text));

  it("quotes every word, doubling quotes inside, and makes the last one a prefix while it is typed", () => {
    expect(expression("install the cli")).toBe('"install" "the" "cli"*');
    expect(expression("install the cli ")).toBe('"install" "the" "cli"');
    expect(expression('say "hi" NEAR(a OR b) -x col:val ^y')).toBe('"say" """hi""" "NEAR(a" "OR" "b)" "-x" "col:val" "^y"*');
  });

  it("leaves out words with no letter or digit, so punctuation alone searches nothing", () => {
    expect(parseSearchQuery(' " * ^ : - ( ) ')).toEqual({ words: [], prefix: false });
    expect(expression("* café *")).toBe('"café"');
  });

  it("tells whether a title holds every word, folded like the index, the last as a prefix", () => {
    const query = parseSearchQuery("cafe instal");
    expect(containsQuery("Installing the Café", query)).toBe(true);
    expect(containsQuery("The café", query)).toBe(false);
    expect(containsQuery("Install café", parseSearchQuery("cafe instal "))).toBe(false);
    expect(containsQuery("anything", parseSearchQuery("**"))).toBe(false);
  });

  it("tags queries so a cursor of one is refused by another", () => {
    expect(queryTag("billing")).toBe(queryTag("billing"));
    expect(queryTag("billing")).not.toBe(queryTag("billings"));
  });

  it("excerpts a section around its first matching word, with ellipses where it is cut", () => {
    const words = Array.from({ length: 60 }, (_, index) => `w${index}`);
    words[40] = "Café";
    const text = words.join(" ");
    expect(excerptOf(text, parseSearchQuery("cafe"))).toBe(`…${words.slice(36, 60).join(" ")}`);
    expect(excerptOf(text, parseSearchQuery("w1"))).toBe(`${words.slice(0, 24).join(" ")}…`);
    expect(excerptOf("Short\n  text.", parseSearchQuery("nothing"))).toBe("Short text.");
  });

  it("keeps a page's sections in its one index row: headings, texts and anchors read back as written", () => {
    const markdown = "Intro text.\n\n## Install \u001e now\n\nRun it.\n\n## Install \u001e now\n\nAgain.\n\n### Notes <a id=\"own\"></a>\n\nLast \u001e word.\n";
    const row = pageRowText({ id: "p", title: "Title", description: "About", markdown });
    expect(storedSections(row)).toEqual([
      { position: 0, anchor: "", heading: "", text: "Intro text." },
      { position: 1, anchor: "install-now", heading: "Install   now", text: "Run it." },
      { position: 2, anchor: "install-now-1", heading: "Install   now", text: "Again." },
      { position: 3, anchor: "own", heading: "Notes", text: "Last   word." },
    ]);
    expect(storedSections(pageRowText({ id: "p", title: "Empty", description: "", markdown: "" }))).toEqual([{ position: 0, anchor: "", heading: "", text: "" }]);
  });

  it("lists the sections holding a query word (the last as a prefix while typed), the best first; else the root stands for the page", () => {
    const words = Array.from({ length: 60 }, (_, index) => `w${index}`);
    words[40] = "Café";
    const sections = [
      { position: 0, anchor: "", heading: "", text: "An introduction." },
      { position: 1, anchor: "body", heading: "Other", text: words.join(" ") },
      { position: 2, anchor: "heading", heading: "Café culture", text: "Short text." },
      { position: 3, anchor: "both", heading: "Café", text: "Café and w1, short." },
    ];
    const listed = (text: string) => listedSections(sections, parseSearchQuery(text));
    // A heading outweighs text; a section holding a word twice, both.
    expect(listed("caf").sections.map((section) => section.anchor)).toEqual(["both", "heading", "body"]);
    expect(listed("caf")).toMatchObject({ own: true, sections: [{ weight: 1 }, {}, {}] });
    // A section with more of the words ranks above one with fewer.
    expect(listed("cafe w1 ").sections[0]!.anchor).toBe("both");
    for (const text of ["caf ", "zzz"]) expect(listed(text)).toEqual({ own: false, sections: [{ ...sections[0], weight: 1 }] });
    const many = Array.from({ length: 8 }, (_, position) => ({ position, anchor: `s${position}`, heading: "", text: "café" }));
    expect(listedSections(many, parseSearchQuery("cafe")).sections.map((section) => section.anchor)).toEqual(["s0", "s1", "s2", "s3", "s4"]);
  });
});
