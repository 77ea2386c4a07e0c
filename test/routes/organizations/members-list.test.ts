import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, addMember, createUser, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { queryString } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { type Member, LIMITS, ORDERS, SORTS, asciiLower, expectedOrder, membersPath, readMember, walkMembers } from "../../helpers/suites/members";

/** Organization members: listing them (sorts, filters, search, pages) and reading one. */

describe("the spec check used here", () => {
  it("rejects bodies GitBook's spec does not allow", () => {
    expect(() => expectSpecResponse("getMemberInOrganizationById", 200, { object: "member", id: "x" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("listMembersInOrganizationById", 200, { items: [{ object: "member" }], count: 1 })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("updateMemberInOrganizationById", 200, {})).toThrow(/vs GitBook.s spec/);
  });
});

describe("GET /v1/orgs/{organizationId}/members", () => {
  let fixture: Awaited<ReturnType<typeof organizationWithEveryRole>>;
  let orgId: string;
  let extra: Record<"zed" | "amy" | "bob" | "percent" | "underscore" | "abel" | "emile", TestUser>;
  /** Every member, in the order they joined. */
  let everyone: TestUser[];
  /** Every member as the API describes them (from a full listing), keyed by id. */
  let described: Member[];

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    extra = {
      zed: await createUser("Zed"),
      amy: await createUser("amy"),
      bob: await createUser("Bob"),
      // '%' is not allowed in an email address: give this one a plain address.
      percent: await createUser("50%off", `percent-${crypto.randomUUID().slice(0, 8)}@example.com`),
      underscore: await createUser("under_score"),
      // Non-ASCII capitals: SQLite's lower() leaves them alone, and so must the name cursor.
      abel: await createUser("Ábel", `abel-${crypto.randomUUID().slice(0, 8)}@example.com`),
      emile: await createUser("émile", `emile-${crypto.randomUUID().slice(0, 8)}@example.com`),
    };
    await addMember(fixture.admin, orgId, extra.zed, "edit");
    await addMember(fixture.admin, orgId, extra.amy, "read");
    await addMember(fixture.admin, orgId, extra.bob, null);
    await addMember(fixture.admin, orgId, extra.percent, "comment");
    await addMember(fixture.admin, orgId, extra.underscore, "create");
    await addMember(fixture.admin, orgId, extra.abel, "review");
    await addMember(fixture.admin, orgId, extra.emile, "read");
    everyone = [
      fixture.admin,
      ...NON_ADMIN_ROLES.map((role) => fixture[role]),
      fixture.guest,
      extra.zed,
      extra.amy,
      extra.bob,
      extra.percent,
      extra.underscore,
      extra.abel,
      extra.emile,
    ];
    const all = await call("GET", `${membersPath(orgId)}${queryString({ limit: 1000 })}`, { token: fixture.admin.token });
    expect(all.status).toBe(200);
    described = all.body.items;
  });

  it("lists every member once, with their user and role, in GitBook's shape", async () => {
    expect(everyone).toHaveLength(14);
    expect(described.map((member) => member.id).sort()).toEqual(everyone.map((user) => user.id).sort());
    const byId = new Map(described.map((member) => [member.id, member]));
    expect(byId.get(fixture.admin.id)?.role).toBe("admin");
    for (const role of NON_ADMIN_ROLES) expect(byId.get(fixture[role].id)?.role).toBe(role);
    expect(byId.get(fixture.guest.id)?.role).toBeNull();
    expect(byId.get(extra.zed.id)?.role).toBe("edit");
    expect(byId.get(extra.bob.id)?.role).toBeNull();
    for (const user of everyone) {
      const member = byId.get(user.id)!;
      expect(member.object).toBe("member");
      expect(member.user.id).toBe(user.id);
      expect(member.user.email).toBe(user.email);
    }
    expect(byId.get(extra.zed.id)?.user.displayName).toBe("Test Zed");
    // The outsider belongs to another organization only.
    expect(byId.has(fixture.outsider.id)).toBe(false);
  });

  it("records join times in the order members joined", () => {
    const byId = new Map(described.map((member) => [member.id, member]));
    const joined = everyone.map((user) => byId.get(user.id)!.joinedAt);
    for (const value of joined) expect(Number.isNaN(Date.parse(value))).toBe(false);
    expect([...joined].sort()).toEqual(joined);
  });

  for (const sort of SORTS) {
    for (const order of ORDERS) {
      for (const limit of LIMITS) {
        it(`walks every page with sort=${sort} order=${order} limit=${limit}`, async () => {
          const items = await walkMembers(fixture.admin, orgId, { sort, order, limit }, everyone.length);
          const ids = items.map((member) => member.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids).toEqual(expectedOrder(described, sort, order));
        });
      }
    }
  }

  it("orders names case-insensitively (amy < Bob < Zed)", async () => {
    const items = await walkMembers(fixture.admin, orgId, { sort: "name", order: "asc", limit: 5 }, everyone.length);
    const names = items.map((member) => member.user.displayName);
    const position = (name: string) => names.indexOf(name);
    expect(position("Test amy")).toBeGreaterThanOrEqual(0);
    expect(position("Test amy")).toBeLessThan(position("Test Bob"));
    expect(position("Test Bob")).toBeLessThan(position("Test comment"));
    expect(position("Test under_score")).toBeLessThan(position("Test Zed"));
    // Past 'z': the non-ASCII names, by code point ('Á' U+00C1 before 'é' U+00E9).
    expect(names.slice(-3)).toEqual(["Test Zed", "Test Ábel", "Test émile"]);
    expect(names[0]).toBe("Test 50%off");
    const lowered = names.map(asciiLower);
    expect(lowered).toEqual([...lowered].sort());
  });

  it("defaults to sort=joinedAt, order=desc", async () => {
    const items = await walkMembers(fixture.admin, orgId, { limit: 1000 }, everyone.length);
    expect(items.map((member) => member.id)).toEqual(expectedOrder(described, "joinedAt", "desc"));
  });

  it("lets any member with a role list (read)", async () => {
    const response = await call("GET", membersPath(orgId), { token: fixture.read.token });
    expect(response.status).toBe(200);
    expectSpecResponse("listMembersInOrganizationById", 200, response.body);
    expect(response.body.count).toBe(everyone.length);
  });

  it("filters by role=edit", async () => {
    const items = await walkMembers(fixture.admin, orgId, { role: "edit", limit: 1 }, 2);
    expect(items.every((member) => member.role === "edit")).toBe(true);
    expect(items.map((member) => member.id).sort()).toEqual([fixture.edit.id, extra.zed.id].sort());
  });

  it("filters by role=admin and role=read", async () => {
    const admins = await walkMembers(fixture.admin, orgId, { role: "admin", limit: 1000 }, 1);
    expect(admins.map((member) => member.id)).toEqual([fixture.admin.id]);
    const readers = await walkMembers(fixture.admin, orgId, { role: "read", limit: 1000 }, 3);
    expect(readers.map((member) => member.id).sort()).toEqual([fixture.read.id, extra.amy.id, extra.emile.id].sort());
  });

  it("filters by role=guest (role null)", async () => {
    const items = await walkMembers(fixture.admin, orgId, { role: "guest", sort: "name", order: "asc", limit: 1 }, 2);
    expect(items.every((member) => member.role === null)).toBe(true);
    expect(items.map((member) => member.id)).toEqual([extra.bob.id, fixture.guest.id]);
  });

  it("refuses an unknown role filter", async () => {
    const response = await call("GET", `${membersPath(orgId)}${queryString({ role: "owner" })}`, { token: fixture.admin.token });
    expect(errorMessage(response, 400)).toContain("role");
  });

  it("searches display names case-insensitively", async () => {
    const items = await walkMembers(fixture.admin, orgId, { search: "TEST z", limit: 1000 }, 1);
    expect(items.map((member) => member.id)).toEqual([extra.zed.id]);
    const amy = await walkMembers(fixture.admin, orgId, { search: "aMY", limit: 1000 }, 1);
    expect(amy.map((member) => member.id)).toEqual([extra.amy.id]);
  });

  it("searches emails case-insensitively", async () => {
    // The local part of the address (label-counter-random) is not in the display name.
    const localPart = extra.amy.email.split("@")[0]!;
    const items = await walkMembers(fixture.admin, orgId, { search: localPart.toUpperCase(), limit: 1000 }, 1);
    expect(items.map((member) => member.id)).toEqual([extra.amy.id]);
    const domain = await walkMembers(fixture.admin, orgId, { search: "EXAMPLE.COM", limit: 4 }, everyone.length);
    expect(domain).toHaveLength(everyone.length);
  });

  it("combines search with a role filter", async () => {
    const items = await walkMembers(fixture.admin, orgId, { search: "test", role: "guest", limit: 1000 }, 2);
    expect(items.map((member) => member.id).sort()).toEqual([fixture.guest.id, extra.bob.id].sort());
  });

  it("treats '%' and '_' in a search literally", async () => {
    const percent = await walkMembers(fixture.admin, orgId, { search: "%", limit: 1000 }, 1);
    expect(percent.map((member) => member.id)).toEqual([extra.percent.id]);
    const percentInside = await walkMembers(fixture.admin, orgId, { search: "0%O", limit: 1000 }, 1);
    expect(percentInside.map((member) => member.id)).toEqual([extra.percent.id]);
    const underscore = await walkMembers(fixture.admin, orgId, { search: "_", limit: 1000 }, 1);
    expect(underscore.map((member) => member.id)).toEqual([extra.underscore.id]);
    // As LIKE wildcards these would match every "Test …" member.
    await walkMembers(fixture.admin, orgId, { search: "t_st", limit: 1000 }, 0);
    await walkMembers(fixture.admin, orgId, { search: "te%t", limit: 1000 }, 0);
    const backslash = await walkMembers(fixture.admin, orgId, { search: "\\", limit: 1000 }, 0);
    expect(backslash).toEqual([]);
  });

  it("returns an empty list when nothing matches", async () => {
    const response = await call("GET", `${membersPath(orgId)}${queryString({ search: "no-such-member-anywhere" })}`, {
      token: fixture.admin.token,
    });
    expect(response.status).toBe(200);
    expectSpecResponse("listMembersInOrganizationById", 200, response.body);
    expect(response.body).toEqual({ items: [], count: 0 });
  });

  it("refuses limit 1001 (max 1000), and other invalid limits", async () => {
    for (const limit of [1001, -1, 2.5, "ten"]) {
      const response = await call("GET", `${membersPath(orgId)}${queryString({ limit })}`, { token: fixture.admin.token });
      expect(errorMessage(response, 400)).toContain("limit");
    }
  });

  it("refuses an unknown sort, naming sort", async () => {
    const response = await call("GET", `${membersPath(orgId)}${queryString({ sort: "email" })}`, { token: fixture.admin.token });
    expect(errorMessage(response, 400)).toContain("sort");
  });

  it("refuses an unknown order, naming order", async () => {
    const response = await call("GET", `${membersPath(orgId)}${queryString({ order: "up" })}`, { token: fixture.admin.token });
    expect(errorMessage(response, 400)).toContain("order");
  });

  it("refuses a page cursor made under another sort, naming page", async () => {
    const first = await call("GET", `${membersPath(orgId)}${queryString({ sort: "name", limit: 1 })}`, { token: fixture.admin.token });
    expect(first.status).toBe(200);
    const page = first.body.next?.page;
    expect(typeof page).toBe("string");
    const replayed = await call("GET", `${membersPath(orgId)}${queryString({ sort: "joinedAt", limit: 1, page })}`, {
      token: fixture.admin.token,
    });
    expect(errorMessage(replayed, 400)).toContain("page");
    // The same cursor still works under the sort it came from.
    const same = await call("GET", `${membersPath(orgId)}${queryString({ sort: "name", limit: 1, page })}`, { token: fixture.admin.token });
    expect(same.status).toBe(200);
  });

  it("refuses a page value that is not a cursor, naming page", async () => {
    const response = await call("GET", `${membersPath(orgId)}${queryString({ page: "not-a-cursor" })}`, { token: fixture.admin.token });
    expect(errorMessage(response, 400)).toContain("page");
  });

  it("forbids guests (403)", async () => {
    const response = await call("GET", membersPath(orgId), { token: fixture.guest.token });
    errorMessage(response, 403);
  });

  it("hides the organization from outsiders (404)", async () => {
    const response = await call("GET", membersPath(orgId), { token: fixture.outsider.token });
    expect(errorMessage(response, 404)).not.toMatch(/No route/);
  });

  it("answers 404 for an organization that does not exist", async () => {
    const response = await call("GET", membersPath("no-such-org"), { token: fixture.admin.token });
    expect(errorMessage(response, 404)).not.toMatch(/No route/);
  });

});

