// `npm run bench:http`: the reads as a user sees them, over HTTP from `wrangler dev`, against the
// issue's baseline (a Hono route doing one D1 primary-key query, bench/http/baseline-worker.ts)
// served by a second `wrangler dev` on the same local database (bench/http/servers.mjs). Not part
// of `npm run bench` (it starts two servers and takes several minutes); docs/performance.md
// records what it printed.
//
// Throughput, CONCURRENCY requests at a time through Node's fetch (keep-alive); a workload's ratio
// is its throughput over the mean of the baseline's measured just before and just after it (each
// baseline sample sits between two workloads and serves both), and the median of its rounds is
// kept: single-object reads SINGLE.rounds samples of SINGLE.requests requests, the 100-item list
// pages (bench/http/list-workloads.mjs) LISTS.rounds of LISTS.requests.
//
// BENCH_HTTP_ONLY=<regular expression> measures only the workloads whose name matches it (and
// seeds the lists only when one of them may); BENCH_HTTP_LIST_ROUNDS overrides LISTS.rounds.
import { seedListWorkloads } from "./list-workloads.mjs";
import { ADMIN_TOKEN, json, startServers } from "./servers.mjs";

const CONCURRENCY = 4;
const SINGLE = { requests: 200, rounds: 7 };
const LISTS = { requests: 100, rounds: Number(process.env.BENCH_HTTP_LIST_ROUNDS ?? 3) };
const only = process.env.BENCH_HTTP_ONLY ? new RegExp(process.env.BENCH_HTTP_ONLY, "i") : undefined;

async function throughput(workload, requests) {
  let remaining = requests;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (remaining-- > 0) {
        const response = await fetch(workload.url, { headers: workload.headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${workload.name}: ${response.status}`);
      }
    }),
  );
  return requests / ((performance.now() - started) / 1000);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A list workload answers a full page of 100 (a seeding that fell short would measure something else). */
async function checkFullPage(workload) {
  const response = await fetch(workload.url, { headers: workload.headers });
  const body = await response.json();
  if (response.status !== 200 || !Array.isArray(body.items) || body.items.length < 100) {
    throw new Error(`${workload.name}: ${response.status}, ${body.items?.length} items: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return JSON.stringify(body).length;
}

/** Ratios to the baseline: rounds of baseline, workload, baseline, workload, …, baseline. */
async function measure(baseline, workloads, { requests, rounds }) {
  for (const workload of [baseline, ...workloads]) await throughput(workload, requests); // warm up
  const samples = new Map(workloads.map((workload) => [workload.name, []]));
  const baselineRates = [];
  for (let round = 0; round < rounds; round++) {
    let before = await throughput(baseline, requests);
    for (const workload of workloads) {
      const measured = await throughput(workload, requests);
      const after = await throughput(baseline, requests);
      baselineRates.push(after);
      samples.get(workload.name).push(measured / ((before + after) / 2));
      before = after;
    }
  }
  return { baselineRps: median(baselineRates), ratios: new Map([...samples].map(([name, values]) => [name, median(values)])) };
}

async function main(servers) {
  const { api, base } = servers;
  const created = await json("POST", `${api}/admin/users`, ADMIN_TOKEN, { email: `bench-${Date.now()}@example.com`, displayName: "Bench" });
  const owner = { id: created.user.id, token: created.token };
  const organization = await json("POST", `${api}/v1/orgs`, owner.token, { title: "Bench" });
  const space = await json("POST", `${api}/v1/orgs/${organization.id}/spaces`, owner.token, { title: "Ten pages" });
  const changeRequest = await json("POST", `${api}/v1/spaces/${space.id}/change-requests`, owner.token, { subject: "Pages" });
  const pages = Array.from({ length: 10 }, (_, index) => ({ operation: "insert_page", title: `Page ${index + 1}`, document: { markdown: `Text of page ${index + 1}.\n` } }));
  const edit = await json("POST", `${api}/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content?compat=false`, owner.token, { changes: pages });
  await json("POST", `${api}/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`, owner.token);
  const pageId = edit.changes[0].page.id;

  const auth = { authorization: `Bearer ${owner.token}` };
  const baseline = { name: "baseline", url: `${base}/baseline/${space.id}` };
  const wanted = (workload) => !only || only.test(workload.name);
  const single = [
    { name: "the route + the request log line", url: `${base}/baseline/${space.id}?log` },
    { name: "GET /v1/spaces/{id}", url: `${api}/v1/spaces/${space.id}`, headers: auth },
    { name: "GET /v1/orgs/{id}", url: `${api}/v1/orgs/${organization.id}`, headers: auth },
    { name: "one page (cached)", url: `${api}/v1/spaces/${space.id}/content/page/${pageId}`, headers: auth },
    { name: "page list, 10 pages (cached)", url: `${api}/v1/spaces/${space.id}/content/pages`, headers: auth },
  ].filter(wanted);

  let lists = [];
  const sizes = new Map();
  if (process.env.BENCH_HTTP_LISTS !== "0") {
    const seeding = performance.now();
    // References: the baseline's one query answering a list's body of 100 and of 300 copies of its row (what that much JSON costs).
    const references = [100, 300].map((items) => ({ name: `baseline answering ${items} rows`, url: `${base}/baseline/${space.id}?items=${items}` }));
    lists = [...references, ...(await seedListWorkloads({ api, owner, organizationId: organization.id, tenPageSpaceId: space.id }))].filter(wanted);
    for (const workload of lists) sizes.set(workload.name, await checkFullPage(workload));
    console.log(`lists seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  }

  const started = performance.now();
  const results = [
    ["single-object reads", single.length ? await measure(baseline, single, SINGLE) : undefined, SINGLE],
    ["100-item list pages (?limit=100)", lists.length ? await measure(baseline, lists, LISTS) : undefined, LISTS],
  ];
  console.log(`reads over HTTP from wrangler dev, ${CONCURRENCY} concurrent; throughput relative to a Hono route doing one D1 primary-key query (measured in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  for (const [title, result, { requests, rounds }] of results) {
    if (!result) continue;
    console.log(`\n${title}: ${requests} requests a sample, median of ${rounds}; baseline ${result.baselineRps.toFixed(0)} requests/s`);
    for (const [name, ratio] of result.ratios) console.log(`${name.padEnd(40)} x${ratio.toFixed(2)}${sizes.has(name) ? `  (${(sizes.get(name) / 1024).toFixed(0)} KiB)` : ""}`);
  }
}

const servers = await startServers();
// Interrupted (Ctrl-C), the servers stop too.
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => (servers.stop(), process.exit(130)));
try {
  await main(servers);
} finally {
  servers.stop();
}
