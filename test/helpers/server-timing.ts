import type { ApiResponse } from "./http";

/** The Server-Timing header of a response, parsed: D1 round trips and time, total, every metric. */

export interface Timing {
  d1: { dur: number; roundTrips: number };
  total: number;
  metrics: Map<string, { dur?: number; desc?: string }>;
}

export function serverTiming(response: ApiResponse): Timing {
  const header = response.headers.get("server-timing");
  if (!header) throw new Error(`No Server-Timing header (status ${response.status})`);
  const metrics = new Map<string, { dur?: number; desc?: string }>();
  for (const metric of header.split(/,\s*/)) {
    const [name, ...params] = metric.split(";");
    const entry: { dur?: number; desc?: string } = {};
    for (const param of params) {
      const [key, value] = param.split("=") as [string, string];
      if (key === "dur") entry.dur = Number(value);
      if (key === "desc") entry.desc = value.replace(/^"|"$/g, "");
    }
    metrics.set(name!, entry);
  }
  const d1 = metrics.get("d1");
  const total = metrics.get("total");
  if (!d1 || !total || d1.dur === undefined || total.dur === undefined) throw new Error(`Incomplete Server-Timing: ${header}`);
  const roundTrips = Number(d1.desc?.match(/^(\d+) round trips?$/)?.[1]);
  return { d1: { dur: d1.dur, roundTrips }, total: total.dur, metrics };
}
