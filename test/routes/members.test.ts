import { GitBookAPIError, MemberRole } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../src/lib/roles";
import {
  NON_ADMIN_ROLES,
  NON_ADMINS,
  memberRole,
  addMember,
  createOrganization,
  createUser,
  gitbookClient,
  organizationWithEveryRole,
  type TestUser,
} from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";
import { expectSpecResponse } from "../helpers/spec";

/**
 * Organization members through HTTP: GET/PATCH/DELETE /v1/orgs/{organizationId}/members[/{userId}].
 * Storage is shared by the tests of this file, so every test that changes something builds its own
 * organization; the list fixture below is only ever read.
 */


type Sort = "joinedAt" | "lastSeenAt" | "name";
type Order = "asc" | "desc";
type Member = {
  object: string;
  id: string;
  role: Role | null;
  user: { id: string; displayName: string; email?: string };
  joinedAt: string;
  lastSeenAt?: string;
};

const SORTS: Sort[] = ["joinedAt", "lastSeenAt", "name"];
const ORDERS: Order[] = ["asc", "desc"];
const LIMITS = [1, 2, 4, 1000];
/** The callers below `admin` that are members: every non-admin role, and a guest. */

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

const membersPath = (organizationId: string) => `/v1/orgs/${organizationId}/members`;
const memberPath = (organizationId: string, userId: string) => `/v1/orgs/${organizationId}/members/${userId}`;

/** SQLite's lower() and the API's name order fold ASCII letters only. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

/**
 * Walks a member list from its first page to its last, checking every page against GitBook's spec,
 * its size, its `count` and the presence of `next`; returns every item in the order served.
 */
async function walkMembers(
  caller: TestUser,
  organizationId: string,
  params: Record<string, string | number | undefined>,
  expectedCount: number,
): Promise<Member[]> {
  const limit = Number(params.limit);
  const items: Member[] = [];
  let page: string | undefined;
  let pages = 0;
  do {
    const response = await call("GET", `${membersPath(organizationId)}${query({ ...params, page })}`, { token: caller.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("listMembersInOrganizationById", 200, response.body);
    expect(response.body.count).toBe(expectedCount);
    pages += 1;
    items.push(...response.body.items);
    page = response.body.next?.page;
    if (page !== undefined) expect(response.body.items).toHaveLength(limit);
    else expect(response.body.items.length).toBeLessThanOrEqual(limit);
    expect(pages, "too many pages").toBeLessThanOrEqual(expectedCount + 1);
  } while (page !== undefined);
  expect(pages).toBe(Math.max(1, Math.ceil(expectedCount / limit)));
  return items;
}

/** The order the API must serve: the sort key, then the user id as tie-breaker, both in `order`. */
function expectedOrder(members: Member[], sort: Sort, order: Order): string[] {
  const key = (member: Member): string =>
    sort === "name" ? asciiLower(member.user.displayName) : sort === "joinedAt" ? member.joinedAt : (member.lastSeenAt ?? "");
  const sign = order === "asc" ? 1 : -1;
  return [...members]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      if (ka !== kb) return ka < kb ? -sign : sign;
      return a.id < b.id ? -sign : a.id > b.id ? sign : 0;
    })
    .map((member) => member.id);
}

async function readMember(caller: TestUser, organizationId: string, userId: string) {
  return call("GET", memberPath(organizationId, userId), { token: caller.token });
}

