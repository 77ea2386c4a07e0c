import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RequestContext, TokenContext } from "../../src/context";
import { createDatabase } from "../../src/db/client";
import { RequestBinding } from "../../src/db/request-binding";
import { loadSpaceAccess, loadSpaceAccessWithGitSync } from "../../src/domain/content-tree/space-access";
import { getSpace } from "../../src/domain/spaces/spaces";
import { hashToken } from "../../src/lib/tokens";
import { createUrls } from "../../src/lib/urls";
import { createOrganization, createUser } from "../../test/helpers/fixtures";
import { ORIGIN, call, workerUnderTest } from "../../test/helpers/http";
import { consoles } from "../helpers/runtime-console";
import { CONCURRENCY, ratios, type Workload } from "../helpers/throughput";

/**
 * A profile of `GET /v1/spaces/{id}`, by ablation (not part of `npm run bench`; run it with
 * `BENCH_PROFILE=1 npx vitest run --config vitest.bench.config.ts bench/profile`): each workload
 * adds one piece of what the Worker does to the one-query baseline, or takes one away from the
 * Worker. Throughput ratios of neighbours, as bench/read-cost.ts; docs/performance.md ("Reads")
 * records what it found.
 */

const ROUNDS = 7;


/** Runs `handle` as a fetch handler is run (an execution context, waited on) and answers its result as JSON. */
const asHandler = (handle: (ctx: ExecutionContext) => Promise<unknown>) => async () => {
  const ctx = createExecutionContext();
  const body = await handle(ctx);
  await waitOnExecutionContext(ctx);
  return Response.json(body);
};

function requestContext(ctx: ExecutionContext, session: boolean): RequestContext {
  const binding = session ? RequestBinding.inSession(env.DB, "first-unconstrained") : new RequestBinding(env.DB);
  return {
    db: createDatabase(binding.asD1()),
    env,
    urls: createUrls(`${ORIGIN}/v1/spaces/x`, env.APP_URL),
    defer: (promise) => ctx.waitUntil(promise),
    readAfter: () => {},
  };
}

/** The statement `loadSpaceAccess` sends (text and values), caught on its way to D1. */
async function accessStatement(tokenHash: string, spaceId: string): Promise<{ sql: string; params: unknown[] }> {
  let captured: { sql: string; params: unknown[] } | undefined;
  const catching = {
    prepare: (sql: string) => ({ bind: (...params: unknown[]) => ((captured = { sql, params }), env.DB.prepare(sql).bind(...params)) }),
  } as unknown as D1Database;
  const ctx = createExecutionContext();
  await loadSpaceAccess({ ...requestContext(ctx, false), db: createDatabase(catching), tokenHash, identified: () => {} }, spaceId);
  await waitOnExecutionContext(ctx);
  return captured!;
}

/**
 * A D1 binding that answers what `record` caught the real one answering (statements run with
 * `raw()`): at once (`instant`), so the Worker's own work can be measured without its round trip,
 * or after a round trip of the baseline's own query (`afterBaselineQuery`), so it can be measured
 * interleaved with real I/O, as it runs, with a statement that costs exactly the baseline's.
 */
function replayedD1(baselineQuery: () => Promise<unknown>) {
  const answers = new Map<string, unknown>();
  const statement = (sql: string, mode: "record" | "instant" | "afterBaselineQuery", real?: D1PreparedStatement) => {
    const bound = {
      bind: (...params: unknown[]) => (real ? statement(sql, mode, real.bind(...params)) : bound),
      raw: async (options?: { columnNames: true }) => {
        if (mode === "afterBaselineQuery") await baselineQuery();
        if (!real) return answers.get(sql) ?? Promise.reject(new Error(`not recorded: ${sql}`));
        const answer = await real.raw(options as { columnNames: true });
        answers.set(sql, answer);
        return answer;
      },
    };
    return bound;
  };
  const binding = (mode: "record" | "instant" | "afterBaselineQuery") => {
    const database = { prepare: (sql: string) => statement(sql, mode, mode === "record" ? env.DB.prepare(sql) : undefined), withSession: () => database, getBookmark: () => null };
    return database as unknown as D1Database;
  };
  return { record: binding("record"), instant: binding("instant"), afterBaselineQuery: binding("afterBaselineQuery") };
}

