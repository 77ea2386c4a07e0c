import { beforeAll, expect, it } from "vitest";
import { call } from "../helpers/http";

/**
 * Every status an operation can answer is in the document, so generated clients handle it:
 * a 400 wherever a parameter, query or body is validated, a 413 and a 415 wherever a body is read.
 */

type Operation = { operationId: string; parameters?: unknown[]; requestBody?: unknown; responses: Record<string, unknown> };
let operations: Operation[] = [];

beforeAll(async () => {
  const document = await call("GET", "/v1/openapi.json");
  operations = Object.values<Record<string, Operation>>(document.body.paths).flatMap((methods) => Object.values(methods));
});

const undocumented = (applies: (operation: Operation) => boolean, status: string) =>
  operations.filter((operation) => applies(operation) && !(status in operation.responses)).map((operation) => operation.operationId);

it("documents 400 on every operation that validates input", () => {
  expect(undocumented((operation) => Boolean(operation.parameters?.length || operation.requestBody), "400")).toEqual([]);
});

it("documents 413 and 415 on every operation that reads a body", () => {
  const readsBody = (operation: Operation) => Boolean(operation.requestBody);
  expect([...undocumented(readsBody, "413"), ...undocumented(readsBody, "415")]).toEqual([]);
});
