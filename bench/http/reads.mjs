// `npm run bench:http`: the reads as a user sees them, over HTTP from `wrangler dev`, against the
// issue's baselines, served by a second `wrangler dev` on the same local database
// (bench/http/baseline-worker.ts): a Hono route doing one D1 primary-key query for the API's reads,
// and a static Hono route for the reader's cached pages. Not part of `npm run bench` (it starts two
// servers and takes several minutes); docs/performance.md records what it printed.
//
// `npm run bench:http` runs both groups; `npm run bench:http -- api` or `-- reader` one of them.
// How throughput is measured: bench/http/harness.mjs. The reader's group: bench/http/reader.mjs.
import { ADMIN_TOKEN, CONCURRENCY, json, printRatios, ratios, REQUESTS, withServers } from "./harness.mjs";
import { readerReads } from "./reader.mjs";

// BENCH_ROUNDS=1 for a quick look that the benchmark runs (its numbers then mean little);
// BENCH_HTTP_ONLY="<part>|<part>" to run only the workloads whose name holds one, and
// BENCH_HTTP_ENCODING=identity to ask for uncompressed responses (bench/http/harness.mjs).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const asked = process.argv.slice(2);
const wants = (group) => asked.length === 0 || asked.includes(group);

async function apiReads({ api, base }, { token, organization }) {
  const space = await json("POST", `${api}/v1/orgs/${organization.id}/spaces`, token, { title: "Ten pages" });
  const changeRequest = await json("POST", `${api}/v1/spaces/${space.id}/change-requests`, token, { subject: "Pages" });
  const pages = Array.from({ length: 10 }, (_, index) => ({ operation: "insert_page", title: `Page ${index + 1}`, document: { markdown: `Text of page ${index + 1}.\n` } }));
  const edit = await json("POST", `${api}/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content?compat=false`, token, { changes: pages });
  await json("POST", `${api}/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`, token);
  const pageId = edit.changes[0].page.id;

  const auth = { authorization: `Bearer ${token}` };
  const baseline = { name: "baseline", url: `${base}/baseline/${space.id}` };
  const workloads = [
    { name: "the route + the request log line", url: `${base}/baseline/${space.id}?log` },
    { name: "GET /v1/spaces/{id}", url: `${api}/v1/spaces/${space.id}`, headers: auth },
    { name: "GET /v1/orgs/{id}", url: `${api}/v1/orgs/${organization.id}`, headers: auth },
    { name: "one page (cached)", url: `${api}/v1/spaces/${space.id}/content/page/${pageId}`, headers: auth },
    { name: "page list, 10 pages (cached)", url: `${api}/v1/spaces/${space.id}/content/pages`, headers: auth },
  ];
  const measured = await ratios(baseline, workloads, ROUNDS);
  console.log(`reads over HTTP from wrangler dev, ${CONCURRENCY} concurrent, ${REQUESTS} requests a sample, relative to a Hono route doing one D1 primary-key query (median of ${ROUNDS})`);
  printRatios(measured);
}

await withServers(async (servers) => {
  const { token } = await json("POST", `${servers.api}/admin/users`, ADMIN_TOKEN, { email: `bench-${Date.now()}@example.com`, displayName: "Bench" });
  const organization = await json("POST", `${servers.api}/v1/orgs`, token, { title: "Bench" });
  if (wants("api")) await apiReads(servers, { token, organization });
  if (wants("reader")) await readerReads(servers, { token, organization }, ROUNDS);
});
