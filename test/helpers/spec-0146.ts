import { dereference, encodePointer, validate, type Schema } from "@cfworker/json-schema";
import published from "gitbook-api-0146/spec/openapi.json";
import { expect } from "vitest";

/**
 * Checks response bodies against GitBook's spec 0.146.0, the version GitBook's renderer is pinned
 * to (`gitbook-api-0146`, @gitbook/api@0.146.0 under an alias, ships it). It is OpenAPI 3.0:
 * `nullable: true` is rewritten as JSON Schema says it (a `null` type, value or branch) before the
 * checks, which are spec.ts's.
 */
const BASE = "https://gitbook.spec/0.146.0/openapi.json";

/** `nullable` (OpenAPI 3.0) as JSON Schema: null joins the type, the enum, or becomes a branch. */
function withoutNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullable);
  if (!value || typeof value !== "object") return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const schema = Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, withoutNullable(inner)]));
  if (nullable !== true) return schema;
  if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"] };
  return { anyOf: [schema, { type: "null" }] };
}

const spec = withoutNullable(published) as { paths: Record<string, Record<string, any>>; components: Record<string, any> };
const lookup = dereference({ ...(spec as object), $id: BASE } as Schema);
const pointer = (...parts: string[]) => parts.map(encodePointer).join("/");

function findOperation(operationId: string): { path: string; method: string; operation: any } | undefined {
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) if (operation?.operationId === operationId) return { path, method, operation };
  }
  return undefined;
}

function responseSchema(operationId: string, status: number): Schema {
  const found = findOperation(operationId);
  if (!found) throw new Error(`No operation '${operationId}' in GitBook's spec 0.146`);
  const { path, method, operation } = found;
  let response = operation.responses?.[String(status)];
  let location = `#/${pointer("paths", path, method, "responses", String(status))}`;
  if (!response) throw new Error(`GitBook's spec 0.146 has no ${status} response for '${operationId}'`);
  if (response.$ref) {
    location = response.$ref;
    response = spec.components.responses[response.$ref.split("/").pop()];
  }
  const schema = lookup[`${BASE}${location}/${pointer("content", "application/json", "schema")}`];
  if (!schema || schema === true) throw new Error(`No JSON schema for ${status} of '${operationId}'`);
  return schema as Schema;
}

const describe = (errors: Array<{ instanceLocation: string; error: string }>) =>
  errors
    .slice(0, 12)
    .map((error) => `${error.instanceLocation}: ${error.error}`)
    .join("\n");

/** Asserts that `body` is what GitBook's spec 0.146 says `operationId` answers with `status`. */
export function expectSpec0146Response(operationId: string, status: number, body: unknown): void {
  const result = validate(body, responseSchema(operationId, status), "2020-12", lookup, false);
  expect(result.valid, `response of ${operationId} vs GitBook's spec 0.146: ${describe(result.errors)}`).toBe(true);
}

/** Asserts that `body` matches a named component schema of GitBook's spec 0.146, e.g. "RevisionPage". */
export function expectSpec0146Schema(name: string, body: unknown): void {
  const schema = lookup[`${BASE}#/${pointer("components", "schemas", name)}`];
  if (!schema) throw new Error(`No schema '${name}' in GitBook's spec 0.146`);
  const result = validate(body, schema, "2020-12", lookup, false);
  expect(result.valid, `${name} vs GitBook's spec 0.146: ${describe(result.errors)}`).toBe(true);
}

/** The method and path of an operation of GitBook's spec 0.146, if it has it. */
export function spec0146Operation(operationId: string): { path: string; method: string } | undefined {
  const found = findOperation(operationId);
  return found && { path: found.path, method: found.method };
}
