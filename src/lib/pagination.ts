import { decodeCursor, encodeCursor } from "./cursor";

/**
 * What every list shares: page sizes, the request and the envelope. Lists read from D1 are paged
 * by `db/keyset.ts`; the few computed in memory by `pageOfItems` below, with the same cursor.
 */

export const MAX_PAGE_SIZE = 1000;
/** GitBook leaves the default page size unstated; see docs/decisions.md. */
export const DEFAULT_PAGE_SIZE = 50;

export interface PageRequest {
  page?: string;
  limit?: number;
}

/** A list as the API answers it. */
export interface ListPage<Item> {
  items: Item[];
  next?: { page: string };
  count: number;
}

/** The answer for a caller who may see none of a list's items (a guest): no query needed. */
export const EMPTY_LIST = { items: [] as never[], count: 0 };

/**
 * Keyset pagination over items computed in memory (the entries of a revision, which are read
 * whole to be resolved): the same cursor format and envelope as `listPage` (db/keyset.ts).
 * `keyOf` must be unique per item; items come out in ascending key order.
 */
export function pageOfItems<Item>(items: readonly Item[], request: PageRequest, sortName: string, keyOf: (item: Item) => string) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const sorted = [...items].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const after = request.page === undefined ? undefined : decodeCursor(request.page, sortName, 1)[0];
  const rest = after === undefined ? sorted : sorted.filter((item) => keyOf(item) > String(after));
  const rows = rest.slice(0, limit);
  const last = rows.at(-1);
  return {
    items: rows,
    ...(rest.length > limit && last !== undefined ? { next: { page: encodeCursor(sortName, [keyOf(last)]) } } : {}),
    count: items.length,
  };
}
