import { getTableColumns, type Table } from "drizzle-orm";

/**
 * D1 refuses a statement with more than 100 bound parameters. Bulk inserts and `IN (...)` lists
 * are split into chunks under that limit and sent together in one `db.batch` (one round trip,
 * one transaction).
 */
export const D1_MAX_BOUND_PARAMETERS = 100;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Rows of `table` per INSERT statement: every column of a row is one bound parameter. */
export function insertChunks<T>(table: Table, rows: readonly T[]): T[][] {
  const columns = Object.keys(getTableColumns(table)).length;
  return chunks(rows, Math.max(1, Math.floor(D1_MAX_BOUND_PARAMETERS / columns)));
}

/** Ids per `IN (...)` list, leaving room for the statement's other parameters. */
export const MAX_IDS_PER_IN_LIST = 90;
