import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { IDP_CERTIFICATE } from "../../test/helpers/certificate";
import { conversation, ingest, runJobs } from "../../test/helpers/conversations";
import { addMember, createOrganization, createUser } from "../../test/helpers/fixtures";
import { ORIGIN, call, workerUnderTest } from "../../test/helpers/http";
import { consoles } from "../helpers/runtime-console";
import { CONCURRENCY, ratios, type Workload } from "../helpers/throughput";

/**
 * A profile of 100-item list pages (not part of `npm run bench`; run it with `BENCH_PROFILE=1 npx
 * vitest run --config vitest.bench.config.ts bench/profile/list-pages.ts`): for each list, the
 * Worker as it serves it; the Worker with D1 answering at once (its answers recorded from a real
 * run), which is the Worker's own work alone; the list's D1 batch alone, bare, and each of its
 * statements alone; and the baseline
 * query answering the list's body as JSON (what serializing it costs). Throughput ratios of
 * neighbours, as bench/read-cost.ts; docs/performance.md ("List pages") records what it found.
 * BENCH_PROFILE_LISTS=<regular expression> profiles only the lists whose name matches it.
 */

const ROUNDS = 5;

declare module "vitest" {
  export interface ProvidedContext {
    benchProfileReplay: boolean;
    benchProfileLists: string;
  }
}
const COUNT = 100;

type Recorded = Map<string, unknown>;

/**
 * A D1 binding that answers what `record` caught the real one answering, at once (`instant`):
 * the Worker's own work, measured without its round trips. It serves `batch` (every list's one
 * round trip) and the single-statement forms.
 */
function replayedD1() {
  const answers: Recorded = new Map();
  /** The statements of each batch sent while recording. */
  const batches: Array<Array<{ sql: string; params: unknown[] }>> = [];
  const keyOf = (sql: string, params: unknown[]) => `${sql} ${JSON.stringify(params)}`;
  const statement = (recording: boolean, sql: string, params: unknown[] = []): any => ({
    sql,
    params,
    bind: (...values: unknown[]) => statement(recording, sql, values),
    real: () => env.DB.prepare(sql).bind(...params),
    ...Object.fromEntries(
      (["raw", "all", "first", "run"] as const).map((method) => [
        method,
        async (...args: unknown[]) => {
          const key = `${method} ${keyOf(sql, params)}`;
          if (!recording) return answers.get(key) ?? Promise.reject(new Error(`not recorded: ${key}`));
          const answer = await (env.DB.prepare(sql).bind(...params)[method] as (...a: unknown[]) => Promise<unknown>)(...args);
          answers.set(key, answer);
          return answer;
        },
      ]),
    ),
  });
  const binding = (recording: boolean) => {
    const database = {
      prepare: (sql: string) => statement(recording, sql),
      batch: async (statements: Array<{ sql: string; params: unknown[]; real(): D1PreparedStatement }>) => {
        const key = `batch ${statements.map((each) => keyOf(each.sql, each.params)).join(";")}`;
        if (!recording) return answers.get(key) ?? Promise.reject(new Error(`not recorded: ${key}`));
        const answer = await env.DB.batch(statements.map((each) => each.real()));
        answers.set(key, answer);
        batches.push(statements.map(({ sql, params }) => ({ sql, params })));
        return answer;
      },
      withSession: () => database,
      getBookmark: () => null,
    };
    return database as unknown as D1Database;
  };
  return { record: binding(true), instant: binding(false), batches, answers };
}

/** Runs `handle` as a fetch handler is run and answers its result as JSON. */
const asHandler = (handle: () => Promise<unknown>) => async () => {
  const ctx = createExecutionContext();
  const body = await handle();
  await waitOnExecutionContext(ctx);
  return Response.json(body);
};

