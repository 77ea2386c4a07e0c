import { GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createOrganization, createUser, gitbookClient, memberRole, organizationWithEveryRole, type TestUser } from "../helpers/fixtures";
import { call, errorMessage, type ApiResponse } from "../helpers/http";
import { expectSpecResponse } from "../helpers/spec";

/*
 * Organization routes (seed 4.7), through HTTP and through GitBook's official client.
 * Storage is shared by every test of this file: each test builds its own users, organizations
 * and email domains with unique names, and never relies on another test having run.
 */

const random = () => Math.random().toString(36).slice(2, 10);
/** A fresh, valid, lower-case email domain nobody else in this file uses. */
const freshDomain = (label = "acme") => `${label}-${random()}.com`;
/** A fresh hostname of 3 to 32 characters. */
const freshHostname = () => `h${random()}`;

type Permissions = Record<string, boolean>;

async function getOrganization(user: TestUser, organizationId: string): Promise<ApiResponse> {
  return call("GET", `/v1/orgs/${organizationId}`, { token: user.token });
}

/** The organization as `user` reads it now (asserting 200). */
async function readOrganization(user: TestUser, organizationId: string) {
  const response = await getOrganization(user, organizationId);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function patchOrganization(user: TestUser, organizationId: string, body: unknown): Promise<ApiResponse> {
  return call("PATCH", `/v1/orgs/${organizationId}`, { token: user.token, body });
}

async function organizationsForDomain(user: TestUser, domain: string): Promise<ApiResponse> {
  return call("GET", `/v1/email-domains/${domain}/orgs`, { token: user.token });
}

/** Ids of the organizations `user` sees for their own `domain` (asserting 200 and GitBook's spec). */
async function organizationIdsForDomain(user: TestUser, domain: string): Promise<string[]> {
  const response = await organizationsForDomain(user, domain);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getOrganizationsForEmailDomain", 200, response.body);
  return response.body.organizations.map((organization: { id: string }) => organization.id);
}

interface WalkResult {
  ids: string[];
  pages: number;
}

/** Follows `next.page` from the first page to the last, checking every page on the way. */
async function walkOrganizations(user: TestUser, expectedCount: number, limit?: number): Promise<WalkResult> {
  const ids: string[] = [];
  let pages = 0;
  let page: string | undefined;
  do {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set("limit", String(limit));
    if (page !== undefined) query.set("page", page);
    const response = await call("GET", `/v1/orgs${query.size ? `?${query}` : ""}`, { token: user.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("listOrganizationsForAuthenticatedUser", 200, response.body);
    expect(response.body.count).toBe(expectedCount);
    if (limit !== undefined) expect(response.body.items.length).toBeLessThanOrEqual(limit);
    for (const item of response.body.items) {
      expect(item.object).toBe("organization");
      ids.push(item.id);
    }
    pages += 1;
    page = response.body.next?.page;
    if (page !== undefined) {
      expect(typeof page).toBe("string");
      // A page that announces a next page is never empty and is full.
      if (limit !== undefined) expect(response.body.items.length).toBe(limit);
    }
    expect(pages, "pagination does not terminate").toBeLessThanOrEqual(expectedCount + 2);
  } while (page !== undefined);
  return { ids, pages };
}

const ALL_FALSE: Permissions = {
  view: false,
  access: false,
  admin: false,
  ownTeam: false,
  createContent: false,
  createOpenAPISpec: false,
  ingestConversations: false,
  viewBilling: false,
  listMembers: false,
  listTeams: false,
  listIntegrations: false,
  listInstallations: false,
  installIntegration: false,
};

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
    const { ids, pages } = await walkOrganizations(user, ORGANIZATIONS, limit);
    expect(new Set(ids).size, `duplicates in ${ids.join(",")}`).toBe(ids.length);
    expect([...ids].sort()).toEqual([...expectedIds].sort());
    expect(ids).not.toContain(otherOwnOrganizationId);
    expect(pages).toBe(Math.max(1, Math.ceil(ORGANIZATIONS / (limit ?? 50))));
  });

  it("lists oldest first, in the same order whatever the page size", async () => {
    const all = await call("GET", "/v1/orgs?limit=1000", { token: user.token });
    expect(all.status).toBe(200);
    const createdAt: string[] = all.body.items.map((item: { createdAt: string }) => item.createdAt);
    expect([...createdAt].sort()).toEqual(createdAt);
    const order = all.body.items.map((item: { id: string }) => item.id);
    for (const limit of [1, 2, 3]) expect((await walkOrganizations(user, ORGANIZATIONS, limit)).ids).toEqual(order);
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
    const { ids } = await walkOrganizations(other, 2, 1);
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

describe("PATCH /v1/orgs/{organizationId} (updateOrganizationById)", () => {
  /** A fresh admin with a fresh organization and one `read` member. */
  async function freshOrganization(body: Record<string, unknown> = {}) {
    const admin = await createUser("patch-admin");
    const organization = await createOrganization(admin, body);
    const member = await createUser("patch-member");
    await addMember(admin, organization.id, member, "read");
    return { admin, organization, member };
  }

  /** PATCHes as admin, checks 200 + GitBook's spec, and that a re-GET shows the same object. */
  async function applyPatch(admin: TestUser, organizationId: string, body: Record<string, unknown>) {
    const response = await patchOrganization(admin, organizationId, body);
    expect(response.status, `${JSON.stringify(body)} -> ${JSON.stringify(response.body)}`).toBe(200);
    expectSpecResponse("updateOrganizationById", 200, response.body);
    const read = await readOrganization(admin, organizationId);
    expect(read).toEqual(response.body);
    return read;
  }

  it("updates each field, and a re-read shows the change", async () => {
    const { admin, organization, member } = await freshOrganization();
    const id = organization.id;

    const title = `Renamed ${random()}`;
    let current = await applyPatch(admin, id, { title });
    expect(current.title).toBe(title);

    const domain = freshDomain();
    current = await applyPatch(admin, id, { emailDomains: [domain.toUpperCase(), domain] });
    expect(current.emailDomains).toEqual([domain]);
    expect(current.title).toBe(title);

    const hostname = freshHostname();
    current = await applyPatch(admin, id, { hostname });
    expect(current.hostname).toBe(hostname);
    expect(current.emailDomains).toEqual([domain]);

    current = await applyPatch(admin, id, { defaultRole: "edit" });
    expect(current.defaultRole).toBe("edit");
    current = await applyPatch(admin, id, { defaultRole: null });
    expect(current.defaultRole).toBeNull();

    const logo = "https://cdn.example.com/logos/acme.png";
    current = await applyPatch(admin, id, { logo });
    expect(current.urls.logo).toBe(logo);
    current = await applyPatch(admin, id, { title: `${title}!` });
    expect(current.urls.logo).toBe(logo);
    current = await applyPatch(admin, id, { logo: null });
    expect(current.urls).not.toHaveProperty("logo");

    current = await applyPatch(admin, id, { sso: true, ai: true, inviteLinks: false });
    expect([current.sso, current.ai, current.inviteLinks]).toEqual([true, true, false]);
    current = await applyPatch(admin, id, { sso: false, ai: false, inviteLinks: true });
    expect([current.sso, current.ai, current.inviteLinks]).toEqual([false, false, true]);

    const rules = { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [member.id] }] };
    current = await applyPatch(admin, id, { mergeRules: rules });
    expect(current.mergeRules).toEqual(rules);
    current = await applyPatch(admin, id, { mergeRules: { type: "none" } });
    expect(current.mergeRules).toEqual({ type: "none" });

    current = await applyPatch(admin, id, { defaultContent: null });
    expect(current).not.toHaveProperty("defaultContent");

    // Everything set along the way is still there.
    expect(current).toMatchObject({ title: `${title}!`, emailDomains: [domain], hostname, defaultRole: null, sso: false });
    expect(current.permissions.admin).toBe(true);
  });

  it("updates several fields in one request, and an empty body changes nothing", async () => {
    const { admin, organization } = await freshOrganization();
    const before = await readOrganization(admin, organization.id);
    const same = await applyPatch(admin, organization.id, {});
    expect(same).toEqual(before);

    const hostname = freshHostname();
    const after = await applyPatch(admin, organization.id, { title: "Many Fields", hostname, defaultRole: "comment", ai: true });
    expect(after).toMatchObject({ title: "Many Fields", hostname, defaultRole: "comment", ai: true });
    // The admin may set the hostname the organization already has.
    expect((await applyPatch(admin, organization.id, { hostname })).hostname).toBe(hostname);
  });

  it("is refused with 403 to every non-admin role, changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const before = await readOrganization(fixture.admin, fixture.organization.id);
    const members: Array<[string, TestUser]> = [
      ["create", fixture.create],
      ["review", fixture.review],
      ["edit", fixture.edit],
      ["comment", fixture.comment],
      ["read", fixture.read],
      ["guest", fixture.guest],
    ];
    for (const [role, user] of members) {
      for (const body of [{ title: `Hijacked by ${role}` }, { defaultRole: "admin" }, { hostname: freshHostname() }, {}]) {
        const response = await patchOrganization(user, fixture.organization.id, body);
        expect(response.status, `${role} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`).toBe(403);
        expect(errorMessage(response, 403)).toBeTruthy();
      }
    }
    expect(await readOrganization(fixture.admin, fixture.organization.id)).toEqual(before);
  });

  it("answers 404 to an outsider and for an unknown organization, changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const before = await readOrganization(fixture.admin, fixture.organization.id);
    const outsider = await patchOrganization(fixture.outsider, fixture.organization.id, { title: "Taken over" });
    errorMessage(outsider, 404);
    const unknown = await patchOrganization(fixture.admin, `missing${random()}`, { title: "Nobody" });
    errorMessage(unknown, 404);
    expect(await readOrganization(fixture.admin, fixture.organization.id)).toEqual(before);
    expect((await call("PATCH", `/v1/orgs/${fixture.organization.id}`, { body: { title: "No token" } })).status).toBe(401);
  });

  it("refuses invalid values with 400 naming the field, changing nothing", async () => {
    const { admin, organization } = await freshOrganization();
    const stranger = await createUser("patch-stranger");
    const before = await readOrganization(admin, organization.id);
    const cases: Array<{ body: Record<string, unknown>; field: string }> = [
      { body: { hostname: "ab" }, field: "hostname" },
      { body: { hostname: "h".repeat(33) }, field: "hostname" },
      { body: { hostname: null }, field: "hostname" },
      { body: { hostname: "has space" }, field: "hostname" },
      { body: { hostname: "-leading" }, field: "hostname" },
      { body: { hostname: "trailing-" }, field: "hostname" },
      { body: { hostname: "dots.not.allowed" }, field: "hostname" },
      { body: { logo: "not a url" }, field: "logo" },
      { body: { logo: `https://cdn.example.com/${"a".repeat(2048)}` }, field: "logo" },
      { body: { logo: "javascript:alert(1)" }, field: "logo" },
      { body: { title: "T".repeat(256) }, field: "title" },
      { body: { title: "T" }, field: "title" },
      { body: { title: "   " }, field: "title" },
      { body: { emailDomains: ["not a domain"] }, field: "emailDomains" },
      { body: { defaultRole: "owner" }, field: "defaultRole" },
      { body: { sso: "yes" }, field: "sso" },
      { body: { mergeRules: { type: "inherit" } }, field: "mergeRules" },
      { body: { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers" }] } }, field: "mergeRules" },
      { body: { defaultContent: { type: "site", site: "x" } }, field: "defaultContent" },
      {
        body: { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [stranger.id] }] } },
        field: "mergeRules",
      },
      {
        body: { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [`nobody${random()}`] }] } },
        field: "mergeRules",
      },
    ];
    for (const { body, field } of cases) {
      // A valid change rides along: the whole request must be refused, not only the bad field.
      const response = await patchOrganization(admin, organization.id, { title: `Changed ${random()}`, ...body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain(field);
    }
    const malformed = await patchOrganization(admin, organization.id, '{"title":');
    expect(malformed.status).toBe(400);
    expect(await readOrganization(admin, organization.id)).toEqual(before);
  });

  it("accepts hostname and logo at their limits", async () => {
    const { admin, organization } = await freshOrganization();
    const shortest = `a${random().slice(0, 2)}`;
    expect((await applyPatch(admin, organization.id, { hostname: shortest })).hostname).toBe(shortest);
    const longest = `${random()}${"x".repeat(32)}`.slice(0, 32);
    expect((await applyPatch(admin, organization.id, { hostname: longest })).hostname).toBe(longest);
    const prefix = "https://cdn.example.com/";
    const logo = `${prefix}${"l".repeat(2048 - prefix.length)}`;
    expect(logo).toHaveLength(2048);
    expect((await applyPatch(admin, organization.id, { logo })).urls.logo).toBe(logo);
  });

  it("answers 409 for a hostname another organization uses, changing nothing", async () => {
    const first = await freshOrganization();
    const second = await freshOrganization({ emailDomains: [freshDomain()] });
    const hostname = freshHostname();
    await applyPatch(first.admin, first.organization.id, { hostname });
    const before = await readOrganization(second.admin, second.organization.id);
    const [oldDomain] = before.emailDomains as string[];
    const newDomain = freshDomain();

    const response = await patchOrganization(second.admin, second.organization.id, {
      hostname,
      title: "Should not stick",
      emailDomains: [newDomain],
    });
    expect(errorMessage(response, 409)).toContain(hostname);
    expect(await readOrganization(second.admin, second.organization.id)).toEqual(before);
    expect((await readOrganization(first.admin, first.organization.id)).hostname).toBe(hostname);
    // The email-domain index did not move either.
    const oldUser = await createUser("conflict-old", `someone@${oldDomain}`);
    expect(await organizationIdsForDomain(oldUser, oldDomain!)).toEqual([second.organization.id]);
    const newUser = await createUser("conflict-new", `someone@${newDomain}`);
    expect(await organizationIdsForDomain(newUser, newDomain)).toEqual([]);
  });

  it("treats hostnames case-insensitively, as DNS does", async () => {
    const first = await freshOrganization();
    const second = await freshOrganization();
    const hostname = freshHostname();
    expect((await applyPatch(first.admin, first.organization.id, { hostname: hostname.toUpperCase() })).hostname).toBe(hostname);
    const before = await readOrganization(second.admin, second.organization.id);
    for (const taken of [hostname, hostname.toUpperCase(), `${hostname[0]!.toUpperCase()}${hostname.slice(1)}`]) {
      const response = await patchOrganization(second.admin, second.organization.id, { hostname: taken });
      expect(errorMessage(response, 409), taken).toContain("hostname");
    }
    expect(await readOrganization(second.admin, second.organization.id)).toEqual(before);
  });

  it("keeps GET /v1/email-domains/{domain}/orgs in step with emailDomains", async () => {
    const oldDomain = freshDomain("old");
    const keptDomain = freshDomain("kept");
    const newDomain = freshDomain("new");
    const { admin, organization } = await freshOrganization({ emailDomains: [oldDomain, keptDomain] });
    const oldUser = await createUser("domain-old", `someone@${oldDomain}`);
    const keptUser = await createUser("domain-kept", `someone@${keptDomain}`);
    const newUser = await createUser("domain-new", `someone@${newDomain}`);
    expect(await organizationIdsForDomain(oldUser, oldDomain)).toEqual([organization.id]);
    expect(await organizationIdsForDomain(newUser, newDomain)).toEqual([]);

    await applyPatch(admin, organization.id, { emailDomains: [keptDomain, newDomain.toUpperCase()] });
    expect(await organizationIdsForDomain(oldUser, oldDomain)).toEqual([]);
    expect(await organizationIdsForDomain(keptUser, keptDomain)).toEqual([organization.id]);
    expect(await organizationIdsForDomain(newUser, newDomain)).toEqual([organization.id]);

    await applyPatch(admin, organization.id, { emailDomains: [] });
    expect(await organizationIdsForDomain(keptUser, keptDomain)).toEqual([]);
    expect(await organizationIdsForDomain(newUser, newDomain)).toEqual([]);
    // And joining through a removed domain is no longer possible.
    expect((await call("POST", `/v1/orgs/${organization.id}/join`, { token: newUser.token })).status).toBe(400);
  });

  it("accepts up to 50 email domains, and refuses 51", async () => {
    const { admin, organization } = await freshOrganization();
    const domains = Array.from({ length: 50 }, (_, index) => freshDomain(`d${index}`));
    const current = await applyPatch(admin, organization.id, { emailDomains: domains });
    expect(current.emailDomains).toEqual(domains);
    const last = await createUser("many-domains", `someone@${domains[49]}`);
    expect(await organizationIdsForDomain(last, domains[49]!)).toEqual([organization.id]);

    const tooMany = await patchOrganization(admin, organization.id, { emailDomains: [...domains, freshDomain()] });
    expect(errorMessage(tooMany, 400)).toContain("emailDomains");
    expect((await readOrganization(admin, organization.id)).emailDomains).toEqual(domains);

    const creator = await createUser("many-domains-creator");
    const created = await call("POST", "/v1/orgs", { token: creator.token, body: { title: "Many Domains", emailDomains: domains } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.emailDomains).toEqual(domains);
    expect((await organizationIdsForDomain(last, domains[49]!)).sort()).toEqual([organization.id, created.body.id].sort());
  });

  it("updates through GitBook's client, which throws GitBookAPIError 403 for a non-admin", async () => {
    const { admin, organization, member } = await freshOrganization();
    const { data, status } = await gitbookClient(admin).orgs.updateOrganizationById(organization.id, {
      title: "Client Renamed",
      defaultRole: null,
      mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [member.id] }] },
    });
    expect(status).toBe(200);
    expect(data.title).toBe("Client Renamed");
    expect(data.defaultRole).toBeNull();
    expect(data.mergeRules).toEqual({ type: "rules", rules: [{ rule: "require_specific_reviewers", users: [member.id] }] });

    const error = await gitbookClient(member)
      .orgs.updateOrganizationById(organization.id, { title: "Member Renamed" })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(403);
    expect((await readOrganization(admin, organization.id)).title).toBe("Client Renamed");
  });
});

