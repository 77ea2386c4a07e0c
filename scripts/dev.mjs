// `npm run dev [-- <wrangler dev flags>]`: everything a fresh checkout needs to serve the API
// locally, with D1, R2, the Durable Object, queues and cron embedded by wrangler's local mode.
//   1. .dev.vars (the dev ADMIN_TOKEN and SIGNING_SECRET) from the committed .dev.vars.example,
//      when absent, or the secrets it lacks;
//   2. D1 migrations applied to the local database (idempotent);
//   3. the static assets in place (Scalar's bundle for /v1/reference, scripts/scalar-assets.mjs;
//      the reader's stylesheet and script, scripts/reader-assets.mjs, rebuilt on every change);
//   4. wrangler dev, with any flags given after `--` (e.g. `npm run dev -- --port 9000`).
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const wrangler = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js");

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (ADMIN_TOKEN=dev-admin-token, SIGNING_SECRET).");
} else {
  // A checkout from before a secret was added gets that secret's dev value, and nothing else changes.
  const present = new Set(readFileSync(".dev.vars", "utf8").split("\n").map((line) => line.split("=")[0].trim()));
  const missing = readFileSync(".dev.vars.example", "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line) && !present.has(line.split("=")[0]));
  if (missing.length > 0) {
    appendFileSync(".dev.vars", `\n${missing.join("\n")}\n`);
    console.log(`Added to .dev.vars: ${missing.map((line) => line.split("=")[0]).join(", ")}.`);
  }
}

// CI=true keeps wrangler from asking for confirmation before applying migrations.
const migrate = spawnSync(process.execPath, [wrangler, "d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"], {
  stdio: "inherit",
  env: { ...env, CI: "true" },
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const assets = spawnSync(process.execPath, ["scripts/scalar-assets.mjs"], { stdio: "inherit" });
if (assets.status !== 0) process.exit(assets.status ?? 1);
const readerAssets = spawnSync(process.execPath, ["scripts/reader-assets.mjs"], { stdio: "inherit" });
if (readerAssets.status !== 0) process.exit(readerAssets.status ?? 1);
// Edits to the reader's styles or islands are rebuilt while the server runs (wrangler dev sees the new files).
const readerWatch = spawn(process.execPath, ["scripts/reader-assets.mjs", "--watch"], { stdio: "inherit" });

const dev = spawn(process.execPath, [wrangler, "dev", "-c", "wrangler.toml", "--test-scheduled", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => {
  readerWatch.kill();
  process.exit(code ?? 0);
});