describe("profile: GET /v1/spaces/{id}", () => {
  it("piece by piece", { timeout: 900_000 }, async () => {
    const user = await createUser("bench-profile");
    const organization = await createOrganization(user);
    const post = async (path: string, body: unknown) => {
      const response = await call("POST", path, { token: user.token, body });
      expect(response.status).toBe(201);
      return response.body.id as string;
    };
    const spaceId = await post(`/v1/orgs/${organization.id}/spaces`, { title: "Top level" });
    const outer = await post(`/v1/orgs/${organization.id}/collections`, { title: "Outer" });
    const inner = await post(`/v1/orgs/${organization.id}/collections`, { title: "Inner", parent: outer });
    const nestedSpaceId = await post(`/v1/orgs/${organization.id}/spaces`, { title: "Two collections down", parent: inner });

    const tokenHash = await hashToken(user.token);
    const tokenContext = (ctx: ExecutionContext, session: boolean): TokenContext => ({ ...requestContext(ctx, session), tokenHash, identified: () => {} });
    const baselineRead = () => env.DB.prepare("SELECT * FROM spaces WHERE id = ?").bind(spaceId).first();
    const access = await accessStatement(tokenHash, spaceId);

    const d1 = replayedD1(baselineRead);
    const read = (DB: D1Database) => () => workerUnderTest.fetch(`${ORIGIN}/v1/spaces/${spaceId}`, { headers: { authorization: `Bearer ${user.token}` } }, { DB });
    expect((await read(d1.record)()).status).toBe(200);

    const runtimeConsole = consoles.__console!;
    const noConsole = { ...console, log: () => {} } as Console;
    const worker = (id: string) => () => workerUnderTest.fetch(`${ORIGIN}/v1/spaces/${id}`, { headers: { authorization: `Bearer ${user.token}` } });
    const LINE = JSON.stringify({ level: "info", message: "request", requestId: "0123456789abcdef", method: "GET", path: "/v1/spaces/x", status: 200, ms: 1 });
    const logged = (log: (line: string) => void) => asHandler(async () => {
      const row = await baselineRead();
      log(LINE);
      return row;
    });

    const workloads: Workload[] = [
      { name: "baseline + log line (Vitest's console)", fetch: logged((line) => console.log(line)) },
      { name: "baseline + log line (workerd's console)", fetch: logged((line) => runtimeConsole.log(line)) },
      { name: "baseline in a D1 session", fetch: asHandler(() => env.DB.withSession("first-unconstrained").prepare("SELECT * FROM spaces WHERE id = ?").bind(spaceId).first()) },
      { name: "baseline + token hash", fetch: asHandler(async () => (await hashToken(user.token), baselineRead())) },
      { name: "baseline + rate limiter call", fetch: asHandler(async () => (await env.RATE_LIMITER.limit({ key: `token:${tokenHash}` }), baselineRead())) },
      { name: "access statement, bare", fetch: asHandler(() => env.DB.prepare(access.sql).bind(...access.params).raw()) },
      { name: "loadSpaceAccess (decoded)", fetch: asHandler(async (ctx) => (await loadSpaceAccess(tokenContext(ctx, true), spaceId)).row) },
      { name: "loadSpaceAccessWithGitSync", fetch: asHandler(async (ctx) => (await loadSpaceAccessWithGitSync(tokenContext(ctx, true), spaceId))[0].row) },
      { name: "getSpace (+ presenter)", fetch: asHandler((ctx) => getSpace(tokenContext(ctx, true), spaceId)) },
      { name: "Worker (Vitest's console)", fetch: worker(spaceId) },
      { name: "Worker (workerd's console)", fetch: worker(spaceId), console: runtimeConsole },
      { name: "Worker, no log line", fetch: worker(spaceId), console: noConsole },
      { name: "Worker, space 2 collections down", fetch: worker(nestedSpaceId), console: runtimeConsole },
      // What is left of each without D1: the harness's own share, and the Worker's work.
      { name: "baseline's handler, D1 answering at once", fetch: asHandler(async () => ({ id: spaceId, title: "Top level" })) },
      { name: "Worker, D1 answering at once", fetch: read(d1.instant), console: runtimeConsole },
      { name: "Worker, D1 answering after the baseline's query", fetch: read(d1.afterBaselineQuery), console: runtimeConsole },
    ];
    const result = await ratios({ name: "baseline", fetch: asHandler(() => baselineRead()) }, workloads, ROUNDS);
    console.log(
      [
        `GET /v1/spaces/{id} piece by piece: throughput relative to the one-query baseline (median of ${ROUNDS}, ${CONCURRENCY} concurrent)`,
        ...[...result].map(([name, ratio]) => `${name.padEnd(44)} x${ratio.toFixed(2)}`),
      ].join("\n"),
    );
  });
});
