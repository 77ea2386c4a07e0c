/**
 * Git's smart HTTP ref advertisement (`GET .../info/refs?service=git-upload-pack`, protocol v1),
 * completed where isomorphic-git cannot read it.
 *
 * isomorphic-git's fetch, after the pack exchange, resolves the remote's HEAD whenever the
 * advertisement carries no `symref=HEAD:` capability, even when it fetches one named ref
 * (isomorphic-git issue #1654, open). Git advertises no HEAD at all while HEAD names a branch
 * without commits: a repository made with `git init --bare` (HEAD -> refs/heads/main) that only
 * ever received another branch. The fetch then fails with "Could not find HEAD" although the
 * requested branch is there, and the objects it received are dropped.
 *
 * When the advertisement has neither a HEAD ref nor a HEAD symref, this adds
 * `symref=HEAD:<first advertised ref>` to the first ref line's capabilities. isomorphic-git only
 * reports that value as `defaultBranch`, which the sync never reads; the refs it fetches and the
 * objects it asks for are unchanged.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface PktLine {
  /** Offset of the line's 4-digit length. */
  start: number;
  /** Offset after its payload. */
  end: number;
  /** The payload; null for a flush (`0000`) or another special packet. */
  payload: Uint8Array | null;
}

/** The pkt-lines of `bytes`; null when they are not pkt-lines (not our business: left as they are). */
function pktLines(bytes: Uint8Array): PktLine[] | null {
  const lines: PktLine[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 4 > bytes.length) return null;
    const hex = decoder.decode(bytes.subarray(offset, offset + 4));
    if (!/^[0-9a-f]{4}$/i.test(hex)) return null;
    const length = Number.parseInt(hex, 16);
    // 0000 flush, 0001 delimiter, 0002 response end: no payload.
    if (length < 4) {
      lines.push({ start: offset, end: offset + 4, payload: null });
      offset += 4;
      continue;
    }
    if (offset + length > bytes.length) return null;
    lines.push({ start: offset, end: offset + length, payload: bytes.subarray(offset + 4, offset + length) });
    offset += length;
  }
  return lines;
}

/** `bytes` as one pkt-line: its length (4 hex digits, the 4 included) and the payload. */
function pktLine(payload: string): Uint8Array {
  const bytes = encoder.encode(payload);
  const header = encoder.encode((bytes.length + 4).toString(16).padStart(4, "0"));
  const line = new Uint8Array(header.length + bytes.length);
  line.set(header);
  line.set(bytes, header.length);
  return line;
}

/** The upload-pack advertisement with a HEAD symref added when it has no HEAD (see above); otherwise the same bytes. */
export function withHeadSymref(advertisement: Uint8Array): Uint8Array {
  const lines = pktLines(advertisement);
  if (!lines) return advertisement;
  const refLines = lines.filter((line) => line.payload && !decoder.decode(line.payload).startsWith("# service="));
  const first = refLines[0];
  if (!first) return advertisement;
  const firstText = decoder.decode(first.payload!);
  const nul = firstText.indexOf("\0");
  // Protocol v2 (`version 2`, capabilities one per line) or no capability list: nothing to complete.
  if (nul < 0) return advertisement;
  const [, firstRef = ""] = firstText.slice(0, nul).split(" ");
  const capabilities = firstText.slice(nul + 1).replace(/\n$/, "");
  // No refs at all (`capabilities^{}`): isomorphic-git returns before it looks for HEAD.
  if (firstRef === "capabilities^{}") return advertisement;
  if (capabilities.split(" ").some((capability) => capability.startsWith("symref=HEAD:"))) return advertisement;
  const names = refLines.map((line) => decoder.decode(line.payload!).split("\0")[0]!.replace(/\n$/, "").split(" ")[1]);
  if (names.includes("HEAD")) return advertisement;

  const completed = pktLine(`${firstText.slice(0, nul)}\0${capabilities} symref=HEAD:${firstRef}\n`);
  const result = new Uint8Array(advertisement.length - (first.end - first.start) + completed.length);
  result.set(advertisement.subarray(0, first.start));
  result.set(completed, first.start);
  result.set(advertisement.subarray(first.end), first.start + completed.length);
  return result;
}
