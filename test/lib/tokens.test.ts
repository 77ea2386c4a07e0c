import { describe, expect, it } from "vitest";
import { hashBearerToken, hashToken, sha256Hex } from "../../src/lib/tokens";

describe("token hashes", () => {
  it("hashes text as UTF-8 and bytes alike, as 64 hex digits", async () => {
    const empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    expect(await sha256Hex("")).toBe(empty);
    expect(await sha256Hex(new Uint8Array())).toBe(empty);
    expect(await sha256Hex("é")).toBe(await sha256Hex(new Uint8Array([0xc3, 0xa9])));
  });

  it("answers a bearer token's hash the same the first time, when remembered, and for a token too long to remember", async () => {
    const token = "gb_api_remembered-token";
    const long = `gb_api_${"x".repeat(10_000)}`;
    for (let call = 0; call < 2; call++) {
      expect(await hashBearerToken(token)).toBe(await hashToken(token));
      expect(await hashBearerToken(long)).toBe(await hashToken(long));
    }
  });
});
