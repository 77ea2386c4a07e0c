import { Column, fillPlaceholders, getTableName, is, noopDecoder, SQL, Subquery } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";
import { createDatabase } from "./client";

/**
 * Statements of the hottest reads (the access of a space, an organization, the caller behind a
 * token), built once per isolate and run without Drizzle on the request's path.
 *
 * Drizzle builds a query's SQL text on every request, and maps every row through `mapResultRow`,
 * which asks `is(field, Column)` (a walk up the prototype chain) for every column of every row:
 * together the largest part of what a one-round-trip read cost in the Worker's own code. These
 * statements have the same shape on every request, only their values change, so:
 * - the text is built once by Drizzle's query builder, with placeholders
 *   (`sql.placeholder(name)`): the query stays written, and type-checked, as Drizzle code;
 * - the row decoder is compiled once from the query's selection: each column's path in the
 *   result and its decoder (`mapFromDriverValue`), and which left-joined table it belongs to;
 * - each request binds its values and runs the text on its own D1 binding (its session, its
 *   round-trip count), as positional rows, decoded exactly as Drizzle's `mapResultRow` would.
 * A run is awaitable, or an item of `db.batch`.
 */

/** A built query that Drizzle can prepare (a select builder, with placeholders for its values). */
export interface Preparable {
  prepare(): unknown;
}

/** What `prepare()` yields, with the parts Drizzle keeps internal but a run needs. */
export interface Template {
  query: { sql: string; params: unknown[] };
  fields: Array<{ path: string[]; field: unknown }>;
  joinsNotNullableMap: Record<string, boolean> | undefined;
}

/** One selected column: where its value goes in the result, and how it is decoded. */
export interface CompiledField {
  path: readonly string[];
  /** The value's name in its object. */
  key: string;
  /** The objects it sits in, outermost first (`["space"]` for `{ space: spaces }`); none at the top. */
  objects: readonly string[];
  /** Undefined when the driver's value is the value (text, numbers): most columns. */
  decode: ((value: unknown) => unknown) | undefined;
  /** A column of a joined table's object (`{ space: spaces }`): the object and the table's name. */
  joined?: { object: string; table: string };
}

interface Compiled {
  sql: string;
  params: unknown[];
  fields: CompiledField[];
  /** Joined tables whose object is null when all their columns are (left joins). */
  nullable: Record<string, boolean>;
}

/** Where a run's statement goes: the request's D1 binding (`RequestContext.db.$client`). */
export type StatementTarget = Pick<Database, "$client">;

/** Stands in for D1 while the template is built: preparing a statement there sends nothing. */
const BUILD_ONLY_D1 = { prepare: () => ({}) } as unknown as D1Database;

/** The template of the query `build` describes, as Drizzle prepares it, without a request's D1. */
export const templateOf = (build: (db: Database) => Preparable): Template => build(createDatabase(BUILD_ONLY_D1)).prepare() as Template;

/**
 * A statement built once, on first use. `run(db, values)` is the query `build` describes with
 * `values` in its placeholders: awaitable (its rows, as the built query's), or an item of
 * `db.batch`.
 */
export function preparedOnce<Q extends Preparable & PromiseLike<unknown>, Values extends Record<string, unknown>>(build: (db: Database) => Q) {
  let compiled: Compiled | undefined;
  return (db: StatementTarget, values: Values): Q => {
    compiled ??= compile(templateOf(build));
    return new PreparedRun(compiled, db.$client, values) as unknown as Q;
  };
}

function compile(template: Template): Compiled {
  return { sql: template.query.sql, params: template.query.params, fields: compileFields(template.fields), nullable: template.joinsNotNullableMap ?? {} };
}

/** Each field of a Drizzle selection (`prepare().fields`): its path in the result and its decoder. */
export function compileFields(fields: Template["fields"]): CompiledField[] {
  return fields.map(({ path, field }): CompiledField => {
    const place = { path, key: path[path.length - 1]!, objects: path.slice(0, -1) };
    if (is(field, Column)) {
      const column = field;
      const decode = column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? undefined : (value: unknown) => column.mapFromDriverValue(value);
      return path.length === 2 ? { ...place, decode, joined: { object: path[0]!, table: getTableName(column.table) } } : { ...place, decode };
    }
    // A SQL expression, aliased or not, or a subquery's, decodes through its own decoder (`mapWith`).
    const expression = is(field, SQL) ? field : is(field, Subquery) ? (field as unknown as { _: { sql: SQL } })._.sql : (field as SQL.Aliased).sql;
    const { decoder } = expression as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } };
    return { ...place, decode: decoder === noopDecoder ? undefined : (value) => decoder.mapFromDriverValue(value) };
  });
}

