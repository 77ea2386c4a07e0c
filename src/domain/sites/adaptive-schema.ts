import { Validator, type Schema } from "@cfworker/json-schema";
import { badRequest } from "../../lib/errors";

/**
 * The visitor-claims schema of adaptive content (GitBook's `SiteAdaptiveJSONSchema`): a JSON
 * Schema draft-07 object whose `properties` are claims and whose `unsigned` property, when given,
 * is an object of unsigned claims. Checked in two steps: `describeProblem` walks it and says
 * precisely what is wrong (a 400 naming the place), then @cfworker/json-schema compiles it and
 * checks it against the same rules written as a JSON Schema (no eval: that library interprets).
 */

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
export const UNSIGNED_DESCRIPTION = "Unsigned claims of the site visitor.";
const MAX_CLAIM_DEPTH = 8;
const MAX_CLAIMS = 500;

/** GitBook's rules for the schema, as a draft-07 JSON Schema (its spec's definitions, transcribed). */
const PRIMITIVE: Schema = {
  oneOf: [
    { type: "object", properties: { type: { const: "boolean" }, description: { type: "string" } }, required: ["type", "description"], additionalProperties: false },
    {
      type: "object",
      properties: { type: { const: "string" }, enum: { type: "array", items: { type: "string" } }, description: { type: "string" } },
      required: ["type", "enum", "description"],
      additionalProperties: false,
    },
    { type: "object", properties: { type: { const: "string" }, description: { type: "string" } }, required: ["type", "description"], additionalProperties: false },
    { type: "object", properties: { type: { const: "number" }, description: { type: "string" } }, required: ["type", "description"], additionalProperties: false },
  ],
};
const META_SCHEMA: Schema = {
  $schema: DRAFT_07,
  definitions: {
    primitive: PRIMITIVE,
    claim: {
      oneOf: [
        { $ref: "#/definitions/primitive" },
        {
          type: "object",
          properties: { type: { const: "array" }, description: { type: "string" }, items: { $ref: "#/definitions/primitive" } },
          required: ["type", "description", "items"],
          additionalProperties: false,
        },
        {
          type: "object",
          properties: {
            type: { const: "object" },
            description: { type: "string" },
            properties: { type: "object", additionalProperties: { $ref: "#/definitions/claim" } },
            additionalProperties: { const: false },
          },
          required: ["type", "description", "properties", "additionalProperties"],
          additionalProperties: false,
        },
      ],
    },
  },
  type: "object",
  properties: {
    $schema: { enum: [DRAFT_07] },
    type: { const: "object" },
    properties: {
      type: "object",
      properties: {
        unsigned: {
          type: "object",
          properties: {
            type: { const: "object" },
            description: { const: UNSIGNED_DESCRIPTION },
            properties: { type: "object", additionalProperties: { $ref: "#/definitions/claim" } },
            additionalProperties: { const: false },
          },
          required: ["type", "description", "properties", "additionalProperties"],
          additionalProperties: false,
        },
      },
      additionalProperties: { $ref: "#/definitions/claim" },
    },
    additionalProperties: { const: false },
  },
  required: ["type", "properties", "additionalProperties"],
  additionalProperties: false,
};
const metaValidator = new Validator(META_SCHEMA, "7", false);

