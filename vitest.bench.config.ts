import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// `npm run bench`: the benchmarks in bench/ run in the same Workers pool as the tests, but are
// kept out of `npm test` (they print numbers; they assert nothing about time).
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest({
        main: "./src/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, ADMIN_TOKEN: "test-admin-token", SIGNING_SECRET: "bench-signing-secret" },
        },
      }),
    ],
    test: {
      include: ["bench/**/*.ts"],
      setupFiles: ["./test/helpers/apply-migrations.ts"],
      // Only the results: the Worker's request log lines are dropped.
      onConsoleLog: (log: string) => !log.startsWith('{"level"'),
    },
  };
});