/** An organization with an admin and the given members, each joined through an invite link. */
async function organizationWith<const Labels extends string>(members: Record<Labels, Role | null>) {
  const admin = await createUser("admin");
  const organization = await createOrganization(admin);
  const users = {} as Record<Labels, TestUser>;
  for (const [label, role] of Object.entries(members) as Array<[Labels, Role | null]>) {
    users[label] = await createUser(label);
    await addMember(admin, organization.id, users[label], role);
  }
  return { admin, organizationId: organization.id as string, ...users };
}

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
    const all = await call("GET", `${membersPath(orgId)}${query({ limit: 1000 })}`, { token: fixture.admin.token });
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
    const response = await call("GET", `${membersPath(orgId)}${query({ role: "owner" })}`, { token: fixture.admin.token });
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
    const response = await call("GET", `${membersPath(orgId)}${query({ search: "no-such-member-anywhere" })}`, {
      token: fixture.admin.token,
    });
    expect(response.status).toBe(200);
    expectSpecResponse("listMembersInOrganizationById", 200, response.body);
    expect(response.body).toEqual({ items: [], count: 0 });
  });

  it("refuses limit 1001 (max 1000), and other invalid limits", async () => {
    for (const limit of [1001, -1, 2.5, "ten"]) {
      const response = await call("GET", `${membersPath(orgId)}${query({ limit })}`, { token: fixture.admin.token });
      expect(errorMessage(response, 400)).toContain("limit");
    }
  });

  it("refuses an unknown sort, naming sort", async () => {
    const response = await call("GET", `${membersPath(orgId)}${query({ sort: "email" })}`, { token: fixture.admin.token });
    expect(errorMessage(response, 400)).toContain("sort");
  });

  it("refuses an unknown order, naming order", async () => {
    const response = await call("GET", `${membersPath(orgId)}${query({ order: "up" })}`, { token: fixture.admin.token });
    expect(errorMessage(response, 400)).toContain("order");
  });

  it("refuses a page cursor made under another sort, naming page", async () => {
    const first = await call("GET", `${membersPath(orgId)}${query({ sort: "name", limit: 1 })}`, { token: fixture.admin.token });
    expect(first.status).toBe(200);
    const page = first.body.next?.page;
    expect(typeof page).toBe("string");
    const replayed = await call("GET", `${membersPath(orgId)}${query({ sort: "joinedAt", limit: 1, page })}`, {
      token: fixture.admin.token,
    });
    expect(errorMessage(replayed, 400)).toContain("page");
    // The same cursor still works under the sort it came from.
    const same = await call("GET", `${membersPath(orgId)}${query({ sort: "name", limit: 1, page })}`, { token: fixture.admin.token });
    expect(same.status).toBe(200);
  });

  it("refuses a page value that is not a cursor, naming page", async () => {
    const response = await call("GET", `${membersPath(orgId)}${query({ page: "not-a-cursor" })}`, { token: fixture.admin.token });
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

describe("PATCH /v1/orgs/{organizationId}/members/{userId}", () => {
  it("lets an admin change a member's role", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: "review" } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, response.body);
    expect(response.body).toMatchObject({ object: "member", id: alice.id, role: "review", user: { id: alice.id } });
    expect(await memberRole(admin, organizationId, alice.id)).toBe("review");
  });

  it("walks a member through every role", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "read" });
    for (const role of ["admin", ...NON_ADMIN_ROLES, null] as const) {
      const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.role).toBe(role);
      expect(await memberRole(admin, organizationId, alice.id)).toBe(role);
    }
  });

  it("makes a member a guest with role null", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "comment" });
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: null } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, response.body);
    expect(response.body.role).toBeNull();
    expect(await memberRole(admin, organizationId, alice.id)).toBeNull();
    const guests = await call("GET", `${membersPath(organizationId)}?role=guest`, { token: admin.token });
    expect(guests.body.items.map((member: Member) => member.id)).toEqual([alice.id]);
    // As a guest, alice may no longer list members.
    errorMessage(await call("GET", membersPath(organizationId), { token: alice.token }), 403);
  });

  it("forbids every non-admin role and guests (403), changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    for (const caller of NON_ADMINS) {
      // On another member...
      const other = await call("PATCH", memberPath(orgId, fixture.read.id), { token: fixture[caller].token, body: { role: "admin" } });
      errorMessage(other, 403);
      // ...and on themselves.
      const self = await call("PATCH", memberPath(orgId, fixture[caller].id), { token: fixture[caller].token, body: { role: "admin" } });
      errorMessage(self, 403);
      // Nor may they demote the admin.
      const demote = await call("PATCH", memberPath(orgId, fixture.admin.id), { token: fixture[caller].token, body: { role: "read" } });
      errorMessage(demote, 403);
    }
    expect(await memberRole(fixture.admin, orgId, fixture.admin.id)).toBe("admin");
    for (const role of NON_ADMIN_ROLES) expect(await memberRole(fixture.admin, orgId, fixture[role].id)).toBe(role);
    expect(await memberRole(fixture.admin, orgId, fixture.guest.id)).toBeNull();
  });

  it("hides the organization from outsiders (404), changing nothing", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "read" });
    const outsider = await createUser("outsider");
    await createOrganization(outsider);
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: outsider.token, body: { role: "admin" } });
    errorMessage(response, 404);
    expect(await memberRole(admin, organizationId, alice.id)).toBe("read");
  });

  it("refuses an invalid role, naming role", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    for (const role of ["owner", "Admin", 3, ""]) {
      const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role } });
      expect(errorMessage(response, 400)).toContain("role");
    }
    expect(await memberRole(admin, organizationId, alice.id)).toBe("edit");
  });

  it("accepts a body without role, as GitBook's spec does (role is optional there), changing nothing", async () => {
    const { admin, organizationId, alice, bob } = await organizationWith({ alice: "edit", bob: "read" });
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: {} });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, response.body);
    expect(response.body).toMatchObject({ object: "member", id: alice.id, role: "edit" });
    expect(await memberRole(admin, organizationId, alice.id)).toBe("edit");
    // Still an admin-only operation, on a member that exists.
    errorMessage(await call("PATCH", memberPath(organizationId, alice.id), { token: bob.token, body: {} }), 403);
    errorMessage(await call("PATCH", memberPath(organizationId, "no-such-user"), { token: admin.token, body: {} }), 404);
  });

  it("refuses a malformed JSON body (400)", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: "{not json" });
    errorMessage(response, 400);
    expect(await memberRole(admin, organizationId, alice.id)).toBe("edit");
  });

  it("answers 404 for an unknown member", async () => {
    const { admin, organizationId } = await organizationWith({});
    const stranger = await createUser("stranger");
    for (const userId of ["no-such-user", stranger.id]) {
      const response = await call("PATCH", memberPath(organizationId, userId), { token: admin.token, body: { role: "read" } });
      expect(errorMessage(response, 404)).not.toMatch(/No route/);
    }
    // The stranger did not become a member by being named.
    errorMessage(await call("GET", `/v1/orgs/${organizationId}`, { token: stranger.token }), 404);
  });

  it("refuses to demote the only admin (409), who stays admin", async () => {
    const { admin, organizationId } = await organizationWith({ alice: "create" });
    for (const role of [...NON_ADMIN_ROLES, null]) {
      const response = await call("PATCH", memberPath(organizationId, admin.id), { token: admin.token, body: { role } });
      errorMessage(response, 409);
    }
    expect(await memberRole(admin, organizationId, admin.id)).toBe("admin");
  });

  it("lets an admin re-affirm their own admin role", async () => {
    const { admin, organizationId } = await organizationWith({});
    const response = await call("PATCH", memberPath(organizationId, admin.id), { token: admin.token, body: { role: "admin" } });
    expect(response.status).toBe(200);
    expect(response.body.role).toBe("admin");
  });

  it("lets the first admin step down once another member is admin", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    const promote = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: "admin" } });
    expect(promote.status).toBe(200);
    expect(promote.body.role).toBe("admin");

    const stepDown = await call("PATCH", memberPath(organizationId, admin.id), { token: admin.token, body: { role: "read" } });
    expect(stepDown.status, JSON.stringify(stepDown.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, stepDown.body);
    expect(stepDown.body.role).toBe("read");
    expect(await memberRole(alice, organizationId, admin.id)).toBe("read");
    expect(await memberRole(alice, organizationId, alice.id)).toBe("admin");

    // The former admin has lost the power to manage members...
    errorMessage(await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: "read" } }), 403);
    // ...and alice is now the only admin.
    errorMessage(await call("PATCH", memberPath(organizationId, alice.id), { token: alice.token, body: { role: "edit" } }), 409);
    expect(await memberRole(alice, organizationId, alice.id)).toBe("admin");
  });

  it("answers 200 to an admin who steps down to guest, though a guest may no longer read members", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "admin" });
    const stepDown = await call("PATCH", memberPath(organizationId, admin.id), { token: admin.token, body: { role: null } });
    expect(stepDown.status, JSON.stringify(stepDown.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, stepDown.body);
    expect(stepDown.body).toMatchObject({ id: admin.id, role: null });
    expect(await memberRole(alice, organizationId, admin.id)).toBeNull();
    errorMessage(await call("GET", memberPath(organizationId, admin.id), { token: admin.token }), 403);
  });

  it("lets only one of two admins demoting each other at the same moment succeed", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { admin, organizationId, alice } = await organizationWith({ alice: "admin" });
      const [first, second] = await Promise.all([
        call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: "edit" } }),
        call("PATCH", memberPath(organizationId, admin.id), { token: alice.token, body: { role: "edit" } }),
      ]);
      // The loser gets 403 when the winner's write lands before its access check, or 409 when both
      // pass the check and the UPDATE's last-admin condition decides.
      const statuses = [first.status, second.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const roles = [await memberRole(admin, organizationId, admin.id), await memberRole(admin, organizationId, alice.id)];
      expect(roles.filter((role) => role === "admin")).toHaveLength(1);
    }
  });

  it("lets one admin demote another", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "admin" });
    const response = await call("PATCH", memberPath(organizationId, admin.id), { token: alice.token, body: { role: "comment" } });
    expect(response.status).toBe(200);
    expect(await memberRole(alice, organizationId, admin.id)).toBe("comment");
  });

});

