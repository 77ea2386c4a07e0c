import { withServers, json, ADMIN_TOKEN } from "./harness.mjs";
import { publishedSite } from "./reader.mjs";
import { readdirSync, readFileSync } from "node:fs";
function procs() {
  const out = new Map();
  for (const e of readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const raw = readFileSync(`/proc/${e}/stat`, "utf8");
      const comm = raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")"));
      const f = raw.split(") ").at(-1).split(" ");
      const cmd = readFileSync(`/proc/${e}/cmdline`, "utf8").replace(/\0/g, " ");
      out.set(Number(e), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), comm, cmd });
    } catch {}
  }
  return out;
}
function tree(root, all) {
  const set = new Set([root]);
  for (let g = true; g; ) { g = false; for (const [pid, p] of all) if (!set.has(pid) && set.has(p.ppid)) (set.add(pid), (g = true)); }
  return set;
}
await withServers(async ({ api }) => {
  const { token } = await json("POST", `${api}/admin/users`, ADMIN_TOKEN, { email: `s-${Date.now()}@example.com`, displayName: "Split" });
  const organization = await json("POST", `${api}/v1/orgs`, token, { title: "Split" });
  const { root, short, long, space } = await publishedSite(api, token, organization);
  const apiPid = [...procs()].find(([, p]) => p.cmd.includes("wrangler.bench-api"))?.[0];
  let n = 0;
  const runs = {
    "short cached": () => `${root}${short.path}`,
    "short rendered": () => `${root}${short.path}?visitor.x=${n++}`,
    "long cached": () => `${root}${long.path}`,
    "long rendered": () => `${root}${long.path}?visitor.x=${n++}`,
    "api long": () => `${api}/v1/spaces/${space.id}/content/page/${long.id}`,
  };
  const headersOf = await fetch(`${root}${long.path}`);
  console.log([...headersOf.headers].filter(([k]) => !k.includes("security")).map(([k, v]) => `${k}: ${v.slice(0, 60)}`).join("\n"));
  await headersOf.arrayBuffer();
  const wanted = process.argv.slice(2);
  for (const [name, url] of Object.entries(runs).filter(([name]) => wanted.length === 0 || wanted.includes(name))) {
    for (let i = 0; i < 30; i++) await (await fetch(url(), { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    const before = procs();
    const N = Number(process.env.N ?? 200);
    let remaining = N;
    await Promise.all(Array.from({ length: 4 }, async () => { while (remaining-- > 0) await (await fetch(url(), { headers: { authorization: `Bearer ${token}`, ...(process.env.IDENTITY ? { "accept-encoding": "identity" } : {}) } })).arrayBuffer(); }));
    await new Promise((r) => setTimeout(r, 500));
    const after = procs();
    const byProc = new Map();
    for (const pid of tree(apiPid, after)) {
      const a = after.get(pid), b = before.get(pid); if (!a) continue;
      const d = a.ticks - (b?.ticks ?? 0);
      const key = `${a.comm} ${a.cmd.replace(/.*node_modules\//, "").slice(0, 50)}`;
      byProc.set(key, (byProc.get(key) ?? 0) + d);
    }
    console.log(`\n${name}: ms per request by process`);
    for (const [k, v] of [...byProc].sort((x, y) => y[1] - x[1])) if (v > 0) console.log(`  ${((v * 10) / N).toFixed(2).padStart(6)}  ${k}`);
  }
});
