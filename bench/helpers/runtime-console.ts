/**
 * The console a deployed Worker logs through, for the time of a measurement.
 *
 * Inside the Workers pool, Vitest replaces `console` with its own, which formats every call and
 * sends it to the Vitest process to be shown next to the test: measured, about half the cost of
 * a whole one-query request per line (bench/profile/read-space.ts). A deployed Worker, and `wrangler
 * dev`, log through workerd's own console, which hands the line to the runtime's log pipeline
 * outside the request's JavaScript. Every response of this Worker writes one request log line, so
 * a benchmark measured through Vitest's console measures Vitest. The pool keeps workerd's console
 * as `__console`; measurements run with it (baseline and Worker alike), and vitest.bench.config.ts
 * drops the request lines from the output.
 */
export async function withRuntimeConsole<T>(run: () => Promise<T>): Promise<T> {
  const vitestConsole = consoles.console;
  if (!consoles.__console) throw new Error("The Workers pool did not keep workerd's console as __console");
  consoles.console = consoles.__console;
  try {
    return await run();
  } finally {
    consoles.console = vitestConsole;
  }
}

/** The global console (Vitest's, in the pool) and workerd's own, as the pool keeps it. */
export const consoles = globalThis as unknown as { console: Console; __console?: Console };
