import { describe, expect, it } from "vitest";
import { jsonChildren, nestingDepth } from "../../src/lib/nesting";

describe("nestingDepth", () => {
  it("counts the root as one level and each value inside another as one more", () => {
    expect(nestingDepth<unknown>(1, jsonChildren)).toBe(1);
    expect(nestingDepth<unknown>({ a: [1, { b: 2 }] }, jsonChildren)).toBe(4);
  });

  it("measures a value nested 100,000 levels deep without overflowing, stopping past the limit", () => {
    let value: unknown = "leaf";
    for (let level = 0; level < 100_000; level++) value = [value];
    expect(nestingDepth(value, jsonChildren, 200)).toBe(201);
    expect(nestingDepth(value, jsonChildren)).toBe(100_001);
  });
});
