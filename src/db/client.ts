import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * A Drizzle database on `d1`, made for every request (on its own binding: http/middleware.ts).
 *
 * `drizzle(d1, { schema })` derives the relational configuration of every table of the schema
 * each time it is called, which cost about a fifth of a one-query read; the schema never changes
 * within an isolate, so it is derived once, and each request only builds the light objects that
 * tie it to its binding. The result is exactly what `drizzle(d1, { schema })` returns.
 */
export function createDatabase(d1: D1Database) {
  const relational = relationalSchema();
  const dialect = new SQLiteAsyncDialect();
  const session = new SQLiteD1Session(d1, dialect, relational, {});
  const db = new DrizzleD1Database("async", dialect, session, relational) as ReturnType<typeof drizzle<typeof schema>>;
  db.$client = d1;
  return db;
}

export type Database = ReturnType<typeof drizzle<typeof schema>>;

type RelationalSchema = ConstructorParameters<typeof SQLiteD1Session>[2];

let derived: RelationalSchema | undefined;

/** The schema's relational configuration, as `drizzle()` derives it, once per isolate. */
function relationalSchema(): RelationalSchema {
  if (!derived) {
    const { tables, tableNamesMap } = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    derived = { fullSchema: schema, schema: tables, tableNamesMap };
  }
  return derived;
}