describe("DELETE /v1/orgs/{organizationId}/members/{userId}", () => {
  it("lets an admin remove a member (205), who then loses access; again is 204", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    expect((await call("GET", `/v1/orgs/${organizationId}`, { token: alice.token })).status).toBe(200);

    const removed = await call("DELETE", memberPath(organizationId, alice.id), { token: admin.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(205);
    expect(removed.body).toBeUndefined();

    expect(errorMessage(await call("GET", `/v1/orgs/${organizationId}`, { token: alice.token }), 404)).not.toMatch(/No route/);
    errorMessage(await readMember(admin, organizationId, alice.id), 404);
    const list = await call("GET", membersPath(organizationId), { token: admin.token });
    expect(list.body.items.map((member: Member) => member.id)).toEqual([admin.id]);
    expect(list.body.count).toBe(1);

    const again = await call("DELETE", memberPath(organizationId, alice.id), { token: admin.token });
    expect(again.status).toBe(204);
    expect(again.body).toBeUndefined();
  });

  it("answers 204 for a user who never was a member", async () => {
    const { admin, organizationId } = await organizationWith({});
    const stranger = await createUser("stranger");
    expect((await call("DELETE", memberPath(organizationId, stranger.id), { token: admin.token })).status).toBe(204);
    expect((await call("DELETE", memberPath(organizationId, "no-such-user"), { token: admin.token })).status).toBe(204);
  });

  it("lets a read-role member leave (205)", async () => {
    const { admin, organizationId, alice, bob } = await organizationWith({ alice: "read", bob: "read" });
    const left = await call("DELETE", memberPath(organizationId, alice.id), { token: alice.token });
    expect(left.status, JSON.stringify(left.body)).toBe(205);
    errorMessage(await call("GET", `/v1/orgs/${organizationId}`, { token: alice.token }), 404);
    errorMessage(await readMember(admin, organizationId, alice.id), 404);
    // Others are untouched.
    expect(await memberRole(admin, organizationId, bob.id)).toBe("read");
    // Having left, alice is an outsider.
    errorMessage(await call("DELETE", memberPath(organizationId, alice.id), { token: alice.token }), 404);
  });

  it("lets a guest leave (205)", async () => {
    const { admin, organizationId, guest } = await organizationWith({ guest: null });
    expect((await call("DELETE", memberPath(organizationId, guest.id), { token: guest.token })).status).toBe(205);
    errorMessage(await readMember(admin, organizationId, guest.id), 404);
  });

  it("forbids non-admins from removing someone else (403), changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    for (const caller of NON_ADMINS) {
      const target = caller === "read" ? fixture.comment : fixture.read;
      errorMessage(await call("DELETE", memberPath(orgId, target.id), { token: fixture[caller].token }), 403);
      errorMessage(await call("DELETE", memberPath(orgId, fixture.admin.id), { token: fixture[caller].token }), 403);
    }
    const list = await call("GET", `${membersPath(orgId)}?limit=1000`, { token: fixture.admin.token });
    expect(list.body.count).toBe(7);
    expect(await memberRole(fixture.admin, orgId, fixture.read.id)).toBe("read");
    expect(await memberRole(fixture.admin, orgId, fixture.comment.id)).toBe("comment");
    expect(await memberRole(fixture.admin, orgId, fixture.admin.id)).toBe("admin");
  });

  it("refuses to let the only admin leave (409), who stays admin", async () => {
    const { admin, organizationId } = await organizationWith({ alice: "create" });
    errorMessage(await call("DELETE", memberPath(organizationId, admin.id), { token: admin.token }), 409);
    expect(await memberRole(admin, organizationId, admin.id)).toBe("admin");
    expect((await call("GET", `/v1/orgs/${organizationId}`, { token: admin.token })).status).toBe(200);
  });

  it("lets an admin leave when another admin remains", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "admin" });
    expect((await call("DELETE", memberPath(organizationId, admin.id), { token: admin.token })).status).toBe(205);
    errorMessage(await readMember(alice, organizationId, admin.id), 404);
    // Now alice is the last admin.
    errorMessage(await call("DELETE", memberPath(organizationId, alice.id), { token: alice.token }), 409);
  });

  it("hides the organization from outsiders (404), changing nothing", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    const outsider = await createUser("outsider");
    await createOrganization(outsider);
    errorMessage(await call("DELETE", memberPath(organizationId, alice.id), { token: outsider.token }), 404);
    errorMessage(await call("DELETE", memberPath(organizationId, outsider.id), { token: outsider.token }), 404);
    expect(await memberRole(admin, organizationId, alice.id)).toBe("edit");
  });

});

