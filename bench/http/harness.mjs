// What the HTTP benchmarks (bench/http/reads.mjs) share: two `wrangler dev` servers on one local
// database (the API, and the baseline Worker of bench/http/baseline-worker.ts), JSON calls, and
// throughput ratios of neighbours.
//
// Throughput: CONCURRENCY requests at a time through Node's fetch (keep-alive), each sample
// REQUESTS requests; a workload's ratio is its throughput over the mean of its reference's measured
// just before and just after it, and the median of the rounds' samples is kept. The API's rate
// limit is raised for the run (a generated config beside wrangler.toml, removed at the end): it
// would otherwise refuse the benchmark's 600th request in a minute.
//
// Beside throughput, the CPU time a sample cost the server that answered it (its `wrangler dev`
// process and every process under it: the proxy, workerd with the Worker, D1, the Cache API and the
// queues), read from /proc: on a machine shared with other work, throughput follows the share of the
// cores the servers get, while CPU time per request does not. On Linux only (elsewhere: not shown).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CONCURRENCY = 4;
export const REQUESTS = 200;
export const ADMIN_TOKEN = "bench-admin-token";
/** How long after a sample's last response its server's CPU time is still counted as the sample's. */
const SETTLE_MS = 500;

const wrangler = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
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

async function serve(children, persist, config, port) {
  // Each server its own inspector port too: two `wrangler dev` starting at once would race for the default one.
  const inspectorPort = await freePort();
  const child = spawn(process.execPath, [wrangler, "dev", "-c", config, "--port", String(port), "--inspector-port", String(inspectorPort), "--ip", "127.0.0.1", "--persist-to", persist, "--var", `ADMIN_TOKEN:${ADMIN_TOKEN}`, "--var", "SIGNING_SECRET:bench-signing-secret", "--log-level", "error"], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  // Errors while the benchmark runs are shown; what the servers say while being stopped (esbuild's watcher dumps its goroutines) is not.
  child.stderr.on("data", (chunk) => stopping || process.stderr.write(chunk));
  children.push(child);
  servers.set(`http://127.0.0.1:${port}`, child.pid);
  return inspectorPort;
}

let stopping = false;

/** The server process of each origin (its `wrangler dev`). */
const servers = new Map();

/** CPU seconds used so far by process `pid` and every process under it (Linux /proc; 0 elsewhere). */
function treeCpuSeconds(pid) {
  if (!existsSync("/proc/self/stat")) return 0;
  const stats = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command (which may hold spaces), from the state on: ppid is the 2nd, utime the 12th, stime the 13th.
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ").at(-1).split(" ");
      stats.push({ pid: Number(entry), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while being read.
    }
  }
  const tree = new Set([pid]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const stat of stats) if (!tree.has(stat.pid) && tree.has(stat.ppid)) (tree.add(stat.pid), (grown = true));
  }
  return stats.filter((stat) => tree.has(stat.pid)).reduce((sum, stat) => sum + stat.ticks, 0) / 100;
}

const serverOf = (workload) => servers.get(new URL(typeof workload.url === "function" ? workload.url() : workload.url).origin);

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

/**
 * Runs `run({ api, base, inspector })` with the two servers up (their origins, and the API's
 * inspector port, for bench/http/profile.mjs), and stops them after.
 */
export async function withServers(run) {
  const persist = mkdtempSync(join(tmpdir(), "docs-cms-bench-http-"));
  const children = [];
  try {
    writeConfigs();
    const migrate = spawnSync(process.execPath, [wrangler, "d1", "migrations", "apply", "DB", "--local", "-c", configs.api, "--persist-to", persist], { env, stdio: "ignore" });
    if (migrate.status !== 0) throw new Error("migrations failed");
    const [apiPort, baselinePort] = [await freePort(), await freePort()];
    const inspector = await serve(children, persist, configs.api, apiPort);
    await serve(children, persist, configs.baseline, baselinePort);
    const api = `http://127.0.0.1:${apiPort}`;
    const base = `http://127.0.0.1:${baselinePort}`;
    await Promise.all([ready(`${api}/v1/openapi.json`), ready(`${base}/baseline/none`)]);
    return await run({ api, base, inspector });
  } finally {
    stopping = true;
    for (const child of children) child.kill("SIGINT");
    for (const config of Object.values(configs)) rmSync(config, { force: true });
    rmSync(persist, { recursive: true, force: true });
  }
}

