import { dereference, encodePointer, validate, type Schema } from "@cfworker/json-schema";
import latest from "@gitbook/api/spec/openapi.json";
import spec from "gitbook-api-0146/spec/openapi.json";
import { expect } from "vitest";

/**
 * Checks response bodies against GitBook's spec 0.146.0 (the whole document, shipped in the
 * `gitbook-api-0146` package), with spec.ts's checks. 0.146 is OpenAPI 3.0: its `nullable: true`
 * is read as JSON Schema's `null` type (what it means), since the validator knows 2020-12 only.
 * Operations are looked up among those only that version has (support conversations, link
 * reports and backlinks: gone from 0.202), which the document test checks against it.
 */
const BASE = "https://gitbook.spec/0.146.0/openapi.json";
const document = withNullTypes(spec) as { paths: Record<string, Record<string, any>>; components: Record<string, any> };
const lookup = dereference({ ...document, $id: BASE } as Schema);
const pointer = (...parts: string[]) => parts.map(encodePointer).join("/");

/** OpenAPI 3.0's `nullable: true` as 2020-12 says it: `null` added to `type` (and `enum`), or a `null` alternative. */
function withNullTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullTypes);
  if (typeof value !== "object" || value === null) return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, withNullTypes(inner)]));
  if (nullable !== true) return converted;
  if (typeof converted.type === "string") {
    const withNull = { ...converted, type: [converted.type, "null"] };
    return Array.isArray(converted.enum) && !converted.enum.includes(null) ? { ...withNull, enum: [...converted.enum, null] } : withNull;
  }
  return { anyOf: [converted, { type: "null" }] };
}

function responseSchema(operationId: string, status: number): Schema {
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation?.operationId !== operationId) continue;
      const response = operation.responses?.[String(status)];
      if (!response) throw new Error(`GitBook's spec 0.146 has no ${status} response for '${operationId}'`);
      const location = response.$ref ?? `#/${pointer("paths", path, method, "responses", String(status))}`;
      const schema = lookup[`${BASE}${location}/${pointer("content", "application/json", "schema")}`];
      if (!schema || schema === true) throw new Error(`No JSON schema for ${status} of '${operationId}'`);
      return schema as Schema;
    }
  }
  throw new Error(`No operation '${operationId}' in GitBook's spec 0.146`);
}

/** Asserts that `body` is what GitBook's spec 0.146 says `operationId` answers with `status`. */
export function expectSpec0146Response(operationId: string, status: number, body: unknown): void {
  const result = validate(body, responseSchema(operationId, status), "2020-12", lookup, false);
  const errors = result.errors.slice(0, 12).map((error) => `${error.instanceLocation}: ${error.error}`).join("\n");
  expect(result.valid, `response of ${operationId} vs GitBook's spec 0.146: ${errors}`).toBe(true);
}

/** The operationIds of GitBook's spec 0.202: an operation 0.146 has and they lack is 0.146's only. */
const inLatest = new Set(Object.values((latest as { paths: Record<string, Record<string, { operationId?: string }>> }).paths).flatMap((operations) => Object.values(operations).map((operation) => operation?.operationId)));

/** The method and path of an operation only GitBook's spec 0.146 has. */
export function spec0146Operation(operationId: string): { path: string; method: string } | undefined {
  if (inLatest.has(operationId)) return undefined;
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) if (operation?.operationId === operationId) return { path, method };
  }
  return undefined;
}

/** Asserts that `body` matches a named component schema of GitBook's spec 0.146, e.g. "RevisionPage". */
export function expectSpec0146Schema(name: string, body: unknown): void {
  const schema = lookup[`${BASE}#/${pointer("components", "schemas", name)}`];
  if (!schema) throw new Error(`No schema '${name}' in GitBook's spec 0.146`);
  const result = validate(body, schema, "2020-12", lookup, false);
  const errors = result.errors.slice(0, 12).map((error) => `${error.instanceLocation}: ${error.error}`).join("\n");
  expect(result.valid, `${name} vs GitBook's spec 0.146: ${errors}`).toBe(true);
}

/** Whether GitBook's spec 0.146 requires the operation's body: undefined when it takes none or is not there. */
export function spec0146BodyRequired(operationId: string): boolean | undefined {
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) if (operation?.operationId === operationId) return operation.requestBody ? operation.requestBody.required === true : undefined;
  }
  return undefined;
}
