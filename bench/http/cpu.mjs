// CPU time per request, by process, of the list workloads and the baseline under `wrangler dev`:
// what each request costs the client, wrangler's Node proxy, the proxy's workerd, and the workerd
// running the Worker (with its local D1), read from /proc before and after N requests (Linux only).
// Unlike throughput, CPU time per request moves little with the machine's load. Not part of any
// `npm run` script: `node bench/http/cpu.mjs`, `ONLY=<regular expression>` for some lists, `N`
// requests a list (200). docs/performance.md ("List pages") records what it printed.
import { readFileSync, readdirSync } from "node:fs";
import { ADMIN_TOKEN, json, measure, withServers } from "./harness.mjs";
import { seedListWorkloads } from "./list-workloads.mjs";

const TICK = 100; // clock ticks a second (USER_HZ)

/** Every process: its parent, its CPU time so far (user + system, seconds), its command line. */
function processes() {
  const all = new Map();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
      all.set(Number(pid), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICK, cmd });
    } catch {}
  }
  return all;
}
/** This run's processes, each marked with the server it belongs to (`api` or `base`). */
function descendants() {
  const all = processes();
  const mine = new Map();
  const walk = (pid, server) => {
    for (const [child, info] of all) {
      if (info.ppid !== pid) continue;
      const its = server ?? (info.cmd.includes("bench-api") ? "api" : info.cmd.includes("bench-baseline") ? "base" : undefined);
      mine.set(child, { ...info, server: its });
      walk(child, its);
    }
  };
  walk(process.pid);
  return mine;
}

/** A process as its part in serving a request: wrangler's Node proxy, the proxy's workerd, or the Worker's workerd (the one with an inspector). */
const roleOf = ({ cmd }) => (cmd.includes("workerd") ? (cmd.includes("inspector-addr") ? "worker" : "proxy-workerd") : cmd.includes("esbuild") ? "esbuild" : "node");

const only = process.env.ONLY ? new RegExp(process.env.ONLY, "i") : undefined;
const N = Number(process.env.N ?? 200);

await withServers(async ({ api, base }) => {
  const created = await json("POST", `${api}/admin/users`, ADMIN_TOKEN, { email: `cpu-${Date.now()}@example.com`, displayName: "Cpu" });
  const owner = { id: created.user.id, token: created.token };
  const organization = await json("POST", `${api}/v1/orgs`, owner.token, { title: "Cpu" });
  const space = await json("POST", `${api}/v1/orgs/${organization.id}/spaces`, owner.token, { title: "Ten pages" });
  const lists = await seedListWorkloads({ api, owner, organizationId: organization.id, tenPageSpaceId: space.id });
  const workloads = [
    { name: "baseline", url: `${base}/baseline/${space.id}` },
    { name: "baseline reading 100 rows", url: `${base}/baseline/${space.id}?rows=100` },
    ...lists.filter((workload) => !only || only.test(workload.name)),
  ];
  console.log(`CPU milliseconds a request (${N} requests a list): all processes and the client, then by process`);
  for (const workload of workloads) {
    await measure({ ...workload, requests: 40 }); // warm up
    const before = descendants();
    const client = process.cpuUsage();
    const { rate } = await measure({ ...workload, requests: N });
    const { user, system } = process.cpuUsage(client);
    const after = descendants();
    const perProcess = [];
    let total = (user + system) / 1e6;
    for (const [pid, info] of after) {
      const seconds = info.cpu - (before.get(pid)?.cpu ?? 0);
      total += seconds;
      if (seconds > 0.02) perProcess.push(`${info.server} ${roleOf(info)} ${((seconds * 1000) / N).toFixed(2)}`);
    }
    const perRequest = (seconds) => ((seconds * 1000) / N).toFixed(2);
    console.log(`${workload.name.padEnd(38)} ${rate.toFixed(0).padStart(4)} requests/s  ${perRequest(total)} ms  client ${perRequest((user + system) / 1e6)}  ${perProcess.join("  ")}`);
  }
});
