import { describe, expect, it } from "vitest";
import { withHeadSymref } from "../../../src/domain/git-sync/ref-advertisement";

/** The upload-pack ref advertisement completed with a HEAD symref when it has no HEAD (isomorphic-git issue #1654). */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const A = "a".repeat(40);
const B = "b".repeat(40);
const CAPABILITIES = "multi_ack thin-pack side-band side-band-64k ofs-delta shallow no-progress include-tag multi_ack_detailed no-done object-format=sha1 agent=git/2.39.5";

const pkt = (payload: string) => `${(encoder.encode(payload).length + 4).toString(16).padStart(4, "0")}${payload}`;
const advertisement = (...lines: string[]) => encoder.encode([pkt("# service=git-upload-pack\n"), "0000", ...lines, "0000"].join(""));

/** The payloads of a pkt-line stream (null for a flush), checking every length as Git reads it. */
function readPktLines(bytes: Uint8Array): (string | null)[] {
  const lines: (string | null)[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const length = Number.parseInt(decoder.decode(bytes.subarray(offset, offset + 4)), 16);
    if (length === 0) {
      lines.push(null);
      offset += 4;
      continue;
    }
    expect(offset + length).toBeLessThanOrEqual(bytes.length);
    lines.push(decoder.decode(bytes.subarray(offset + 4, offset + length)));
    offset += length;
  }
  return lines;
}

describe("withHeadSymref", () => {
  it("adds symref=HEAD to the first ref line's capabilities when HEAD is not advertised (HEAD names a branch without commits)", () => {
    const original = advertisement(pkt(`${A} refs/heads/gitbook-export\0${CAPABILITIES}\n`), pkt(`${B} refs/heads/other\n`));
    const completed = withHeadSymref(original);
    expect(readPktLines(completed)).toEqual([
      "# service=git-upload-pack\n",
      null,
      `${A} refs/heads/gitbook-export\0${CAPABILITIES} symref=HEAD:refs/heads/gitbook-export\n`,
      `${B} refs/heads/other\n`,
      null,
    ]);
  });

  it("recomputes the length of a line that grows past 255 bytes and keeps a line without its newline readable", () => {
    const long = `${A} refs/heads/${"x".repeat(150)}`;
    const completed = withHeadSymref(advertisement(pkt(`${long}\0${CAPABILITIES}`)));
    const [, , first] = readPktLines(completed);
    expect(first).toBe(`${long}\0${CAPABILITIES} symref=HEAD:${long.slice(41)}\n`);
    expect(encoder.encode(first!).length + 4).toBeGreaterThan(0xff);
  });

  it("leaves an advertisement alone when HEAD is there: as a symref, as a detached HEAD, or when there are no refs", () => {
    const cases = [
      advertisement(pkt(`${A} HEAD\0${CAPABILITIES} symref=HEAD:refs/heads/main\n`), pkt(`${A} refs/heads/main\n`)),
      advertisement(pkt(`${A} HEAD\0${CAPABILITIES}\n`), pkt(`${A} refs/heads/main\n`)),
      advertisement(pkt(`${A} refs/heads/main\0${CAPABILITIES} symref=HEAD:refs/heads/main\n`)),
      advertisement(pkt(`${"0".repeat(40)} capabilities^{}\0${CAPABILITIES}\n`)),
      advertisement(),
    ];
    for (const original of cases) expect(withHeadSymref(original)).toBe(original);
  });

  it("leaves alone what is not a v1 advertisement: protocol v2, or not pkt-lines at all", () => {
    const v2 = encoder.encode([pkt("version 2\n"), pkt(`agent=git/2.39.5\n`), pkt("ls-refs=unborn\n"), "0000"].join(""));
    expect(withHeadSymref(v2)).toBe(v2);
    const html = encoder.encode("<!doctype html><p>Sign in</p>");
    expect(withHeadSymref(html)).toBe(html);
    const truncated = advertisement(pkt(`${A} refs/heads/main\0${CAPABILITIES}\n`)).subarray(0, 60);
    expect(withHeadSymref(truncated)).toBe(truncated);
  });
});
