// The two `wrangler dev` servers of `npm run bench:http` (bench/http/reads.mjs): the API and the
// one-query baseline (bench/http/baseline-worker.ts), on one local database in a temporary folder.
//
// The API's rate limit is raised for the run and its queue delivers at once (a generated config
// beside wrangler.toml, removed at the end): the limit would otherwise refuse the benchmark's
// 600th request in a minute, and the seeding waits on background jobs (specs, conversations).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ADMIN_TOKEN = "bench-admin-token";

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

/** Starts both servers on a fresh database; `stop()` ends them and removes what the run made. */
export async function startServers() {
  const persist = mkdtempSync(join(tmpdir(), "docs-cms-bench-http-"));
  const children = [];
  const stop = () => {
    for (const child of children) child.kill("SIGINT");
    for (const config of Object.values(configs)) rmSync(config, { force: true });
    rmSync(persist, { recursive: true, force: true });
  };
  try {
    writeConfigs();
    const migrate = spawnSync(process.execPath, [wrangler, "d1", "migrations", "apply", "DB", "--local", "-c", configs.api, "--persist-to", persist], { env, stdio: "ignore" });
    if (migrate.status !== 0) throw new Error("migrations failed");
    const serve = async (config, port) => {
      // Each server its own inspector port too: two `wrangler dev` starting at once would race for the default one.
      const inspectorPort = await freePort();
      const args = ["dev", "-c", config, "--port", String(port), "--inspector-port", String(inspectorPort), "--ip", "127.0.0.1", "--persist-to", persist, "--var", `ADMIN_TOKEN:${ADMIN_TOKEN}`, "--var", "SIGNING_SECRET:bench-signing-secret", "--log-level", "error"];
      children.push(spawn(process.execPath, [wrangler, ...args], { env, stdio: ["ignore", "ignore", "inherit"] }));
    };
    const [apiPort, baselinePort] = [await freePort(), await freePort()];
    await serve(configs.api, apiPort);
    await serve(configs.baseline, baselinePort);
    const api = `http://127.0.0.1:${apiPort}`;
    const base = `http://127.0.0.1:${baselinePort}`;
    await Promise.all([ready(`${api}/v1/openapi.json`), ready(`${base}/baseline/none`)]);
    return { api, base, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** A JSON request to the API: its parsed answer, or an error naming the request. */
export async function json(method, url, token, body) {
  const headers = { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) };
  const response = await fetch(url, { method, headers, body: body && JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}
