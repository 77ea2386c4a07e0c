import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createOrganization, createUser, gitbookClient } from "../helpers/fixtures";
import { expectSpecResponse } from "../helpers/spec";

describe("smoke", () => {
  it("creates a user and an organization, and lists it", async () => {
    const user = await createUser("smoke");
    const org = await createOrganization(user);
    expectSpecResponse("createOrganization", 201, org);
    const list = await call("GET", "/v1/orgs", { token: user.token });
    expect(list.status).toBe(200);
    expectSpecResponse("listOrganizationsForAuthenticatedUser", 200, list.body);
    const client = gitbookClient(user);
    const { data } = await client.orgs.listOrganizationsForAuthenticatedUser();
    expect(data.items.map((o) => o.id)).toEqual([org.id]);
  });
});
