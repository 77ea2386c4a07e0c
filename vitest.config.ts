import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

/**
 * Tests whose assertions read the whole deployment (every deleted space the purge finds, every
 * dead-lettered job) get storage of their own per file; the rest share one runtime per worker.
 */
const WHOLE_DEPLOYMENT_TESTS = ["test/cron/**/*.test.ts", "test/queues/**/*.test.ts"];

// Starting the Workers runtime costs about 2.5 s per isolated file, more than most files' tests.
// So API tests share storage across the files one worker runs: every test builds its own
// fixtures with unique names (test/helpers/fixtures.ts) and never asserts on rows it did not make.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest({
        main: "./src/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, ADMIN_TOKEN: "test-admin-token", SIGNING_SECRET: "test-signing-secret" },
        },
      }),
    ],
    test: {
      setupFiles: ["./test/helpers/apply-migrations.ts"],
      testTimeout: 20_000,
      // Worker request logs are shown only for failing tests.
      silent: "passed-only" as const,
      reporters: ["default", "./test/summary-reporter.ts"],
      projects: [
        { extends: true as const, test: { name: "api", include: ["test/**/*.test.ts"], exclude: WHOLE_DEPLOYMENT_TESTS, isolate: false } },
        { extends: true as const, test: { name: "whole-deployment", include: WHOLE_DEPLOYMENT_TESTS } },
      ],
    },
  };
});
