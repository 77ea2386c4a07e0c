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
