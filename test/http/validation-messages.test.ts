import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";

/** Bad input is refused with a message that names the field and what was wrong with it. */
describe("validation messages", () => {
  let user: TestUser;
  let organizationId: string;
  let spaceId: string;
  let changeRequestId: string;

  beforeAll(async () => {
    user = await createUser("messages");
    organizationId = (await createOrganization(user)).id;
    spaceId = (await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: {} })).body.id;
    changeRequestId = (await call("POST", `/v1/spaces/${spaceId}/change-requests`, { token: user.token, body: {} })).body.id;
  });

  it("name the limit a value inside a union broke (a page body over the maximum)", async () => {
    const response = await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`, {
      token: user.token,
      body: { changes: [{ operation: "insert_page", title: "Long", document: { markdown: "a".repeat(300_000) } }] },
    });
    expect(errorMessage(response, 400)).toBe("Invalid body field 'changes[0].document.markdown': Too big: expected string to have <=262144 characters");
  });

  it("say when a query parameter is given more than once", async () => {
    const response = await call("GET", `/v1/orgs/${organizationId}/members?limit=2&limit=3`, { token: user.token });
    expect(errorMessage(response, 400)).toBe("Invalid query parameter 'limit': given 2 times; give it once");
  });

  it("keep accepting parameters that are lists when repeated", async () => {
    const response = await call("GET", `/v1/orgs/${organizationId}/change-requests?status=open&status=draft`, { token: user.token });
    expect(response.status).toBe(200);
  });
});
