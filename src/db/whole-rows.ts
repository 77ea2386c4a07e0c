import { fillPlaceholders, getTableColumns, getTableName, sql, type Column, type InferSelectModel, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";
import { createDatabase } from "./client";
import { compileFields, decodeFields, type CompiledField, type StatementTarget } from "./prepared";

/**
 * The hottest reads (the access of a space or an organization, with the caller behind a token) as
 * statements that select whole rows: `"spaces".*` rather than each column by name.
 *
 * A statement is parsed and planned again for every query locally (workerd's SQLite, through
 * miniflare's D1) and costs what its text makes SQLite resolve: each column named in a select
 * list is looked up among the tables of the join, and Drizzle names every column, table-qualified.
 * For a space's access (the caller, the space, the membership, the parent collection, the Git
 * sync) that came to about 60 named columns, measured to cost as much as a whole one-row query
 * again; the same rows selected as `table.*` cost a tenth of that (docs/performance.md, "Reads").
 *
 * The query is still written once with Drizzle's builder (its joins and conditions type-checked):
 * built with only its extra expressions selected (e.g. `ownsTeam`), its select list is then
 * prefixed with the whole rows of the tables named here, in order. SQLite expands `table.*` in
 * the table's own column order, which is not always the schema's (a column added by a migration
 * comes last), so rows are read with their column names and decoded by name within each table's
 * span, once per shape of result (a plan, checked against the names on every run).
 *
 * Two tables of a join share column names (`id`, `created_at`), which D1's batches cannot carry
 * (they key rows by name): these statements run on their own, never in a `db.batch`.
 */

/** A built query that Drizzle can prepare, with its values as placeholders (`sql.placeholder`). */
interface Preparable {
  prepare(): unknown;
}

interface Template {
  query: { sql: string; params: unknown[] };
  fields: Array<{ path: string[]; field: unknown }>;
}

/** The whole rows of `Tables` (null for a left join that found none), and the extra expressions. */
export type WholeRows<Tables extends Record<string, SQLiteTable>, Extra> = { [K in keyof Tables]: InferSelectModel<Tables[K]> | null } & Extra;

/** How one run's columns map to the result: per table, its span's columns by position. */
interface Plan {
  signature: string;
  tables: Array<{ key: string; columns: Array<{ key: string; column: Column }> }>;
  extraFrom: number;
}

const BUILD_ONLY_D1 = { prepare: () => ({}) } as unknown as D1Database;
/** Selected when the query has no extra expression: a column the result ignores. */
const NOTHING_ELSE = { nothing: sql<number>`0` };

/**
 * A statement built once (on first use) that selects the whole rows of `tables` (an object, in
 * select order, of tables or aliases the query joins), then what `build` selects itself: `build`
 * gets the selection to use and returns the query. `run(db, values)` runs it with `values` in its
 * placeholders and answers its rows.
 */
export function wholeRowsOnce<Tables extends Record<string, SQLiteTable>, Extra extends Record<string, SQL | SQL.Aliased>, Values extends Record<string, unknown>>(
  tables: Tables,
  build: (db: Database, selection: Extra | typeof NOTHING_ELSE) => Preparable,
  extra?: Extra,
) {
  type Row = WholeRows<Tables, { [K in keyof Extra]: Extra[K] extends SQL<infer T> | SQL.Aliased<infer T> ? T : never }>;
  let statement: { sql: string; params: unknown[]; extras: CompiledField[] } | undefined;
  let plan: Plan | undefined;
  return async (db: StatementTarget, values: Values): Promise<Row[]> => {
    statement ??= compile(tables, build(createDatabase(BUILD_ONLY_D1), extra ?? NOTHING_ELSE).prepare() as Template, extra !== undefined);
    const params = fillPlaceholders(statement.params, values);
    const [names, ...rows] = await db.$client.prepare(statement.sql).bind(...params).raw<unknown[]>({ columnNames: true });
    const signature = (names as string[]).join(",");
    if (plan?.signature !== signature) plan = planFor(tables, names as string[], signature);
    return rows.map((row) => decode(plan!, statement!.extras, row) as Row);
  };
}

function compile(tables: Record<string, SQLiteTable>, template: Template, hasExtra: boolean) {
  const built = template.query.sql;
  if (!built.startsWith("select ")) throw new Error(`Not a select: ${built.slice(0, 40)}`);
  const whole = Object.values(tables).map((table) => `"${getTableName(table)}".*`).join(", ");
  return { sql: `select ${whole}, ${built.slice("select ".length)}`, params: template.query.params, extras: hasExtra ? compileFields(template.fields) : [] };
}

/** Which columns of the result belong to which table, by the names SQLite gave them. */
function planFor(tables: Record<string, SQLiteTable>, names: string[], signature: string): Plan {
  let position = 0;
  const planned = Object.entries(tables).map(([key, table]) => {
    const byName = new Map(Object.entries(getTableColumns(table)).map(([columnKey, column]) => [column.name, { key: columnKey, column }]));
    const columns = names.slice(position, position + byName.size).map((name) => {
      const column = byName.get(name);
      if (!column) throw new Error(`The database's table ${getTableName(table)} has columns the schema does not: ${names.join(", ")}`);
      return column;
    });
    position += byName.size;
    return { key, columns };
  });
  return { signature, tables: planned, extraFrom: position };
}

function decode(plan: Plan, extras: CompiledField[], row: unknown[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  let position = 0;
  for (const { key, columns } of plan.tables) {
    let object: Record<string, unknown> | null = null;
    for (let index = 0; index < columns.length; index++) {
      const raw = row[position + index];
      if (raw === null) continue;
      const { key: columnKey, column } = columns[index]!;
      (object ??= {})[columnKey] = column.mapFromDriverValue(raw);
    }
    // A left join that found nothing leaves every column null: no row, as Drizzle answers.
    if (object) for (const { key: columnKey } of columns) if (!(columnKey in object)) object[columnKey] = null;
    result[key] = object;
    position += columns.length;
  }
  if (extras.length > 0) Object.assign(result, decodeFields(extras, {}, row.slice(plan.extraFrom)));
  return result;
}
