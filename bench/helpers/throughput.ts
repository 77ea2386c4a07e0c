import { consoles } from "./runtime-console";

/**
 * Throughput ratios of neighbours, for the read benchmarks (bench/read-cost.ts and the profiles):
 * the machine is shared and noisy, so each sample of a workload is its throughput divided by the
 * mean of the reference's measured just before and just after it, and the median of `rounds`
 * samples is kept. Requests run `CONCURRENCY` at a time.
 */

export const REQUESTS_PER_SAMPLE = 100;
export const CONCURRENCY = 4;

export interface Workload {
  name: string;
  /** Answers a 200, or throws. */
  fetch: () => Promise<Response>;
  /** The console the sample runs with (the one in place otherwise). */
  console?: Console;
}

/** Requests per second of `workload`, `REQUESTS_PER_SAMPLE` of them, `CONCURRENCY` at a time. */
export async function throughput(workload: Workload): Promise<number> {
  let remaining = REQUESTS_PER_SAMPLE;
  const previousConsole = consoles.console;
  if (workload.console) consoles.console = workload.console;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (remaining-- > 0) {
          const response = await workload.fetch();
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${workload.name}: ${response.status}`);
        }
      }),
    );
  } finally {
    consoles.console = previousConsole;
  }
  return REQUESTS_PER_SAMPLE / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each workload's throughput relative to `reference` measured around it: the median of `rounds` samples. */
export async function ratios(reference: Workload, workloads: Workload[], rounds: number): Promise<Map<string, number>> {
  for (const workload of [reference, ...workloads]) await throughput(workload); // warm up
  const samples = new Map<string, number[]>(workloads.map((workload) => [workload.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const workload of workloads) {
      const before = await throughput(reference);
      const measured = await throughput(workload);
      const after = await throughput(reference);
      samples.get(workload.name)!.push(measured / ((before + after) / 2));
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}
