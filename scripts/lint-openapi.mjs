// `npm run lint:openapi` (part of `npm test`): the OpenAPI document the Worker serves at /v1/openapi.json, linted by
// Redocly and by Spectral (its `spectral:oas` ruleset), so tools that generate clients, docs or
// collections from it (Swagger UI, Postman, generators) can use it as served.
//
// The document is built in Node from the same app the Worker runs (src/app.ts bundled with
// esbuild), not copied or hand-written, so what is linted is what is served.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const ORIGIN = "https://docs-cms.test";
const folder = mkdtempSync(join(tmpdir(), "openapi-"));

const bundle = await build({
  entryPoints: ["src/app.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  write: false,
  logLevel: "error",
  external: ["cloudflare:*"],
  // The PDF renderer's fonts (binary modules in the Worker, wrangler.toml `[[rules]]`).
  loader: { ".ttf": "binary" },
  // Some dependencies are CommonJS and require Node built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
const bundlePath = join(folder, "app.mjs");
writeFileSync(bundlePath, bundle.outputFiles[0].text);
const { createApp } = await import(pathToFileURL(bundlePath).href);

// The document route needs no binding; the per-request services get inert stand-ins.
const response = await createApp().request(`${ORIGIN}/v1/openapi.json`, {}, { DB: { withSession: () => ({}) }, APP_URL: "" });
if (response.status !== 200) {
  console.error(`GET /v1/openapi.json answered ${response.status}: ${await response.text()}`);
  process.exit(1);
}
const document = await response.json();
const documentPath = join(folder, "openapi.json");
writeFileSync(documentPath, JSON.stringify(document, null, 2));

const linters = [
  ["redocly", ["lint", documentPath, "--config", "redocly.yaml", "--max-problems", "200"]],
  ["spectral", ["lint", documentPath, "--ruleset", ".spectral.yaml", "--fail-severity", "warn"]],
];
let failed = reportProblems(ownChecks(document));
for (const [command, args] of linters) {
  const run = spawnSync(join("node_modules", ".bin", command), args, { stdio: "inherit", env: { ...process.env, NO_COLOR: "1" } });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

/**
 * Mistakes neither linter reports, each of which broke a real client: a server URL that repeats the
 * paths' /v1 prefix (every call went to /v1/v1/...), a JavaScript regex flag left in a `pattern`
 * (it then matches nothing), and a nullable component written as `allOf` (it then refuses null).
 */
function ownChecks(document) {
  const problems = [];
  const prefixes = new Set(Object.keys(document.paths).map((path) => path.split("/")[1]));
  for (const server of document.servers ?? []) {
    const serverPath = new URL(server.url).pathname.replace(/\/$/, "");
    if (serverPath && [...prefixes].some((prefix) => serverPath.endsWith(`/${prefix}`))) {
      problems.push(`servers: '${server.url}' ends with a prefix every path already starts with`);
    }
  }
  const visit = (node, at) => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${at}/${index}`));
    if (typeof node !== "object" || node === null) return;
    if (typeof node.pattern === "string" && /\/[dgimsuvy]+$/.test(node.pattern)) {
      problems.push(`${at}/pattern: ends with JavaScript regex flags: ${node.pattern.slice(-20)}`);
    }
    if (Array.isArray(node.allOf) && node.allOf.some((part) => Array.isArray(part?.type) && part.type.includes("null"))) {
      problems.push(`${at}: nullable written as allOf (null never validates); use anyOf with {type: "null"}`);
    }
    for (const [key, value] of Object.entries(node)) visit(value, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  };
  visit(document, "#");
  return problems;
}

function reportProblems(problems) {
  for (const problem of problems) console.error(`error  ${problem}`);
  console.log(`own checks: ${problems.length} problems`);
  return problems.length > 0;
}
