import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../test/helpers/fixtures";
import { ORIGIN, call, workerUnderTest } from "../test/helpers/http";
import { withRuntimeConsole } from "./helpers/runtime-console";
import { seedPageTree, type SeededTree } from "./helpers/seed-pages";
import { CONCURRENCY, ratios, type Workload } from "./helpers/throughput";

/**
 * `npm run bench`: what resolving a published URL costs (`POST /v1/urls/published`, on a warm
 * isolate: the space's page index in memory), beside the read GitBook's renderer makes next, a
 * page with the site token, and against a member's cached page read (the reference: the cheapest
 * authenticated read there is). In a 10-page and a 10,000-page space: a resolution must not grow
 * with the space. Ratios of neighbours, as bench/read-cost.ts measures them.
 */

const ROUNDS = 7;

const get = (token: string, path: string): Workload["fetch"] => () => workerUnderTest.fetch(`${ORIGIN}${path}`, { headers: { authorization: `Bearer ${token}` } });
const resolve = (url: string): Workload["fetch"] => () =>
  workerUnderTest.fetch(`${ORIGIN}/v1/urls/published`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url }) });

async function publishedSpace(user: TestUser, organizationId: string, title: string, size: number, basename: string) {
  const created = await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: { title } });
  expect(created.status).toBe(201);
  const tree: SeededTree = await seedPageTree(env.DB, created.body.id, size);
  const site = await call("POST", `/v1/orgs/${organizationId}/sites`, { token: user.token, body: { title, spaces: [tree.spaceId] } });
  await call("PATCH", `/v1/orgs/${organizationId}/sites/${site.body.id}`, { token: user.token, body: { basename } });
  await call("POST", `/v1/orgs/${organizationId}/sites/${site.body.id}/publish`, { token: user.token });
  const page = await call("GET", `/v1/spaces/${tree.spaceId}/content/page/${tree.leafPageId}`, { token: user.token });
  const url = `${ORIGIN}/sites/${organizationId}/${basename}/${page.body.path}`;
  const resolved = await call("POST", "/v1/urls/published", { body: { url } });
  expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
  return { tree, url, apiToken: resolved.body.apiToken as string, pagePath: `/v1/spaces/${tree.spaceId}/content/page/${tree.leafPageId}` };
}

describe("published content cost", () => {
  it("resolving a URL and a site token's page read vs a member's cached page read; 10 vs 10,000 pages", { timeout: 900_000 }, async () => {
    const user = await createUser("bench-published");
    const organization = await createOrganization(user);
    const small = await publishedSpace(user, organization.id, "Ten pages", 10, "ten");
    const large = await publishedSpace(user, organization.id, "Ten thousand pages", 10_000, "ten-thousand");
    const reference: Workload = { name: "a member's page read (cached)", fetch: get(user.token, small.pagePath) };
    const workloads: Workload[] = [
      { name: "resolve a page's URL, 10 pages", fetch: resolve(small.url) },
      { name: "resolve a page's URL, 10,000 pages", fetch: resolve(large.url) },
      { name: "site token: the page (cached), 10 pages", fetch: get(small.apiToken, small.pagePath) },
      { name: "site token: the page (cached), 10,000", fetch: get(large.apiToken, large.pagePath) },
    ];
    const measured = await withRuntimeConsole(() => ratios(reference, workloads, ROUNDS));
    console.log(
      [
        `published content through the fetch handler, ${CONCURRENCY} concurrent; throughput relative to a member's cached page read (median of ${ROUNDS})`,
        ...[...measured].map(([name, ratio]) => `${name.padEnd(42)} x${ratio.toFixed(2)}`),
      ].join("\n"),
    );
  });
});
