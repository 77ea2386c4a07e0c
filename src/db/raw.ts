import type { SQL } from "drizzle-orm";
import type { Database } from "./client";

/**
 * `db.all(sql)` for queries the builder cannot express (recursive CTEs, unions), usable inside
 * `db.batch`. Drizzle's D1 batch binds parameters through a prepared `stmt` that its raw queries
 * lack (drizzle-orm 0.45), so one is attached here; awaited on its own it runs as usual.
 */
export function rawAll<Row>(db: Database, query: SQL) {
  const raw = db.all<Row>(query);
  return Object.assign(raw, { stmt: db.$client.prepare(raw.getQuery().sql) });
}
