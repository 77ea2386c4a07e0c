// What the HTTP benchmarks (bench/http/reads.mjs) share: two `wrangler dev` servers on one local
// database (the API, and the baseline Worker of bench/http/baseline-worker.ts), JSON calls, and
// throughput ratios of neighbours.
//
// Throughput: CONCURRENCY requests at a time through Node's fetch (keep-alive), each sample
// REQUESTS requests (or the workload's own `requests`); a workload's ratio is its throughput over
// the mean of its reference's measured just before and just after it (a reference sample between
// two workloads of the same reference serves both), and the median of the rounds' samples is kept.
//
// The API's rate limit is raised for the run and its queue delivers at once (a generated config
// beside wrangler.toml, removed at the end): the limit would otherwise refuse the benchmark's
// 600th request in a minute, and the list workloads' seeding waits on background jobs (specs,
// conversations).
//
// Beside throughput, the CPU time a sample cost the server that answered it (its `wrangler dev`
// process and every process under it: the proxy, workerd with the Worker, D1, the Cache API and the
// queues), read from /proc: on a machine shared with other work, throughput follows the share of the
// cores the servers get, while CPU time per request does not. On Linux only (elsewhere: not shown).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  const api = readFileSync("wrangler.toml", "utf8")
    .replace(/simple = \{ limit = \d+, period = 60 \}/, "simple = { limit = 100000000, period = 60 }")
    .replace(/(queue = "docs-cms-jobs"\n(?:.*\n)*?)max_batch_timeout = \d+/, "$1max_batch_timeout = 0");
  writeFileSync(configs.api, api);
  const database = api.match(/\[\[d1_databases\]\][^[]*/)[0];
  writeFileSync(configs.baseline, `name = "bench-baseline"\nmain = "bench/http/baseline-worker.ts"\ncompatibility_date = "2026-04-20"\n\n${database}`);
}

/** Server restarts so far (a sample that saw one is taken again: `sampled`). */
let restarts = 0;
let stopping = false;

/**
 * Starts `wrangler dev` with `config` on `port`, and again (on the same port and database) if it
 * exits before the run ends: something else on a shared machine may end it.
 */
async function serve(children, persist, config, port) {
  // Each server its own inspector port too: two `wrangler dev` starting at once would race for the default one.
  const inspectorPort = await freePort();
  const start = () => {
    const child = spawn(process.execPath, [wrangler, "dev", "-c", config, "--port", String(port), "--inspector-port", String(inspectorPort), "--ip", "127.0.0.1", "--persist-to", persist, "--var", `ADMIN_TOKEN:${ADMIN_TOKEN}`, "--var", "SIGNING_SECRET:bench-signing-secret", "--log-level", "error"], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    // Errors while the benchmark runs are shown; what the servers say while being stopped (esbuild's watcher dumps its goroutines) is not.
    child.stderr.on("data", (chunk) => stopping || process.stderr.write(chunk));
    child.once("exit", (code, signal) => {
      if (stopping) return;
      restarts++;
      console.error(`${config}: wrangler dev ended mid-run (${signal ?? `exit code ${code}`}); starting it again`);
      setTimeout(start, 1000);
    });
    children.push(child);
    servers.set(`http://127.0.0.1:${port}`, child.pid);
  };
  start();
  return inspectorPort;
}


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
 * inspector port, for bench/http/profile.mjs), and stops them after, also when interrupted.
 */
export async function withServers(run) {
  const persist = mkdtempSync(join(tmpdir(), "docs-cms-bench-http-"));
  // The run's own dev registry (where `wrangler dev` servers find each other): in the machine's
  // shared one, any `wrangler dev` starting or stopping elsewhere makes both servers rebuild and
  // restart in the middle of a run.
  env.WRANGLER_REGISTRY_PATH = join(persist, "dev-registry");
  const children = [];
  const stop = () => {
    stopping = true;
    for (const child of children) child.kill("SIGINT");
    for (const config of Object.values(configs)) rmSync(config, { force: true });
    // BENCH_HTTP_KEEP_DB=<directory>: the run's local state kept there (its D1 database, to time
    // the lists' statements on in SQLite: docs/performance.md, "List pages").
    if (process.env.BENCH_HTTP_KEEP_DB) cpSync(persist, process.env.BENCH_HTTP_KEEP_DB, { recursive: true });
    rmSync(persist, { recursive: true, force: true });
  };
  const interrupted = (signal) => (console.error(`${signal}: the servers are stopped`), stop(), process.exit(130));
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, interrupted);
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
    for (const signal of ["SIGINT", "SIGTERM"]) process.off(signal, interrupted);
    stop();
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
 * `fetch`, sent again when the connection failed: under load `wrangler dev` sometimes closes a
 * kept-alive connection as a request goes out, and a server restarting (`serve`) refuses them for
 * a while. Anything else (a status) is the caller's to judge.
 */
