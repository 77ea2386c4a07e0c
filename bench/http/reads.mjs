// `npm run bench:http`: the reads as a user sees them, over HTTP from `wrangler dev`, against the
// issue's baseline (a Hono route doing one D1 primary-key query, bench/http/baseline-worker.ts)
// served by a second `wrangler dev` on the same local database. Not part of `npm run bench` (it
// starts two servers and takes a few minutes); docs/performance.md records what it printed.
//
// Throughput, CONCURRENCY requests at a time through Node's fetch (keep-alive), each sample
// REQUESTS requests; a workload's ratio is its throughput over the mean of the baseline's measured
// just before and just after it, and the median of ROUNDS samples is kept. The API's rate limit
// is raised for the run (a generated config beside wrangler.toml, removed at the end): it would
// otherwise refuse the benchmark's 600th request in a minute.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const CONCURRENCY = 4;
const REQUESTS = 200;
const ROUNDS = 7;
const ADMIN_TOKEN = "bench-admin-token";

const wrangler = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
const persist = mkdtempSync(join(tmpdir(), "docs-cms-bench-http-"));
const configs = { api: "wrangler.bench-api.generated.toml", baseline: "wrangler.bench-baseline.generated.toml" };

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function writeConfigs() {
  const api = readFileSync("wrangler.toml", "utf8").replace(/simple = \{ limit = \d+, period = 60 \}/, "simple = { limit = 100000000, period = 60 }");
  writeFileSync(configs.api, api);
  const database = api.match(/\[\[d1_databases\]\][^[]*/)[0];
  writeFileSync(configs.baseline, `name = "bench-baseline"\nmain = "bench/http/baseline-worker.ts"\ncompatibility_date = "2026-04-20"\n\n${database}`);
}

const children = [];
async function serve(config, port) {
  // Each server its own inspector port too: two `wrangler dev` starting at once would race for the default one.
  const inspectorPort = await freePort();
  const child = spawn(process.execPath, [wrangler, "dev", "-c", config, "--port", String(port), "--inspector-port", String(inspectorPort), "--ip", "127.0.0.1", "--persist-to", persist, "--var", `ADMIN_TOKEN:${ADMIN_TOKEN}`, "--log-level", "error"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
}

async function ready(url) {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`not ready: ${url}`);
}

async function json(method, url, token, body) {
  const headers = { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) };
  const response = await fetch(url, { method, headers, body: body && JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function throughput(workload) {
  let remaining = REQUESTS;
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
  return REQUESTS / ((performance.now() - started) / 1000);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  writeConfigs();
  const migrate = spawnSync(process.execPath, [wrangler, "d1", "migrations", "apply", "DB", "--local", "-c", configs.api, "--persist-to", persist], { env, stdio: "ignore" });
  if (migrate.status !== 0) throw new Error("migrations failed");
  const [apiPort, baselinePort] = [await freePort(), await freePort()];
  await serve(configs.api, apiPort);
  await serve(configs.baseline, baselinePort);
  const api = `http://127.0.0.1:${apiPort}`;
  const base = `http://127.0.0.1:${baselinePort}`;
  await Promise.all([ready(`${api}/v1/openapi.json`), ready(`${base}/baseline/none`)]);

  const { token } = await json("POST", `${api}/admin/users`, ADMIN_TOKEN, { email: `bench-${Date.now()}@example.com`, displayName: "Bench" });
  const organization = await json("POST", `${api}/v1/orgs`, token, { title: "Bench" });
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
  for (const workload of [baseline, ...workloads]) await throughput(workload); // warm up
  const samples = new Map(workloads.map((workload) => [workload.name, []]));
  let baselineRates = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const workload of workloads) {
      const before = await throughput(baseline);
      const measured = await throughput(workload);
      const after = await throughput(baseline);
      baselineRates.push(before, after);
      samples.get(workload.name).push(measured / ((before + after) / 2));
    }
  }
  console.log(`reads over HTTP from wrangler dev, ${CONCURRENCY} concurrent, ${REQUESTS} requests a sample; throughput relative to a Hono route doing one D1 primary-key query (median of ${ROUNDS})`);
  console.log(`${"baseline (requests per second)".padEnd(36)} ${median(baselineRates).toFixed(0)}`);
  for (const [name, values] of samples) console.log(`${name.padEnd(36)} x${median(values).toFixed(2)}`);
}

try {
  await main();
} finally {
  for (const child of children) child.kill("SIGINT");
  for (const config of Object.values(configs)) rmSync(config, { force: true });
  rmSync(persist, { recursive: true, force: true });
}
