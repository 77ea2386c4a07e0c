import { and, asc, desc, or, sql, type Column, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn, AnySQLiteTable } from "drizzle-orm/sqlite-core";
import { decodeCursor, encodeCursor, type CursorValue } from "../lib/cursor";
import { DEFAULT_PAGE_SIZE, type ListPage, type PageRequest } from "../lib/pagination";
import { runBatch } from "./batch";
import type { Database } from "./client";
import { pageWithCount, selectTextOf, type PageWithCount, type SelectText } from "./json-rows";
import { countOf, isSelectedOnce, render, tableRows, withTail, type SelectedOnce } from "./list-select";
import { decodedByColumn } from "./prepared";

/**
 * Keyset pagination, the one way every list of the API reads its rows.
 *
 * A page is `WHERE <filter> AND <after cursor> ORDER BY <keys> LIMIT n+1` (never OFFSET, so page
 * 100 costs what page 1 does), read in one statement with the `COUNT(*)` of the same filter
 * (db/json-rows.ts), sent in one `db.batch` with any other reads the page needs: one D1 round
 * trip per page.
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
  /**
   * The rows' select when it is more than the table's columns (joins, computed columns): built
   * once (`selectedOnce`, db/list-select.ts), or for this request when its shape varies.
   */
  select?: SelectedOnce | Listable;
  /** The counted select when the filter needs a join (built once, or for this request); `from`'s rows otherwise. */
  counted?: SelectedOnce | Countable;
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
  const page = pageReads(db, request, query);
  const results = await runBatch(db, page.reads);
  return query.presentWith ? page.answerWith(results, query.presentWith) : page.answer(results, query.present!);
}

/**
 * The reads of one page, to send behind another statement in the same batch (the access check
 * of the list's organization, space or caller: one round trip in all), and the page from their
 * results. The reads are about rows of the list's scope only, and their results are used only
 * once the caller is let in: a caller refused gets nothing of them.
 */
export interface PageReads<Row> {
  /** The page's rows (one more than the limit) with their count, then the `alongside` reads. */
  reads: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
  /** The page from the results of `reads` (in order), each row presented. */
  answer<Item>(results: readonly unknown[], present: (row: Row) => Item): ListPage<Item>;
  /** The same, with a presenter built from the results of the `alongside` reads. */
  answerWith<Item>(results: readonly unknown[], presentWith: (alongside: unknown[]) => (row: Row) => Item): ListPage<Item>;
}

export function pageReads<Row>(db: Database, request: PageRequest, query: ListBase<Row> & { alongside?: ListQuery<Row, unknown>["alongside"] }): PageReads<Row> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = request.page === undefined ? undefined : decodeCursor(request.page, query.sort.name, query.sort.keys.length);
  const after = cursor && afterCondition(query.sort.keys, cursor);
  const where = and(query.where, after);
  const order = query.sort.keys.map(orderTerm);
  const pageRows: PageRows = {
    select: (column) => sql`${db.select({ value: column }).from(query.from).where(where).orderBy(...order).limit(limit)}`,
  };
  const alongside = typeof query.alongside === "function" ? query.alongside(pageRows) : (query.alongside ?? []);

  const unpresented = ([pageResult, ...others]: readonly unknown[]) => {
    const { rows: fetched, count: total } = pageResult as PageWithCount<Row>;
    const rows = fetched.slice(0, limit);
    const last = rows.at(-1);
    const next = fetched.length > limit && last !== undefined ? { page: encodeCursor(query.sort.name, query.sort.keys.map((key) => key.valueOf(last))) } : undefined;
    return { rows, next, count: total, others };
  };
  const answered = <Item>({ rows, next, count: total }: ReturnType<typeof unpresented>, present: (row: Row) => Item): ListPage<Item> => ({
    items: rows.map(present),
    ...(next ? { next } : {}),
    count: total,
  });
  return {
    // The page and its count in one statement, its rows as one JSON text (db/json-rows.ts), its
    // select built once (db/list-select.ts); the other reads' rows decoded by compiled functions
    // (a page of 100 rows decoded by Drizzle was most of a list's cost).
    reads: [pageWithCount<Row>(db, pageText(db, query, where, order, limit + 1), countText(db, query)), ...alongside.map(decodedByColumn)],
    answer: (results, present) => answered(unpresented(results), present),
    answerWith: (results, presentWith) => {
      const page = unpresented(results);
      return answered(page, presentWith(page.others));
    },
  };
}

/** The page's select with its filter, cursor, order and limit. */
function pageText<Row>(db: Database, query: ListBase<Row>, where: SQL | undefined, order: SQL[], limit: number): SelectText {
  const select = query.select ?? tableRows(query.from);
  if (!isSelectedOnce(select)) return selectTextOf(select.where(where).orderBy(...order).limit(limit));
  return withTail(db, select, sql`${where ? sql` where ${where}` : sql.empty()} order by ${sql.join(order, sql`, `)} limit ${limit}`);
}

/** The count of the list's filter (without the cursor). */
function countText<Row>(db: Database, query: ListBase<Row>): { sql: string; params: unknown[] } {
  const filter = query.where ? sql` where ${query.where}` : sql.empty();
  if (isSelectedOnce(query.counted)) return withTail(db, query.counted, filter);
  if (query.counted) return selectTextOf(query.counted.where(query.where));
  const rendered = render(db, filter);
  return { sql: countOf(query.from) + rendered.sql, params: rendered.params };
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
