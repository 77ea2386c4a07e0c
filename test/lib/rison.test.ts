import { describe, expect, it } from "vitest";
import { decodeRison, RisonError } from "../../src/lib/rison";

describe("decodeRison", () => {
  it("decodes objects, arrays, literals, numbers, quoted and bare strings", () => {
    expect(decodeRison("(plan:pro,beta:!t,off:!f,none:!n,n:-1.5e2,tags:!(a,'b c'),nested:(x:'it!'s'))")).toEqual({
      plan: "pro",
      beta: true,
      off: false,
      none: null,
      n: -150,
      tags: ["a", "b c"],
      nested: { x: "it's" },
    });
    expect(decodeRison("()")).toEqual({});
    expect(decodeRison("!()")).toEqual([]);
    expect(decodeRison("'a!!b'")).toBe("a!b");
  });

  it("refuses what is not Rison, saying where", () => {
    for (const text of ["(a:", "(a:1", "(a 1)", "!x", "'open", "(a:1)x", "'bad!x'", ""]) {
      expect(() => decodeRison(text), text).toThrow(RisonError);
    }
    expect(() => decodeRison(`${"(a:".repeat(40)}1${")".repeat(40)}`)).toThrow(/deeper/);
  });
});
