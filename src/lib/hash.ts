/**
 * A fast, non-cryptographic hash of a string, as 16 hex digits (two 32-bit FNV-1a hashes from
 * different offsets): for cache keys and version stamps made from data the Worker already holds,
 * where nobody gains by forging a collision (use lib/tokens.ts for anything a client sends as a
 * credential).
 */
export function fnv1a(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x01000193);
  }
  return (high >>> 0).toString(16).padStart(8, "0") + (low >>> 0).toString(16).padStart(8, "0");
}
