// `npm run bench:http`: the reads as a user sees them, over HTTP from `wrangler dev`, against the
// issue's baselines, served by a second `wrangler dev` on the same local database
// (bench/http/baseline-worker.ts): a Hono route doing one D1 primary-key query for the API's reads,
// and a static Hono route for the reader's cached pages. Not part of `npm run bench` (it starts two
// servers and takes several minutes; the list pages 10-15 minutes more); docs/performance.md
// records what it printed.
//
// Three groups: `api` (single-object reads), `lists` (100-item list pages,
// bench/http/list-workloads.mjs) and `reader` (bench/http/reader.mjs). `npm run bench:http` runs
// them all; `npm run bench:http -- api lists` the ones named. How throughput is measured:
// bench/http/harness.mjs.
//
// BENCH_ROUNDS: rounds of the single-object reads and the reader (7); BENCH_HTTP_LIST_ROUNDS: of
// the list pages (3); BENCH_HTTP_ONLY=<regular expression>: only the workloads whose name matches
// it; BENCH_HTTP_ENCODING=identity: responses asked uncompressed (bench/http/harness.mjs).
import { ADMIN_TOKEN, CONCURRENCY, json, ratios, REQUESTS, withServers } from "./harness.mjs";
import { listReads } from "./list-workloads.mjs";
import { readerReads } from "./reader.mjs";

// BENCH_ROUNDS=1 for a quick look that the benchmark runs (its numbers then mean little).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const LIST_ROUNDS = Number(process.env.BENCH_HTTP_LIST_ROUNDS ?? 3);
const only = process.env.BENCH_HTTP_ONLY ? new RegExp(process.env.BENCH_HTTP_ONLY, "i") : undefined;
const wanted = (workload) => !only || only.test(workload.name);
const asked = process.argv.slice(2);
const wants = (group) => asked.length === 0 || asked.includes(group);

/** A space of ten pages, merged (the single-object reads read it; the list workloads' change requests are of it). */
async function tenPageSpace(api, token, organization) {
  const space = await json("POST", `${api}/v1/orgs/${organization.id}/spaces`, token, { title: "Ten pages" });
  const changeRequest = await json("POST", `${api}/v1/spaces/${space.id}/change-requests`, token, { subject: "Pages" });
  const pages = Array.from({ length: 10 }, (_, index) => ({ operation: "insert_page", title: `Page ${index + 1}`, document: { markdown: `Text of page ${index + 1}.\n` } }));
  const edit = await json("POST", `${api}/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content?compat=false`, token, { changes: pages });
  await json("POST", `${api}/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`, token);
  return { space, pageId: edit.changes[0].page.id };
}

async function apiReads({ api, base }, { token, organization, tenPages: { space, pageId } }) {
  const auth = { authorization: `Bearer ${token}` };
  const baseline = { name: "baseline", url: `${base}/baseline/${space.id}` };
  const workloads = [
    { name: "the route + the request log line", url: `${base}/baseline/${space.id}?log` },
    { name: "GET /v1/spaces/{id}", url: `${api}/v1/spaces/${space.id}`, headers: auth },
    { name: "GET /v1/orgs/{id}", url: `${api}/v1/orgs/${organization.id}`, headers: auth },
    { name: "one page (cached)", url: `${api}/v1/spaces/${space.id}/content/page/${pageId}`, headers: auth },
    { name: "page list, 10 pages (cached)", url: `${api}/v1/spaces/${space.id}/content/pages`, headers: auth },
  ].filter(wanted);
  if (workloads.length === 0) return;
  const measured = await ratios(baseline, workloads, ROUNDS);
  console.log(`reads over HTTP from wrangler dev, ${CONCURRENCY} concurrent, ${REQUESTS} requests a sample; throughput relative to a Hono route doing one D1 primary-key query (median of ${ROUNDS})`);
  console.log(`${"baseline (requests per second)".padEnd(36)} ${measured.referenceRates.get("baseline").toFixed(0)}`);
  for (const [name, ratio] of measured.ratios) console.log(`${name.padEnd(36)} x${ratio.toFixed(2)}`);
}

await withServers(async (servers) => {
  const created = await json("POST", `${servers.api}/admin/users`, ADMIN_TOKEN, { email: `bench-${Date.now()}@example.com`, displayName: "Bench" });
  const owner = { id: created.user.id, token: created.token };
  const organization = await json("POST", `${servers.api}/v1/orgs`, owner.token, { title: "Bench" });
  const tenPages = wants("api") || wants("lists") ? await tenPageSpace(servers.api, owner.token, organization) : undefined;
  if (wants("api")) await apiReads(servers, { token: owner.token, organization, tenPages });
  if (wants("lists")) await listReads(servers, { owner, organization, tenPages, wanted, rounds: LIST_ROUNDS });
  if (wants("reader")) await readerReads(servers, { token: owner.token, organization, wanted }, ROUNDS);
});
