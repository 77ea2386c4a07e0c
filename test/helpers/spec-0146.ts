import { dereference, encodePointer, validate, type Schema } from "@cfworker/json-schema";
import { expect } from "vitest";
import latest from "@gitbook/api/spec/openapi.json";
import spec from "gitbook-api-0146/spec/openapi.json";

/**
 * Checks response bodies against GitBook's spec 0.146.0 (the one GitBook's renderer was built
 * against, shipped by the client pinned at that version, `gitbook-api-0146`): for the operations
 * only that version has (support conversations), and for those whose answers must validate against
 * both versions. The checks are spec.ts's.
 */
const BASE = "https://gitbook.spec/0.146.0/openapi.json";
const document = spec as unknown as { paths: Record<string, Record<string, any>>; components: Record<string, any> };
const lookup = dereference({ ...(spec as object), $id: BASE } as Schema);
const pointer = (...parts: string[]) => parts.map(encodePointer).join("/");

function responseSchema(operationId: string, status: number): Schema {
  for (const [path, operations] of Object.entries(document.paths)) {
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

/** The operationIds of GitBook's spec 0.202: an operation both versions have is described by 0.202's (spec.ts). */
const LATEST_OPERATIONS = new Set(
  Object.values((latest as unknown as { paths: Record<string, Record<string, { operationId?: string }>> }).paths).flatMap((operations) =>
    Object.values(operations).map((operation) => operation?.operationId),
  ),
);

/** The operations only GitBook's spec 0.146 has (support conversations, ...), by operationId. */
function only0146(operationId: string): { path: string; method: string; operation: any } | undefined {
  if (LATEST_OPERATIONS.has(operationId)) return undefined;
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) if (operation?.operationId === operationId) return { path, method, operation };
  }
  return undefined;
}

/** The method and path of an operation only GitBook's spec 0.146 has. */
export function spec0146Operation(operationId: string): { path: string; method: string } | undefined {
  const found = only0146(operationId);
  return found && { path: found.path, method: found.method };
}

/** Whether GitBook's spec 0.146 requires the body of an operation only it has: undefined when it takes none or is not there. */
export function spec0146BodyRequired(operationId: string): boolean | undefined {
  const operation = only0146(operationId)?.operation;
  return operation?.requestBody ? operation.requestBody.required === true : undefined;
}
