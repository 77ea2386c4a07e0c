// Where a reader request's time goes in the Worker, under `wrangler dev`: V8's sampling CPU
// profiler, through the inspector `wrangler dev` opens, while requests run CONCURRENCY at a time.
// Prints the functions with the most self time and the modules they come from. Not part of any
// `npm run` script: `node bench/http/profile.mjs [cached|rendered] [short|long]` (default: rendered
// long). docs/performance.md ("Reader") records what it found.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { CONCURRENCY, json, ADMIN_TOKEN, withServers } from "./harness.mjs";
import { publishedSite } from "./reader.mjs";

const WebSocket = createRequire(import.meta.url)("ws");
const REQUESTS = 300;
const [mode = "rendered", which = "long"] = process.argv.slice(2);

/** A DevTools protocol session on the Worker's inspector. */
async function inspect(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let id = 0;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    if (message.id !== undefined) pending.get(message.id)?.(message);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const messageId = ++id;
      pending.set(messageId, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result)));
      socket.send(JSON.stringify({ id: messageId, method, params }));
    });
  return { send, close: () => socket.close() };
}

/**
 * The module each line of the bundle comes from: esbuild heads every module's code with a comment
 * naming its path (`// node_modules/micromark/dev/lib/parse.js`, `// src/reader/serve/page.tsx`).
 */
function modulesOf(bundle) {
  const starts = [];
  bundle
    .split("\n")
    .forEach((line, index) => {
      const match = /^\/\/ ((?:node_modules|src|\.\.\/)[^ ]*)$/.exec(line);
      if (match) starts.push([index, match[1].replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*$/, "$1")]);
    });
  return (line) => {
    let low = 0;
    let high = starts.length - 1;
    let found = "(bundle)";
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (starts[middle][0] <= line) {
        found = starts[middle][1];
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
}

/** The API's bundle as `wrangler dev` wrote it (the profile names it `index.js` only). */
function apiBundle() {
  const directory = ".wrangler/tmp";
  for (const entry of readdirSync(directory)) {
    const path = `${directory}/${entry}/index.js`;
    const text = existsSync(path) ? readFileSync(path, "utf8") : "";
    if (text.includes("function serveReader(")) return text;
  }
  throw new Error("the API's bundle is not under .wrangler/tmp");
}

/** Self time by module (a package, or a file of src/) and by function, the largest first. */
function summarize(profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const moduleOf = modulesOf(apiBundle());
  const total = profile.samples.length;
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byModule = new Map();
  const byFunction = new Map();
  const inclusive = new Map();
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const sample of profile.samples) {
    const { callFrame } = byNode.get(sample);
    const module = callFrame.url ? moduleOf(callFrame.lineNumber) : callFrame.functionName;
    add(byModule, module);
    add(byFunction, `${callFrame.functionName || "(anonymous)"} (${module})`);
    // Every function of src/ on the sample's stack, once: where the time is spent from.
    const onStack = new Set();
    for (let id = sample; id !== undefined; id = parentOf.get(id)) {
      const frame = byNode.get(id).callFrame;
      const frameModule = frame.url ? moduleOf(frame.lineNumber) : "";
      if (frameModule.startsWith("src/")) onStack.add(`${frame.functionName || "(anonymous)"} (${frameModule})`);
    }
    for (const name of onStack) add(inclusive, name);
  }
  const print = (title, map, count) => {
    console.log(`\n${title}`);
    for (const [name, samples] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${((100 * samples) / total).toFixed(1).padStart(5)}%  ${name}`);
  };
  console.log(`${total} samples over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
  print("self time by module", byModule, 30);
  print("self time by function", byFunction, 30);
  print("time under each function of src/ (inclusive)", inclusive, 40);
}

await withServers(async ({ api, inspector }) => {
  const { token } = await json("POST", `${api}/admin/users`, ADMIN_TOKEN, { email: `profile-${Date.now()}@example.com`, displayName: "Profile" });
  const organization = await json("POST", `${api}/v1/orgs`, token, { title: "Profile" });
  const { root, short, long } = await publishedSite(api, token, organization);
  const url = `${root}${(which === "short" ? short : long).path}`;
  let claim = 0;
  const next = () => (mode === "cached" ? url : `${url}?visitor.profile=${claim++}`);
  const run = async (count) => {
    let remaining = count;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (remaining-- > 0) await (await fetch(next())).arrayBuffer();
      }),
    );
  };
  await run(50); // warm up
  const session = await inspect(inspector);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 200 });
  await session.send("Profiler.start");
  const started = performance.now();
  await run(REQUESTS);
  const seconds = (performance.now() - started) / 1000;
  const { profile } = await session.send("Profiler.stop");
  session.close();
  console.log(`${mode} ${which} page: ${(REQUESTS / seconds).toFixed(0)} requests a second while profiled`);
  summarize(profile);
});
