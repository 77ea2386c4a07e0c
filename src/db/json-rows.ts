import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";
import { isSelectedOnce, withTail, type SelectedOnce } from "./list-select";
import { compileFields, decodeFields, type CompiledField, type DrizzlePrepared } from "./prepared";

/**
 * A list page's rows and their count as one statement that answers one row of two columns: the
 * rows as one JSON array of arrays, aggregated by SQLite, and the count.
 *
 * A D1 batch moves every value of every row through JavaScript several times before the Worker
 * sees it: the database object converts each row, encodes the answer as JSON, and the binding
 * decodes it and builds an object per row keyed by column name, which the Worker turns back into
 * a positional row. For a page of 100 rows of two or three joined tables that was most of what
 * D1 cost a list (docs/performance.md, "List pages"). As one JSON text, the rows cross as one
 * value (SQLite writes it, `JSON.parse` reads it, both native), and the count rides in the same
 * statement: one statement fewer in the batch, and a count even for an empty page (an aggregate
 * always answers one row).
 *
 * Order: the page's statement has its ORDER BY and LIMIT, so SQLite cannot fold it into the
 * aggregate (its query flattener never merges a subquery with a LIMIT into an aggregate query,
 * rule 9); the subquery hands its rows over in their order, as `json_group_array` adds them. Values: `json_array` writes text, numbers and nulls as D1
 * would answer them (booleans and JSON columns are stored as integers and text, and decoded
 * after, as before); a value SQLite marks as JSON (a `json_…` function's result) would be nested
 * as JSON rather than quoted, so it is turned back into its text before decoding. BLOB columns
 * cannot be listed this way (`json_array` refuses them); no listed table has one.
 */
export interface PageWithCount<Row> {
  rows: Row[];
  count: number;
}

/** A select as text, with what decodes its rows (`compileFields`); its values filled. */
export interface SelectText {
  sql: string;
  params: unknown[];
  fields: readonly CompiledField[];
  nullable: Record<string, boolean> | undefined;
}

/** The page `select` (its ORDER BY and LIMIT included) and the count `counted` answers, as one statement. */
export function pageWithCount<Row>(db: Database, select: SelectText, counted: { sql: string; params: unknown[] }): BatchItem<"sqlite"> {
  return jsonRows<PageWithCount<Row>>(db, () => ({ select, counted }), (rows, total) => ({ rows: rows as Row[], count: Number(total) }));
}

/**
 * A read of the rows that items refer to (looked up by key, in no particular order) as one JSON
 * text, as `pageWithCount` reads a page: for the reads sent alongside a page that answer as many
 * rows as it has. Without an ORDER BY and a LIMIT, SQLite may aggregate the rows in any order.
 */
export function rowsInAnyOrder<Row>(db: Database, query: BatchItem<"sqlite"> | SelectedOnce): BatchItem<"sqlite"> {
  return jsonRows<Row[]>(db, () => ({ select: isSelectedOnce(query) ? withTail(db, query, sql.empty()) : selectTextOf(query) }), (rows) => rows as Row[]);
}

/** A Drizzle query built for this request, as text with its decoders. */
export function selectTextOf(query: BatchItem<"sqlite">): SelectText {
  const prepared = (query as unknown as { _prepare(): DrizzlePrepared })._prepare();
  return { ...prepared.getQuery(), fields: compileFields(prepared.fields ?? []), nullable: prepared.joinsNotNullableMap };
}

/** A batch item whose statement is built when the batch is sent (`parts`), as Drizzle's are. */
function jsonRows<Result>(
  db: Database,
  parts: () => { select: SelectText; counted?: { sql: string; params: unknown[] } },
  answer: (rows: unknown[], total: unknown) => Result,
): BatchItem<"sqlite"> {
  return {
    _prepare() {
      const { select, counted } = parts();
      const names = select.fields.map((_, index) => `c${index}`).join(", ");
      const query = {
        sql: `WITH selected(${names}) AS (${select.sql}) SELECT json_group_array(json_array(${names})) AS rows${counted ? `, (${counted.sql}) AS total` : ""} FROM selected`,
        params: counted ? [...select.params, ...counted.params] : select.params,
      };
      return {
        stmt: db.$client.prepare(query.sql),
        getQuery: () => query,
        mapResult: (result: D1Result<{ rows: string; total?: number }>) => {
          const [{ rows, total }] = result.results as [{ rows: string; total?: number }];
          return answer((JSON.parse(rows) as unknown[][]).map((row) => decodeFields(select.fields, select.nullable, row.map(asDriverValue))), total);
        },
      };
    },
  } as unknown as BatchItem<"sqlite">;
}

/** A value as D1 would answer it: JSON that SQLite nested (a `json_…` result) back to its text. */
const asDriverValue = (value: unknown) => (typeof value === "object" && value !== null ? JSON.stringify(value) : value);