export async function json(method, url, token, body) {
  const headers = { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) };
  const response = await fetch(url, { method, headers, body: body && JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Requests per second of a workload: `{ name, url, headers }`, where `url` may be a function
 * called for every request (a URL of its own each time); and the CPU milliseconds a request cost
 * its server.
 */
export async function measure(workload) {
  let remaining = REQUESTS;
  const server = serverOf(workload);
  const cpuBefore = treeCpuSeconds(server);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (remaining-- > 0) {
        const url = typeof workload.url === "function" ? workload.url() : workload.url;
        const response = await fetch(url, { headers: { ...ENCODING, ...workload.headers } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${workload.name}: ${response.status}`);
      }
    }),
  );
  const rate = REQUESTS / ((performance.now() - started) / 1000);
  // Work the responses left behind (waitUntil, queue batches that filled) is the sample's too.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return { rate, cpuMs: ((treeCpuSeconds(server) - cpuBefore) * 1000) / REQUESTS };
}

/**
 * `BENCH_HTTP_ENCODING=identity`: every response asked for uncompressed. Otherwise Node's fetch
 * asks for gzip, as browsers do, and `wrangler dev` compresses text in the server's process, where
 * a deployed Worker's responses are compressed by Cloudflare's edge, outside the Worker.
 */
export const ENCODING = process.env.BENCH_HTTP_ENCODING ? { "accept-encoding": process.env.BENCH_HTTP_ENCODING } : {};

/** `BENCH_HTTP_ONLY="long page|one-query"`: only the workloads whose name holds one of these (all when unset). */
const only = (process.env.BENCH_HTTP_ONLY ?? "").split("|").filter(Boolean);
const chosen = (workload) => only.length === 0 || only.some((part) => workload.name.includes(part));

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each workload's throughput relative to its reference (`workload.reference`, else `reference`)
 * measured around it, and its CPU time per request relative to the reference's (the reference's
 * over the workload's, so that both read as "x0.5: half as fast"): the medians of `rounds`
 * samples; and the references' median rates and CPU times.
 */
export async function ratios(reference, workloads, rounds) {
  workloads = workloads.filter(chosen);
  const referenceOf = (workload) => workload.reference ?? reference;
  const references = [...new Set(workloads.map(referenceOf))];
  for (const workload of [...references, ...workloads]) await measure(workload); // warm up
  const samples = new Map(workloads.map((workload) => [workload.name, { rate: [], cpu: [], cpuMs: [] }]));
  const referenceSamples = new Map(references.map((workload) => [workload.name, { rate: [], cpuMs: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const workload of workloads) {
      const before = await measure(referenceOf(workload));
      const measured = await measure(workload);
      const after = await measure(referenceOf(workload));
      const around = referenceSamples.get(referenceOf(workload).name);
      around.rate.push(before.rate, after.rate);
      around.cpuMs.push(before.cpuMs, after.cpuMs);
      const sample = samples.get(workload.name);
      sample.rate.push(measured.rate / ((before.rate + after.rate) / 2));
      sample.cpu.push((before.cpuMs + after.cpuMs) / 2 / measured.cpuMs);
      sample.cpuMs.push(measured.cpuMs);
    }
  }
  return {
    ratios: new Map([...samples].map(([name, sample]) => [name, { rate: median(sample.rate), cpu: median(sample.cpu), cpuMs: median(sample.cpuMs) }])),
    references: new Map([...referenceSamples].map(([name, sample]) => [name, { rate: median(sample.rate), cpuMs: median(sample.cpuMs) }])),
  };
}

/** The references' rates and CPU times, then each workload's ratios: throughput, and CPU time per request. */
export function printRatios({ ratios: measured, references }) {
  const width = Math.max(...[...references.keys(), ...measured.keys()].map((name) => name.length)) + 2;
  console.log(`${"".padEnd(width)}${"throughput".padStart(12)}${"CPU/request".padStart(14)}`);
  for (const [name, reference] of references) console.log(`${name.padEnd(width)}${`${reference.rate.toFixed(0)}/s`.padStart(12)}${`${reference.cpuMs.toFixed(2)} ms`.padStart(14)}`);
  for (const [name, ratio] of measured) console.log(`${name.padEnd(width)}${`x${ratio.rate.toFixed(2)}`.padStart(12)}${`x${ratio.cpu.toFixed(2)}`.padStart(8)} (${ratio.cpuMs.toFixed(2)} ms)`);
}
