import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../test/helpers/fixtures";
import { ORIGIN, call, workerUnderTest } from "../test/helpers/http";
import { withRuntimeConsole } from "./helpers/runtime-console";
import { seedPageTree, type SeededTree } from "./helpers/seed-pages";
import { CONCURRENCY, ratios, type Workload } from "./helpers/throughput";

/**
 * `npm run bench`: what a read costs, as throughput through the Worker's fetch handler, against a
 * baseline in the same run: the "Hono route that does one D1 primary-key query" (the floor
 * of any read that touches D1 behind a router). Both are fetch handlers, called alike: a Request
 * made by the harness, an execution context waited on. Not a test: it prints ratios;
 * docs/performance.md records them. A bare fetch handler without a framework is measured too, as
 * a reference for what the router itself costs.
 *
 * The machine is shared and noisy, so every number is a ratio of neighbours: each sample of a
 * workload is its throughput divided by the mean of the baseline's measured just before and just
 * after it, and the median of `ROUNDS` samples is kept. Requests run `CONCURRENCY` at a time.
 *
 * Measurements log through workerd's own console, as a deployed Worker does, not Vitest's
 * (bench/helpers/runtime-console.ts): every response of the Worker writes a request log line; the
 * baseline writes none, and a second reference is the baseline writing the same line.
 */

const ROUNDS = 9;

/** The line this Worker logs for every request (http/middleware.ts), for the reference that writes it too. */
const REQUEST_LOG_LINE = JSON.stringify({ level: "info", message: "request", requestId: "0123456789abcdef", method: "GET", path: "/v1/spaces/x", status: 200, ms: 1 });
const ONE_QUERY = "SELECT * FROM spaces WHERE id = ?";

/** The baseline: a Hono app whose one route reads a space by primary key and answers it as JSON. */
const oneQueryRoute = (options: { logs: boolean }) =>
  new Hono<{ Bindings: Env }>().get("/baseline/:id", async (c) => {
    const row = await c.env.DB.prepare(ONE_QUERY).bind(c.req.param("id")).first();
    if (options.logs) console.log(REQUEST_LOG_LINE);
    return row ? c.json(row) : c.json({ error: { code: 404, message: "Not found" } }, 404);
  });

/** The same read as a bare fetch handler: no router, no framework, no log line. */
const oneQueryHandler = {
  async fetch(request: Request, environment: Env): Promise<Response> {
    const row = await environment.DB.prepare(ONE_QUERY).bind(new URL(request.url).pathname.split("/").pop()!).first();
    return row ? Response.json(row) : new Response("not found", { status: 404 });
  },
};

/** Calls a fetch handler as the harness calls the Worker (test/helpers/http.ts): a Request with the same token, an execution context waited on. */
const through = (handler: { fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> }, url: string, user: TestUser): Workload["fetch"] => async () => {
  const ctx = createExecutionContext();
  const response = await handler.fetch(new Request(url, { headers: { authorization: `Bearer ${user.token}` } }), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
};

/** A workload whose expected answer is not a 200 (counted as a 200 by `throughput`). */
const expectStatus = (status: number, fetch: Workload["fetch"]): Workload["fetch"] => async () => {
  const response = await fetch();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}`);
  await response.arrayBuffer();
  return new Response("{}");
};

const api = (user: TestUser, path: string, headers: Record<string, string> = {}): Workload["fetch"] =>
  () => workerUnderTest.fetch(`${ORIGIN}${path}`, { headers: { authorization: `Bearer ${user.token}`, ...headers } });

/** Read again every time: the cache is skipped (`Cache-Control: no-cache`), D1 does the work. */
const UNCACHED = { "Cache-Control": "no-cache" };

describe("read cost", () => {
  it("single-object reads vs a one-query handler; one page in 10 vs 10,000 pages", { timeout: 900_000 }, async () => {
    const user = await createUser("bench-reads");
    const organization = await createOrganization(user);
    const newSpace = async (title: string) => {
      const response = await call("POST", `/v1/orgs/${organization.id}/spaces`, { token: user.token, body: { title } });
      expect(response.status).toBe(201);
      return response.body.id as string;
    };
    const small: SeededTree = await seedPageTree(env.DB, await newSpace("Ten pages"), 10);
    const large: SeededTree = await seedPageTree(env.DB, await newSpace("Ten thousand pages"), 10_000);

    const pagePath = (tree: SeededTree) => `/v1/spaces/${tree.spaceId}/content/page/${tree.leafPageId}`;
    const reads: Workload[] = [
      // References: the route writing the Worker's request log line, the same read without a
      // router, and the Worker answering before any D1.
      { name: "the route + the request log line", fetch: through(oneQueryRoute({ logs: true }), `${ORIGIN}/baseline/${small.spaceId}`, user) },
      { name: "a bare fetch handler, one query", fetch: through(oneQueryHandler, `${ORIGIN}/baseline/${small.spaceId}`, user) },
      { name: "the Worker's 400 for a bad bookmark (no D1)", fetch: expectStatus(400, api(user, `/v1/spaces/${small.spaceId}`, { "x-d1-bookmark": "not a bookmark" })) },
      { name: "GET /v1/spaces/{id}", fetch: api(user, `/v1/spaces/${small.spaceId}`) },
      { name: "GET /v1/orgs/{id}", fetch: api(user, `/v1/orgs/${organization.id}`) },
      { name: "one page (cached)", fetch: api(user, pagePath(small)) },
      { name: "one page (read)", fetch: api(user, pagePath(small), UNCACHED) },
      { name: "page list, 10 pages (cached)", fetch: api(user, `/v1/spaces/${small.spaceId}/content/pages`) },
      { name: "page list, 10 pages (read)", fetch: api(user, `/v1/spaces/${small.spaceId}/content/pages`, UNCACHED) },
    ];
    const baseline: Workload = { name: "baseline", fetch: through(oneQueryRoute({ logs: false }), `${ORIGIN}/baseline/${small.spaceId}`, user) };
    const single = await withRuntimeConsole(() => ratios(baseline, reads, ROUNDS));

    // One page of the 10,000-page space against the same page read of the 10-page space.
    const bySize = new Map<string, number>();
    for (const kind of ["read", "cached"] as const) {
      const headers = kind === "read" ? UNCACHED : {};
      const [ratio] = (await withRuntimeConsole(() => ratios({ name: "10 pages", fetch: api(user, pagePath(small), headers) }, [{ name: kind, fetch: api(user, pagePath(large), headers) }], ROUNDS))).values();
      bySize.set(kind, 1 / ratio!);
    }

    console.log(
      [
        `reads through the fetch handler, ${CONCURRENCY} concurrent; throughput relative to a Hono route doing one D1 primary-key query (median of ${ROUNDS})`,
        ...[...single].map(([name, ratio]) => `${name.padEnd(36)} x${ratio.toFixed(2)}`),
        "",
        "one page (a leaf two levels deep) of a 10,000-page space: time relative to the same read in a 10-page space",
        ...[...bySize].map(([kind, ratio]) => `${kind.padEnd(36)} x${ratio.toFixed(2)}`),
      ].join("\n"),
    );
  });
});
