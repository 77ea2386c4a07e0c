const TOKEN_PREFIX = "gb_api_";

/** A fresh API token: 256 random bits, base64url, behind a recognizable prefix. */
export function generateApiToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return TOKEN_PREFIX + base64Url(bytes);
}

/** Each byte's two hex digits, by value. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** The SHA-256 of a text (as UTF-8) or of bytes, as 64 hex digits. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", typeof data === "string" ? new TextEncoder().encode(data) : data));
  let hex = "";
  for (const byte of digest) hex += HEX[byte];
  return hex;
}

/** Tokens are stored and looked up only by this hash. */
export const hashToken = sha256Hex;

/**
 * The hashes of the last bearer tokens this isolate saw (oldest forgotten first). A client sends
 * the same token all day, and hashing it was a measurable part of a read (docs/performance.md,
 * "Reads"). A hash never changes, so keeping one revokes nothing late: every request still looks
 * its hash up in D1. Only tokens of a sane length are kept, so memory stays small whatever is sent.
 */
const recentTokenHashes = new Map<string, string>();
const RECENT_TOKENS = 512;
const LONGEST_KEPT_TOKEN = 128;

export async function hashBearerToken(token: string): Promise<string> {
  const known = recentTokenHashes.get(token);
  if (known !== undefined) return known;
  const hash = await hashToken(token);
  if (token.length <= LONGEST_KEPT_TOKEN) {
    if (recentTokenHashes.size >= RECENT_TOKENS) recentTokenHashes.delete(recentTokenHashes.keys().next().value!);
    recentTokenHashes.set(token, hash);
  }
  return hash;
}

/** Compares two secrets without leaking, through timing, how long a matching prefix is. */
export async function secretsEqual(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([hashToken(given), hashToken(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
