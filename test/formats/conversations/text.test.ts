import { describe, expect, it } from "vitest";
import { cleanMessage, firstSentence, truncate } from "../../../src/formats/conversations/clean";
import { deriveIssue, iconFor } from "../../../src/formats/conversations/issue";
import { SIMILARITY_THRESHOLD, cosine, dot, stem, termFrequencies, tokenize, unitVector } from "../../../src/formats/conversations/terms";

/** The pure text model of support conversations: cleaning, terms, vectors. */

describe("cleaning a support message", () => {
  it("drops a greeting line, a sign-off with its signature, and a quoted reply", () => {
    const body = "Hello Anna,\n\nThe export to PDF fails.\nIt says 'timeout'.\n\nKind regards,\nJane Doe\nAcme Corp\n\nOn Mon, Nov 3, 2026 at 10:00 AM Support <s@example.com> wrote:\n> Could you try again?";
    expect(cleanMessage(body)).toBe("The export to PDF fails.\nIt says 'timeout'.");
  });

  it("cuts a greeting opening the first sentence, a '-- ' signature and 'Sent from my'", () => {
    expect(cleanMessage("Hi team, where is the billing page?\n-- \nBob")).toBe("where is the billing page?");
    expect(cleanMessage("Hey! Search is broken.\n\nSent from my iPhone")).toBe("Search is broken.");
  });

  it("turns HTML into text: quote containers, blockquotes, styles gone, entities decoded", () => {
    const html = '<style>p{}</style><p>Tables &amp; images &lt;break&gt; in&nbsp;PDF&#39;s</p><blockquote>old</blockquote><div class="gmail_quote">On Tue wrote: more</div>';
    expect(cleanMessage(html)).toBe("Tables & images <break> in PDF's");
  });

  it("keeps the text of Markdown links and images, and drops '>' quotes anywhere", () => {
    expect(cleanMessage("See [the docs](https://x.test) and ![shot](a.png)\n> quoted\nstill broken")).toBe("See the docs and shot\nstill broken");
  });

  it("keeps a sign-off word followed by a long line (it is no signature)", () => {
    const body = "Thanks\nfor nothing: the editor loses my changes every single time I switch between pages in the sidebar";
    expect(cleanMessage(body)).toBe(body);
  });
});

describe("an issue's title and summary", () => {
  it("come from the user's messages only, capitalized and bounded", () => {
    const issue = deriveIssue(
      [
        { role: "user", body: "hi,\nwhere do I find my API key? I looked in settings." },
        { role: "team-member", body: "Under Settings." },
        { role: "user", body: "Found it, but it is greyed out." },
      ],
      "Key",
    );
    expect(issue).toEqual({
      title: "Where do I find my API key?",
      summary: "Where do I find my API key? I looked in settings. Found it, but it is greyed out.",
      text: expect.any(String),
    });
  });

  it("fall back to the subject for a first sentence without content, and are null without user text", () => {
    expect(deriveIssue([{ role: "user", body: "Urgent!! The site is down since this morning." }], "Published site down")!.title).toBe("Published site down");
    expect(deriveIssue([{ role: "assistant", body: "How can I help?" }, { role: "user", body: "Hi,\n\nThanks,\nAda" }], "Hello")).toBeNull();
  });

  it("cut long text at a word with an ellipsis", () => {
    expect(truncate("one two three four five", 12)).toBe("one two…");
    expect(firstSentence("No end here", 100)).toBe("No end here");
  });
});

describe("terms and similarity", () => {
  it("lower-cases, folds accents, drops stop words and numbers, and stems inflections together", () => {
    expect(tokenize("Can't locate API keys in the Dashboard 2024, café")).toEqual(["locat", "api", "key", "dashboard", "cafe"]);
    expect(["key", "keys"].map(stem)).toEqual(["key", "key"]);
    expect(["locate", "located", "locating"].map(stem)).toEqual(["locat", "locat", "locat"]);
    expect(["loops", "looping", "stopped"].map(stem)).toEqual(["loop", "loop", "stop"]);
  });

  it("makes unit vectors whose cosine separates the same question from another topic", () => {
    const texts = ["Where do I find my API key?", "Can't locate API keys in the dashboard", "SSO login loops back to the sign-in page"];
    const frequencies = texts.map((text) => termFrequencies(text));
    const df = (term: string) => frequencies.filter((counts) => counts.has(term)).length;
    const [a, b, c] = frequencies.map((counts) => unitVector(counts, texts.length, df));
    expect(Math.hypot(...Object.values(a!))).toBeCloseTo(1);
    expect(cosine(dot(a!, b!), 1)).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
    expect(cosine(dot(a!, c!), 1)).toBeLessThan(SIMILARITY_THRESHOLD);
  });

  it("picks an icon from the terms", () => {
    expect(iconFor(tokenize("Where do I find my API key?"))).toBe("key");
    expect(iconFor(tokenize("SSO login loops"))).toBe("right-to-bracket");
    expect(iconFor(["zebra"])).toBe("message-question");
  });
});