describe("POST /v1/orgs/{organizationId}/join (joinOrganization)", () => {
  async function domainOrganization(defaultRole: string | null = "comment") {
    const domain = freshDomain();
    const admin = await createUser("join-admin");
    const organization = await createOrganization(admin, { emailDomains: [domain] });
    const patched = await patchOrganization(admin, organization.id, { defaultRole });
    expect(patched.status).toBe(200);
    return { admin, organization, domain };
  }

  const join = (user: TestUser | undefined, organizationId: string) =>
    call("POST", `/v1/orgs/${organizationId}/join`, user ? { token: user.token } : {});

  it("lets a user of an allowed domain join with the organization's defaultRole", async () => {
    const { admin, organization, domain } = await domainOrganization("comment");
    const user = await createUser("joiner", `someone@${domain}`);
    expect(await memberRole(admin, organization.id, user.id)).toBe("not a member");
    expect((await getOrganization(user, organization.id)).status).toBe(404);

    const response = await join(user, organization.id);
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    expect(response.body).toBeUndefined();
    expect(await memberRole(admin, organization.id, user.id)).toBe("comment");
    const read = await readOrganization(user, organization.id);
    expect(read.permissions).toMatchObject({ view: true, access: true, admin: false });
    const list = await call("GET", "/v1/orgs", { token: user.token });
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([organization.id]);
  });

  it("joining twice succeeds and keeps the role", async () => {
    const { admin, organization, domain } = await domainOrganization("comment");
    const user = await createUser("joiner-twice", `twice@${domain}`);
    expect((await join(user, organization.id)).status).toBe(204);
    // A later defaultRole does not apply to someone who is already a member.
    expect((await patchOrganization(admin, organization.id, { defaultRole: "create" })).status).toBe(200);
    expect((await join(user, organization.id)).status).toBe(204);
    expect(await memberRole(admin, organization.id, user.id)).toBe("comment");
    // Nor does joining demote an admin or duplicate a membership.
    // (the admin's own address is not of the allowed domain)
    expect((await join(admin, organization.id)).status).toBe(400);
    expect(await memberRole(admin, organization.id, admin.id)).toBe("admin");
    const members = await call("GET", `/v1/orgs/${organization.id}/members`, { token: admin.token });
    expect(members.body.count).toBe(2);
  });

  it("makes the joiner a guest when defaultRole is null", async () => {
    const { admin, organization, domain } = await domainOrganization(null);
    const user = await createUser("joiner-guest", `guest@${domain}`);
    expect((await join(user, organization.id)).status).toBe(204);
    expect(await memberRole(admin, organization.id, user.id)).toBeNull();
    const read = await readOrganization(user, organization.id);
    expect(read.permissions).toEqual({ ...ALL_FALSE, view: true });
  });

  it("matches the caller's email domain case-insensitively", async () => {
    const { admin, organization, domain } = await domainOrganization("read");
    const user = await createUser("joiner-case", `Someone@${domain.toUpperCase()}`);
    expect((await join(user, organization.id)).status).toBe(204);
    expect(await memberRole(admin, organization.id, user.id)).toBe("read");
  });

  it("refuses a user whose domain is not allowed, who stays outside", async () => {
    const { admin, organization, domain } = await domainOrganization("comment");
    const candidates = [
      await createUser("joiner-other", `someone@${freshDomain("other")}`),
      await createUser("joiner-suffix", `someone@evil${domain}`),
      await createUser("joiner-sub", `someone@sub.${domain}`),
      await createUser("joiner-example"),
    ];
    for (const user of candidates) {
      const response = await join(user, organization.id);
      expect(errorMessage(response, 400), user.email).toMatch(/domain/i);
      expect(await memberRole(admin, organization.id, user.id), user.email).toBe("not a member");
      expect((await getOrganization(user, organization.id)).status).toBe(404);
    }
    // An organization without email domains lets nobody join this way.
    const closedAdmin = await createUser("join-closed-admin");
    const closed = await createOrganization(closedAdmin);
    const user = await createUser("joiner-closed", `someone@${domain}`);
    expect((await join(user, closed.id)).status).toBe(400);
    expect(await memberRole(closedAdmin, closed.id, user.id)).toBe("not a member");
  });

  it("answers 404 for an unknown organization and 401 without a token", async () => {
    const { organization, domain, admin } = await domainOrganization("comment");
    const user = await createUser("joiner-404", `someone@${domain}`);
    errorMessage(await join(user, `missing${random()}`), 404);
    errorMessage(await join(undefined, organization.id), 401);
    errorMessage(await call("POST", `/v1/orgs/${organization.id}/join`, { token: "bogus" }), 401);
    expect(await memberRole(admin, organization.id, user.id)).toBe("not a member");
  });

  it("joins through GitBook's client, which throws GitBookAPIError 400 for a foreign domain", async () => {
    const { admin, organization, domain } = await domainOrganization("edit");
    const user = await createUser("joiner-client", `client@${domain}`);
    const { status } = await gitbookClient(user).orgs.joinOrganization(organization.id);
    expect(status).toBe(204);
    expect(await memberRole(admin, organization.id, user.id)).toBe("edit");

    const foreigner = await createUser("joiner-client-foreign");
    const error = await gitbookClient(foreigner)
      .orgs.joinOrganization(organization.id)
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(400);
    expect(await memberRole(admin, organization.id, foreigner.id)).toBe("not a member");
  });
});

