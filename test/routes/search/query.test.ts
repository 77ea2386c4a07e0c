import { describe, expect, it } from "vitest";
import { excerptOf, mentionsQuery } from "../../../src/domain/search/excerpt";
import { containsQuery, matchExpression, parseSearchQuery, queryTag } from "../../../src/domain/search/query";

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
    expect([mentionsQuery(text, parseSearchQuery("caf")), mentionsQuery(text, parseSearchQuery("caf ")), mentionsQuery(text, parseSearchQuery("zzz"))]).toEqual([true, false, false]);
  });
});
