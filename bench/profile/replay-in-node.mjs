// A CPU profile of the Worker's own work on 100-item list pages, in Node, with D1's answers
// replayed (recorded by bench/profile/list-pages.ts in the Workers pool):
//
//   BENCH_PROFILE_REPLAY=1 BENCH_PROFILE=1 npx vitest run --config vitest.bench.config.ts \
//     bench/profile/list-pages.ts > /tmp/replay.txt
//   node bench/profile/replay-in-node.mjs /tmp/replay.txt [list name]
//
// Inside workerd a request's own time cannot be read (its clock moves only on I/O), and throughput
// is noisy on a shared machine; V8's sampling profiler in Node attributes the same JavaScript
// (routing, authentication, building statements, decoding rows, presenters, JSON) to functions
// and to the source files they come from. Prints per list the CPU time per request (the harness's
// own share included: copying the recorded answers) and the share of each source file (self time),
// then the heaviest functions.
import { build } from "esbuild";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [file, only] = process.argv.slice(2);
const REQUESTS = 2000;
const REPEATS = 5;

const folder = mkdtempSync(join(tmpdir(), "replay-"));
const bundle = await build({
  entryPoints: ["src/app.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  write: false,
  logLevel: "error",
  external: ["cloudflare:*"],
  loader: { ".ttf": "binary" },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
const bundlePath = join(folder, "app.mjs");
writeFileSync(bundlePath, bundle.outputFiles[0].text);
const { createApp } = await import(pathToFileURL(bundlePath).href);
const app = createApp();

/** The source file of each line of the bundle, from esbuild's `// path` comments. */
const sourceOfLine = [];
let current = "(bundle)";
for (const line of bundle.outputFiles[0].text.split("\n")) {
  const match = line.match(/^\/\/ ((?:src|node_modules)\/\S+)$/);
  if (match) current = match[1].replace(/^node_modules\/([^/]+|@[^/]+\/[^/]+)\/.*$/, "node_modules/$1");
  sourceOfLine.push(current);
}

function replayedD1(answers) {
  const keyOf = (sql, params) => `${sql} ${JSON.stringify(params)}`;
  const statement = (sql, params = []) => ({
    sql,
    params,
    bind: (...values) => statement(sql, values),
    ...Object.fromEntries(["raw", "all", "first", "run"].map((method) => [method, async () => answer(`${method} ${keyOf(sql, params)}`)])),
  });
  const answer = (key) => {
    if (!answers.has(key)) throw new Error(`not recorded: ${key.slice(0, 300)}`);
    return structuredClone(answers.get(key));
  };
  const database = {
    prepare: (sql) => statement(sql),
    batch: async (statements) => answer(`batch ${statements.map((each) => keyOf(each.sql, each.params)).join(";")}`),
    withSession: () => database,
    getBookmark: () => null,
  };
  return database;
}

const vars = Object.fromEntries([...readFileSync("wrangler.toml", "utf8").matchAll(/^([A-Z_]+) = "([^"]*)"$/gm)].map((match) => [match[1], match[2]]));
const ctx = { waitUntil: () => {}, passThroughOnException: () => {} };

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 50 });

for (const line of readFileSync(file, "utf8").split("\n")) {
  const at = line.indexOf("REPLAY ");
  if (at < 0) continue;
  const { name, url, token, answers } = JSON.parse(line.slice(at + "REPLAY ".length));
  if (only && name !== only) continue;
  const env = {
    ...vars,
    DB: replayedD1(new Map(answers)),
    RATE_LIMITER: { limit: async () => ({ success: true }) },
    JOBS: { send: async () => {}, sendBatch: async () => {} },
  };
  const request = () => app.fetch(new Request(url, { headers: { authorization: `Bearer ${token}` } }), env, ctx).then(async (response) => {
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    return response.text();
  });
  const log = console.log;
  console.log = () => {}; // the request log line
  for (let index = 0; index < 300; index++) await request();
  // CPU time, not wall time, and the least of REPEATS runs: other work on a shared machine moves it less.
  let elapsed = Infinity;
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const started = process.cpuUsage();
    for (let index = 0; index < REQUESTS; index++) await request();
    const { user, system } = process.cpuUsage(started);
    elapsed = Math.min(elapsed, (user + system) / 1000);
  }
  await session.post("Profiler.start");
  for (let index = 0; index < REQUESTS; index++) await request();
  const { profile } = await session.post("Profiler.stop");
  console.log = log;
  summarize(name, profile, elapsed);
}

function summarize(name, profile, elapsed) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfSamples = new Map();
  for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const byFile = new Map();
  const byFunction = new Map();
  for (const [id, samples] of selfSamples) {
    const { callFrame } = byId.get(id);
    const source = callFrame.url.includes("app.mjs") ? sourceOfLine[callFrame.lineNumber] ?? "(bundle)" : callFrame.url ? callFrame.url.replace(/^.*\//, "") : `(${callFrame.functionName || "native"})`;
    byFile.set(source, (byFile.get(source) ?? 0) + samples);
    const fn = `${callFrame.functionName || "(anonymous)"} ${source}:${callFrame.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + samples);
  }
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, samples]) => `  ${((100 * samples) / total).toFixed(1).padStart(5)}%  ${key}`);
  console.log(`\n${name}: ${((elapsed / REQUESTS) * 1000).toFixed(0)} µs of CPU a request (the least of ${REPEATS} runs of ${REQUESTS})\nby source file (self time):`);
  console.log(top(byFile, 18).join("\n"));
  console.log("heaviest functions (self time):");
  console.log(top(byFunction, 25).join("\n"));
}