/** Checks a schema given in a request; a 400 saying what is wrong and where otherwise. */
export function assertAdaptiveSchema(jsonSchema: Record<string, unknown>): void {
  const problem = describeProblem(jsonSchema);
  if (problem) throw badRequest(`Invalid body field 'jsonSchema': ${problem}`);
  const result = metaValidator.validate(jsonSchema);
  if (!result.valid) {
    const deepest = [...result.errors].sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)[0];
    throw badRequest(`Invalid body field 'jsonSchema': ${deepest?.instanceLocation ?? "#"} ${deepest?.error ?? "is not a valid adaptive schema"}`);
  }
  try {
    // Compiles it as the JSON Schema it is (references resolved), and checks that a visitor with
    // no claims satisfies it: claims are optional, a schema that requires none is what GitBook takes.
    const compiled = new Validator(jsonSchema as Schema, "7", false);
    if (!compiled.validate({}).valid) throw new Error("a visitor without claims does not satisfy it");
  } catch (error) {
    throw badRequest(`Invalid body field 'jsonSchema': not a usable JSON Schema (${error instanceof Error ? error.message : "compilation failed"})`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The first problem of the schema, with its place (`properties.plan.type`), or null. */
function describeProblem(schema: Record<string, unknown>): string | null {
  const unknownKey = Object.keys(schema).find((key) => !["$schema", "type", "properties", "additionalProperties"].includes(key));
  if (unknownKey) return `unknown key '${unknownKey}' (allowed: $schema, type, properties, additionalProperties)`;
  if (schema.$schema !== undefined && schema.$schema !== DRAFT_07) return `'$schema' must be "${DRAFT_07}"`;
  if (schema.type !== "object") return `'type' must be "object"`;
  if (schema.additionalProperties !== false) return `'additionalProperties' must be false`;
  if (!isObject(schema.properties)) return `'properties' must be an object of claims`;
  let count = 0;
  const claims = (properties: Record<string, unknown>, place: string, depth: number): string | null => {
    if (depth > MAX_CLAIM_DEPTH) return `'${place}' nests claims deeper than ${MAX_CLAIM_DEPTH}`;
    for (const [name, claim] of Object.entries(properties)) {
      if (++count > MAX_CLAIMS) return `more than ${MAX_CLAIMS} claims`;
      if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) return `claim name '${place}.${name}' must be an identifier (letters, digits, '_', '$'; not starting with a digit)`;
      const problem = place === "properties" && name === "unsigned" ? unsignedProblem(claim) : claimProblem(claim, `${place}.${name}`, depth, claims);
      if (problem) return problem;
    }
    return null;
  };
  return claims(schema.properties, "properties", 0);
}

function unsignedProblem(unsigned: unknown): string | null {
  const place = "properties.unsigned";
  if (!isObject(unsigned)) return `'${place}' must be an object schema of unsigned claims`;
  const extra = Object.keys(unsigned).find((key) => !["type", "description", "properties", "additionalProperties"].includes(key));
  if (extra) return `unknown key '${place}.${extra}'`;
  if (unsigned.type !== "object") return `'${place}.type' must be "object"`;
  if (unsigned.description !== UNSIGNED_DESCRIPTION) return `'${place}.description' must be "${UNSIGNED_DESCRIPTION}"`;
  if (unsigned.additionalProperties !== false) return `'${place}.additionalProperties' must be false`;
  if (!isObject(unsigned.properties)) return `'${place}.properties' must be an object of claims`;
  for (const [name, claim] of Object.entries(unsigned.properties)) {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) return `claim name '${place}.properties.${name}' must be an identifier`;
    const problem = claimProblem(claim, `${place}.properties.${name}`, 1, () => null);
    if (problem) return problem;
  }
  return null;
}

type ClaimsCheck = (properties: Record<string, unknown>, place: string, depth: number) => string | null;

function claimProblem(claim: unknown, place: string, depth: number, nested: ClaimsCheck): string | null {
  if (!isObject(claim)) return `'${place}' must be a claim schema ({type, description})`;
  if (typeof claim.description !== "string") return `'${place}.description' must be a string`;
  const allowed = (...keys: string[]) => {
    const extra = Object.keys(claim).find((key) => !["type", "description", ...keys].includes(key));
    return extra ? `unknown key '${place}.${extra}' for a claim of type ${String(claim.type)}` : null;
  };
  switch (claim.type) {
    case "boolean":
    case "number":
      return allowed();
    case "string":
      if (claim.enum !== undefined && !(Array.isArray(claim.enum) && claim.enum.every((value) => typeof value === "string"))) return `'${place}.enum' must be an array of strings`;
      return allowed("enum");
    case "array": {
      if (!isObject(claim.items)) return `'${place}.items' must be the schema of the items (boolean, string or number)`;
      const problem = claimProblem(claim.items, `${place}.items`, depth, nested);
      if (problem) return problem;
      if (!["boolean", "string", "number"].includes(String(claim.items.type))) return `'${place}.items.type' must be boolean, string or number`;
      return allowed("items");
    }
    case "object":
      if (claim.additionalProperties !== false) return `'${place}.additionalProperties' must be false`;
      if (!isObject(claim.properties)) return `'${place}.properties' must be an object of claims`;
      return allowed("properties", "additionalProperties") ?? nested(claim.properties, `${place}.properties`, depth + 1);
    default:
      return `'${place}.type' must be one of boolean, string, number, array, object`;
  }
}

export interface Claim {
  /** The path under `visitor.claims`, e.g. ["unsigned", "beta"]. */
  path: string[];
  type: "boolean" | "string" | "number" | "array" | "object";
  description: string;
  enum?: string[];
}

/** Every claim of a (checked) schema, objects included, depth first in the schema's order. */
export function claimsOf(jsonSchema: Record<string, unknown>): Claim[] {
  const found: Claim[] = [];
  const walk = (properties: unknown, path: string[]) => {
    if (!isObject(properties)) return;
    for (const [name, claim] of Object.entries(properties)) {
      if (!isObject(claim)) continue;
      const here = [...path, name];
      found.push({
        path: here,
        type: claim.type as Claim["type"],
        description: typeof claim.description === "string" ? claim.description : "",
        ...(Array.isArray(claim.enum) ? { enum: claim.enum as string[] } : {}),
      });
      if (claim.type === "object") walk(claim.properties, here);
    }
  };
  walk(jsonSchema.properties, []);
  return found;
}
