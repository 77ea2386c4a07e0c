import { describe, expect, it } from "vitest";
import { DEFAULT_CAPACITY_BYTES, RevisionMemory, memoryCapacity } from "../../src/http/revision-memory";

/** The revision cache's first level: bounded in bytes, least recently used out first, signed bodies until their window ends. */

const entry = (body: string, expiresAt: number | null = null) => ({ body, etag: `"${body.length}"`, expiresAt });
/** What an entry of key `k` and body `body` counts (two bytes a character of key, body and ETag). */
const bytesOf = (key: string, body: string) => 2 * (key.length + body.length + `"${body.length}"`.length);

describe("RevisionMemory", () => {
  it("keeps what fits, and drops the least recently used first", () => {
    const memory = new RevisionMemory();
    const capacity = bytesOf("a", "x".repeat(10)) * 2;
    memory.set("a", entry("x".repeat(10)), capacity);
    memory.set("b", entry("y".repeat(10)), capacity);
    expect(memory.get("a")?.body).toBe("x".repeat(10)); // now the most recent
    memory.set("c", entry("z".repeat(10)), capacity);
    expect(memory.get("b")).toBeUndefined();
    expect(memory.get("a")?.body).toBe("x".repeat(10));
    expect(memory.get("c")?.body).toBe("z".repeat(10));
    expect(memory.size).toEqual({ entries: 2, bytes: capacity });
  });

  it("never keeps a body larger than the whole capacity, and replaces a key in place", () => {
    const memory = new RevisionMemory();
    memory.set("big", entry("x".repeat(100)), 50);
    expect(memory.get("big")).toBeUndefined();
    memory.set("k", entry("one"), 1000);
    memory.set("k", entry("three"), 1000);
    expect(memory.get("k")?.body).toBe("three");
    expect(memory.size).toEqual({ entries: 1, bytes: bytesOf("k", "three") });
  });

  it("forgets a signed body once its window has ended", () => {
    const memory = new RevisionMemory();
    memory.set("signed", entry("urls", 1_000), 1000);
    expect(memory.get("signed", 999)?.body).toBe("urls");
    expect(memory.get("signed", 1_000)).toBeUndefined();
    expect(memory.size).toEqual({ entries: 0, bytes: 0 });
  });

  it("takes its capacity from REVISION_MEMORY_CACHE_BYTES: a number of bytes, 0 for none, the default otherwise", () => {
    expect(memoryCapacity(undefined)).toBe(DEFAULT_CAPACITY_BYTES);
    expect(memoryCapacity("")).toBe(DEFAULT_CAPACITY_BYTES);
    expect(memoryCapacity("0")).toBe(0);
    expect(memoryCapacity("1048576")).toBe(1_048_576);
    expect(memoryCapacity("lots")).toBe(DEFAULT_CAPACITY_BYTES);
    expect(memoryCapacity("-5")).toBe(DEFAULT_CAPACITY_BYTES);
  });
});
