import { dereference, encodePointer, validate, type Schema } from "@cfworker/json-schema";
import { expect } from "vitest";
import published from "gitbook-api-0146/spec/openapi.json";

/**
 * Checks response bodies against GitBook's spec 0.146.0 (the document the `gitbook-api-0146`
 * client ships), where answers must stay valid beside 0.202 (spec.ts). The document is OpenAPI
 * 3.0: its `nullable: true` is rewritten once into the JSON Schema the validator reads (a `null`
 * type, or `null` in an enum or beside a reference); everything else is checked as written.
 */
const BASE = "https://gitbook.spec/0.146.0/openapi.json";

/** OpenAPI 3.0's `nullable` as JSON Schema 2020-12. */
function withNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullable);
  if (!value || typeof value !== "object") return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const schema = Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, withNullable(inner)]));
  if (nullable !== true) return schema;
  if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"] };
  return { anyOf: [schema, { type: "null" }] };
}

const spec = withNullable(published) as { paths: Record<string, Record<string, any>>; components: Record<string, any> };
const lookup = dereference({ ...spec, $id: BASE } as unknown as Schema);
const pointer = (...parts: string[]) => parts.map(encodePointer).join("/");

function responseSchema(operationId: string, status: number): Schema {
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation?.operationId !== operationId) continue;
      if (!operation.responses?.[String(status)]) throw new Error(`GitBook's spec 0.146 has no ${status} response for '${operationId}'`);
      const schema = lookup[`${BASE}#/${pointer("paths", path, method, "responses", String(status), "content", "application/json", "schema")}`];
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

/** The method and path of an operation of GitBook's spec 0.146. */
export function spec0146Operation(operationId: string): { path: string; method: string } | undefined {
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) if (operation?.operationId === operationId) return { path, method };
  }
  return undefined;
}
