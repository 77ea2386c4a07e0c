import { Validator, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { badRequest } from "../../lib/errors";
import customizationSchema from "./customization-schema.json";

/**
 * Site customization settings as GitBook's SiteCustomizationSettings describes them, checked with
 * GitBook's own schema (customization-schema.json, extracted from its spec by
 * scripts/extract-site-customization-schema.mjs, made strict: unknown keys are refused) by a real
 * JSON Schema validator that needs no eval. Pure: no storage here.
 */

export type Settings = Record<string, unknown>;

/** What a site shows before anyone customized it: every key GitBook's schema requires. */
export const DEFAULT_CUSTOMIZATION: Settings = {
  styling: {
    theme: "clean",
    primaryColor: { light: "#346DDB", dark: "#346DDB" },
    infoColor: { light: "#787878", dark: "#787878" },
    successColor: { light: "#00C950", dark: "#00C950" },
    warningColor: { light: "#FE9A00", dark: "#FE9A00" },
    dangerColor: { light: "#FB2C36", dark: "#FB2C36" },
    corners: "rounded",
    depth: "subtle",
    links: "default",
    font: "Inter",
    monospaceFont: "IBMPlexMono",
    codeTheme: { default: { light: "default-light", dark: "default-dark" }, openapi: { light: "default-light", dark: "default-dark" } },
    background: "plain",
    icons: "regular",
    sidebar: { background: "default", list: "default" },
    search: "prominent",
  },
  internationalization: { locale: "en" },
  favicon: {},
  header: { preset: "default", links: [] },
  footer: { groups: [] },
  themes: { default: "light", toggeable: true },
  feedback: { enabled: false },
  ai: { mode: "search" },
  advancedCustomization: { enabled: true },
  trademark: { enabled: true },
  externalLinks: { target: "self" },
  pagination: { enabled: true },
  // `items` is GitBook's current form; the three switches are the seed's (2.17).
  pageActions: { items: ["markdown", "external-ai", "mcp"], externalAI: true, markdown: true, mcp: true },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
  pdf: { enabled: true },
  git: { showEditLink: false },
};

const isObject = (value: unknown): value is Settings => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `over` laid on `base`: objects merge key by key, anything else (arrays included) replaces, and
 * `null` removes the key (an override cleared: the value underneath shows again).
 */
export function overlay(base: Settings, over: Settings): Settings {
  const result: Settings = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === null) delete result[key];
    else if (isObject(value) && isObject(result[key])) result[key] = overlay(result[key] as Settings, value);
    else result[key] = value;
  }
  return result;
}

/**
 * The favicon is a oneOf of three shapes: an override replaces it whole rather than merging into
 * the one underneath (`{emoji}` over `{icon}` would match neither).
 */
export function overlaySettings(base: Settings, over: Settings): Settings {
  const merged = overlay(base, over);
  if (isObject(over.favicon)) merged.favicon = over.favicon;
  return merged;
}

const validator = new Validator(customizationSchema as unknown as Schema, "2020-12", false);

/** Throws a 400 naming the first offending keys unless `settings` is a complete, valid customization. */
export function assertValidSettings(settings: Settings): void {
  const { valid, errors } = validator.validate(settings);
  if (valid) return;
  const problems = [...new Set(errors.filter((error) => RANK[error.keyword] !== undefined).sort(byRelevance).map(describe))];
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
  throw badRequest(problems.slice(0, 3).join("; ") + more);
}

/**
 * Keys set to null in an override body must be keys the schema knows (a null elsewhere would be
 * dropped silently otherwise). Checked by walking the schema's `properties` along the path.
 */
export function assertKnownNullKeys(body: Settings, path: string[] = []): void {
  for (const [key, value] of Object.entries(body)) {
    const at = [...path, key];
    if (value === null && propertySchema(at) === undefined) throw badRequest(`Invalid body field '${at.join(".")}': not a field this operation accepts`);
    if (isObject(value) && propertySchema(at)) assertKnownNullKeys(value, at);
  }
}

type JsonSchema = { $ref?: string; properties?: Record<string, JsonSchema> };
const definitions = (customizationSchema as unknown as { $defs: Record<string, JsonSchema> }).$defs;
const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => (schema?.$ref ? resolve(definitions[schema.$ref.split("/").pop()!]) : schema);

function propertySchema(path: string[]): JsonSchema | undefined {
  let schema = resolve(definitions.SiteCustomizationSettingsBase);
  for (const key of path) schema = resolve(schema?.properties?.[key]);
  return schema;
}

/** Which errors explain best: an unknown key, then a wrong value, then what is missing or mismatched. */
const RANK: Record<string, number> = { false: 0, enum: 1, type: 2, const: 2, pattern: 2, format: 2, minLength: 2, maxLength: 2, minimum: 2, maximum: 2, minItems: 2, maxItems: 2, propertyNames: 2, required: 3, oneOf: 4 };

function byRelevance(a: OutputUnit, b: OutputUnit): number {
  return RANK[a.keyword]! - RANK[b.keyword]! || b.instanceLocation.length - a.instanceLocation.length;
}

/** `#/header/links/0/to` → `header.links[0].to`. */
function fieldOf(location: string): string {
  return location
    .replace(/^#\/?/, "")
    .split("/")
    .filter((part) => part !== "")
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : `${index ? "." : ""}${part.replace(/~1/g, "/").replace(/~0/g, "~")}`))
    .join("");
}

function describe(error: OutputUnit): string {
  if (error.keyword === "false") return `Invalid body field '${fieldOf(error.instanceLocation)}': not a field this operation accepts`;
  if (error.keyword === "required") {
    const missing = /property "([^"]+)"/.exec(error.error)?.[1] ?? "";
    const parent = fieldOf(error.instanceLocation);
    return `Invalid body field '${parent ? `${parent}.` : ""}${missing}': required`;
  }
  const field = fieldOf(error.instanceLocation);
  const message = error.keyword === "oneOf" ? "does not match any of the shapes GitBook's schema allows" : error.error.replace(/^Instance /, "the value ").replace(/\.$/, "");
  return field ? `Invalid body field '${field}': ${message}` : `Invalid request body: ${message}`;
}