async function fetchAcrossRestarts(url, init) {
  const giveUp = performance.now() + 300_000;
  for (;;) {
    try {
      return await fetch(url, init);
    } catch (error) {
      const code = error?.cause?.code;
      if (!["UND_ERR_SOCKET", "ECONNREFUSED", "ECONNRESET"].includes(code) || performance.now() > giveUp) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Requests per second of a workload: `{ name, url, headers, requests }`, where `url` may be a
 * function called for every request (a URL of its own each time); and the CPU milliseconds a
 * request cost its server.
 */
export async function measure(workload) {
  const requests = workload.requests ?? REQUESTS;
  let remaining = requests;
  const server = serverOf(workload);
  const cpuBefore = treeCpuSeconds(server);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (remaining-- > 0) {
        const url = typeof workload.url === "function" ? workload.url() : workload.url;
        const response = await fetchAcrossRestarts(url, { headers: { ...ENCODING, ...workload.headers } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${workload.name}: ${response.status}`);
      }
    }),
  );
  const rate = requests / ((performance.now() - started) / 1000);
  // Work the responses left behind (waitUntil, queue batches that filled) is the sample's too.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return { rate, cpuMs: ((treeCpuSeconds(server) - cpuBefore) * 1000) / requests };
}

/**
 * `BENCH_HTTP_ENCODING=identity`: every response asked for uncompressed. Otherwise Node's fetch
 * asks for gzip, as browsers do, and `wrangler dev` compresses text in the server's process, where
 * a deployed Worker's responses are compressed by Cloudflare's edge, outside the Worker.
 */
export const ENCODING = process.env.BENCH_HTTP_ENCODING ? { "accept-encoding": process.env.BENCH_HTTP_ENCODING } : {};

/** `measure`, taken again (after a warm-up) when a server restarted during it. */
async function sampled(workload) {
  for (;;) {
    const before = restarts;
    const sample = await measure(workload);
    if (restarts === before) return sample;
    await measure(workload);
  }
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each workload's throughput relative to its reference (`workload.reference`, else `reference`)
 * measured around it: the median of `rounds` samples; the workloads' and the references' median
 * rates (requests per second). Beside them, in `cpu`, each workload's CPU time per request and its
 * ratio to the reference's (the reference's over the workload's, so that both read as "x0.5: half
 * as fast"), and the references' CPU times (`referenceCpuMs`), medians too.
 */
export async function ratios(reference, workloads, rounds) {
  const referenceOf = (workload) => workload.reference ?? reference;
  const references = [...new Set(workloads.map(referenceOf))];
  for (const workload of [...references, ...workloads]) await measure(workload); // warm up
  const samples = new Map(workloads.map((workload) => [workload.name, { ratio: [], rate: [], cpu: [], cpuMs: [] }]));
  const referenceSamples = new Map(references.map((workload) => [workload.name, { rate: [], cpuMs: [] }]));
  for (let round = 0; round < rounds; round++) {
    let last; // the reference measured last in this round and its sample: the next workload's "before" when they share it
    for (const workload of workloads) {
      const reference = referenceOf(workload);
      const shared = last?.reference === reference;
      const before = shared ? last.sample : await sampled(reference);
      const measured = await sampled(workload);
      const after = await sampled(reference);
      const around = referenceSamples.get(reference.name);
      for (const sample of shared ? [after] : [before, after]) (around.rate.push(sample.rate), around.cpuMs.push(sample.cpuMs));
      const own = samples.get(workload.name);
      own.ratio.push(measured.rate / ((before.rate + after.rate) / 2));
      own.rate.push(measured.rate);
      own.cpu.push((before.cpuMs + after.cpuMs) / 2 / measured.cpuMs);
      own.cpuMs.push(measured.cpuMs);
      last = { reference, sample: after };
    }
  }
  const medians = (map, key) => new Map([...map].map(([name, values]) => [name, median(values[key])]));
  return {
    ratios: medians(samples, "ratio"),
    rates: medians(samples, "rate"),
    referenceRates: medians(referenceSamples, "rate"),
    cpu: new Map([...samples].map(([name, values]) => [name, { ratio: median(values.cpu), ms: median(values.cpuMs) }])),
    referenceCpuMs: medians(referenceSamples, "cpuMs"),
  };
}

/** The references' rates and CPU times, then each workload's ratios: throughput, and CPU time per request. */
export function printRatios(measured) {
  const width = Math.max(...[...measured.referenceRates.keys(), ...measured.ratios.keys()].map((name) => name.length)) + 2;
  console.log(`${"".padEnd(width)}${"throughput".padStart(12)}${"CPU/request".padStart(14)}`);
  for (const [name, rate] of measured.referenceRates) console.log(`${name.padEnd(width)}${`${rate.toFixed(0)}/s`.padStart(12)}${`${measured.referenceCpuMs.get(name).toFixed(2)} ms`.padStart(14)}`);
  for (const [name, ratio] of measured.ratios) {
    const cpu = measured.cpu.get(name);
    console.log(`${name.padEnd(width)}${`x${ratio.toFixed(2)}`.padStart(12)}${`x${cpu.ratio.toFixed(2)}`.padStart(8)} (${cpu.ms.toFixed(2)} ms)`);
  }
}
