import { GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createOrganization, createUser, gitbookClient, memberRole, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { ALL_FALSE, type Permissions, freshDomain, getOrganization, mapAll, organizationIdsForDomain, random, readOrganization, walkOrganizations } from "../../helpers/suites/organizations";

/** Organizations: listing the caller's, creating one, reading one, and the list agreeing with the read. */

describe("the spec check used in this file", () => {
  it("rejects bodies GitBook's spec does not allow", () => {
    expect(() => expectSpecResponse("getOrganizationById", 200, { object: "organization" })).toThrow();
    expect(() => expectSpecResponse("getOrganizationsForEmailDomain", 200, { organizations: [{ id: 1 }] })).toThrow();
    expect(() => expectSpecResponse("updateOrganizationById", 200, [])).toThrow();
  });
});

describe("GET /v1/orgs (listOrganizationsForAuthenticatedUser)", () => {
  const ORGANIZATIONS = 7;
  let user: TestUser;
  let other: TestUser;
  let expectedIds: string[];
  let otherOwnOrganizationId: string;

  beforeAll(async () => {
    user = await createUser("lister");
    other = await createUser("lister-other");
    expectedIds = [];
    for (let i = 0; i < ORGANIZATIONS - 1; i++) expectedIds.push((await createOrganization(user)).id);
    // One organization the user belongs to without having created it.
    const shared = await createOrganization(other);
    await addMember(other, shared.id, user, "read");
    expectedIds.push(shared.id);
    // And one the user does not belong to.
    otherOwnOrganizationId = (await createOrganization(other)).id;
  });

  it.each([1, 2, 3, 7, 1000, undefined])("walks every organization exactly once with limit=%s", async (limit) => {
    // walkList (in walkOrganizations) asserts the walk took max(1, ceil(ORGANIZATIONS / (limit ?? 50))) pages.
    const ids = await walkOrganizations(user, ORGANIZATIONS, limit);
    expect(new Set(ids).size, `duplicates in ${ids.join(",")}`).toBe(ids.length);
    expect([...ids].sort()).toEqual([...expectedIds].sort());
    expect(ids).not.toContain(otherOwnOrganizationId);
  });

  it("lists oldest first, in the same order whatever the page size", async () => {
    const all = await call("GET", "/v1/orgs?limit=1000", { token: user.token });
    expect(all.status).toBe(200);
    const createdAt: string[] = all.body.items.map((item: { createdAt: string }) => item.createdAt);
    expect([...createdAt].sort()).toEqual(createdAt);
    const order = all.body.items.map((item: { id: string }) => item.id);
    for (const limit of [1, 2, 3]) expect(await walkOrganizations(user, ORGANIZATIONS, limit)).toEqual(order);
  });

  it("gives each organization the caller's own permissions", async () => {
    const all = await call("GET", "/v1/orgs?limit=1000", { token: user.token });
    const shared = all.body.items.find((item: { id: string }) => item.id === expectedIds.at(-1));
    expect(shared.permissions.admin).toBe(false);
    expect(shared.permissions.view).toBe(true);
    const own = all.body.items.filter((item: { id: string }) => item.id !== expectedIds.at(-1));
    expect(own).toHaveLength(ORGANIZATIONS - 1);
    for (const item of own) expect(item.permissions.admin).toBe(true);
  });

  it("never lists organizations of other users", async () => {
    const ids = await walkOrganizations(other, 2, 1);
    expect(ids.sort()).toEqual([expectedIds.at(-1), otherOwnOrganizationId].sort());
    const stranger = await createUser("lister-stranger");
    const empty = await call("GET", "/v1/orgs", { token: stranger.token });
    expect(empty.status).toBe(200);
    expectSpecResponse("listOrganizationsForAuthenticatedUser", 200, empty.body);
    expect(empty.body).toEqual({ items: [], count: 0 });
  });

  it("refuses limit above 1000 or not a number, naming limit", async () => {
    for (const limit of ["1001", "abc", "-1", "1.5"]) {
      const response = await call("GET", `/v1/orgs?limit=${limit}`, { token: user.token });
      expect(errorMessage(response, 400), `limit=${limit}`).toContain("limit");
    }
  });

  it("refuses a page value that is not a cursor of this list, naming page", async () => {
    for (const page of ["garbage", "eyJzIjoiY3JlYXRlZEF0In0", "%00%01", "e30"]) {
      const response = await call("GET", `/v1/orgs?page=${page}`, { token: user.token });
      expect(errorMessage(response, 400), `page=${page}`).toContain("page");
    }
    // A real cursor, but of another list (members of an organization with two members).
    const extra = await createUser("lister-extra");
    await addMember(user, expectedIds[0]!, extra, "read");
    const again = await call("GET", `/v1/orgs/${expectedIds[0]}/members?limit=1`, { token: user.token });
    expect(again.status).toBe(200);
    expect(again.body.next?.page).toEqual(expect.any(String));
    const foreign = await call("GET", `/v1/orgs?page=${encodeURIComponent(again.body.next.page)}`, { token: user.token });
    expect(errorMessage(foreign, 400)).toContain("page");
  });

  it("needs a valid token", async () => {
    expect((await call("GET", "/v1/orgs")).status).toBe(401);
    expect((await call("GET", "/v1/orgs", { token: "not-a-token" })).status).toBe(401);
  });

  it("pages through GitBook's client", async () => {
    const client = gitbookClient(user);
    const seen: string[] = [];
    let page: string | undefined;
    let rounds = 0;
    do {
      const { data, status } = await client.orgs.listOrganizationsForAuthenticatedUser({ limit: 3, ...(page ? { page } : {}) });
      expect(status).toBe(200);
      expect(data.count).toBe(ORGANIZATIONS);
      seen.push(...data.items.map((item) => item.id));
      page = data.next?.page;
      rounds += 1;
    } while (page && rounds < 10);
    expect(rounds).toBe(3);
    expect(seen.sort()).toEqual([...expectedIds].sort());
  });
});

describe("POST /v1/orgs (createOrganization)", () => {
  it("creates the organization with the caller as admin", async () => {
    const user = await createUser("creator");
    const title = `Acme ${random()}`;
    const response = await call("POST", "/v1/orgs", { token: user.token, body: { title } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectSpecResponse("createOrganization", 201, response.body);
    const organization = response.body;
    expect(organization.object).toBe("organization");
    expect(organization.title).toBe(title);
    expect(organization.emailDomains).toEqual([]);
    expect(new Date(organization.createdAt).toISOString()).toBe(organization.createdAt);
    expect(response.headers.get("location")).toBe(organization.urls.location);
    expect(organization.urls.location).toMatch(new RegExp(`/v1/orgs/${organization.id}$`));
    expect(organization.permissions.admin).toBe(true);
    expect(organization.permissions.view).toBe(true);
    expect(organization.permissions.createContent).toBe(true);

    expect(await memberRole(user, organization.id, user.id)).toBe("admin");
    const read = await readOrganization(user, organization.id);
    expect(read).toEqual(organization);
    const list = await call("GET", "/v1/orgs", { token: user.token });
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([organization.id]);
  });

  it("normalizes emailDomains to lower case without duplicates", async () => {
    const user = await createUser("creator-domains");
    const one = freshDomain("one");
    const two = freshDomain("two");
    const response = await call("POST", "/v1/orgs", {
      token: user.token,
      body: { title: "Domains Inc", emailDomains: [one.toUpperCase(), one, two, `${two.slice(0, 3).toUpperCase()}${two.slice(3)}`] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectSpecResponse("createOrganization", 201, response.body);
    expect(response.body.emailDomains).toEqual([one, two]);
    expect((await readOrganization(user, response.body.id)).emailDomains).toEqual([one, two]);
    // The email-domain index is built from the normalized domains.
    const member = await createUser("creator-domains-reader", `reader@${two}`);
    expect(await organizationIdsForDomain(member, two)).toEqual([response.body.id]);
  });

  it("refuses invalid bodies, naming the field, and creates nothing", async () => {
    const user = await createUser("creator-invalid");
    const cases: Array<{ body: unknown; field: string }> = [
      { body: { title: "A" }, field: "title" },
      { body: { title: "A".repeat(256) }, field: "title" },
      { body: { title: "   " }, field: "title" },
      { body: { title: "" }, field: "title" },
      { body: { title: 42 }, field: "title" },
      { body: {}, field: "title" },
      { body: { emailDomains: [freshDomain()] }, field: "title" },
      { body: { title: "Valid title", emailDomains: ["not a domain"] }, field: "emailDomains" },
      { body: { title: "Valid title", emailDomains: ["@example.com"] }, field: "emailDomains" },
      { body: { title: "Valid title", emailDomains: "example.com" }, field: "emailDomains" },
    ];
    for (const { body, field } of cases) {
      const response = await call("POST", "/v1/orgs", { token: user.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain(field);
    }
    const malformed = await call("POST", "/v1/orgs", { token: user.token, body: '{"title":' });
    expect(errorMessage(malformed, 400)).toMatch(/json/i);
    const notJson = await call("POST", "/v1/orgs", { token: user.token, body: "title=x", headers: { "content-type": "text/plain" } });
    expect(errorMessage(notJson, 415)).toMatch(/json/i);

    const list = await call("GET", "/v1/orgs", { token: user.token });
    expect(list.body.count).toBe(0);
  });

  it("a 255 and a 2 character title are accepted", async () => {
    const user = await createUser("creator-bounds");
    for (const title of ["Ab", "B".repeat(255)]) {
      const response = await call("POST", "/v1/orgs", { token: user.token, body: { title } });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.title).toBe(title);
    }
  });

  it("needs a valid token", async () => {
    expect((await call("POST", "/v1/orgs", { body: { title: "No token" } })).status).toBe(401);
    expect((await call("POST", "/v1/orgs", { token: "wrong", body: { title: "Wrong token" } })).status).toBe(401);
  });

  it("creates through GitBook's client, and surfaces a 400 as GitBookAPIError", async () => {
    const user = await createUser("creator-client");
    const client = gitbookClient(user);
    const domain = freshDomain();
    const { data, status } = await client.orgs.createOrganization({ title: "Client Org", emailDomains: [domain.toUpperCase()] });
    expect(status).toBe(201);
    expect(data.title).toBe("Client Org");
    expect(data.emailDomains).toEqual([domain]);
    expect(data.permissions.admin).toBe(true);
    const { data: read } = await client.orgs.getOrganizationById(data.id);
    expect(read.id).toBe(data.id);

    const error = await client.orgs.createOrganization({ title: "x" }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(400);
    expect((error as GitBookAPIError).errorMessage).toContain("title");
  });
});

describe("GET /v1/orgs/{organizationId} (getOrganizationById)", () => {
  let fixture: Awaited<ReturnType<typeof organizationWithEveryRole>>;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
  });

  it("shows the organization to a member, as GitBook's spec says", async () => {
    const response = await getOrganization(fixture.read, fixture.organization.id);
    expect(response.status).toBe(200);
    expectSpecResponse("getOrganizationById", 200, response.body);
    expect(response.body.id).toBe(fixture.organization.id);
    expect(response.body.title).toBe(fixture.organization.title);
    expect(response.body.urls.location).toBe(fixture.organization.urls.location);
  });

  it("reflects the caller's role in permissions", async () => {
    const expected: Record<string, Permissions> = {
      admin: { ...mapAll(true), ownTeam: false },
      create: {
        ...ALL_FALSE,
        view: true,
        access: true,
        createContent: true,
        createOpenAPISpec: true,
        ingestConversations: true,
        listMembers: true,
        listTeams: true,
        listIntegrations: true,
      },
      guest: { ...ALL_FALSE, view: true },
    };
    for (const role of ["review", "edit", "comment", "read"]) {
      expected[role] = { ...ALL_FALSE, view: true, access: true, listMembers: true, listTeams: true, listIntegrations: true };
    }
    const users: Record<string, TestUser> = {
      admin: fixture.admin,
      create: fixture.create,
      review: fixture.review,
      edit: fixture.edit,
      comment: fixture.comment,
      read: fixture.read,
      guest: fixture.guest,
    };
    for (const [role, user] of Object.entries(users)) {
      const response = await getOrganization(user, fixture.organization.id);
      expect(response.status, role).toBe(200);
      expectSpecResponse("getOrganizationById", 200, response.body);
      expect(response.body.permissions, role).toEqual(expected[role]);
    }
  });

  it("answers 404 to an outsider and for an unknown id, 400 for a malformed id", async () => {
    const outsider = await getOrganization(fixture.outsider, fixture.organization.id);
    expect(errorMessage(outsider, 404)).toContain(fixture.organization.id);
    const unknown = await getOrganization(fixture.admin, `missing${random()}`);
    expect(errorMessage(unknown, 404)).toMatch(/not found/i);
    // An outsider cannot tell "exists but not yours" from "does not exist".
    expect(outsider.body.error.message.replace(fixture.organization.id, "X")).toBe(
      (await getOrganization(fixture.outsider, "X")).body.error.message,
    );
    const malformed = await call("GET", "/v1/orgs/not%20an%20id", { token: fixture.admin.token });
    expect(errorMessage(malformed, 400)).toContain("organizationId");
  });

  it("needs a valid token", async () => {
    const noToken = await call("GET", `/v1/orgs/${fixture.organization.id}`);
    expect(errorMessage(noToken, 401)).toBeTruthy();
    const wrongToken = await call("GET", `/v1/orgs/${fixture.organization.id}`, { token: `${fixture.admin.token}x` });
    expect(errorMessage(wrongToken, 401)).toBeTruthy();
    const notBearer = await call("GET", `/v1/orgs/${fixture.organization.id}`, {
      headers: { authorization: `Basic ${fixture.admin.token}` },
    });
    expect(notBearer.status).toBe(401);
  });

  it("reads through GitBook's client, which throws GitBookAPIError 404 for an outsider", async () => {
    const { data, status } = await gitbookClient(fixture.guest).orgs.getOrganizationById(fixture.organization.id);
    expect(status).toBe(200);
    expect(data.id).toBe(fixture.organization.id);
    expect(data.permissions.view).toBe(true);
    expect(data.permissions.access).toBe(false);

    const error = await gitbookClient(fixture.outsider)
      .orgs.getOrganizationById(fixture.organization.id)
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(404);
  });
});

describe("the organization list agrees with the organization itself", () => {
  it("shows the organization's own sso and ai settings and the caller's ownTeam, as GET one does", async () => {
    const admin = await createUser("list-admin");
    const owner = await createUser("team-owner");
    const organization = await createOrganization(admin);
    await addMember(admin, organization.id, owner, "read");
    expect((await call("PATCH", `/v1/orgs/${organization.id}`, { token: admin.token, body: { sso: true, ai: true } })).status).toBe(200);
    const team = await call("PUT", `/v1/orgs/${organization.id}/teams`, { token: admin.token, body: { title: "Owners" } });
    expect(team.status).toBe(201);
    const role = await call("PUT", `/v1/orgs/${organization.id}/teams/${team.body.id}/members/${owner.id}`, {
      token: admin.token,
      body: { role: "owner" },
    });
    expect(role.status).toBe(204);

    for (const user of [admin, owner]) {
      const one = await call("GET", `/v1/orgs/${organization.id}`, { token: user.token });
      const list = await call("GET", "/v1/orgs", { token: user.token });
      const listed = list.body.items.find((item: { id: string }) => item.id === organization.id);
      expect(listed).toEqual(one.body);
      expect(listed).toMatchObject({ sso: true, ai: true, permissions: { ownTeam: user === owner } });
    }
  });
});
