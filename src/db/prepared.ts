import { fillPlaceholders, type SQL } from "drizzle-orm";
import { D1PreparedQuery } from "drizzle-orm/d1/session";
import type { Database } from "./client";
import { createDatabase } from "./client";

/**
 * Statements of the hottest reads, built once per isolate.
 *
 * Drizzle builds a query's SQL text on every request, walking its selection, joins and
 * conditions: for the access statement of a space read (the caller, the space, the membership, the
 * collection chain) that cost about a third of a whole one-query request. These statements have
 * the same shape on every request, only their values change, so the text is built once with
 * placeholders (`sql.placeholder(name)`) and each request binds its values to it and runs it on
 * its own binding (its D1 session, its round-trip count), as a `db.batch` item too. Rows are
 * mapped by Drizzle's own mapper, exactly as the built query maps them.
 */

/** A built query that Drizzle can prepare (a select builder, with placeholders for its values). */
interface Preparable {
  prepare(): unknown;
}

/** What `prepare()` yields, with the parts Drizzle keeps internal but a rerun needs. */
interface Template {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  joinsNotNullableMap: unknown;
  queryMetadata: unknown;
}

/** Stands in for D1 while the template is built: preparing a statement there sends nothing. */
const BUILD_ONLY_D1 = { prepare: () => ({}) } as unknown as D1Database;

/**
 * A statement built once, on first use. `run(db, values)` is the query `build` describes with
 * `values` in its placeholders: awaitable (its rows, as the built query's), or an item of
 * `db.batch`.
 */
export function preparedOnce<Q extends Preparable & PromiseLike<unknown>, Values extends Record<string, unknown>>(build: (db: Database) => Q) {
  let template: Template | undefined;
  return (db: Database, values: Values): Q => {
    template ??= build(createDatabase(BUILD_ONLY_D1)).prepare() as Template;
    return new PreparedRun(template, db, values) as unknown as Q;
  };
}

/** One run of a template on a request's database: what `await` and `db.batch` both take. */
class PreparedRun {
  constructor(
    private readonly template: Template,
    private readonly db: Database,
    private readonly values: Record<string, unknown>,
  ) {}

  /** For `db.batch`, which prepares each item and binds its parameters itself. */
  _prepare(): D1PreparedQuery {
    const { query, fields, joinsNotNullableMap, queryMetadata } = this.template;
    const bound = { sql: query.sql, params: fillPlaceholders(query.params, this.values) };
    const { session } = this.db as unknown as { session: { logger: never; cache: never } };
    const prepared = new D1PreparedQuery(
      this.db.$client.prepare(bound.sql),
      bound,
      session.logger,
      session.cache,
      queryMetadata as never,
      undefined,
      fields as never,
      "all",
      true,
    );
    (prepared as unknown as Template).joinsNotNullableMap = joinsNotNullableMap;
    return prepared;
  }

  getSQL(): SQL {
    throw new Error("A prepared statement has no SQL object: run it, or batch it");
  }

  then<T>(onFulfilled?: (rows: unknown[]) => T, onRejected?: (reason: unknown) => T): Promise<T> {
    return this._prepare().all().then(onFulfilled as never, onRejected);
  }
}
