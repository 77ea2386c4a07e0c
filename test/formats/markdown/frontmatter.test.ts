import { describe, expect, it } from "vitest";
import { parseMarkdownPage } from "../../../src/formats/markdown";
import { expectOk } from "./helpers";

/** Markdown page files as Git Sync writes them: frontmatter and title heading to page metadata. */

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
