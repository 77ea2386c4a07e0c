// Writes src/domain/sites/customization-schema.json: GitBook's SiteCustomizationSettingsBase and
// every schema it refers to, taken from the published spec (@gitbook/api's spec/openapi.json), as
// one self-contained JSON Schema the Worker validates customization bodies with
// (@cfworker/json-schema: no eval). Made strict on the way: every plain object schema refuses keys
// it does not list (unknown keys are 400s). The seed's keys GitBook's current spec dropped (`pdf`,
// `git`, the `pageActions` switches) are added back. Run: node scripts/extract-site-customization-schema.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve("@gitbook/api/spec/openapi.json"), "utf8"));
const schemas = spec.components.schemas;
const ROOT = "SiteCustomizationSettingsBase";

const needed = new Set();
const collect = (name) => {
  if (needed.has(name)) return;
  needed.add(name);
  walk(schemas[name]);
};
function walk(node) {
  if (Array.isArray(node)) return node.forEach(walk);
  if (!node || typeof node !== "object") return;
  if (typeof node.$ref === "string") collect(node.$ref.split("/").pop());
  for (const value of Object.values(node)) walk(value);
}
collect(ROOT);

/** Rewrites refs into $defs, drops doc-only keywords, and makes plain objects strict. */
function rewrite(node) {
  if (Array.isArray(node)) return node.map(rewrite);
  if (!node || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (["description", "deprecated", "example", "examples", "title"].includes(key) && typeof value !== "object") continue;
    if (key === "$ref") out.$ref = `#/$defs/${value.split("/").pop()}`;
    else if (key === "properties") out.properties = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, rewrite(schema)]));
    else out[key] = rewrite(value);
  }
  if (out.properties && out.additionalProperties === undefined && !out.allOf && !out.anyOf && !out.oneOf) out.additionalProperties = false;
  return out;
}

const defs = Object.fromEntries([...needed].sort().map((name) => [name, rewrite(schemas[name])]));
const root = defs[ROOT];
// The seed's customization keys (2.17) that GitBook's current spec no longer lists.
root.properties.pdf = { type: "object", properties: { enabled: { type: "boolean" } }, required: ["enabled"], additionalProperties: false };
root.properties.git = { type: "object", properties: { showEditLink: { type: "boolean" } }, required: ["showEditLink"], additionalProperties: false };
Object.assign(root.properties.pageActions.properties, { externalAI: { type: "boolean" }, markdown: { type: "boolean" }, mcp: { type: "boolean" } });
root.properties.updatedAt = { type: "string", format: "date-time" };

const document = { $schema: "https://json-schema.org/draft/2020-12/schema", $ref: `#/$defs/${ROOT}`, $defs: defs };
writeFileSync(new URL("../src/domain/sites/customization-schema.json", import.meta.url), JSON.stringify(document) + "\n");
console.log(`${needed.size} schemas, ${JSON.stringify(document).length} characters`);