describe("GET /v1/orgs/{organizationId}/members/{userId}", () => {
  let fixture: Awaited<ReturnType<typeof organizationWithEveryRole>>;
  let orgId: string;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
  });

  it("returns the member in GitBook's shape", async () => {
    const response = await readMember(fixture.admin, orgId, fixture.edit.id);
    expect(response.status).toBe(200);
    expectSpecResponse("getMemberInOrganizationById", 200, response.body);
    expect(response.body).toMatchObject({
      object: "member",
      id: fixture.edit.id,
      role: "edit",
      disabled: false,
      user: { object: "user", id: fixture.edit.id, email: fixture.edit.email, displayName: "Test edit" },
    });
  });

  it("returns a guest with role null, and an admin", async () => {
    const guest = await readMember(fixture.read, orgId, fixture.guest.id);
    expect(guest.status).toBe(200);
    expectSpecResponse("getMemberInOrganizationById", 200, guest.body);
    expect(guest.body.role).toBeNull();
    const admin = await readMember(fixture.read, orgId, fixture.admin.id);
    expect(admin.status).toBe(200);
    expectSpecResponse("getMemberInOrganizationById", 200, admin.body);
    expect(admin.body.role).toBe("admin");
  });

  it("answers 404 for a user who is not a member, or does not exist", async () => {
    expect(errorMessage(await readMember(fixture.admin, orgId, "no-such-user"), 404)).not.toMatch(/No route/);
    expect(errorMessage(await readMember(fixture.admin, orgId, fixture.outsider.id), 404)).not.toMatch(/No route/);
  });

  it("forbids guests (403)", async () => {
    errorMessage(await readMember(fixture.guest, orgId, fixture.admin.id), 403);
    errorMessage(await readMember(fixture.guest, orgId, fixture.guest.id), 403);
  });

  it("hides the organization from outsiders (404)", async () => {
    errorMessage(await readMember(fixture.outsider, orgId, fixture.admin.id), 404);
  });

});
