import { badRequest } from "./errors";

/**
 * The opaque cursor of every list's `next.page`: base64url JSON of the last item's sort values,
 * tagged with the sort it was made under, so it cannot be replayed under another sort.
 */

export type CursorValue = string | number;

export function encodeCursor(sortName: string, values: CursorValue[]): string {
  const json = JSON.stringify({ s: sortName, v: values });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The values of a cursor made under `sortName` with `keyCount` keys; anything else is a 400. */
export function decodeCursor(page: string, sortName: string, keyCount: number): CursorValue[] {
  try {
    const binary = atob(page.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
    if (isCursor(parsed) && parsed.s === sortName && parsed.v.length === keyCount) return parsed.v;
  } catch {
    // Fall through: any undecodable value is the same bad request.
  }
  throw invalidPage();
}

/** A cursor whose values are all finite numbers; anything else is the same 400 as `decodeCursor`'s. */
export function decodeNumericCursor(page: string, sortName: string, keyCount: number): number[] {
  const values = decodeCursor(page, sortName, keyCount);
  if (values.every((value): value is number => typeof value === "number" && Number.isFinite(value))) return values;
  throw invalidPage();
}

const invalidPage = () => badRequest("Invalid query parameter 'page': not a page identifier from this list's `next.page`");

function isCursor(value: unknown): value is { s: string; v: CursorValue[] } {
  if (typeof value !== "object" || value === null) return false;
  const { s, v } = value as { s?: unknown; v?: unknown };
  return typeof s === "string" && Array.isArray(v) && v.every((item) => typeof item === "string" || typeof item === "number");
}
