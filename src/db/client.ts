import { DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/**
 * A Drizzle database on `d1`, made for every request (on its own binding: http/middleware.ts).
 *
 * Without a schema: the relational query API (`db.query.<table>`) is not used here, and
 * `drizzle(d1, { schema })` builds a query builder for every table of the schema each time it is
 * called, which cost about a fifth of a one-query read. What is made here is the dialect, the
 * session and the database object: what `drizzle(d1)` makes.
 */
export function createDatabase(d1: D1Database) {
  const dialect = new SQLiteAsyncDialect();
  const session = new SQLiteD1Session(d1, dialect, undefined, {});
  const db = new DrizzleD1Database("async", dialect, session, undefined) as Database;
  db.$client = d1;
  return db;
}

export type Database = DrizzleD1Database<Record<string, never>> & { $client: D1Database };
