import type { RoundTrips } from "../db/request-binding";

/**
 * The `Server-Timing` header every response carries, e.g.
 * `d1;dur=3.2;desc="2 round trips", cache;dur=0.4;desc="hit", total;dur=5.1`: what the request
 * cost, readable in a browser's network panel or with `curl -i`. In workerd the clock advances
 * only while the Worker waits on I/O, so durations are time spent waiting, not CPU time.
 */
export class ServerTiming {
  private readonly started = performance.now();
  private readonly metrics: string[] = [];

  /** Adds a metric (e.g. the cache's `hit`/`miss`); names are tokens, descriptions are quoted. */
  add(name: string, durationMs: number | null, description?: string): void {
    const parts = [name];
    if (durationMs !== null) parts.push(`dur=${round(durationMs)}`);
    if (description !== undefined) parts.push(`desc="${description.replace(/["\\]/g, "")}"`);
    this.metrics.push(parts.join(";"));
  }

  header(d1: Readonly<RoundTrips>): string {
    const roundTrips = `${d1.count} round trip${d1.count === 1 ? "" : "s"}`;
    return [`d1;dur=${round(d1.ms)};desc="${roundTrips}"`, ...this.metrics, `total;dur=${round(performance.now() - this.started)}`].join(", ");
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
