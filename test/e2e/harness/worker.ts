import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OUTPUT_DIR, PROJECT_ROOT } from "./output";

/**
 * The Worker as a user runs it: `wrangler dev` in local mode on wrangler.toml, its local D1 migrated
 * first by `wrangler d1 execute`. Each run has storage of its own (a temporary `--persist-to`) and a
 * port the system picks (`--port 0`; wrangler prints the address it got), so runs never collide with
 * each other, with `npm run dev` or with another checkout. Its secrets are .dev.vars.example's (what
 * `npm run dev` starts with) given through `--env-file`, which also keeps a developer's own .dev.vars
 * out of the run; the admin token is a new random one per run.
 */

const WRANGLER = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js");
const READY_LINE = /Ready on (http:\/\/\S+)/;
const START_TIMEOUT_MS = 90_000;

export interface RunningWorker {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  adminToken: string;
  logPath: string;
  /** Milliseconds spent applying the migrations, then starting `wrangler dev` until it was ready. */
  timings: { migrationsMs: number; startMs: number };
  stop(): Promise<void>;
}

const WRANGLER_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  // Non-interactive: no confirmation before migrations, no interactive dev session.
  CI: "true",
  // Miniflare otherwise asks workers.cloudflare.com for a `request.cf` sample (3 s lost offline).
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** .dev.vars.example with the admin token replaced: the secrets a fresh `npm run dev` has. */
function writeEnvFile(path: string, adminToken: string): void {
  const example = readFileSync(join(PROJECT_ROOT, ".dev.vars.example"), "utf8");
  const lines = example.split("\n").filter((line) => /^[A-Z_]+=/.test(line) && !line.startsWith("ADMIN_TOKEN="));
  writeFileSync(path, [...lines, `ADMIN_TOKEN=${adminToken}`, ""].join("\n"));
}

/**
 * migrations/*.sql in wrangler's order, as one script. `wrangler d1 migrations apply --local` runs
 * the same SQL but starts a local runtime per migration (over 20 s for 21 files on 2 busy cores,
 * against about 3 s for one `d1 execute`); its bookkeeping table is all it adds, and nothing reads
 * it in a database thrown away after the run.
 */
function migrationsInOrder(): string {
  const directory = join(PROJECT_ROOT, "migrations");
  const names = readdirSync(directory).filter((name) => name.endsWith(".sql"));
  names.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  return names.map((name) => readFileSync(join(directory, name), "utf8")).join("\n");
}

function runToEnd(args: string[], logPath: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [WRANGLER, ...args], { cwd: PROJECT_ROOT, env: WRANGLER_ENV, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      writeFileSync(logPath, output);
      if (code === 0) resolvePromise();
      else reject(new Error(`wrangler ${args.slice(0, 3).join(" ")} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** Resolves with the address `wrangler dev` prints once it serves; rejects if it exits or times out first. */
function waitUntilReady(child: ChildProcess, readLog: () => string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let seen = "";
    const timer = setTimeout(() => fail(new Error(`wrangler dev was not ready within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      seen += chunk;
      const ready = READY_LINE.exec(seen);
      if (ready?.[1]) finish(() => resolvePromise(ready[1]!));
    };
    const onExit = (code: number | null) => fail(new Error(`wrangler dev exited with ${code} before it was ready`));
    const finish = (then: () => void) => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      then();
    };
    const fail = (error: Error) => finish(() => reject(new Error(`${error.message}; its log:\n${readLog().slice(-4000)}`)));
    child.stdout?.on("data", onData);
    child.on("exit", onExit);
  });
}

/** Signals the process group `child` leads (wrangler and its workerd), if it is still there. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export async function startWorker(): Promise<RunningWorker> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const stateDir = mkdtempSync(join(tmpdir(), "docs-cms-e2e-"));
  const persistTo = join(stateDir, "state");
  const envFile = join(stateDir, "dev.vars");
  const adminToken = `e2e-admin-${randomBytes(12).toString("hex")}`;
  writeEnvFile(envFile, adminToken);

  const migrationsStarted = performance.now();
  const migrationsFile = join(stateDir, "migrations.sql");
  writeFileSync(migrationsFile, migrationsInOrder());
  await runToEnd(["d1", "execute", "DB", "--local", "-c", "wrangler.toml", "--persist-to", persistTo, "--file", migrationsFile], join(OUTPUT_DIR, "wrangler-migrations.log"));
  const migrationsMs = performance.now() - migrationsStarted;

  // The Worker's request and console logs, for a failing test's reader.
  const logPath = join(OUTPUT_DIR, "wrangler-dev.log");
  const log = createWriteStream(logPath);
  const devStarted = performance.now();
  // A process group of its own, so stopping it also stops the workerd processes it started.
  const child = spawn(
    process.execPath,
    [WRANGLER, "dev", "-c", "wrangler.toml", "--ip", "127.0.0.1", "--port", "0", "--inspector-port", "0", "--persist-to", persistTo, "--env-file", envFile, "--show-interactive-dev-session=false"],
    { cwd: PROJECT_ROOT, env: WRANGLER_ENV, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise<void>((resolvePromise) => child.on("exit", () => resolvePromise()));

  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      signalGroup(child, "SIGTERM");
      const killer = setTimeout(() => signalGroup(child, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    }
    log.end();
    rmSync(stateDir, { recursive: true, force: true });
  };

  try {
    const origin = await waitUntilReady(child, () => readFileSync(logPath, "utf8"));
    return { origin, adminToken, logPath, timings: { migrationsMs, startMs: performance.now() - devStarted }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