describe("profile: 100-item list pages", () => {
  it("piece by piece", { timeout: 1_800_000 }, async () => {
    const user = await createUser("bench-lists");
    const organization = await createOrganization(user);
    const org = `/v1/orgs/${organization.id}`;
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await call(method, path, { token: user.token, body });
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      return response.body;
    };
    const inOrder = async <T>(count: number, make: (index: number) => Promise<T>) => {
      const made: T[] = [];
      for (let index = 1; index <= count; index++) made.push(await make(index));
      return made;
    };
    const space = await send("POST", `${org}/spaces`, { title: "Listed" });
    const collections = await inOrder(COUNT, (index) => send("POST", `${org}/collections`, { title: `Collection ${index}` }));
    const spaces = await inOrder(COUNT, (index) => send("POST", `${org}/spaces`, { title: `Space ${index}`, parent: collections[0].id }));
    await inOrder(COUNT, (index) => send("POST", `/v1/spaces/${space.id}/change-requests`, { subject: `Change ${index}` }));
    await inOrder(COUNT, (index) => send("POST", `/v1/spaces/${space.id}/comments`, { body: { markdown: `Comment ${index}` } }));
    await inOrder(COUNT, (index) =>
      send("POST", `${org}/saml`, { label: `IdP ${index}`, entityID: `https://idp-${index}.example.com`, certificate: IDP_CERTIFICATE, ssoURL: `https://idp-${index}.example.com/sso` }),
    );
    const site = await send("POST", `${org}/sites`, { title: "Site" });
    await inOrder(COUNT, (index) => send("POST", `${org}/sites/${site.id}/site-spaces`, { spaceId: spaces[index - 1].id }));
    const sectioned = await send("POST", `${org}/sites`, { title: "Sections" });
    await inOrder(COUNT, (index) => send("POST", `${org}/sites/${sectioned.id}/sections`, { spaceId: spaces[index - 1].id, title: `Section ${index}` }));
    // A change request reviewed by 100 members; 100 support conversations, analysed (an issue each).
    const [reviewed] = (await send("GET", `/v1/spaces/${space.id}/change-requests?status=draft&limit=1`)).items;
    await inOrder(COUNT, async (index) => {
      const reviewer = await createUser(`bench-lists-reviewer-${index}`);
      await addMember(user, organization.id, reviewer, "review");
      const review = await call("POST", `/v1/spaces/${space.id}/change-requests/${reviewed.id}/reviews`, { token: reviewer.token, body: { status: "approved" } });
      expect(review.status, JSON.stringify(review.body)).toBe(201);
    });
    await runJobs(await ingest(user.token, organization.id, Array.from({ length: COUNT }, (_, index) => conversation(`How do I configure feature ${index} with option ${index * 7}?`))));

    const lists = {
      collections: `${org}/collections`,
      "spaces of the organization": `${org}/spaces`,
      "change requests of a space": `/v1/spaces/${space.id}/change-requests?status=draft`,
      "comments of a space": `/v1/spaces/${space.id}/comments`,
      "SAML providers": `${org}/saml`,
      "site spaces": `${org}/sites/${site.id}/site-spaces`,
      sections: `${org}/sites/${sectioned.id}/sections`,
      reviews: `/v1/spaces/${space.id}/change-requests/${reviewed.id}/reviews`,
      "conversation issues": `${org}/conversations-issues`,
      "spaces of a collection": `/v1/collections/${collections[0].id}/spaces`,
      members: `${org}/members`,
    };
    const baselineRead = () => env.DB.prepare("SELECT * FROM spaces WHERE id = ?").bind(space.id).first();
    const runtimeConsole = consoles.__console!;
    const headers = { authorization: `Bearer ${user.token}` };
    const workloads: Workload[] = [];
    const listsWanted = new RegExp(inject("benchProfileLists"), "i");
    for (const [name, path] of Object.entries(lists)) {
      if (!listsWanted.test(name)) continue;
      const url = `${ORIGIN}${path}${path.includes("?") ? "&" : "?"}limit=${COUNT}`;
      const d1 = replayedD1();
      const recorded = await workerUnderTest.fetch(url, { headers }, { DB: d1.record });
      const body = await recorded.json<{ items: unknown[] }>();
      expect(body.items).toHaveLength(COUNT);
      // For a CPU profile of the same requests in Node (bench/profile/replay-in-node.mjs).
      if (inject("benchProfileReplay")) console.log(`REPLAY ${JSON.stringify({ name, url, token: user.token, answers: [...d1.answers] })}`);
      const [batch] = d1.batches;
      const prepared = () => batch!.map(({ sql, params }) => env.DB.prepare(sql).bind(...params));
      workloads.push(
        { name: `${name}: the Worker`, fetch: () => workerUnderTest.fetch(url, { headers }), console: runtimeConsole },
        { name: `${name}: its D1 batch alone (${batch!.length} statements)`, fetch: asHandler(async () => (await env.DB.batch(prepared()), {})) },
        // Each statement of the batch on its own (the access check's, the page's, what rides along).
        ...batch!.map(({ sql }, index) => ({
          name: `${name}: statement ${index + 1} alone, raw (${sql.slice(0, 28).replace(/\s+/g, " ")}…)`,
          fetch: asHandler(async () => (await prepared()[index]!.raw(), {})),
        })),
        { name: `${name}: the Worker, D1 answering at once`, fetch: () => workerUnderTest.fetch(url, { headers }, { DB: d1.instant }), console: runtimeConsole },
        { name: `${name}: baseline query + its body as JSON`, fetch: asHandler(async () => (await baselineRead(), body)) },
      );
    }
    if (inject("benchProfileReplay")) return; // the answers were all that was asked for
    workloads.push({ name: "baseline's handler, D1 answering at once", fetch: asHandler(async () => ({ id: space.id, title: "Listed" })) });
    const result = await ratios({ name: "baseline", fetch: asHandler(() => baselineRead()) }, workloads, ROUNDS);
    console.log(
      [
        `100-item list pages piece by piece: throughput relative to the one-query baseline (median of ${ROUNDS}, ${CONCURRENCY} concurrent)`,
        ...[...result].map(([name, ratio]) => `${name.padEnd(64)} x${ratio.toFixed(2)}`),
      ].join("\n"),
    );
  });
});
