import { describe, expect, it } from "vitest";
import { highlightSegments } from "../../src/reader/highlight";

const marked = (text: string, terms: string[]) => highlightSegments(text, terms).filter((segment) => segment.match).map((segment) => segment.text);

describe("highlightSegments", () => {
  it("splits a text into plain and matched parts that join back to the text", () => {
    const segments = highlightSegments("Install the installer", ["install"]);
    expect(segments).toEqual([
      { text: "Install", match: true },
      { text: " the ", match: false },
      { text: "install", match: true },
      { text: "er", match: false },
    ]);
    expect(segments.map((segment) => segment.text).join("")).toBe("Install the installer");
  });

  it("folds case and accents as the search does, and marks the original characters", () => {
    expect(marked("Le CAFÉ et le café", ["cafe"])).toEqual(["CAFÉ", "café"]);
    expect(marked("naïve Straße", ["NAIVE", "straße"])).toEqual(["naïve", "Straße"]);
  });

  it("prefers the longest term at a position, and ignores empty terms", () => {
    expect(marked("pages and page", ["page", "pages", " "])).toEqual(["pages", "page"]);
    expect(highlightSegments("nothing", [])).toEqual([{ text: "nothing", match: false }]);
    expect(highlightSegments("", ["x"])).toEqual([]);
  });

  it("treats terms as text, not patterns", () => {
    expect(marked("a.b a*b (x)", ["a*b", "(x)", "."])).toEqual([".", "a*b", "(x)"]);
  });

  it("keeps characters outside the basic plane whole", () => {
    const segments = highlightSegments("😀 emoji 😀", ["emoji"]);
    expect(segments.map((segment) => segment.text)).toEqual(["😀 ", "emoji", " 😀"]);
  });
});
