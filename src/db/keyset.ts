import { and, asc, count, desc, or, sql, type Column, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn, AnySQLiteTable } from "drizzle-orm/sqlite-core";
import { decodeCursor, encodeCursor, type CursorValue } from "../lib/cursor";
import { DEFAULT_PAGE_SIZE, type ListPage, type PageRequest } from "../lib/pagination";
import type { Database } from "./client";

/**
 * Keyset pagination, the one way every list of the API reads its rows.
 *
 * A page is `WHERE <filter> AND <after cursor> ORDER BY <keys> LIMIT n+1` (never OFFSET, so page
 * 100 costs what page 1 does), sent in one `db.batch` with the `COUNT(*)` of the same filter and
 * any other reads the page needs: one D1 round trip per page.
 */

export type Direction = "asc" | "desc";

export interface SortKey<Row> {
  /** The column or SQL expression ordered on. */
  expression: Column | SQL;
  direction: Direction;
  /** Reads this key's value back from a fetched row, for the next cursor. */
  valueOf: (row: Row) => CursorValue;
}

export interface Sort<Row> {
  /** Names the sort; a cursor made under one sort is refused under another. */
  name: string;
  /** Ordered sort keys; together they must be unique per row (end with the primary key). */
  keys: SortKey<Row>[];
}

/**
 * The sort nearly every list uses: one column, then a unique column (the id) to break ties, both
 * in `direction`. `valueOf` reads both values back from a fetched row for the next cursor.
 */
export function sortedBy<Row>(
  name: string,
  direction: Direction,
  [column, tiebreaker]: [Column | SQL, Column | SQL],
  valueOf: (row: Row) => [CursorValue, CursorValue],
): Sort<Row> {
  return {
    name,
    keys: [
      { expression: column, direction, valueOf: (row) => valueOf(row)[0] },
      { expression: tiebreaker, direction, valueOf: (row) => valueOf(row)[1] },
    ],
  };
}

/** The part of a Drizzle select that a list completes: `.where(…).orderBy(…).limit(…)`. */
export interface Listable {
  where(condition: SQL | undefined): { orderBy(...terms: SQL[]): { limit(limit: number): BatchItem<"sqlite"> } };
}
/** The part of a Drizzle `select({ count: count() })` that a list completes with its filter. */
export interface Countable {
  where(condition: SQL | undefined): BatchItem<"sqlite">;
}

interface ListBase<Row> {
  /** The table listed: its rows (`select().from(table)`) and their count, unless overridden. */
  from: AnySQLiteTable;
  /** Every condition of the list but the cursor (tenant scope first). */
  where: SQL | undefined;
  sort: Sort<Row>;
  /** The rows' select when it is more than the table's columns (joins, computed columns). */
  select?: Listable;
  /** The counted select when the filter needs a join; `from`'s rows otherwise. */
  counted?: Countable;
}

/**
 * The rows of the page being read, for reads sent alongside it that are about those rows only
 * (what each item carries: its reactions, its replies): `select(column)` is a subquery of that
 * column over exactly the page's rows, to use in `IN (…)`. It repeats the page's own filter,
 * cursor, order and limit, so it is an indexed range, and the reads stay in the page's batch.
 */
export interface PageRows {
  select(column: AnySQLiteColumn): SQL;
}

/**
 * A list: `present` turns each row into an API object; a list whose items need other reads (what
 * they refer to) sends them `alongside`, in the same round trip (given the page's rows when they
 * depend on which rows these are), and builds its presenter from their results with `presentWith`.
 */
export type ListQuery<Row, Item> = ListBase<Row> &
  (
    | { present: (row: Row) => Item; alongside?: never; presentWith?: never }
    | {
        alongside: BatchItem<"sqlite">[] | ((page: PageRows) => BatchItem<"sqlite">[]);
        presentWith: (alongside: unknown[]) => (row: Row) => Item;
        present?: never;
      }
  );

/** One page of a list as the API answers it: `{items, next?, count}`. */
export async function listPage<Row, Item>(db: Database, request: PageRequest, query: ListQuery<Row, Item>): Promise<ListPage<Item>> {
  const { rows, next, count: total, alongside } = await fetchRows(db, request, query);
  const present = query.presentWith ? query.presentWith(alongside) : query.present!;
  return { items: rows.map(present), ...(next ? { next } : {}), count: total };
}

/** The rows of one page, its cursor and count, and the `alongside` results, unpresented. */
async function fetchRows<Row>(db: Database, request: PageRequest, query: ListBase<Row> & { alongside?: ListQuery<Row, unknown>["alongside"] }) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = request.page === undefined ? undefined : decodeCursor(request.page, query.sort.name, query.sort.keys.length);
  const after = cursor && afterCondition(query.sort.keys, cursor);
  const selected: Listable = query.select ?? (db.select().from(query.from) as unknown as Listable);
  const counted: Countable = query.counted ?? (db.select({ count: count() }).from(query.from) as unknown as Countable);
  const where = and(query.where, after);
  const order = query.sort.keys.map(orderTerm);
  const page: PageRows = {
    select: (column) => sql`${db.select({ value: column }).from(query.from).where(where).orderBy(...order).limit(limit)}`,
  };
  const alongsideReads = typeof query.alongside === "function" ? query.alongside(page) : (query.alongside ?? []);

  const [rowsResult, countResult, ...alongside] = (await db.batch([
    selected
      .where(where)
      .orderBy(...order)
      .limit(limit + 1),
    counted.where(query.where),
    ...alongsideReads,
  ])) as [Row[], Array<{ count: number }>, ...unknown[]];
  const rows = rowsResult.slice(0, limit);
  const last = rows.at(-1);
  const hasMore = rowsResult.length > limit && last !== undefined;
  return {
    rows,
    next: hasMore ? { page: encodeCursor(query.sort.name, query.sort.keys.map((key) => key.valueOf(last))) } : undefined,
    count: countResult[0]?.count ?? 0,
    alongside,
  };
}

function orderTerm<Row>(key: SortKey<Row>): SQL {
  return key.direction === "asc" ? asc(key.expression) : desc(key.expression);
}

/**
 * Rows strictly after the cursor in the sort order:
 * (k1 > v1) OR (k1 = v1 AND k2 > v2) OR ... with > flipped to < for descending keys.
 */
function afterCondition<Row>(keys: SortKey<Row>[], values: CursorValue[]): SQL | undefined {
  const branches = keys.map((key, index) => {
    const equalities = keys.slice(0, index).map((previous, i) => sql`${previous.expression} = ${values[i]}`);
    const beyond =
      key.direction === "asc" ? sql`${key.expression} > ${values[index]}` : sql`${key.expression} < ${values[index]}`;
    return and(...equalities, beyond);
  });
  return or(...branches);
}
