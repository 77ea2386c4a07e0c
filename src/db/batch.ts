import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";

/**
 * `db.batch` for a statement list built at run time (possibly empty): one round trip, one
 * transaction, results in order.
 */
export async function runBatch(db: Database, statements: readonly BatchItem<"sqlite">[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * `first` and the statements `alongside` it in one round trip (alone when there are none): the
 * rows of `first`, and the others' results in order.
 */
export async function runAlongside<Rows>(
  db: Database,
  first: BatchItem<"sqlite"> & PromiseLike<Rows>,
  alongside: readonly BatchItem<"sqlite">[],
): Promise<[Rows, unknown[]]> {
  if (alongside.length === 0) return [await first, []];
  const [rows, ...others] = await runBatch(db, [first, ...alongside]);
  return [rows as Rows, others];
}
