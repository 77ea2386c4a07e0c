import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Storage (D1, R2, DO, queues) is isolated per test file, not per test: each file builds its own
// fixtures once and its tests must not depend on running order (see test/helpers/fixtures.ts).
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
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/helpers/apply-migrations.ts"],
      testTimeout: 20_000,
      // Worker request logs are shown only for failing tests.
      silent: "passed-only" as const,
      reporters: ["default", "./test/summary-reporter.ts"],
    },
  };
});
