import { describe, expect, it } from "vitest";
import { planMarkdownTranslation } from "../../../src/formats/markdown";

/** The translatable text of a markdown body, and the body rebuilt around its translation. */

const upper = (texts: readonly string[]) => texts.map((text) => text.toUpperCase());

describe("planMarkdownTranslation", () => {
  it("sends only prose and keeps code, URLs, HTML and tags byte for byte", () => {
    const body = [
      "# Getting started",
      "",
      "Install the [command line tool](https://example.com/cli \"The CLI\") with `npm install cli`, then run it.",
      "",
      "```js",
      "const greeting = \"hello world\";",
      "```",
      "",
      "<div class=\"note\">raw html stays</div>",
      "",
      "![A diagram](/files/diagram.png)",
      "",
      "{% hint style=\"info\" %}",
      "Tags stay as written.",
      "{% endhint %}",
      "",
      "| Name | Value |",
      "| --- | --- |",
      "| Colour | 42 |",
      "",
      "Visit <https://example.com> or www.example.org today.",
      "",
    ].join("\n");
    const plan = planMarkdownTranslation(body);
    expect(plan.texts).toEqual([
      "Getting started",
      "Install the",
      "command line tool",
      "with",
      ", then run it.",
      "Tags stay as written.",
      "Name",
      "Value",
      "Colour",
      "Visit",
      "or",
      "today.",
    ]);
    const rebuilt = plan.rebuild(upper(plan.texts));
    expect(rebuilt).toBe(
      body
        .replace("Getting started", "GETTING STARTED")
        .replace("Install the [command line tool]", "INSTALL THE [COMMAND LINE TOOL]")
        .replace(") with `", ") WITH `")
        .replace(", then run it.", ", THEN RUN IT.")
        .replace("Tags stay as written.", "TAGS STAY AS WRITTEN.")
        .replace("| Name | Value |", "| NAME | VALUE |")
        .replace("| Colour |", "| COLOUR |")
        .replace("Visit <", "VISIT <")
        .replace("> or www", "> OR www")
        .replace("org today.", "org TODAY."),
    );
  });

  it("escapes markup a translation brings, so the structure stays the same", () => {
    const plan = planMarkdownTranslation("Plain words\n\n- an item\n");
    expect(plan.rebuild(["# *not* a heading", "[not](a link) <b>"])).toBe("\\# \\*not\\* a heading\n\n- \\[not\\](a link) \\<b>\n");
  });

  it("never sends math, and escapes dollars a translation brings so it cannot make a formula", () => {
    const body = "Energy is $$E = mc^2$$ here.\n\n$$\n\\text{speed} = c\n$$\n\nCosts $5.\n";
    const plan = planMarkdownTranslation(body);
    expect(plan.texts).toEqual(["Energy is", "here.", "Costs $5."]);
    expect(plan.rebuild(["L'énergie est", "$$ici$$", "Coûte 5 $"])).toBe("L'énergie est $$E = mc^2$$ \\$\\$ici\\$\\$\n\n$$\n\\text{speed} = c\n$$\n\nCoûte 5 \\$\n");
  });

  it("writes a paragraph's lines as one, keeping quote markers before it", () => {
    const plan = planMarkdownTranslation("> first line\n> second line\n");
    expect(plan.texts).toEqual(["first line second line"]);
    expect(plan.rebuild(["une ligne"])).toBe("> une ligne\n");
  });

  it("leaves numbers, punctuation and an empty body alone", () => {
    expect(planMarkdownTranslation("42 — 7%\n").texts).toEqual([]);
    expect(planMarkdownTranslation("").rebuild([])).toBe("");
  });
  it("keeps labels that find a definition; escapes and entities become text that renders the same", () => {
    const body = "See the [guide] and [the API][api] or [faq][].\n\n[guide]: /pages/a\n[api]: /pages/b\n[faq]: /pages/c\n\nTwo \\* three &amp; *four*\n";
    const plan = planMarkdownTranslation(body);
    expect(plan.texts).toEqual(["See the", "and", "the API", "or", "Two * three &", "four"]);
    expect(plan.rebuild(upper(plan.texts))).toBe("SEE THE [guide] AND [THE API][api] OR [faq][].\n\n[guide]: /pages/a\n[api]: /pages/b\n[faq]: /pages/c\n\nTWO \\* THREE & *FOUR*\n");
  });
});
