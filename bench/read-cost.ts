import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../test/helpers/fixtures";
import { ORIGIN, call, workerUnderTest } from "../test/helpers/http";
import { withRuntimeConsole } from "./helpers/runtime-console";
import { seedPageTree, type SeededTree } from "./helpers/seed-pages";
import { CONCURRENCY, ratios, type Workload } from "./helpers/throughput";

/**
 * `npm run bench`: what a read costs, as throughput through the Worker's fetch handler, against a
 * baseline handler in the same run that answers with one D1 primary-key query (the floor of any
 * read that touches D1). Not a test: it prints ratios; docs/performance.md records them.
 *
 * The machine is shared and noisy, so every number is a ratio of neighbours: each sample of a
 * workload is its throughput divided by the mean of the baseline's measured just before and just
 * after it, and the median of `ROUNDS` samples is kept. Requests run `CONCURRENCY` at a time.
 *
 * Measurements log through workerd's own console, as a deployed Worker does, not Vitest's
 * (bench/helpers/runtime-console.ts): every response writes a request log line, and Vitest's
 * console costs about half a baseline request per line.
 */

const ROUNDS = 9;

/** The line this Worker logs for every request (http/middleware.ts), for the second baseline. */
const REQUEST_LOG_LINE = JSON.stringify({ level: "info", message: "request", requestId: "0123456789abcdef", method: "GET", path: "/v1/spaces/x", status: 200, ms: 1 });

/** The baseline: a fetch handler doing one D1 primary-key read and answering with the row as JSON. */
function baselineHandler(options: { logs: boolean }) {
  return async (url: string): Promise<Response> => {
    const ctx = createExecutionContext();
    const id = new URL(url).pathname.split("/").pop()!;
    const row = await env.DB.prepare("SELECT * FROM spaces WHERE id = ?").bind(id).first();
    if (options.logs) console.log(REQUEST_LOG_LINE);
    await waitOnExecutionContext(ctx);
    return row ? Response.json(row) : new Response("not found", { status: 404 });
  };
}


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

    const baseline = baselineHandler({ logs: false });
    const pagePath = (tree: SeededTree) => `/v1/spaces/${tree.spaceId}/content/page/${tree.leafPageId}`;
    const reads: Workload[] = [
      // Where the Worker's own cost goes: the line it logs for every request, and everything but D1.
      { name: "baseline + the request log line", fetch: () => baselineHandler({ logs: true })(`${ORIGIN}/baseline/${small.spaceId}`) },
      { name: "the Worker's 400 for a bad bookmark (no D1)", fetch: expectStatus(400, api(user, `/v1/spaces/${small.spaceId}`, { "x-d1-bookmark": "not a bookmark" })) },
      { name: "GET /v1/spaces/{id}", fetch: api(user, `/v1/spaces/${small.spaceId}`) },
      { name: "GET /v1/orgs/{id}", fetch: api(user, `/v1/orgs/${organization.id}`) },
      { name: "one page (cached)", fetch: api(user, pagePath(small)) },
      { name: "one page (read)", fetch: api(user, pagePath(small), UNCACHED) },
      { name: "page list, 10 pages (cached)", fetch: api(user, `/v1/spaces/${small.spaceId}/content/pages`) },
      { name: "page list, 10 pages (read)", fetch: api(user, `/v1/spaces/${small.spaceId}/content/pages`, UNCACHED) },
    ];
    const single = await withRuntimeConsole(() => ratios({ name: "baseline", fetch: () => baseline(`${ORIGIN}/baseline/${small.spaceId}`) }, reads, ROUNDS));

    // One page of the 10,000-page space against the same page read of the 10-page space.
    const bySize = new Map<string, number>();
    for (const kind of ["read", "cached"] as const) {
      const headers = kind === "read" ? UNCACHED : {};
      const [ratio] = (await withRuntimeConsole(() => ratios({ name: "10 pages", fetch: api(user, pagePath(small), headers) }, [{ name: kind, fetch: api(user, pagePath(large), headers) }], ROUNDS))).values();
      bySize.set(kind, 1 / ratio!);
    }

    console.log(
      [
        `reads through the fetch handler, ${CONCURRENCY} concurrent; throughput relative to a handler doing one D1 primary-key query (median of ${ROUNDS})`,
        ...[...single].map(([name, ratio]) => `${name.padEnd(36)} x${ratio.toFixed(2)}`),
        "",
        "one page (a leaf two levels deep) of a 10,000-page space: time relative to the same read in a 10-page space",
        ...[...bySize].map(([kind, ratio]) => `${kind.padEnd(36)} x${ratio.toFixed(2)}`),
      ].join("\n"),
    );
  });
});