describe("members through GitBook's official client", () => {
  it("lists, reads, updates and removes members", async () => {
    const { admin, organizationId, amy, Zed, bob } = await organizationWith({ amy: "read", Zed: "edit", bob: null });
    const client = gitbookClient(admin);

    const seen: string[] = [];
    let page: string | undefined;
    do {
      const { data } = await client.orgs.listMembersInOrganizationById(organizationId, { sort: "name", order: "asc", limit: 2, page });
      expect(data.count).toBe(4);
      seen.push(...data.items.map((member) => member.user.displayName));
      page = data.next?.page;
    } while (page);
    expect(seen).toEqual(["Test admin", "Test amy", "Test bob", "Test Zed"]);

    const guests = await client.orgs.listMembersInOrganizationById(organizationId, { role: "guest" });
    expect(guests.data.items.map((member) => member.id)).toEqual([bob.id]);

    const { data: member } = await client.orgs.getMemberInOrganizationById(organizationId, Zed.id);
    expect(member.role).toBe("edit");
    expect(member.user.email).toBe(Zed.email);

    const { data: updated } = await client.orgs.updateMemberInOrganizationById(organizationId, amy.id, { role: MemberRole.Comment });
    expect(updated.role).toBe("comment");

    const removed = await client.orgs.removeMemberFromOrganizationById(organizationId, Zed.id);
    expect(removed.status).toBe(205);
    const absent = await client.orgs.removeMemberFromOrganizationById(organizationId, Zed.id);
    expect(absent.status).toBe(204);

    const after = await client.orgs.listMembersInOrganizationById(organizationId, { sort: "name", order: "desc" });
    expect(after.data.items.map((item) => [item.id, item.role])).toEqual([
      [bob.id, null],
      [amy.id, "comment"],
      [admin.id, "admin"],
    ]);
  });

  it("surfaces 403 and 409 as GitBookAPIError", async () => {
    const { admin, organizationId, amy } = await organizationWith({ amy: "read" });
    const asAmy = gitbookClient(amy);
    const forbidden = await asAmy.orgs.updateMemberInOrganizationById(organizationId, admin.id, { role: MemberRole.Read }).catch((error) => error);
    expect(forbidden).toBeInstanceOf(GitBookAPIError);
    expect((forbidden as GitBookAPIError).code).toBe(403);

    const conflict = await gitbookClient(admin)
      .orgs.removeMemberFromOrganizationById(organizationId, admin.id)
      .catch((error) => error);
    expect(conflict).toBeInstanceOf(GitBookAPIError);
    expect((conflict as GitBookAPIError).code).toBe(409);
  });
});
