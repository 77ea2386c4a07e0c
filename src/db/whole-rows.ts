import { fillPlaceholders, getTableColumns, getTableName, sql, type Column, type InferSelectModel, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";
import { compileFields, decodeFields, templateOf, type CompiledField, type Preparable, type StatementTarget, type Template } from "./prepared";

/**
 * The hottest reads (the access of a space or an organization, with the caller behind a token) as
 * statements whose text is as cheap as it can be for SQLite to prepare.
 *
 * Locally (workerd's SQLite, through miniflare's D1) every query is parsed and planned again, and
 * that is most of what a query costs beyond its round trip: measured by instruction counts, a
 * space's access as Drizzle writes it (every column named, table-qualified, five tables) cost
 * SQLite six times a one-row primary-key read. What makes it dear is each column the select list
 * holds, named or expanded, and each table joined. So these statements select what the decision
 * and the read need and nothing else: the row read as `"table".*` (SQLite expands it without
 * parsing a name per column), and of the other tables only the columns picked by name.
 *
 * The query is still written once with Drizzle's builder (its joins and conditions type-checked):
 * built with only its extra expressions selected (e.g. the caller's id), its select list is then
 * prefixed with the rows and picked columns named here, in order. SQLite expands `table.*` in the
 * table's own column order, which is not always the schema's (a column added by a migration comes
 * last), so rows are read with their column names and decoded by name within each table's span,
 * once per shape of result (a plan, checked against the names on every run).
 *
 * A whole row shares column names with other tables (`id`, `created_at`), which D1's batches
 * cannot carry (they key rows by name): these statements run on their own, never in a `db.batch`.
 */

/** Some columns of a table (or alias), selected by name. */
export interface Picked<T extends SQLiteTable, K extends keyof InferSelectModel<T>> {
  table: T;
  keys: readonly K[];
}

/** `keys` of `table`, rather than its whole row. */
export const picked = <T extends SQLiteTable, K extends keyof InferSelectModel<T>>(table: T, keys: readonly K[]): Picked<T, K> => ({ table, keys });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table, any of its keys
type Selected = SQLiteTable | Picked<any, any>;

/** The rows (null for a left join that found none) and picked columns of `Tables`, and the extra expressions. */
export type WholeRows<Tables extends Record<string, Selected>, Extra> = {
  [K in keyof Tables]: Tables[K] extends Picked<infer T, infer P> ? Pick<InferSelectModel<T>, P> | null : Tables[K] extends SQLiteTable ? InferSelectModel<Tables[K]> | null : never;
} & Extra;

/** How one run's columns map to the result: per table, its span's columns by position. */
interface Plan {
  signature: string;
  tables: Array<{ key: string; columns: Array<{ key: string; column: Column }> }>;
  extraFrom: number;
}

/** Selected when the query has no extra expression: a column the result ignores. */
const NOTHING_ELSE = { nothing: sql<number>`0` };

/**
 * A statement built once (on first use) that selects `tables` (an object, in select order, of
 * tables or aliases the query joins, whole or `picked`), then what `build` selects itself: `build`
 * gets the selection to use and returns the query. `run(db, values)` runs it with `values` in its
 * placeholders and answers its rows.
 */
export function wholeRowsOnce<Tables extends Record<string, Selected>, Extra extends Record<string, SQL | SQL.Aliased>, Values extends Record<string, unknown>>(
  tables: Tables,
  build: (db: Database, selection: Extra | typeof NOTHING_ELSE) => Preparable,
  extra?: Extra,
) {
  type Row = WholeRows<Tables, { [K in keyof Extra]: Extra[K] extends SQL<infer T> | SQL.Aliased<infer T> ? T : never }>;
  let statement: { sql: string; params: unknown[]; extras: CompiledField[] } | undefined;
  let plan: Plan | undefined;
  return async (db: StatementTarget, values: Values): Promise<Row[]> => {
    statement ??= compile(tables, templateOf((db) => build(db, extra ?? NOTHING_ELSE)), extra !== undefined);
    const params = fillPlaceholders(statement.params, values);
    const [names, ...rows] = await db.$client.prepare(statement.sql).bind(...params).raw<unknown[]>({ columnNames: true });
    const signature = (names as string[]).join(",");
    if (plan?.signature !== signature) plan = planFor(tables, names as string[], signature);
    return rows.map((row) => decode(plan!, statement!.extras, row) as Row);
  };
}

/** The table (or alias) a selection is of, and the keys of its columns it selects. */
function parts(selected: Selected): { table: SQLiteTable; keys: readonly string[] | null } {
  if ("keys" in selected && "table" in selected) return { table: selected.table as SQLiteTable, keys: selected.keys as readonly string[] };
  return { table: selected as SQLiteTable, keys: null };
}

function compile(tables: Record<string, Selected>, template: Template, hasExtra: boolean) {
  const built = template.query.sql;
  if (!built.startsWith("select ")) throw new Error(`Not a select: ${built.slice(0, 40)}`);
  const selected = Object.values(tables).map((selection) => {
    const { table, keys } = parts(selection);
    if (!keys) return `"${getTableName(table)}".*`;
    const columns = getTableColumns(table);
    return keys.map((key) => `"${getTableName(table)}"."${columns[key]!.name}"`).join(", ");
  });
  return { sql: `select ${selected.join(", ")}, ${built.slice("select ".length)}`, params: template.query.params, extras: hasExtra ? compileFields(template.fields) : [] };
}

/** Which columns of the result belong to which table, by the names SQLite gave them. */
function planFor(tables: Record<string, Selected>, names: string[], signature: string): Plan {
  let position = 0;
  const planned = Object.entries(tables).map(([key, selection]) => {
    const { table, keys } = parts(selection);
    const all = Object.entries(getTableColumns(table));
    const byName = new Map((keys ? all.filter(([columnKey]) => keys.includes(columnKey)) : all).map(([columnKey, column]) => [column.name, { key: columnKey, column }]));
    const columns = names.slice(position, position + byName.size).map((name) => {
      const column = byName.get(name);
      if (!column) throw new Error(`The database's table ${getTableName(table)} does not match the schema: ${names.join(", ")}`);
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