describe("GET /v1/email-domains/{emailDomain}/orgs (getOrganizationsForEmailDomain)", () => {
  let domain: string;
  let user: TestUser;
  let first: { id: string };
  let second: { id: string };
  let unrelated: { id: string };

  beforeAll(async () => {
    domain = freshDomain("corp");
    const admin = await createUser("domain-admin");
    first = await createOrganization(admin, { emailDomains: [domain] });
    second = await createOrganization(admin, { emailDomains: [freshDomain("else"), domain.toUpperCase()] });
    unrelated = await createOrganization(admin, { emailDomains: [freshDomain("unrelated")] });
    user = await createUser("domain-user", `x@${domain}`);
  });

  it("lists the organizations allowing the caller's domain, with no permissions for non-members", async () => {
    const response = await organizationsForDomain(user, domain);
    expect(response.status).toBe(200);
    expectSpecResponse("getOrganizationsForEmailDomain", 200, response.body);
    const ids = response.body.organizations.map((organization: { id: string }) => organization.id);
    expect(ids.sort()).toEqual([first.id, second.id].sort());
    expect(ids).not.toContain(unrelated.id);
    for (const organization of response.body.organizations) {
      expect(organization.emailDomains).toContain(domain);
      expect(organization.permissions).toEqual(ALL_FALSE);
    }
  });

  it("shows a member's permissions for organizations they belong to", async () => {
    const member = await createUser("domain-member", `member@${domain}`);
    expect((await call("POST", `/v1/orgs/${first.id}/join`, { token: member.token })).status).toBe(204);
    const response = await organizationsForDomain(member, domain);
    expect(response.status).toBe(200);
    expectSpecResponse("getOrganizationsForEmailDomain", 200, response.body);
    const byId = new Map<string, { permissions: Permissions }>(
      response.body.organizations.map((organization: { id: string; permissions: Permissions }) => [organization.id, organization]),
    );
    expect(byId.get(first.id)?.permissions.view).toBe(true);
    expect(byId.get(first.id)?.permissions.access).toBe(true);
    expect(byId.get(second.id)?.permissions).toEqual(ALL_FALSE);
  });

  it("matches the domain case-insensitively", async () => {
    const lower = await organizationIdsForDomain(user, domain);
    expect(await organizationIdsForDomain(user, domain.toUpperCase())).toEqual(lower);
    const shouty = await createUser("domain-shouty", `SHOUTY@${domain.toUpperCase()}`);
    expect(await organizationIdsForDomain(shouty, domain)).toEqual(lower);
  });

  it("refuses a domain that is not the caller's own", async () => {
    const response = await organizationsForDomain(user, freshDomain("not-mine"));
    errorMessage(response, 403);
    const other = await createUser("domain-other");
    errorMessage(await organizationsForDomain(other, domain), 403);
    errorMessage(await organizationsForDomain(user, `sub.${domain}`), 403);
  });

  it("needs a valid token", async () => {
    errorMessage(await call("GET", `/v1/email-domains/${domain}/orgs`), 401);
    errorMessage(await call("GET", `/v1/email-domains/${domain}/orgs`, { token: "bogus" }), 401);
  });

  it("answers through GitBook's client", async () => {
    const { data, status } = await gitbookClient(user).emailDomains.getOrganizationsForEmailDomain(domain);
    expect(status).toBe(200);
    expect(data.organizations.map((organization) => organization.id).sort()).toEqual([first.id, second.id].sort());
  });
});

function mapAll(value: boolean): Permissions {
  return Object.fromEntries(Object.keys(ALL_FALSE).map((key) => [key, value]));
}

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
