import { env } from "cloudflare:test";
import { describe, it } from "vitest";
import { call } from "../../test/helpers/http";
import { listOperations, seedListFixtures } from "../../test/helpers/list-operations";

/**
 * The statements each list sends D1 (not part of `npm run bench`): one `LISTSQL {…}` line a list
 * and caller (the organization's admin, a member with the review role), with each statement's text
 * and bound values, then `LISTIDS {…}` naming the fixtures' ids. Run it with
 * `BENCH_PROFILE=1 npx vitest run --config vitest.bench.config.ts bench/profile/list-sql.ts > sql.log`,
 * then time the statements in SQLite with bench/profile/time-statements.py (docs/performance.md,
 * "List pages").
 */

type Recorded = { sql: string; params: unknown[] };

/** `binding`, recording every statement prepared on it or on its sessions, with the values bound to it. */
function recording(binding: D1Database, seen: Recorded[]): D1Database {
  return new Proxy(binding, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (key === "withSession") return (...args: unknown[]) => recording((value as (...a: unknown[]) => D1Database).apply(target, args), seen);
      if (key !== "prepare") return typeof value === "function" ? value.bind(target) : value;
      return (sql: string) => {
        const entry: Recorded = { sql, params: [] };
        seen.push(entry);
        const statement = target.prepare(sql);
        const bind = statement.bind.bind(statement);
        statement.bind = (...params: unknown[]) => ((entry.params = params), bind(...params));
        return statement;
      };
    },
  });
}

describe("profile: the statements of each list", () => {
  it("prints them", { timeout: 600_000 }, async () => {
    const fixtures = await seedListFixtures("bench-list-sql");
    const seen: Recorded[] = [];
    const DB = recording(env.DB, seen);
    for (const operation of await listOperations()) {
      const path = `${fixtures.concrete(operation)}?limit=100`;
      for (const [who, token] of [["admin", fixtures.tokenFor(operation)], ["reader", fixtures.reader.token]] as const) {
        seen.length = 0;
        const response = await call("GET", path, { token, headers: { "Cache-Control": "no-cache" }, bindings: { DB } });
        console.log(`LISTSQL ${JSON.stringify({ operation: operation.operationId, who, status: response.status, statements: seen })}`);
      }
    }
    console.log(`LISTIDS ${JSON.stringify({ ...fixtures.ids, readerId: fixtures.reader.id })}`);
  });
});
