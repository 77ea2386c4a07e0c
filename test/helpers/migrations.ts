import { applyD1Migrations, env } from "cloudflare:test";
import { expect } from "vitest";

/** Helpers for the migration tests (test/migrations), which apply migrations step by step to MIGRATIONS_DB. */

/** Inserts a row of `table` with `values`, its other required columns given placeholders of their type. */
export async function insertRow(db: D1Database, table: string, values: Record<string, string | null>) {
  const { results: columns } = await db.prepare(`PRAGMA table_info(${table})`).all<{ name: string; type: string; notnull: number; dflt_value: unknown }>();
  const row = { ...values };
  for (const column of columns) {
    if (column.name in row || !column.notnull || column.dflt_value !== null) continue;
    row[column.name] = column.type.toLowerCase() === "integer" ? "0" : "x";
  }
  const names = Object.keys(row);
  await db.prepare(`INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`).bind(...Object.values(row)).run();
}

/** Applies to `db` the migrations before the one whose file name contains `name`; returns what applies it and the rest. */
export async function migrateUpTo(db: D1Database, name: string): Promise<() => Promise<void>> {
  const index = env.TEST_MIGRATIONS.findIndex((migration) => migration.name.includes(name));
  expect(index, name).toBeGreaterThan(0);
  await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, index));
  return () => applyD1Migrations(db, env.TEST_MIGRATIONS.slice(index));
}
