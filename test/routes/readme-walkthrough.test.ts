import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createOrganization, createUser, gitbookClient } from "../helpers/fixtures";
import { expectSpecResponse } from "../helpers/spec";

describe("the README walk-through", () => {
  it("creates a user, then an organization, and lists it (curl and GitBook's client)", async () => {
    const user = await createUser("ada");
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
