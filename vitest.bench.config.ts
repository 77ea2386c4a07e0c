import { defineConfig } from "vitest/config";
import testConfig from "./vitest.config";

// `npm run bench`: the benchmarks in bench/ run in the same Workers pool as the tests, but are
// kept out of `npm test` (they print numbers; they assert nothing about time).
/**
 * The Worker's request log lines, as workerd prints them when a benchmark measures with workerd's
 * own console (bench/helpers/runtime-console.ts): dropped, so the output is only the results.
 */
const REQUEST_LOG_LINE = '{"level"';
const writeStdout = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: unknown, ...rest: unknown[]) =>
  typeof chunk === "string" && chunk.startsWith(REQUEST_LOG_LINE) ? true : writeStdout(chunk as string, ...(rest as []))) as typeof process.stdout.write;

export default defineConfig(async (env) => {
  const config = await testConfig(env);
  return {
    ...config,
    test: {
      ...config.test,
      include: ["bench/**/*.ts"],
      // Shared setup of the benchmarks (seeding), not benchmarks; the HTTP benchmark, a Node script of
      // its own (`npm run bench:http`); and the profiles (bench/profile/: where one request's time
      // goes, by ablation), which run only when asked for.
      exclude: ["bench/helpers/**", "bench/http/**", ...(process.env.BENCH_PROFILE ? [] : ["bench/profile/**"])],
      // bench/profile/list-pages.ts prints the D1 answers it recorded, for a CPU profile in Node.
      // BENCH_PROFILE_LISTS=<regular expression>: only the lists whose name matches it.
      provide: { benchProfileReplay: Boolean(process.env.BENCH_PROFILE_REPLAY), benchProfileLists: process.env.BENCH_PROFILE_LISTS ?? "" },
      // One run of the benchmarks alone, in storage of their own.
      projects: undefined,
      reporters: ["default"],
      silent: false,
      // Only the results: the Worker's request log lines are dropped.
      onConsoleLog: (log: string) => !log.startsWith(REQUEST_LOG_LINE),
    },
  };
});
