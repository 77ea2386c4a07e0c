import { expect, it } from "vitest";
import packageJson from "../../../package.json";
import { createUser, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";

/** GET /v1/ (GitBook's `getApiInformation`): this deployment's release and when it was deployed. */

it("answers the release (package.json's version) and its build date, in GitBook's shape, through GitBook's client", async () => {
  const user = await createUser("api-information");
  const { data } = await gitbookClient(user).getApiInformation();
  expectSpecResponse("getApiInformation", 200, data);
  expect(data.version).toBe(packageJson.version);
  // The Worker version's upload time: under the pool, when the local runtime started (before now).
  expect(new Date(data.build).toISOString()).toBe(data.build);
  expect(Date.parse(data.build)).toBeLessThanOrEqual(Date.now());
  // The same on every request, for every caller: it is the deployed version's, not the request's.
  const again = await call("GET", "/v1/", { token: (await createUser("api-information-other")).token });
  expect(again.status).toBe(200);
  expect(again.body).toEqual(data);
});

it("needs a token (401), as every /v1 route but the published URLs", async () => {
  errorMessage(await call("GET", "/v1/"), 401);
  errorMessage(await call("GET", "/v1/", { token: "gb_api_unknown" }), 401);
});

it("is in the OpenAPI document at GitBook's path", async () => {
  const document = await call("GET", "/v1/openapi.json");
  expect(document.body.paths["/v1/"]?.get?.operationId).toBe("getApiInformation");
});
