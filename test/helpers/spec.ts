import { dereference, encodePointer, validate, type Schema } from "@cfworker/json-schema";
import spec from "@gitbook/api/spec/openapi.json";
import { expect } from "vitest";

/**
 * Checks response bodies against GitBook's published OpenAPI spec (shipped in @gitbook/api).
 * The spec is dereferenced once per test file; each schema is then reached by JSON pointer.
 */
const BASE = "https://gitbook.spec/openapi.json";
const document = spec as unknown as { paths: Record<string, Record<string, any>>; components: Record<string, any> };
const lookup = dereference({ ...(spec as object), $id: BASE } as Schema);

/** The same pointer encoding the dereferencer keys its lookup with (it percent-encodes `{` `}`). */
const pointer = (...parts: string[]) => parts.map(encodePointer).join("/");

function findOperation(operationId: string): { path: string; method: string; operation: any } {
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation?.operationId === operationId) return { path, method, operation };
    }
  }
  throw new Error(`No operation '${operationId}' in GitBook's spec`);
}

/** The JSON schema GitBook's spec gives for one operation's response status. */
function responseSchema(operationId: string, status: number): Schema {
  const { path, method, operation } = findOperation(operationId);
  let response = operation.responses?.[String(status)];
  let location = `#/${pointer("paths", path, method, "responses", String(status))}`;
  if (!response) throw new Error(`GitBook's spec has no ${status} response for '${operationId}'`);
  if (response.$ref) {
    location = response.$ref;
    response = document.components.responses[response.$ref.split("/").pop()];
  }
  const schema = lookup[`${BASE}${location}/${pointer("content", "application/json", "schema")}`];
  if (!schema || schema === true) throw new Error(`No JSON schema for ${status} of '${operationId}'`);
  return schema as Schema;
}

/** Asserts that `body` is what GitBook's spec says `operationId` answers with `status`. */
export function expectSpecResponse(operationId: string, status: number, body: unknown): void {
  const result = validate(body, responseSchema(operationId, status), "2020-12", lookup, false);
  expect(result.valid, `response of ${operationId} vs GitBook's spec: ${describe(result.errors)}`).toBe(true);
}

/** Asserts that `body` matches a named component schema of GitBook's spec, e.g. "Organization". */
export function expectSpecSchema(name: string, body: unknown): void {
  const schema = lookup[`${BASE}#/${pointer("components", "schemas", name)}`];
  if (!schema) throw new Error(`No schema '${name}' in GitBook's spec`);
  const result = validate(body, schema, "2020-12", lookup, false);
  expect(result.valid, `${name} vs GitBook's spec: ${describe(result.errors)}`).toBe(true);
}

/** Every operationId of GitBook's spec, for checking that ours exist there. */
export function specOperation(operationId: string) {
  const { path, method } = findOperation(operationId);
  return { path, method };
}

/** Whether GitBook's spec requires the operation's body: undefined when it takes none. */
export function specBodyRequired(operationId: string): boolean | undefined {
  const { operation } = findOperation(operationId);
  return operation.requestBody ? operation.requestBody.required === true : undefined;
}

function describe(errors: Array<{ instanceLocation: string; error: string }>): string {
  return errors
    .slice(0, 12)
    .map((error) => `${error.instanceLocation}: ${error.error}`)
    .join("\n");
}
