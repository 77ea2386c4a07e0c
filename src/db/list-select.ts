import { count, fillPlaceholders, type SQL } from "drizzle-orm";
import type { AnySQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";
import type { SelectText } from "./json-rows";
import { compileFields, templateOf, type Preparable } from "./prepared";

/**
 * A list's select (its columns, its table and joins) built into text once per isolate, as the
 * hot reads' statements are (db/prepared.ts): a page then builds only its filter, cursor, order
 * and limit, a few conditions, and appends them.
 *
 * Drizzle builds a query's text on every request, walking every selected column (is it a column,
 * an aliased expression, of which table, under which name): for the select of a page of spaces
 * and its count, about 0.3 ms of the Worker's own time, a third of what a 100-item list cost it
 * (docs/performance.md, "List pages"). The select is still written, and type-checked, as Drizzle
 * code; values it needs (the caller's id) are placeholders (`sql.placeholder(name)`), given when
 * the list is read.
 */

const ONCE: unique symbol = Symbol("a select built once");

export interface SelectedOnce {
  readonly [ONCE]: true;
  /** `select … from … [joins]`, with its decoders; placeholders in its params. */
  prefix(): SelectText;
  values: Record<string, unknown>;
}

export const isSelectedOnce = (select: unknown): select is SelectedOnce => typeof select === "object" && select !== null && ONCE in select;

/** A select built once, on first use; each call binds it to the values of its placeholders. */
export function selectedOnce(build: (db: Database) => Preparable): (values?: Record<string, unknown>) => SelectedOnce {
  let compiled: SelectText | undefined;
  const prefix = () => {
    if (compiled) return compiled;
    const template = templateOf(build);
    return (compiled = { ...template.query, fields: compileFields(template.fields), nullable: template.joinsNotNullableMap });
  };
  return (values = {}) => ({ [ONCE]: true, prefix, values });
}

const tableSelects = new WeakMap<AnySQLiteTable, ReturnType<typeof selectedOnce>>();
const tableCounts = new WeakMap<AnySQLiteTable, string>();

/** Every column of `table`, as `db.select().from(table)`: the rows of a list without a select of its own. */
export function tableRows(table: AnySQLiteTable): SelectedOnce {
  let select = tableSelects.get(table);
  if (!select) tableSelects.set(table, (select = selectedOnce((db) => db.select().from(table))));
  return select();
}

/** `select count(*) from <table>`: a list's count without a counted select of its own. */
export function countOf(table: AnySQLiteTable): string {
  let text = tableCounts.get(table);
  if (text === undefined) tableCounts.set(table, (text = templateOf((db) => db.select({ count: count() }).from(table)).query.sql));
  return text;
}

/** The select with `tail` (its WHERE, ORDER BY, LIMIT) appended, values filled. */
export function withTail(db: Database, select: SelectedOnce, tail: SQL): SelectText {
  const prefix = select.prefix();
  const rendered = render(db, tail);
  return { ...prefix, sql: prefix.sql + rendered.sql, params: [...fillPlaceholders(prefix.params, select.values), ...rendered.params] };
}

/** A fragment (conditions, an ORDER BY) as text, by the database's dialect, as Drizzle writes them in a query. */
export function render(db: Database, fragment: SQL): { sql: string; params: unknown[] } {
  return (db as unknown as { dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(fragment);
}
