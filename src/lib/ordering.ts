import { generateKeyBetween } from "fractional-indexing";

/**
 * Sibling order by fractional index keys: a key between two neighbours is always available, so
 * placing an item rewrites that item only, never renumbers its siblings. Keys compare as plain
 * strings (ASCII order, which is SQLite's BINARY collation), so `ORDER BY position` is the order.
 */
export function positionBetween(before: string | null, after: string | null): string {
  return generateKeyBetween(before, after);
}

/** The key for an item placed after the last of its siblings (`last` null: no siblings). */
export const positionAfter = (last: string | null) => positionBetween(last, null);