/**
 * One row, as Drizzle's `mapResultRow` makes it: `nullable` says which joined tables' objects are
 * never null (Drizzle's `joinsNotNullableMap`); the object of any other is null when all its
 * columns are. Without a map (a select without joins), no object is made null. (Run for every
 * row of every list: the object a value goes in is found without walking its path when it is at
 * most one level down, and values the driver answers as they are skip the call.)
 */
export function decodeFields(fields: readonly CompiledField[], nullable: Record<string, boolean> | undefined, row: readonly unknown[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  // Per joined object: the table whose columns were all null so far, or false once one was not.
  let allNull: Record<string, string | false> | undefined;
  for (let index = 0; index < fields.length; index++) {
    const { key, objects, decode, joined } = fields[index]!;
    let node = result;
    if (objects.length === 1) node = (result[objects[0]!] ??= {}) as Record<string, unknown>;
    else for (const object of objects) node = (node[object] ??= {}) as Record<string, unknown>;
    const raw = row[index];
    const value = (node[key] = raw === null || decode === undefined ? raw : decode(raw));
    if (!joined || !nullable) continue;
    allNull ??= {};
    const seen = allNull[joined.object];
    if (seen === undefined) allNull[joined.object] = value === null ? joined.table : false;
    else if (typeof seen === "string" && seen !== joined.table) allNull[joined.object] = false;
  }
  for (const object in allNull) {
    const table = allNull[object];
    if (typeof table === "string" && !nullable?.[table]) result[object] = null;
  }
  return result;
}

/**
 * A Drizzle query for `db.batch` whose rows are decoded by functions compiled from its selection
 * (as a `preparedOnce` statement's are) instead of Drizzle's `mapResultRow`, which asks
 * `is(field, Column)` of every column of every row: on a page of 100 rows of a few joined tables,
 * measured, more than half of what a list cost the Worker (docs/performance.md, "List pages").
 * The text is still built by Drizzle, per request; compiling the selection costs one pass over
 * its columns, not one per row. A query without a selection (raw SQL, writes) is left as it is.
 */
export function decodedByColumn<Q extends BatchItem<"sqlite">>(query: Q): Q {
  const preparable = query as unknown as { _prepare(): DrizzlePrepared };
  if (typeof preparable._prepare !== "function") return query;
  return {
    _prepare() {
      const prepared = preparable._prepare();
      if (!prepared.fields || prepared.customResultMapper) return prepared;
      const fields = compileFields(prepared.fields);
      const nullable = prepared.joinsNotNullableMap;
      return {
        stmt: prepared.stmt,
        getQuery: () => prepared.getQuery(),
        mapResult: (result: D1Result<Record<string, unknown>>) => result.results.map((row) => decodeFields(fields, nullable, Object.values(row))),
      };
    },
  } as unknown as Q;
}

/** What Drizzle's D1 session prepares for a query of a batch (drizzle-orm/d1/session.js). */
export interface DrizzlePrepared {
  stmt: D1PreparedStatement;
  getQuery(): { sql: string; params: unknown[] };
  fields?: Template["fields"];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
}

/** One run of a compiled statement on a request's D1 binding: what `await` and `db.batch` both take. */
class PreparedRun {
  private readonly params: unknown[];

  constructor(
    private readonly compiled: Compiled,
    private readonly d1: D1Database,
    values: Record<string, unknown>,
  ) {
    this.params = fillPlaceholders(compiled.params, values);
  }

  /** For `db.batch`: the statement, its values, and the rows of its result (D1 batches answer objects). */
  _prepare() {
    return {
      stmt: this.d1.prepare(this.compiled.sql),
      getQuery: () => ({ sql: this.compiled.sql, params: this.params }),
      mapResult: (result: D1Result<Record<string, unknown>>) => result.results.map((row) => decodeFields(this.compiled.fields, this.compiled.nullable, Object.values(row))),
    };
  }

  getSQL(): SQL {
    throw new Error("A prepared statement has no SQL object: run it, or batch it");
  }

  then<T>(onFulfilled?: (rows: unknown[]) => T, onRejected?: (reason: unknown) => T): Promise<T> {
    return this.d1
      .prepare(this.compiled.sql)
      .bind(...this.params)
      .raw()
      .then((rows) => rows.map((row) => decodeFields(this.compiled.fields, this.compiled.nullable, row)))
      .then(onFulfilled as never, onRejected);
  }
}
