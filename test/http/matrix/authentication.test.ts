import { beforeAll, expect, it } from "vitest";
import { call, errorMessage } from "../../helpers/http";
import { loadOperations, operationUrl, type Operation } from "./operations";

/** Every /v1 route refuses a caller without a valid token, before anything else is revealed. */

let operations: Operation[] = [];

beforeAll(async () => {
  // Routes anyone may call without a token (resolving a published URL) have tests of their own
  // (test/routes/published): an unknown token is a 401 there too.
  operations = (await loadOperations()).operations.filter(
    (operation) => operation.path.startsWith("/v1/") && operation.path !== "/v1/openapi.json" && !(operation.permission && "anyone" in operation.permission),
  );
});

it("answers 401 without a token, with a malformed header, and with an unknown token", async () => {
  const attempts: Record<string, string>[] = [{}, { authorization: "Basic dXNlcjpwYXNz" }, { authorization: "Bearer gb_api_unknown" }];
  const failures = (
    await Promise.all(
      operations.flatMap((operation) =>
        attempts.map(async (headers) => {
          const { method, operationId, example } = operation;
          const response = await call(method.toUpperCase(), operationUrl(operation), { headers, body: method === "get" ? undefined : (example ?? {}) });
          errorMessage(response, 401);
          return response.status === 401 ? [] : [`${operationId} with ${JSON.stringify(headers)}: ${response.status}`];
        }),
      ),
    )
  ).flat();
  expect(failures).toEqual([]);
});

it("says a well-formed but unknown token is invalid", async () => {
  const response = await call("GET", "/v1/user", { headers: { authorization: "Bearer gb_api_unknown" } });
  expect(errorMessage(response, 401)).toMatch(/invalid/i);
});
