import { and, asc, desc, or, sql, type Column, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { badRequest } from "./errors";

/**
 * Keyset pagination shared by every list of the API.
 *
 * A page is fetched as `WHERE <filters> AND <after cursor> ORDER BY <keys> LIMIT n+1` (never
 * OFFSET, so deep pages cost what the first one does), batched with the `COUNT(*)` of the same
 * filters in one D1 round trip. The cursor in `next.page` is opaque: base64url JSON of the last
 * row's sort values, tagged with the sort it belongs to, so it cannot be replayed under another.
 */

export const MAX_PAGE_SIZE = 1000;
/** GitBook leaves the default page size unstated; see docs/decisions.md. */
export const DEFAULT_PAGE_SIZE = 50;

export type Direction = "asc" | "desc";
type KeyValue = string | number;

export interface SortKey<Row> {
  /** The column or SQL expression ordered on. */
  expression: Column | SQL;
  direction: Direction;
  /** Reads this key's value back from a fetched row, for the next cursor. */
  valueOf: (row: Row) => KeyValue;
}

export interface PageRequest {
  page?: string;
  limit?: number;
}

export interface PageOf<Row> {
  rows: Row[];
  next?: { page: string };
  count: number;
  /** Results of KeysetQuery.alongside, in order. */
  alongside: unknown[];
}

export interface KeysetQuery<Row> {
  /** Names the sort; a cursor made under one sort is refused under another. */
  sortName: string;
  /** Ordered sort keys; together they must be unique per row (end with the primary key). */
  keys: SortKey<Row>[];
  /** Builds the page query from the cursor condition, the ORDER BY terms and the row limit. */
  rows: (after: SQL | undefined, orderBy: SQL[], limit: number) => BatchItem<"sqlite">;
  /** Counts every row of the list (same filters, no cursor): must yield `[{count}]`. */
  count: BatchItem<"sqlite">;
  /** Other reads the page needs (say, what its items refer to), sent in the same round trip. */
  alongside?: BatchItem<"sqlite">[];
}

/**
 * The sort nearly every list uses: one column, then a unique column (the id) to break ties, both
 * in `direction`. `valueOf` reads both values back from a fetched row for the next cursor.
 */
export function sortedBy<Row>(
  sortName: string,
  direction: Direction,
  [column, tiebreaker]: [Column | SQL, Column | SQL],
  valueOf: (row: Row) => [KeyValue, KeyValue],
): Pick<KeysetQuery<Row>, "sortName" | "keys"> {
  return {
    sortName,
    keys: [
      { expression: column, direction, valueOf: (row) => valueOf(row)[0] },
      { expression: tiebreaker, direction, valueOf: (row) => valueOf(row)[1] },
    ],
  };
}

export async function fetchPage<Row>(db: Database, request: PageRequest, query: KeysetQuery<Row>): Promise<PageOf<Row>> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = request.page === undefined ? undefined : decodeCursor(request.page, query.sortName, query.keys.length);
  const after = cursor && afterCondition(query.keys, cursor);
  const orderBy = query.keys.map((key) => orderTerm(key));

  const [rowsResult, countResult, ...alongside] = (await db.batch([
    query.rows(after, orderBy, limit + 1),
    query.count,
    ...(query.alongside ?? []),
  ])) as [Row[], Array<{ count: number }>, ...unknown[]];
  const rows = rowsResult.slice(0, limit);
  const last = rows.at(-1);
  const hasMore = rowsResult.length > limit && last !== undefined;
  return {
    rows,
    next: hasMore ? { page: encodeCursor(query.sortName, query.keys.map((key) => key.valueOf(last))) } : undefined,
    count: countResult[0]?.count ?? 0,
    alongside,
  };
}

/** The answer for a caller who may see none of a list's items (a guest): no query needed. */
export const EMPTY_LIST = { items: [] as never[], count: 0 };

/** Maps fetched rows to API objects, keeping the envelope. */
export function toList<Row, Item>(page: PageOf<Row>, present: (row: Row) => Item) {
  return { items: page.rows.map(present), ...(page.next ? { next: page.next } : {}), count: page.count };
}

function orderTerm<Row>(key: SortKey<Row>): SQL {
  return key.direction === "asc" ? asc(key.expression) : desc(key.expression);
}

/**
 * Rows strictly after the cursor in the sort order:
 * (k1 > v1) OR (k1 = v1 AND k2 > v2) OR ... with > flipped to < for descending keys.
 */
function afterCondition<Row>(keys: SortKey<Row>[], values: KeyValue[]): SQL | undefined {
  const branches = keys.map((key, index) => {
    const equalities = keys.slice(0, index).map((previous, i) => sql`${previous.expression} = ${values[i]}`);
    const beyond =
      key.direction === "asc" ? sql`${key.expression} > ${values[index]}` : sql`${key.expression} < ${values[index]}`;
    return and(...equalities, beyond);
  });
  return or(...branches);
}

function encodeCursor(sortName: string, values: KeyValue[]): string {
  const json = JSON.stringify({ s: sortName, v: values });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function decodeCursor(page: string, sortName: string, keyCount: number): KeyValue[] {
  try {
    const binary = atob(page.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
    if (isCursor(parsed) && parsed.s === sortName && parsed.v.length === keyCount) return parsed.v;
  } catch {
    // Fall through: any undecodable value is the same bad request.
  }
  throw badRequest("Invalid query parameter 'page': not a page identifier from this list's `next.page`");
}

function isCursor(value: unknown): value is { s: string; v: KeyValue[] } {
  if (typeof value !== "object" || value === null) return false;
  const { s, v } = value as { s?: unknown; v?: unknown };
  return typeof s === "string" && Array.isArray(v) && v.every((item) => typeof item === "string" || typeof item === "number");
}

/**
 * Keyset pagination over items computed in memory (the entries of a revision, which are read
 * whole to be resolved): the same cursor format and envelope as `fetchPage`. `keyOf` must be
 * unique per item; items come out in ascending key order.
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
