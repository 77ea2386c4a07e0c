const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A random identifier of `length` base-62 characters (20 by default: ~119 bits), matching
 * GitBook's EntityId pattern `^[a-zA-Z0-9_-]+$`. Rejection sampling keeps every character uniform.
 */
export function newId(length = 20): string {
  let id = "";
  while (id.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * An identifier like `newId`'s, derived from `seed`: the same seed always gives the same id (the
 * ids of computed content, which GitBook derives from a client's seed). SHA-256 bytes, rehashed
 * until enough of them pass the same rejection as `newId`.
 */
export async function seededId(seed: string, length = 20): Promise<string> {
  let id = "";
  let bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed)));
  while (id.length < length) {
    for (const byte of bytes) if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  }
  return id;
}
