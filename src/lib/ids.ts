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
