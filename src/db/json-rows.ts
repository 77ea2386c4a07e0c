import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";
import { compileFields, decodeFields, type DrizzlePrepared } from "./prepared";

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
 * aggregate (a subquery with a LIMIT is never flattened into an aggregate query); its rows reach
 * `json_group_array` in their order. Values: `json_array` writes text, numbers and nulls as D1
 * would answer them (booleans and JSON columns are stored as integers and text, and decoded
 * after, as before); a value SQLite marks as JSON (a `json_…` function's result) would be nested
 * as JSON rather than quoted, so it is turned back into its text before decoding. BLOB columns
 * cannot be listed this way (`json_array` refuses them); no listed table has one.
 */
export interface PageWithCount<Row> {
  rows: Row[];
  count: number;
}

export function pageWithCount<Row>(db: Database, page: BatchItem<"sqlite">, counted: BatchItem<"sqlite">): BatchItem<"sqlite"> {
  return {
    _prepare() {
      const prepared = (page as unknown as { _prepare(): DrizzlePrepared })._prepare();
      const countQuery = (counted as unknown as { _prepare(): DrizzlePrepared })._prepare().getQuery();
      const { sql, params } = prepared.getQuery();
      const fields = compileFields(prepared.fields ?? []);
      const nullable = prepared.joinsNotNullableMap;
      const names = fields.map((_, index) => `c${index}`).join(", ");
      const query = {
        sql: `WITH page_rows(${names}) AS (${sql}) SELECT json_group_array(json_array(${names})) AS rows, (${countQuery.sql}) AS total FROM page_rows`,
        params: [...params, ...countQuery.params],
      };
      return {
        stmt: db.$client.prepare(query.sql),
        getQuery: () => query,
        mapResult: (result: D1Result<{ rows: string; total: number }>): PageWithCount<Row> => {
          const [answer] = result.results;
          const rows = JSON.parse(answer!.rows) as unknown[][];
          return {
            rows: rows.map((row) => decodeFields(fields, nullable, row.map(asDriverValue)) as Row),
            count: Number(answer!.total),
          };
        },
      };
    },
  } as unknown as BatchItem<"sqlite">;
}

/** A value as D1 would answer it: JSON that SQLite nested (a `json_…` result) back to its text. */
const asDriverValue = (value: unknown) => (typeof value === "object" && value !== null ? JSON.stringify(value) : value);
