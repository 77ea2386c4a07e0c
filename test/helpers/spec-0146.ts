import { dereference, encodePointer, validate, type Schema } from "@cfworker/json-schema";
import raw from "gitbook-api-0146/spec/openapi.json";
import { expect } from "vitest";

/**
 * Checks response bodies against GitBook's spec 0.146.0, the version the seed follows (shipped in
 * the `gitbook-api-0146` alias of @gitbook/api): the operations only that version has (support
 * conversations, link reports), and those whose answers must stay valid for clients pinned at it
 * (GitBook's renderer of published content). The spec is OpenAPI 3.0, whose `nullable: true`
 * JSON Schema 2020-12 does not know: it is turned into "or null" once, when the file loads.
 */
const BASE = "https://gitbook.spec/0.146.0/openapi.json";
const spec = withNullables(raw);
const document = spec as unknown as { paths: Record<string, Record<string, any>>; components: Record<string, any> };
const lookup = dereference({ ...(spec as object), $id: BASE } as Schema);
const pointer = (...parts: string[]) => parts.map(encodePointer).join("/");

function withNullables(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullables);
  if (value === null || typeof value !== "object") return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, withNullables(item)]));
  if (nullable !== true) return converted;
  if (typeof converted.type === "string") {
    const enumerated = Array.isArray(converted.enum) ? { enum: [...converted.enum, null] } : {};
    return { ...converted, type: [converted.type, "null"], ...enumerated };
  }
  return { anyOf: [converted, { type: "null" }] };
}

function responseSchema(operationId: string, status: number): Schema {
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation?.operationId !== operationId) continue;
      let location = `#/${pointer("paths", path, method, "responses", String(status))}`;
      let response = operation.responses?.[String(status)];
      if (!response) throw new Error(`GitBook's spec 0.146 has no ${status} response for '${operationId}'`);
      if (response.$ref) {
        location = response.$ref;
        response = document.components.responses[response.$ref.split("/").pop()];
      }
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

/** Asserts that `body` matches a named component schema of GitBook's spec 0.146. */
export function expectSpec0146Schema(name: string, body: unknown): void {
  const schema = lookup[`${BASE}#/${pointer("components", "schemas", name)}`];
  if (!schema) throw new Error(`No schema '${name}' in GitBook's spec 0.146`);
  const result = validate(body, schema, "2020-12", lookup, false);
  const errors = result.errors.slice(0, 12).map((error) => `${error.instanceLocation}: ${error.error}`).join("\n");
  expect(result.valid, `${name} vs GitBook's spec 0.146: ${errors}`).toBe(true);
}

/** The method and path of an operation of GitBook's spec 0.146. */
export function spec0146Operation(operationId: string): { path: string; method: string } | undefined {
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) if (operation?.operationId === operationId) return { path, method };
  }
  return undefined;
}
