import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { execFileSync } from "node:child_process";
import { defineConfig } from "vitest/config";

/**
 * Tests whose assertions read the whole deployment (every deleted space the purge finds, every
 * dead-lettered job, a database migrated step by step) get storage of their own per file; the rest
 * share one runtime per worker.
 */
const WHOLE_DEPLOYMENT_TESTS = ["test/cron/**/*.test.ts", "test/queues/**/*.test.ts", "test/migrations/**/*.test.ts"];

/**
 * The rate limiter is a binding whose limit is fixed when the runtime starts: the suite runs with
 * one no test reaches, and the rate-limit tests in a runtime of their own with a small one.
 */
const RATE_LIMIT_TESTS = ["test/http/rate-limit.test.ts"];

/** Browser tests: Node, not workerd; they drive chromium against `wrangler dev` (test/e2e/). */
const E2E_TESTS = ["test/e2e/**/*.test.ts"];

/**
 * The e2e project extends nothing of the Workers pool's configuration (no plugin, no setup files):
 * it runs in Node, after the other projects (`groupOrder`), so `wrangler dev` and chromium do not
 * compete for the cores with the pool. Its global setup starts the Worker once and seeds it.
 */
const e2eProject = {
  test: {
    name: "e2e",
    include: E2E_TESTS,
    environment: "node" as const,
    globalSetup: ["./test/e2e/global-setup.ts"],
    // The files share one Node process and its module cache (playwright-core is loaded once); each
    // still has a browser of its own, and a context per test.
    isolate: false,
    // A browser on two busy cores can take a while; nothing waits for these unless a test hangs.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    sequence: { groupOrder: 1 },
  },
};

// Starting the Workers runtime costs about 2.5 s per isolated file, more than most files' tests.
// So API tests share storage across the files one worker runs: every test builds its own
// fixtures with unique names (test/helpers/fixtures.ts) and never asserts on rows it did not make.
export default defineConfig(async () => {
  // The static assets wrangler.toml declares (Scalar's bundle, the reader's stylesheet and script,
  // with the module naming the latter), there even after `npm ci --ignore-scripts`.
  execFileSync(process.execPath, ["scripts/scalar-assets.mjs"], { stdio: "inherit" });
  execFileSync(process.execPath, ["scripts/reader-assets.mjs"], { stdio: "inherit" });
  const migrations = await readD1Migrations("./migrations");
  /** The Worker in the pool, with a rate limiter allowing `limit` requests a minute per token. */
  const worker = (limit: number) =>
    cloudflareTest({
      main: "./src/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        ratelimits: { RATE_LIMITER: { simple: { limit, period: 60 } } },
        // A database of their own for the migration tests, which apply the migrations step by step.
        d1Databases: { MIGRATIONS_DB: "migrations-test" },
        bindings: {
          TEST_MIGRATIONS: migrations,
          ADMIN_TOKEN: "test-admin-token",
          SIGNING_SECRET: "test-signing-secret",
          RATE_LIMIT_REQUESTS: String(limit),
          // Tests run with production's default (private targets refused); a test that needs a
          // local target passes ALLOW_PRIVATE_NETWORK itself.
          ALLOW_PRIVATE_NETWORK: "false",
        },
      },
    });
  return {
    plugins: [worker(1_000_000)],
    test: {
      setupFiles: ["./test/helpers/apply-migrations.ts"],
      // Real services on random loopback ports: a LibreTranslate-compatible translator, for the
      // translation tests, a Git server (git http-backend), for the Git sync tests, and web pages
      // with oEmbed endpoints and metadata, for the embed tests.
      globalSetup: ["./test/translation-service.global.ts", "./test/helpers/git-server.ts", "./test/embed-pages.global.ts"],
      testTimeout: 20_000,
      // Worker request logs are shown only for failing tests.
      silent: "passed-only" as const,
      reporters: ["default", "./test/summary-reporter.ts"],
      projects: [
        { extends: true as const, test: { name: "api", include: ["test/**/*.test.ts"], exclude: [...WHOLE_DEPLOYMENT_TESTS, ...RATE_LIMIT_TESTS, ...E2E_TESTS], isolate: false } },
        { extends: true as const, test: { name: "whole-deployment", include: WHOLE_DEPLOYMENT_TESTS } },
        { extends: true as const, plugins: [worker(5)], test: { name: "rate-limits", include: RATE_LIMIT_TESTS } },
        e2eProject,
      ],
    },
  };
});
