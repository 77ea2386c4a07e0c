import { GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../src/lib/roles";
import {
  NON_ADMIN_ROLES,
  addMember,
  createOrganization,
  createUser,
  gitbookClient,
  organizationWithEveryRole,
  type TestUser,
} from "../helpers/fixtures";
import { call, errorMessage, type ApiResponse } from "../helpers/http";
import { expectSpecResponse } from "../helpers/spec";

/*
 * Collections through HTTP and through GitBook's official client (seed 2.3, 4.8, 7; the rules are
 * in docs/decisions.md, "Spaces and collections"):
 *   GET/POST /v1/orgs/{organizationId}/collections, GET/PATCH/DELETE /v1/collections/{collectionId},
 *   GET /v1/collections/{collectionId}/spaces, POST /v1/collections/{collectionId}/move and /transfer.
 * Storage is shared by every test of this file: each describe builds its own organization, and every
 * test that changes something builds the collections it changes.
 */

type Fixture = Awaited<ReturnType<typeof organizationWithEveryRole>>;
type Caller = TestUser;
type Permissions = { view: boolean; admin: boolean; viewInviteLinks: boolean; create: boolean };

const ROLES_BELOW_CREATE = ["review", "edit", "comment", "read"] as const;
const ALL_ADMIN: Permissions = { view: true, admin: true, viewInviteLinks: true, create: true };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const missingId = () => `missing${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;

const collectionsPath = (organizationId: string, query = "") => `/v1/orgs/${organizationId}/collections${query}`;
const collectionPath = (collectionId: string) => `/v1/collections/${collectionId}`;
const collectionSpacesPath = (collectionId: string, query = "") => `/v1/collections/${collectionId}/spaces${query}`;
const movePath = (collectionId: string) => `/v1/collections/${collectionId}/move`;
const transferPath = (collectionId: string) => `/v1/collections/${collectionId}/transfer`;

/** The permissions a level on a collection gives (src/lib/permissions.ts collectionPermissions). */
function permissionsFor(level: Role): Permissions {
  return { view: true, admin: level === "admin", viewInviteLinks: level === "admin", create: level === "admin" || level === "create" };
}

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Creates a collection (asserting 201) and returns it. */
async function newCollection(user: Caller, organizationId: string, body: { title?: string; parent?: string } = {}) {
  const response = await call("POST", collectionsPath(organizationId), { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Creates a space (asserting 201) and returns it. */
async function newSpace(user: Caller, organizationId: string, body: { title?: string; parent?: string } = {}) {
  const response = await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: { title: "Space", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function getCollection(user: Caller, collectionId: string): Promise<ApiResponse> {
  return call("GET", collectionPath(collectionId), { token: user.token });
}

/** The collection as `user` reads it now (asserting 200 and GitBook's spec). */
async function readCollection(user: Caller, collectionId: string) {
  const response = await getCollection(user, collectionId);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getCollectionById", 200, response.body);
  return response.body;
}

/** The space as `user` reads it now (asserting 200). */
async function readSpace(user: Caller, spaceId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function patchCollection(user: Caller, collectionId: string, body: unknown): Promise<ApiResponse> {
  return call("PATCH", collectionPath(collectionId), { token: user.token, body });
}

async function moveCollection(user: Caller, collectionId: string, body: unknown): Promise<ApiResponse> {
  return call("POST", movePath(collectionId), { token: user.token, body });
}

async function moveSpace(user: Caller, spaceId: string, body: unknown): Promise<ApiResponse> {
  return call("POST", `/v1/spaces/${spaceId}/move`, { token: user.token, body });
}

/** Moves (asserting 200 and GitBook's spec) and returns the moved collection. */
async function moved(user: Caller, collectionId: string, body: unknown) {
  const response = await moveCollection(user, collectionId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("moveCollection", 200, response.body);
  return response.body;
}

/** Ids of one collection list (one page of up to 1000), asserting 200 and GitBook's spec. */
async function listIds(user: Caller, organizationId: string, nested?: boolean | string): Promise<string[]> {
  const response = await call("GET", collectionsPath(organizationId, query({ nested, limit: 1000 })), { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listCollectionsInOrganizationById", 200, response.body);
  expect(response.body.next).toBeUndefined();
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((item: { id: string }) => item.id);
}

/** Ids of the spaces listed in a collection (one page of up to 1000), asserting 200 and GitBook's spec. */
async function spaceIdsIn(user: Caller, collectionId: string): Promise<string[]> {
  const response = await call("GET", collectionSpacesPath(collectionId, "?limit=1000"), { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listSpacesInCollectionById", 200, response.body);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((item: { id: string }) => item.id);
}

/** Walks a list from its first page to its last with `limit`, checking each page; returns every item. */
async function walk(
  user: Caller,
  path: (query: string) => string,
  operationId: string,
  params: Record<string, string | number | boolean | undefined>,
  expectedCount: number,
) {
  const limit = Number(params.limit);
  const items: Array<{ id: string }> = [];
  let page: string | undefined;
  let pages = 0;
  do {
    const response = await call("GET", path(query({ ...params, page })), { token: user.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse(operationId, 200, response.body);
    expect(response.body.count).toBe(expectedCount);
    items.push(...response.body.items);
    pages += 1;
    page = response.body.next?.page;
    if (page !== undefined) expect(response.body.items).toHaveLength(limit);
    else expect(response.body.items.length).toBeLessThanOrEqual(limit);
    expect(pages, "pagination does not terminate").toBeLessThanOrEqual(expectedCount + 1);
  } while (page !== undefined);
  expect(pages).toBe(Math.max(1, Math.ceil(expectedCount / limit)));
  return items;
}

/** The caller's GitBookAPIError from a client call that must fail. */
async function clientError(promise: Promise<unknown>): Promise<GitBookAPIError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GitBookAPIError);
  return error as GitBookAPIError;
}

describe("the spec check used here", () => {
  it("rejects collection bodies GitBook's spec does not allow", () => {
    expect(() => expectSpecResponse("getCollectionById", 200, { object: "collection", id: "x" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("listCollectionsInOrganizationById", 200, { items: [{ object: "collection" }], count: 1 })).toThrow(
      /vs GitBook.s spec/,
    );
  });
});

describe("POST /v1/orgs/{organizationId}/collections (createCollection)", () => {
  let fixture: Fixture;
  let orgId: string;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
  });

  it("creates a top-level collection: 201, Location, GitBook's shape, admin permissions for an org admin", async () => {
    const response = await call("POST", collectionsPath(orgId), { token: fixture.admin.token, body: { title: "Handbook" } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectSpecResponse("createCollection", 201, response.body);
    const collection = response.body;
    expect(collection.object).toBe("collection");
    expect(typeof collection.id).toBe("string");
    expect(collection.title).toBe("Handbook");
    expect(collection.organization).toBe(orgId);
    expect(collection).not.toHaveProperty("parent");
    expect(collection.defaultLevel).toBeNull();
    expect(collection.permissions).toEqual(ALL_ADMIN);
    expect(collection.urls.location).toMatch(new RegExp(`^https?://[^/]+/v1/collections/${collection.id}$`));
    expect(() => new URL(collection.urls.app)).not.toThrow();
    expect(response.headers.get("location")).toBe(collection.urls.location);

    // The Location is where the collection is read.
    const location = new URL(response.headers.get("location")!);
    const read = await call("GET", location.pathname, { token: fixture.admin.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(collection);
    expect(await listIds(fixture.admin, orgId, false)).toContain(collection.id);
  });

  it("titles a collection 'Untitled' when no title is given", async () => {
    const collection = await newCollection(fixture.admin, orgId);
    expect(collection.title).toBe("Untitled");
    expect((await readCollection(fixture.admin, collection.id)).title).toBe("Untitled");
  });

  it("accepts a 50-character title", async () => {
    const title = "t".repeat(50);
    expect((await newCollection(fixture.admin, orgId, { title })).title).toBe(title);
  });

  it("lets a 'create' member create one, whom it makes its admin; others see it at their level", async () => {
    const collection = await newCollection(fixture.create, orgId, { title: "By create" });
    expect(collection.permissions).toEqual(ALL_ADMIN);
    expect((await readCollection(fixture.create, collection.id)).permissions).toEqual(ALL_ADMIN);
    expect((await readCollection(fixture.admin, collection.id)).permissions).toEqual(ALL_ADMIN);
    for (const role of ROLES_BELOW_CREATE) {
      expect((await readCollection(fixture[role], collection.id)).permissions, role).toEqual(permissionsFor(role));
    }
  });

  for (const role of ROLES_BELOW_CREATE) {
    it(`refuses a '${role}' member at the top level (403), creating nothing`, async () => {
      const before = await listIds(fixture.admin, orgId);
      const message = errorMessage(
        await call("POST", collectionsPath(orgId), { token: fixture[role].token, body: { title: `By ${role}` } }),
        403,
      );
      expect(message).toMatch(/create/);
      expect(await listIds(fixture.admin, orgId)).toEqual(before);
    });
  }

  it("refuses a guest at the top level (403), creating nothing", async () => {
    const before = await listIds(fixture.admin, orgId);
    errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.guest.token, body: { title: "By guest" } }), 403);
    expect(await listIds(fixture.admin, orgId)).toEqual(before);
  });

  it("is a 404 to a member of another organization, and for an organization that does not exist", async () => {
    const before = await listIds(fixture.admin, orgId);
    errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.outsider.token, body: { title: "Intruder" } }), 404);
    errorMessage(await call("POST", collectionsPath(missingId()), { token: fixture.admin.token, body: { title: "Nowhere" } }), 404);
    expect(await listIds(fixture.admin, orgId)).toEqual(before);
  });

  it("creates inside a parent, at the level the parent gives", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Parent" });
    const child = await newCollection(fixture.admin, orgId, { title: "Child", parent: parent.id });
    expectSpecResponse("createCollection", 201, child);
    expect(child.parent).toBe(parent.id);
    expect(child.organization).toBe(orgId);
    expect((await readCollection(fixture.read, child.id)).parent).toBe(parent.id);
    // A nested collection is in the nested list, not in the top-level one.
    expect(await listIds(fixture.admin, orgId, true)).toContain(child.id);
    expect(await listIds(fixture.admin, orgId, false)).not.toContain(child.id);

    // A 'create' member may create inside a collection they have 'create' on (and administers what they create).
    const byCreate = await newCollection(fixture.create, orgId, { title: "Nested by create", parent: parent.id });
    expect(byCreate.parent).toBe(parent.id);
    expect(byCreate.permissions).toEqual(ALL_ADMIN);
  });

  it("refuses members below 'create' on the parent (403), and lets a raised default level create", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Guarded parent" });
    for (const role of ROLES_BELOW_CREATE) {
      errorMessage(await call("POST", collectionsPath(orgId), { token: fixture[role].token, body: { parent: parent.id } }), 403);
    }
    // defaultLevel 'read' lowers a 'create' member below 'create' there.
    expect((await patchCollection(fixture.admin, parent.id, { defaultLevel: "read" })).status).toBe(200);
    errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.create.token, body: { parent: parent.id } }), 403);

    // defaultLevel 'create' raises a 'read' member to 'create' there (but not at the top level).
    const open = await newCollection(fixture.admin, orgId, { title: "Open parent" });
    expect((await patchCollection(fixture.admin, open.id, { defaultLevel: "create" })).status).toBe(200);
    const child = await newCollection(fixture.read, orgId, { title: "By read", parent: open.id });
    expect(child.parent).toBe(open.id);
    expect(child.permissions).toEqual(ALL_ADMIN);
    errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.read.token, body: { title: "Top by read" } }), 403);
  });

  it("refuses a parent that is not a collection of this organization, naming 'parent' (400)", async () => {
    const foreign = await newCollection(fixture.outsider, fixture.outsiderOrganization.id, { title: "Foreign" });
    const own = await newCollection(fixture.admin, orgId, { title: "Own" });
    const before = await listIds(fixture.admin, orgId);
    for (const parent of [foreign.id, missingId(), "not an id!", ""]) {
      const message = errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.admin.token, body: { parent } }), 400);
      expect(message, parent).toContain("parent");
    }
    // A guest sees no collection, so even a real one is no parent for them.
    const message = errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.guest.token, body: { parent: own.id } }), 400);
    expect(message).toContain("parent");
    expect(await listIds(fixture.admin, orgId)).toEqual(before);
    // The foreign organization is untouched too.
    expect(await listIds(fixture.outsider, fixture.outsiderOrganization.id)).toEqual([foreign.id]);
  });

  it("refuses invalid bodies, naming the field, and creates nothing", async () => {
    const before = await listIds(fixture.admin, orgId);
    const cases: Array<[unknown, string]> = [
      [{ title: "" }, "title"],
      [{ title: "x".repeat(51) }, "title"],
      [{ title: 42 }, "title"],
      [{ title: null }, "title"],
      [{ parent: 42 }, "parent"],
    ];
    for (const [body, field] of cases) {
      const message = errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.admin.token, body }), 400);
      expect(message, JSON.stringify(body)).toContain(field);
    }
    errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.admin.token, body: "{not json" }), 400);
    errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.admin.token, body: "[]" }), 400);
    expect(await listIds(fixture.admin, orgId)).toEqual(before);
  });

  it("nests 16 levels deep and refuses a 17th, naming 'parent'", async () => {
    let parent: string | undefined;
    for (let depth = 1; depth <= 16; depth++) {
      parent = (await newCollection(fixture.admin, orgId, { title: `Depth ${depth}`, parent })).id;
    }
    const message = errorMessage(
      await call("POST", collectionsPath(orgId), { token: fixture.admin.token, body: { title: "Depth 17", parent } }),
      400,
    );
    expect(message).toContain("parent");
  });

  it("creates through GitBook's client, which surfaces errors as GitBookAPIError", async () => {
    const client = gitbookClient(fixture.admin);
    const { data: parent, status } = await client.orgs.createCollection(orgId, { title: "Client parent" });
    expect(status).toBe(201);
    expect(parent.title).toBe("Client parent");
    const { data: child } = await client.orgs.createCollection(orgId, { title: "Client child", parent: parent.id });
    expect(child.parent).toBe(parent.id);
    const { data: read } = await client.collections.getCollectionById(child.id);
    expect(read).toEqual(child);

    const invalid = await clientError(client.orgs.createCollection(orgId, { title: "x".repeat(51) }));
    expect(invalid.code).toBe(400);
    expect(invalid.errorMessage).toContain("title");
    const forbidden = await clientError(gitbookClient(fixture.read).orgs.createCollection(orgId, { title: "No" }));
    expect(forbidden.code).toBe(403);
  });
});

describe("GET /v1/orgs/{organizationId}/collections (listCollectionsInOrganizationById)", () => {
  let fixture: Fixture;
  let orgId: string;
  /** Every collection, oldest first. */
  let oldestFirst: string[];
  /** The top-level collections in their sibling order. */
  let topLevel: string[];
  let ids: Record<"a" | "a1" | "b" | "a1a" | "c" | "a2", string>;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    const make = async (title: string, parent?: string) => {
      // Distinct creation times, so "oldest first" is one order.
      await sleep(3);
      return (await newCollection(fixture.admin, orgId, { title, parent })).id;
    };
    const a = await make("A");
    const a1 = await make("A1", a);
    const b = await make("B");
    const a1a = await make("A1a", a1);
    await newSpace(fixture.admin, orgId, { title: "Top space" });
    const c = await make("C");
    const a2 = await make("A2", a);
    ids = { a, a1, b, a1a, c, a2 };
    // C goes first among the top-level items: sibling order C, A, B; creation order unchanged.
    await moved(fixture.admin, c, { position: { before: { type: "collection", collection: a } } });
    // B's default level lowers every non-admin member to 'read' on it (and on nothing else).
    expect((await patchCollection(fixture.admin, b, { defaultLevel: "read" })).status).toBe(200);
    oldestFirst = [a, a1, b, a1a, c, a2];
    topLevel = [c, a, b];
  });

  it("lists every collection, nested ones too, oldest first, by default", async () => {
    const response = await call("GET", collectionsPath(orgId), { token: fixture.admin.token });
    expect(response.status).toBe(200);
    expectSpecResponse("listCollectionsInOrganizationById", 200, response.body);
    expect(response.body.count).toBe(6);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual(oldestFirst);
    const byId = new Map(response.body.items.map((item: any) => [item.id, item]));
    expect((byId.get(ids.a1) as any).parent).toBe(ids.a);
    expect((byId.get(ids.a1a) as any).parent).toBe(ids.a1);
    expect(byId.get(ids.a)).not.toHaveProperty("parent");
    for (const item of response.body.items) {
      expect(item.object).toBe("collection");
      expect(item.organization).toBe(orgId);
      expect(item.permissions).toEqual(ALL_ADMIN);
    }
  });

  it("nested=true is the default", async () => {
    expect(await listIds(fixture.admin, orgId, true)).toEqual(oldestFirst);
    expect(await listIds(fixture.admin, orgId, "true")).toEqual(oldestFirst);
  });

  it("nested=false (the string 'false' in the query) lists only top-level collections, in their sibling order", async () => {
    const response = await call("GET", `${collectionsPath(orgId)}?nested=false`, { token: fixture.admin.token });
    expect(response.status).toBe(200);
    expectSpecResponse("listCollectionsInOrganizationById", 200, response.body);
    expect(response.body.count).toBe(3);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual(topLevel);
    for (const item of response.body.items) expect(item).not.toHaveProperty("parent");
  });

  it("refuses a nested value that is not a boolean, naming 'nested'", async () => {
    for (const value of ["maybe", "yes", "2"]) {
      const message = errorMessage(await call("GET", collectionsPath(orgId, `?nested=${value}`), { token: fixture.admin.token }), 400);
      expect(message).toContain("nested");
    }
  });

  for (const nested of [true, false]) {
    it(`walks every page with limit=2, nested=${nested}, each collection once`, async () => {
      const expected = nested ? oldestFirst : topLevel;
      const items = await walk(
        fixture.admin,
        (q) => collectionsPath(orgId, q),
        "listCollectionsInOrganizationById",
        { nested, limit: 2 },
        expected.length,
      );
      const walked = items.map((item) => item.id);
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked).toEqual(expected);
    });
  }

  it("walks with limit=1 the same order as one page", async () => {
    const items = await walk(fixture.read, (q) => collectionsPath(orgId, q), "listCollectionsInOrganizationById", { limit: 1 }, 6);
    expect(items.map((item) => item.id)).toEqual(oldestFirst);
  });

  it("refuses a bad limit or page, naming it, and a cursor of the other list", async () => {
    expect(errorMessage(await call("GET", collectionsPath(orgId, "?limit=1001"), { token: fixture.admin.token }), 400)).toContain("limit");
    expect(errorMessage(await call("GET", collectionsPath(orgId, "?limit=-1"), { token: fixture.admin.token }), 400)).toContain("limit");
    expect(errorMessage(await call("GET", collectionsPath(orgId, "?limit=two"), { token: fixture.admin.token }), 400)).toContain("limit");
    expect(errorMessage(await call("GET", collectionsPath(orgId, "?page=garbage"), { token: fixture.admin.token }), 400)).toContain("page");
    const first = await call("GET", collectionsPath(orgId, "?limit=2&nested=true"), { token: fixture.admin.token });
    expect(first.body.next?.page).toBeTypeOf("string");
    const replayed = await call("GET", collectionsPath(orgId, query({ limit: 2, nested: false, page: first.body.next.page })), {
      token: fixture.admin.token,
    });
    expect(errorMessage(replayed, 400)).toContain("page");
  });

  it("shows every non-guest member the same collections, each with their own permissions", async () => {
    for (const role of NON_ADMIN_ROLES) {
      const response = await call("GET", collectionsPath(orgId, "?limit=1000"), { token: fixture[role].token });
      expect(response.status).toBe(200);
      expectSpecResponse("listCollectionsInOrganizationById", 200, response.body);
      expect(response.body.count, role).toBe(6);
      expect(response.body.items.map((item: { id: string }) => item.id)).toEqual(oldestFirst);
      for (const item of response.body.items) {
        // B has defaultLevel 'read'; the others take the member's organization role.
        const expected = item.id === ids.b ? permissionsFor("read") : permissionsFor(role);
        expect(item.permissions, `${role} on ${item.title}`).toEqual(expected);
        // The list and the collection itself agree.
        expect((await readCollection(fixture[role], item.id)).permissions).toEqual(item.permissions);
      }
      expect(await listIds(fixture[role], orgId, false)).toEqual(topLevel);
    }
  });

  it("is empty to a guest (nested or not)", async () => {
    for (const nested of [undefined, true, false]) {
      const response = await call("GET", collectionsPath(orgId, query({ nested })), { token: fixture.guest.token });
      expect(response.status).toBe(200);
      expectSpecResponse("listCollectionsInOrganizationById", 200, response.body);
      expect(response.body.items).toEqual([]);
      expect(response.body.count).toBe(0);
      expect(response.body.next).toBeUndefined();
    }
  });

  it("is a 404 to a member of another organization and for an unknown organization", async () => {
    errorMessage(await call("GET", collectionsPath(orgId), { token: fixture.outsider.token }), 404);
    errorMessage(await call("GET", collectionsPath(missingId()), { token: fixture.admin.token }), 404);
  });

  it("never lists another organization's collections", async () => {
    const foreign = await newCollection(fixture.outsider, fixture.outsiderOrganization.id, { title: "Foreign" });
    expect(await listIds(fixture.admin, orgId)).not.toContain(foreign.id);
    expect(await listIds(fixture.outsider, fixture.outsiderOrganization.id)).toEqual([foreign.id]);
  });

  it("lists through GitBook's client, nested and not (nested: false really filters)", async () => {
    const client = gitbookClient(fixture.comment);
    const { data: all, status } = await client.orgs.listCollectionsInOrganizationById(orgId);
    expect(status).toBe(200);
    expect(all.count).toBe(6);
    expect(all.items.map((item) => item.id)).toEqual(oldestFirst);
    const { data: top } = await client.orgs.listCollectionsInOrganizationById(orgId, { nested: false });
    expect(top.items.map((item) => item.id)).toEqual(topLevel);
    expect(top.count).toBe(3);
    const { data: firstPage } = await client.orgs.listCollectionsInOrganizationById(orgId, { limit: 2, nested: true });
    expect(firstPage.items.map((item) => item.id)).toEqual(oldestFirst.slice(0, 2));
    const { data: secondPage } = await client.orgs.listCollectionsInOrganizationById(orgId, { limit: 2, page: firstPage.next!.page });
    expect(secondPage.items.map((item) => item.id)).toEqual(oldestFirst.slice(2, 4));
    const error = await clientError(gitbookClient(fixture.outsider).orgs.listCollectionsInOrganizationById(orgId));
    expect(error.code).toBe(404);
  });
});

describe("GET /v1/collections/{collectionId} (getCollectionById)", () => {
  let fixture: Fixture;
  let orgId: string;
  let collection: any;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    collection = await newCollection(fixture.admin, orgId, { title: "Readable" });
  });

  it("returns the collection to an org admin, as GitBook's spec says", async () => {
    const read = await readCollection(fixture.admin, collection.id);
    expect(read).toEqual(collection);
    expect(read.permissions).toEqual(ALL_ADMIN);
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`returns it to a '${role}' member with the permissions of '${role}'`, async () => {
      const read = await readCollection(fixture[role], collection.id);
      expect(read.id).toBe(collection.id);
      expect(read.title).toBe("Readable");
      expect(read.permissions).toEqual(permissionsFor(role));
    });
  }

  it("is a 404 to a guest and to a member of another organization", async () => {
    expect(errorMessage(await getCollection(fixture.guest, collection.id), 404)).toContain(collection.id);
    expect(errorMessage(await getCollection(fixture.outsider, collection.id), 404)).toContain(collection.id);
  });

  it("is a 404 for a collection that does not exist", async () => {
    const id = missingId();
    expect(errorMessage(await getCollection(fixture.admin, id), 404)).toContain(id);
  });

  it("gives the creator the admin level whatever the default levels", async () => {
    const own = await newCollection(fixture.create, orgId, { title: "Mine" });
    expect((await patchCollection(fixture.admin, own.id, { defaultLevel: "read" })).status).toBe(200);
    expect((await readCollection(fixture.create, own.id)).permissions).toEqual(ALL_ADMIN);
    // Everyone else not an admin is at 'read' on it.
    expect((await readCollection(fixture.review, own.id)).permissions).toEqual(permissionsFor("read"));
    // And the creator may act as its admin.
    const patched = await patchCollection(fixture.create, own.id, { title: "Still mine" });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.permissions).toEqual(ALL_ADMIN);
    // The organization's list says the same.
    const listed = await call("GET", collectionsPath(orgId, "?limit=1000"), { token: fixture.create.token });
    expect(listed.status).toBe(200);
    const entry = listed.body.items.find((item: { id: string }) => item.id === own.id);
    expect(entry.permissions).toEqual(ALL_ADMIN);
    expect(listed.body.items.find((item: { id: string }) => item.id === collection.id).permissions).toEqual(permissionsFor("create"));
  });

  it("reads through GitBook's client, which throws GitBookAPIError 404 for a guest", async () => {
    const { data, status } = await gitbookClient(fixture.edit).collections.getCollectionById(collection.id);
    expect(status).toBe(200);
    expect(data.id).toBe(collection.id);
    expect(data.permissions).toEqual(permissionsFor("edit"));
    const error = await clientError(gitbookClient(fixture.guest).collections.getCollectionById(collection.id));
    expect(error.code).toBe(404);
  });
});

describe("default levels of collections", () => {
  let fixture: Fixture;
  let orgId: string;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
  });

  it("defaultLevel 'read' takes 'create' away from a 'create' member, on it and on a nested collection that inherits", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Read only" });
    const child = await newCollection(fixture.admin, orgId, { title: "Inherits", parent: parent.id });
    expect((await readCollection(fixture.create, parent.id)).permissions.create).toBe(true);
    expect((await readCollection(fixture.create, child.id)).permissions.create).toBe(true);

    const patched = await patchCollection(fixture.admin, parent.id, { defaultLevel: "read" });
    expect(patched.status).toBe(200);
    expect(patched.body.defaultLevel).toBe("read");

    expect((await readCollection(fixture.create, parent.id)).permissions).toEqual(permissionsFor("read"));
    const nested = await readCollection(fixture.create, child.id);
    expect(nested.defaultLevel).toBeNull();
    expect(nested.permissions).toEqual(permissionsFor("read"));
    errorMessage(await call("POST", collectionsPath(orgId), { token: fixture.create.token, body: { parent: child.id } }), 403);
    // Org admins stay admins.
    expect((await readCollection(fixture.admin, child.id)).permissions).toEqual(ALL_ADMIN);
    // The nested collection's own level wins over its parent's.
    expect((await patchCollection(fixture.admin, child.id, { defaultLevel: "create" })).status).toBe(200);
    expect((await readCollection(fixture.create, child.id)).permissions).toEqual(permissionsFor("create"));
    expect((await readCollection(fixture.read, child.id)).permissions).toEqual(permissionsFor("create"));
    expect((await readCollection(fixture.read, parent.id)).permissions).toEqual(permissionsFor("read"));
  });

  it("defaultLevel 'admin' lets a 'read' member update it (and what inherits from it); null gives the org role back", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Open" });
    const child = await newCollection(fixture.admin, orgId, { title: "Open child", parent: parent.id });
    errorMessage(await patchCollection(fixture.read, parent.id, { title: "Nope" }), 403);

    expect((await patchCollection(fixture.admin, parent.id, { defaultLevel: "admin" })).status).toBe(200);
    expect((await readCollection(fixture.read, parent.id)).permissions).toEqual(ALL_ADMIN);
    const byReader = await patchCollection(fixture.read, parent.id, { title: "Renamed by read" });
    expect(byReader.status, JSON.stringify(byReader.body)).toBe(200);
    expect(byReader.body.title).toBe("Renamed by read");
    expect(byReader.body.permissions).toEqual(ALL_ADMIN);
    const childByReader = await patchCollection(fixture.read, child.id, { description: "Edited by read" });
    expect(childByReader.status, JSON.stringify(childByReader.body)).toBe(200);
    // Guests get nothing from a default level.
    errorMessage(await getCollection(fixture.guest, parent.id), 404);
    errorMessage(await getCollection(fixture.guest, child.id), 404);

    const reset = await patchCollection(fixture.admin, parent.id, { defaultLevel: null });
    expect(reset.status).toBe(200);
    expect(reset.body.defaultLevel).toBeNull();
    for (const role of NON_ADMIN_ROLES) {
      expect((await readCollection(fixture[role], parent.id)).permissions, role).toEqual(permissionsFor(role));
      expect((await readCollection(fixture[role], child.id)).permissions, role).toEqual(permissionsFor(role));
    }
    errorMessage(await patchCollection(fixture.read, parent.id, { title: "Nope again" }), 403);
    expect((await readCollection(fixture.admin, parent.id)).title).toBe("Renamed by read");
  });

  it("accepts 'inherit' as null, and returns null", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Inherit" });
    expect((await patchCollection(fixture.admin, collection.id, { defaultLevel: "comment" })).body.defaultLevel).toBe("comment");
    expect((await readCollection(fixture.create, collection.id)).permissions).toEqual(permissionsFor("comment"));
    const response = await patchCollection(fixture.admin, collection.id, { defaultLevel: "inherit" });
    expect(response.status).toBe(200);
    expectSpecResponse("updateCollectionById", 200, response.body);
    expect(response.body.defaultLevel).toBeNull();
    expect((await readCollection(fixture.admin, collection.id)).defaultLevel).toBeNull();
    expect((await readCollection(fixture.create, collection.id)).permissions).toEqual(permissionsFor("create"));
  });

  it("applies every role as a default level to every non-admin member", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Every level" });
    for (const level of ["read", "comment", "edit", "review", "create", "admin"] as const) {
      expect((await patchCollection(fixture.admin, collection.id, { defaultLevel: level })).status).toBe(200);
      for (const role of NON_ADMIN_ROLES) {
        expect((await readCollection(fixture[role], collection.id)).permissions, `${role} at ${level}`).toEqual(permissionsFor(level));
      }
    }
  });
});

describe("PATCH /v1/collections/{collectionId} (updateCollectionById)", () => {
  let fixture: Fixture;
  let orgId: string;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
  });

  it("updates title, description and defaultLevel, as GitBook's spec says", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Before" });
    const response = await patchCollection(fixture.admin, collection.id, {
      title: "After",
      description: "What this collection holds",
      defaultLevel: "edit",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateCollectionById", 200, response.body);
    expect(response.body).toMatchObject({
      object: "collection",
      id: collection.id,
      title: "After",
      description: "What this collection holds",
      defaultLevel: "edit",
      organization: orgId,
      permissions: ALL_ADMIN,
    });
    expect(await readCollection(fixture.admin, collection.id)).toEqual(response.body);
  });

  it("changes only the fields given", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Holder" });
    const collection = await newCollection(fixture.admin, orgId, { title: "Partial", parent: parent.id });
    await patchCollection(fixture.admin, collection.id, { description: "Kept", defaultLevel: "review" });
    const renamed = await patchCollection(fixture.admin, collection.id, { title: "Renamed" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: "Renamed", description: "Kept", defaultLevel: "review", parent: parent.id });
    const described = await patchCollection(fixture.admin, collection.id, { description: "Changed" });
    expect(described.body).toMatchObject({ title: "Renamed", description: "Changed", defaultLevel: "review" });
    const empty = await patchCollection(fixture.admin, collection.id, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(described.body);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(described.body);
  });

  it("accepts a 50-character title, a 100-character and an empty description", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Limits" });
    const response = await patchCollection(fixture.admin, collection.id, { title: "T".repeat(50), description: "d".repeat(100) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.title).toBe("T".repeat(50));
    expect(response.body.description).toBe("d".repeat(100));
    const emptied = await patchCollection(fixture.admin, collection.id, { description: "" });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(emptied.body.description ?? "").toBe("");
  });

  it("refuses invalid bodies, naming the field, and changes nothing", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Guarded" });
    await patchCollection(fixture.admin, collection.id, { description: "Original", defaultLevel: "comment" });
    const before = await readCollection(fixture.admin, collection.id);
    const cases: Array<[unknown, string]> = [
      [{ title: "" }, "title"],
      [{ title: "x".repeat(51) }, "title"],
      [{ title: null }, "title"],
      [{ title: 7 }, "title"],
      [{ description: "d".repeat(101) }, "description"],
      [{ description: 7 }, "description"],
      [{ defaultLevel: "owner" }, "defaultLevel"],
      [{ defaultLevel: "guest" }, "defaultLevel"],
      [{ defaultLevel: 3 }, "defaultLevel"],
      [{ title: "Valid", defaultLevel: "owner" }, "defaultLevel"],
    ];
    for (const [body, field] of cases) {
      const message = errorMessage(await patchCollection(fixture.admin, collection.id, body), 400);
      expect(message, JSON.stringify(body)).toContain(field);
    }
    errorMessage(await patchCollection(fixture.admin, collection.id, "{broken"), 400);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(before);
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`refuses a '${role}' member (403) and changes nothing`, async () => {
      const collection = await newCollection(fixture.admin, orgId, { title: `Not for ${role}` });
      const message = errorMessage(await patchCollection(fixture[role], collection.id, { title: "Taken over", defaultLevel: "admin" }), 403);
      expect(message).toMatch(/admin/);
      expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
    });
  }

  it("is a 404 to a guest, to a member of another organization, and for an unknown collection", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Hidden" });
    errorMessage(await patchCollection(fixture.guest, collection.id, { title: "Guest" }), 404);
    errorMessage(await patchCollection(fixture.outsider, collection.id, { title: "Outsider" }), 404);
    errorMessage(await patchCollection(fixture.admin, missingId(), { title: "Nobody" }), 404);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
  });

  it("lets the creator update their own collection, not someone else's", async () => {
    const own = await newCollection(fixture.create, orgId, { title: "Creator's" });
    const response = await patchCollection(fixture.create, own.id, { title: "Creator's, renamed", defaultLevel: "read" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.title).toBe("Creator's, renamed");
    // Lowering the default level does not lower the creator.
    expect(response.body.permissions).toEqual(ALL_ADMIN);
    const others = await newCollection(fixture.admin, orgId, { title: "Admin's" });
    errorMessage(await patchCollection(fixture.create, others.id, { title: "Mine now" }), 403);
  });

  it("updates through GitBook's client, which throws GitBookAPIError 403 for a non-admin", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Client" });
    const { data, status } = await gitbookClient(fixture.admin).collections.updateCollectionById(collection.id, {
      title: "Client renamed",
      description: "From the client",
      defaultLevel: "inherit",
    });
    expect(status).toBe(200);
    expect(data).toMatchObject({ title: "Client renamed", description: "From the client", defaultLevel: null });
    const error = await clientError(gitbookClient(fixture.review).collections.updateCollectionById(collection.id, { title: "No" }));
    expect(error.code).toBe(403);
    expect((await readCollection(fixture.admin, collection.id)).title).toBe("Client renamed");
  });
});

describe("DELETE /v1/collections/{collectionId} (deleteCollectionById)", () => {
  let fixture: Fixture;
  let orgId: string;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
  });

  it("deletes the collection and its nested collections, soft-deletes their spaces, and leaves the rest", async () => {
    const root = await newCollection(fixture.admin, orgId, { title: "Doomed" });
    const nested = await newCollection(fixture.admin, orgId, { title: "Doomed nested", parent: root.id });
    const deep = await newCollection(fixture.admin, orgId, { title: "Doomed deep", parent: nested.id });
    const rootSpaces = [await newSpace(fixture.admin, orgId, { title: "R1", parent: root.id }), await newSpace(fixture.admin, orgId, { title: "R2", parent: root.id })];
    const nestedSpace = await newSpace(fixture.admin, orgId, { title: "N1", parent: nested.id });
    const deepSpace = await newSpace(fixture.admin, orgId, { title: "D1", parent: deep.id });
    // A space already deleted before: it keeps its own deletedAt.
    const earlier = await newSpace(fixture.admin, orgId, { title: "Deleted earlier", parent: nested.id });
    expect((await call("DELETE", `/v1/spaces/${earlier.id}`, { token: fixture.admin.token })).status).toBe(204);
    const earlierDeletedAt = (await readSpace(fixture.admin, earlier.id)).deletedAt;
    expect(earlierDeletedAt).toBeTypeOf("string");
    // Untouched neighbours.
    const sibling = await newCollection(fixture.admin, orgId, { title: "Survivor" });
    const siblingSpace = await newSpace(fixture.admin, orgId, { title: "Survivor space", parent: sibling.id });
    const topSpace = await newSpace(fixture.admin, orgId, { title: "Top survivor" });
    await sleep(5);

    const response = await call("DELETE", collectionPath(root.id), { token: fixture.admin.token });
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();

    for (const gone of [root, nested, deep]) {
      errorMessage(await getCollection(fixture.admin, gone.id), 404);
      errorMessage(await call("GET", collectionSpacesPath(gone.id), { token: fixture.admin.token }), 404);
    }
    const remaining = await listIds(fixture.admin, orgId);
    for (const gone of [root, nested, deep]) expect(remaining).not.toContain(gone.id);
    expect(remaining).toContain(sibling.id);

    for (const space of [...rootSpaces, nestedSpace, deepSpace]) {
      const read = await readSpace(fixture.admin, space.id);
      expect(read.deletedAt, space.title).toBeTypeOf("string");
      expect(read, space.title).not.toHaveProperty("parent");
      expect(read.organization).toBe(orgId);
    }
    const earlierNow = await readSpace(fixture.admin, earlier.id);
    expect(earlierNow.deletedAt).toBe(earlierDeletedAt);
    expect(earlierNow).not.toHaveProperty("parent");

    const survivor = await readSpace(fixture.admin, siblingSpace.id);
    expect(survivor.deletedAt).toBeUndefined();
    expect(survivor.parent).toBe(sibling.id);
    expect((await readSpace(fixture.admin, topSpace.id)).deletedAt).toBeUndefined();
    expect(await spaceIdsIn(fixture.admin, sibling.id)).toEqual([siblingSpace.id]);

    // The deleted spaces left the organization's space list.
    const listed = await call("GET", `/v1/orgs/${orgId}/spaces?limit=1000`, { token: fixture.admin.token });
    expect(listed.status).toBe(200);
    const liveIds = listed.body.items.map((item: { id: string }) => item.id);
    for (const space of [...rootSpaces, nestedSpace, deepSpace, earlier]) expect(liveIds).not.toContain(space.id);
    expect(liveIds).toContain(topSpace.id);

    // Each comes back at the top level, at its end.
    const restored = await call("POST", `/v1/spaces/${deepSpace.id}/restore`, { token: fixture.admin.token });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.deletedAt).toBeUndefined();
    expect(restored.body).not.toHaveProperty("parent");
    const readBack = await readSpace(fixture.admin, deepSpace.id);
    expect(readBack.deletedAt).toBeUndefined();
    expect(readBack).not.toHaveProperty("parent");
    // At the end of the top level: moving it to the top level without a position changes nothing.
    errorMessage(await moveSpace(fixture.admin, deepSpace.id, { parent: null }), 409);
    const relisted = await call("GET", `/v1/orgs/${orgId}/spaces?limit=1000`, { token: fixture.admin.token });
    expect(relisted.body.items.map((item: { id: string }) => item.id)).toContain(deepSpace.id);
  });

  it("deleting a nested collection leaves its parent and siblings alone", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Parent stays" });
    const keptSpace = await newSpace(fixture.admin, orgId, { title: "Kept", parent: parent.id });
    const doomed = await newCollection(fixture.admin, orgId, { title: "Nested doomed", parent: parent.id });
    const doomedSpace = await newSpace(fixture.admin, orgId, { title: "Doomed space", parent: doomed.id });
    const sibling = await newCollection(fixture.admin, orgId, { title: "Nested sibling", parent: parent.id });
    expect((await call("DELETE", collectionPath(doomed.id), { token: fixture.admin.token })).status).toBe(204);
    errorMessage(await getCollection(fixture.admin, doomed.id), 404);
    expect(await readCollection(fixture.admin, parent.id)).toEqual(parent);
    expect((await readCollection(fixture.admin, sibling.id)).parent).toBe(parent.id);
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual([keptSpace.id]);
    const gone = await readSpace(fixture.admin, doomedSpace.id);
    expect(gone.deletedAt).toBeTypeOf("string");
    expect(gone).not.toHaveProperty("parent");
    // Restored, it goes to the top level, not back to the surviving parent.
    const restored = await call("POST", `/v1/spaces/${doomedSpace.id}/restore`, { token: fixture.admin.token });
    expect(restored.status).toBe(200);
    expect(restored.body).not.toHaveProperty("parent");
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual([keptSpace.id]);
  });

  it("answers 204 again for a collection already deleted, and for one that never existed", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Twice" });
    expect((await call("DELETE", collectionPath(collection.id), { token: fixture.admin.token })).status).toBe(204);
    expect((await call("DELETE", collectionPath(collection.id), { token: fixture.admin.token })).status).toBe(204);
    expect((await call("DELETE", collectionPath(missingId()), { token: fixture.admin.token })).status).toBe(204);
    expect((await call("DELETE", collectionPath(missingId()), { token: fixture.read.token })).status).toBe(204);
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`refuses a '${role}' member (403) and deletes nothing`, async () => {
      const collection = await newCollection(fixture.admin, orgId, { title: `Kept from ${role}` });
      const space = await newSpace(fixture.admin, orgId, { title: "Inside", parent: collection.id });
      const message = errorMessage(await call("DELETE", collectionPath(collection.id), { token: fixture[role].token }), 403);
      expect(message).toMatch(/admin/);
      expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
      expect((await readSpace(fixture.admin, space.id)).deletedAt).toBeUndefined();
      expect(await spaceIdsIn(fixture.admin, collection.id)).toEqual([space.id]);
    });
  }

  it("is a 404 to a guest and to a member of another organization, deleting nothing", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Kept from strangers" });
    errorMessage(await call("DELETE", collectionPath(collection.id), { token: fixture.guest.token }), 404);
    errorMessage(await call("DELETE", collectionPath(collection.id), { token: fixture.outsider.token }), 404);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
  });

  it("lets the creator delete their own collection", async () => {
    const own = await newCollection(fixture.create, orgId, { title: "Creator deletes" });
    expect((await call("DELETE", collectionPath(own.id), { token: fixture.create.token })).status).toBe(204);
    errorMessage(await getCollection(fixture.admin, own.id), 404);
  });

  it("lets a member raised to 'admin' by the default level delete it", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Raised" });
    await patchCollection(fixture.admin, collection.id, { defaultLevel: "admin" });
    expect((await call("DELETE", collectionPath(collection.id), { token: fixture.comment.token })).status).toBe(204);
    errorMessage(await getCollection(fixture.admin, collection.id), 404);
  });

  it("deletes through GitBook's client", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Client delete" });
    const error = await clientError(gitbookClient(fixture.edit).collections.deleteCollectionById(collection.id));
    expect(error.code).toBe(403);
    const { status } = await gitbookClient(fixture.admin).collections.deleteCollectionById(collection.id);
    expect(status).toBe(204);
    const gone = await clientError(gitbookClient(fixture.admin).collections.getCollectionById(collection.id));
    expect(gone.code).toBe(404);
  });
});

describe("GET /v1/collections/{collectionId}/spaces (listSpacesInCollectionById)", () => {
  let fixture: Fixture;
  let orgId: string;
  let collection: any;
  let spaceIds: string[];

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    collection = await newCollection(fixture.admin, orgId, { title: "With spaces" });
    spaceIds = [];
    for (const title of ["S1", "S2", "S3", "S4", "S5"]) spaceIds.push((await newSpace(fixture.admin, orgId, { title, parent: collection.id })).id);
    // Not listed: a space in a nested collection, a deleted space, a top-level space.
    const nested = await newCollection(fixture.admin, orgId, { title: "Nested", parent: collection.id });
    await newSpace(fixture.admin, orgId, { title: "Deeper", parent: nested.id });
    const deleted = await newSpace(fixture.admin, orgId, { title: "Deleted", parent: collection.id });
    expect((await call("DELETE", `/v1/spaces/${deleted.id}`, { token: fixture.admin.token })).status).toBe(204);
    await newSpace(fixture.admin, orgId, { title: "Top" });
  });

  it("lists the live spaces directly in the collection, in their order, as GitBook's spec says", async () => {
    const response = await call("GET", collectionSpacesPath(collection.id), { token: fixture.admin.token });
    expect(response.status).toBe(200);
    expectSpecResponse("listSpacesInCollectionById", 200, response.body);
    expect(response.body.count).toBe(5);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual(spaceIds);
    for (const item of response.body.items) {
      expect(item.object).toBe("space");
      expect(item.parent).toBe(collection.id);
      expect(item.organization).toBe(orgId);
    }
  });

  it("walks every page with limit=2, each space once", async () => {
    const items = await walk(fixture.read, (q) => collectionSpacesPath(collection.id, q), "listSpacesInCollectionById", { limit: 2 }, 5);
    expect(items.map((item) => item.id)).toEqual(spaceIds);
  });

  it("refuses a bad limit or page, naming it", async () => {
    expect(errorMessage(await call("GET", collectionSpacesPath(collection.id, "?limit=1001"), { token: fixture.admin.token }), 400)).toContain("limit");
    expect(errorMessage(await call("GET", collectionSpacesPath(collection.id, "?page=nope"), { token: fixture.admin.token }), 400)).toContain("page");
  });

  it("shows the same list to every non-guest member", async () => {
    for (const role of NON_ADMIN_ROLES) expect(await spaceIdsIn(fixture[role], collection.id), role).toEqual(spaceIds);
  });

  it("is a 404 to a guest, to a member of another organization, and for an unknown collection", async () => {
    errorMessage(await call("GET", collectionSpacesPath(collection.id), { token: fixture.guest.token }), 404);
    errorMessage(await call("GET", collectionSpacesPath(collection.id), { token: fixture.outsider.token }), 404);
    errorMessage(await call("GET", collectionSpacesPath(missingId()), { token: fixture.admin.token }), 404);
  });

  it("is empty for a collection without spaces", async () => {
    const empty = await newCollection(fixture.admin, orgId, { title: "Empty" });
    const response = await call("GET", collectionSpacesPath(empty.id), { token: fixture.admin.token });
    expect(response.status).toBe(200);
    expectSpecResponse("listSpacesInCollectionById", 200, response.body);
    expect(response.body).toEqual({ items: [], count: 0 });
  });

  it("follows the spaces' sibling order after moves", async () => {
    const own = await newCollection(fixture.admin, orgId, { title: "Reordered" });
    const [a, b, c] = [
      (await newSpace(fixture.admin, orgId, { title: "a", parent: own.id })).id,
      (await newSpace(fixture.admin, orgId, { title: "b", parent: own.id })).id,
      (await newSpace(fixture.admin, orgId, { title: "c", parent: own.id })).id,
    ];
    expect((await moveSpace(fixture.admin, c, { position: { before: { type: "space", space: a } } })).status).toBe(200);
    expect(await spaceIdsIn(fixture.admin, own.id)).toEqual([c, a, b]);
  });

  it("lists through GitBook's client", async () => {
    const client = gitbookClient(fixture.comment);
    const { data, status } = await client.collections.listSpacesInCollectionById(collection.id, { limit: 3 });
    expect(status).toBe(200);
    expect(data.count).toBe(5);
    expect(data.items.map((item) => item.id)).toEqual(spaceIds.slice(0, 3));
    const { data: rest } = await client.collections.listSpacesInCollectionById(collection.id, { limit: 3, page: data.next!.page });
    expect(rest.items.map((item) => item.id)).toEqual(spaceIds.slice(3));
    expect(rest.next).toBeUndefined();
    const error = await clientError(gitbookClient(fixture.guest).collections.listSpacesInCollectionById(collection.id));
    expect(error.code).toBe(404);
  });
});

describe("POST /v1/collections/{collectionId}/move (moveCollection)", () => {
  let fixture: Fixture;
  let orgId: string;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
  });

  /** A fresh organization of the fixture's admin, so its top level holds only what a test puts there. */
  async function freshOrganization() {
    return (await createOrganization(fixture.admin)).id as string;
  }

  it("reorders top-level collections among spaces; the nested=false list shows it; no-op moves are 409", async () => {
    const org = await freshOrganization();
    const c1 = (await newCollection(fixture.admin, org, { title: "C1" })).id;
    const s1 = (await newSpace(fixture.admin, org, { title: "S1" })).id;
    const c2 = (await newCollection(fixture.admin, org, { title: "C2" })).id;
    const c3 = (await newCollection(fixture.admin, org, { title: "C3" })).id;
    // Sibling order: C1, S1, C2, C3.
    expect(await listIds(fixture.admin, org, false)).toEqual([c1, c2, c3]);

    // C3 before S1: C1, C3, S1, C2.
    const first = await moved(fixture.admin, c3, { position: { before: { type: "space", space: s1 } } });
    expect(first.id).toBe(c3);
    expect(first).not.toHaveProperty("parent");
    expect(await listIds(fixture.admin, org, false)).toEqual([c1, c3, c2]);

    // C1 after S1: C3, S1, C1, C2.
    await moved(fixture.admin, c1, { position: { after: { type: "space", space: s1 } } });
    expect(await listIds(fixture.admin, org, false)).toEqual([c3, c1, c2]);

    // Already right after S1, right before C2, right before S1, right after C1: 409, nothing moves.
    for (const [id, position] of [
      [c1, { after: { type: "space", space: s1 } }],
      [c1, { before: { type: "collection", collection: c2 } }],
      [c3, { before: { type: "space", space: s1 } }],
      [c2, { after: { type: "collection", collection: c1 } }],
    ] as const) {
      const response = await moveCollection(fixture.admin, id, { position });
      errorMessage(response, 409);
      expectSpecResponse("moveCollection", 409, response.body);
    }
    expect(await listIds(fixture.admin, org, false)).toEqual([c3, c1, c2]);

    // parent null without a position: to the end of the top level. S1, C1, C2, C3.
    await moved(fixture.admin, c3, { parent: null });
    expect(await listIds(fixture.admin, org, false)).toEqual([c1, c2, c3]);
    // Already last: 409 (with parent null or the same parent given).
    errorMessage(await moveCollection(fixture.admin, c3, { parent: null }), 409);
    // C2 before C1: S1, C2, C1, C3.
    await moved(fixture.admin, c2, { position: { before: { type: "collection", collection: c1 } } });
    expect(await listIds(fixture.admin, org, false)).toEqual([c2, c1, c3]);
    // The space sits first: C2 before S1 moves it, proving S1 was ahead of C2.
    await moved(fixture.admin, c2, { position: { before: { type: "space", space: s1 } } });
    errorMessage(await moveCollection(fixture.admin, c1, { position: { after: { type: "space", space: s1 } } }), 409);
    expect(await listIds(fixture.admin, org, false)).toEqual([c2, c1, c3]);
  });

  it("shares the order with spaces inside a collection: GET .../spaces reflects where a collection sits", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Mixed" });
    const [sp1, sp2, sp3] = [
      (await newSpace(fixture.admin, orgId, { title: "sp1", parent: parent.id })).id,
      (await newSpace(fixture.admin, orgId, { title: "sp2", parent: parent.id })).id,
      (await newSpace(fixture.admin, orgId, { title: "sp3", parent: parent.id })).id,
    ];
    const q = await newCollection(fixture.admin, orgId, { title: "Q", parent: parent.id });
    // sp1, sp2, sp3, Q. Q before sp2: sp1, Q, sp2, sp3.
    const response = await moved(fixture.admin, q.id, { position: { before: { type: "space", space: sp2 } } });
    expect(response.parent).toBe(parent.id);
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual([sp1, sp2, sp3]);
    // sp3 right after Q: sp1, Q, sp3, sp2.
    expect((await moveSpace(fixture.admin, sp3, { position: { after: { type: "collection", collection: q.id } } })).status).toBe(200);
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual([sp1, sp3, sp2]);
    // Q is right after sp1 and right before sp3: both moves are no-ops.
    errorMessage(await moveCollection(fixture.admin, q.id, { position: { after: { type: "space", space: sp1 } } }), 409);
    errorMessage(await moveCollection(fixture.admin, q.id, { position: { before: { type: "space", space: sp3 } } }), 409);
    errorMessage(await moveSpace(fixture.admin, sp1, { position: { before: { type: "collection", collection: q.id } } }), 409);
    // Q to the end (parent given, no position): sp1, sp3, sp2, Q; then it is already last.
    await moved(fixture.admin, q.id, { parent: parent.id });
    errorMessage(await moveCollection(fixture.admin, q.id, { parent: parent.id }), 409);
    expect((await moveSpace(fixture.admin, sp1, { position: { after: { type: "collection", collection: q.id } } })).status).toBe(200);
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual([sp3, sp2, sp1]);
  });

  it("moves a collection (with what it holds) into another collection, and back to the top level", async () => {
    const target = await newCollection(fixture.admin, orgId, { title: "Target" });
    const existing = await newSpace(fixture.admin, orgId, { title: "Already there", parent: target.id });
    const mover = await newCollection(fixture.admin, orgId, { title: "Mover" });
    const inner = await newCollection(fixture.admin, orgId, { title: "Mover inner", parent: mover.id });
    const innerSpace = await newSpace(fixture.admin, orgId, { title: "Mover space", parent: mover.id });

    const into = await moved(fixture.admin, mover.id, { parent: target.id });
    expect(into.parent).toBe(target.id);
    expect((await readCollection(fixture.read, mover.id)).parent).toBe(target.id);
    expect((await readCollection(fixture.read, inner.id)).parent).toBe(mover.id);
    expect((await readSpace(fixture.admin, innerSpace.id)).parent).toBe(mover.id);
    expect(await listIds(fixture.admin, orgId, false)).not.toContain(mover.id);
    // At the end of its new parent: after the space already there.
    errorMessage(await moveCollection(fixture.admin, mover.id, { parent: target.id }), 409);
    errorMessage(await moveCollection(fixture.admin, mover.id, { position: { after: { type: "space", space: existing.id } } }), 409);

    // Into a parent with a position.
    const other = await newCollection(fixture.admin, orgId, { title: "Other" });
    const otherSpace = await newSpace(fixture.admin, orgId, { title: "Other space", parent: other.id });
    const placed = await moved(fixture.admin, mover.id, { parent: other.id, position: { before: { type: "space", space: otherSpace.id } } });
    expect(placed.parent).toBe(other.id);
    errorMessage(await moveCollection(fixture.admin, mover.id, { position: { before: { type: "space", space: otherSpace.id } } }), 409);

    const top = await moved(fixture.admin, mover.id, { parent: null });
    expect(top).not.toHaveProperty("parent");
    expect(await readCollection(fixture.admin, mover.id)).not.toHaveProperty("parent");
    expect((await listIds(fixture.admin, orgId, false)).at(-1)).toBe(mover.id);
    expect((await readCollection(fixture.admin, inner.id)).parent).toBe(mover.id);
  });

  it("gives the moved collection the level of its new parent", async () => {
    const readOnly = await newCollection(fixture.admin, orgId, { title: "Read-only target" });
    await patchCollection(fixture.admin, readOnly.id, { defaultLevel: "read" });
    const mover = await newCollection(fixture.admin, orgId, { title: "Inherits after move" });
    expect((await readCollection(fixture.create, mover.id)).permissions).toEqual(permissionsFor("create"));
    const response = await moved(fixture.admin, mover.id, { parent: readOnly.id });
    expect(response.permissions).toEqual(ALL_ADMIN);
    expect((await readCollection(fixture.create, mover.id)).permissions).toEqual(permissionsFor("read"));
    await moved(fixture.admin, mover.id, { parent: null });
    expect((await readCollection(fixture.create, mover.id)).permissions).toEqual(permissionsFor("create"));
  });

  it("refuses to move a collection into itself or a descendant, naming 'parent'", async () => {
    const outer = await newCollection(fixture.admin, orgId, { title: "Outer" });
    const middle = await newCollection(fixture.admin, orgId, { title: "Middle", parent: outer.id });
    const leaf = await newCollection(fixture.admin, orgId, { title: "Leaf", parent: middle.id });
    for (const parent of [outer.id, middle.id, leaf.id]) {
      const response = await moveCollection(fixture.admin, outer.id, { parent });
      expect(errorMessage(response, 400), parent).toContain("parent");
      expectSpecResponse("moveCollection", 400, response.body);
    }
    expect(errorMessage(await moveCollection(fixture.admin, middle.id, { parent: leaf.id }), 400)).toContain("parent");
    expect(await readCollection(fixture.admin, outer.id)).not.toHaveProperty("parent");
    expect((await readCollection(fixture.admin, middle.id)).parent).toBe(outer.id);
    expect((await readCollection(fixture.admin, leaf.id)).parent).toBe(middle.id);
  });

  it("refuses a parent that is not a collection of this organization, naming 'parent'", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Stays" });
    const foreign = await newCollection(fixture.outsider, fixture.outsiderOrganization.id, { title: "Foreign target" });
    const space = await newSpace(fixture.admin, orgId, { title: "A space is no parent" });
    const before = await listIds(fixture.admin, orgId, false);
    for (const parent of [foreign.id, missingId(), space.id, "not an id!", ""]) {
      expect(errorMessage(await moveCollection(fixture.admin, collection.id, { parent }), 400), parent).toContain("parent");
    }
    expect(errorMessage(await moveCollection(fixture.admin, collection.id, { parent: 12 }), 400)).toContain("parent");
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
    expect(await listIds(fixture.admin, orgId, false)).toEqual(before);
  });

  it("refuses positions that name no live sibling under the target parent, or the item itself (400)", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Positions" });
    const mover = await newCollection(fixture.admin, orgId, { title: "Positioned", parent: parent.id });
    const inParent = await newSpace(fixture.admin, orgId, { title: "Sibling", parent: parent.id });
    const siblingCollection = await newCollection(fixture.admin, orgId, { title: "Sibling collection", parent: parent.id });
    const elsewhere = await newCollection(fixture.admin, orgId, { title: "Elsewhere" });
    const elsewhereSpace = await newSpace(fixture.admin, orgId, { title: "Elsewhere space", parent: elsewhere.id });
    const topSpace = await newSpace(fixture.admin, orgId, { title: "Top space" });
    const deletedSibling = await newSpace(fixture.admin, orgId, { title: "Deleted sibling", parent: parent.id });
    expect((await call("DELETE", `/v1/spaces/${deletedSibling.id}`, { token: fixture.admin.token })).status).toBe(204);
    const foreignSpace = await newSpace(fixture.outsider, fixture.outsiderOrganization.id, { title: "Foreign space" });
    const siblingsBefore = await spaceIdsIn(fixture.admin, parent.id);

    const cases: Array<[string, unknown]> = [
      ["a space in another collection", { position: { before: { type: "space", space: elsewhereSpace.id } } }],
      ["a top-level space, the parent staying", { position: { after: { type: "space", space: topSpace.id } } }],
      ["a space of the current parent, moving to the top level", { parent: null, position: { before: { type: "space", space: inParent.id } } }],
      ["a space of the current parent, moving elsewhere", { parent: elsewhere.id, position: { after: { type: "space", space: inParent.id } } }],
      ["a deleted space", { position: { before: { type: "space", space: deletedSibling.id } } }],
      ["a space of another organization", { position: { before: { type: "space", space: foreignSpace.id } } }],
      ["a collection that does not exist", { position: { after: { type: "collection", collection: missingId() } } }],
      ["itself", { position: { before: { type: "collection", collection: mover.id } } }],
      ["itself, after", { position: { after: { type: "collection", collection: mover.id } } }],
      ["before and after at once", {
        position: { before: { type: "space", space: inParent.id }, after: { type: "collection", collection: siblingCollection.id } },
      }],
      ["an empty position", { position: {} }],
      ["a pointer without its id", { position: { before: { type: "space" } } }],
      ["a pointer of an unknown type", { position: { before: { type: "page", page: inParent.id } } }],
      ["a malformed pointer id", { position: { before: { type: "space", space: "not an id!" } } }],
    ];
    for (const [label, body] of cases) {
      const response = await moveCollection(fixture.admin, mover.id, body);
      expect(errorMessage(response, 400), label).toContain("position");
      expectSpecResponse("moveCollection", 400, response.body);
    }
    expect(await readCollection(fixture.admin, mover.id)).toEqual(mover);
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual(siblingsBefore);
    // The mover is still first among its siblings, right before the space.
    errorMessage(await moveCollection(fixture.admin, mover.id, { position: { before: { type: "space", space: inParent.id } } }), 409);
  });

  it("refuses a pointer whose type does not match what it names (400)", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Typed pointers" });
    const mover = await newCollection(fixture.admin, orgId, { title: "Typed mover", parent: parent.id });
    const siblingSpace = await newSpace(fixture.admin, orgId, { title: "Typed space", parent: parent.id });
    const siblingCollection = await newCollection(fixture.admin, orgId, { title: "Typed collection", parent: parent.id });
    // A pointer must name an item of its own `type`: a {type:'space'} pointer naming a
    // collection (or the reverse) is not a position.
    const asSpace = await moveCollection(fixture.admin, mover.id, { position: { before: { type: "space", space: siblingCollection.id } } });
    expect(errorMessage(asSpace, 400)).toContain("position");
    const asCollection = await moveCollection(fixture.admin, mover.id, {
      position: { before: { type: "collection", collection: siblingSpace.id } },
    });
    expect(errorMessage(asCollection, 400)).toContain("position");
  });

  it("refuses an empty or malformed body (400) and moves nothing", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Unmoved" });
    const message = errorMessage(await moveCollection(fixture.admin, collection.id, {}), 400);
    expect(message).toMatch(/parent|position/);
    errorMessage(await moveCollection(fixture.admin, collection.id, "{oops"), 400);
    errorMessage(await moveCollection(fixture.admin, collection.id, "[]"), 400);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
  });

  it("nests at most 16 levels deep when moving a collection with children", async () => {
    const chain: string[] = [];
    for (let depth = 1; depth <= 15; depth++) {
      chain.push((await newCollection(fixture.admin, orgId, { title: `Level ${depth}`, parent: chain.at(-1) })).id);
    }
    const mover = await newCollection(fixture.admin, orgId, { title: "Tall mover" });
    await newCollection(fixture.admin, orgId, { title: "Tall mover child", parent: mover.id });
    // Under level 15, the mover would be level 16 and its child level 17.
    expect(errorMessage(await moveCollection(fixture.admin, mover.id, { parent: chain[14] }), 400)).toContain("parent");
    expect(await readCollection(fixture.admin, mover.id)).not.toHaveProperty("parent");
    // Under level 14: levels 15 and 16.
    expect((await moved(fixture.admin, mover.id, { parent: chain[13] })).parent).toBe(chain[13]);
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`refuses a '${role}' member (403) and moves nothing`, async () => {
      const holder = await newCollection(fixture.admin, orgId, { title: `Holder for ${role}` });
      const first = await newCollection(fixture.admin, orgId, { title: "First", parent: holder.id });
      const second = await newCollection(fixture.admin, orgId, { title: "Second", parent: holder.id });
      const target = await newCollection(fixture.admin, orgId, { title: "Target" });
      for (const body of [
        { position: { before: { type: "collection", collection: first.id } } },
        { parent: target.id },
        { parent: null },
      ]) {
        const message = errorMessage(await moveCollection(fixture[role], second.id, body), 403);
        expect(message).toMatch(/admin/);
      }
      expect(await readCollection(fixture.admin, second.id)).toEqual(second);
      // Still right after the first one.
      errorMessage(await moveCollection(fixture.admin, second.id, { position: { after: { type: "collection", collection: first.id } } }), 409);
    });
  }

  it("is a 404 to a guest, to a member of another organization, and for an unknown collection", async () => {
    const first = await newCollection(fixture.admin, orgId, { title: "Hidden first" });
    const second = await newCollection(fixture.admin, orgId, { title: "Hidden second" });
    const body = { position: { before: { type: "collection", collection: first.id } } };
    errorMessage(await moveCollection(fixture.guest, second.id, body), 404);
    errorMessage(await moveCollection(fixture.outsider, second.id, body), 404);
    const missing = await moveCollection(fixture.admin, missingId(), body);
    errorMessage(missing, 404);
    expectSpecResponse("moveCollection", 404, missing.body);
    expect(await readCollection(fixture.admin, second.id)).toEqual(second);
  });

  it("lets the creator move their collection, as far as they may create", async () => {
    const org = await freshOrganization();
    await addMember(fixture.admin, org, fixture.create, "create");
    await addMember(fixture.admin, org, fixture.read, "read");
    const first = await newCollection(fixture.admin, org, { title: "Admin's" });
    const own = await newCollection(fixture.create, org, { title: "Create's" });
    const readOnly = await newCollection(fixture.admin, org, { title: "Read-only" });
    await patchCollection(fixture.admin, readOnly.id, { defaultLevel: "read" });
    const open = await newCollection(fixture.admin, org, { title: "Open" });

    await moved(fixture.create, own.id, { position: { before: { type: "collection", collection: first.id } } });
    expect(await listIds(fixture.admin, org, false)).toEqual([own.id, first.id, readOnly.id, open.id]);
    // Moving into a collection needs 'create' there.
    errorMessage(await moveCollection(fixture.create, own.id, { parent: readOnly.id }), 403);
    expect((await moved(fixture.create, own.id, { parent: open.id })).parent).toBe(open.id);

    // A 'read' member who created a collection where the default level let them: they administer it,
    // but may not bring it to the top level (that needs the organization role 'create').
    await patchCollection(fixture.admin, open.id, { defaultLevel: "create" });
    const byReader = await newCollection(fixture.read, org, { title: "Reader's", parent: open.id });
    errorMessage(await moveCollection(fixture.read, byReader.id, { parent: null }), 403);
    expect((await readCollection(fixture.admin, byReader.id)).parent).toBe(open.id);
    await moved(fixture.read, byReader.id, { position: { before: { type: "collection", collection: own.id } } });
  });

  it("moves through GitBook's client, which throws GitBookAPIError 409 for a no-op", async () => {
    const org = await freshOrganization();
    const first = await newCollection(fixture.admin, org, { title: "Client first" });
    const second = await newCollection(fixture.admin, org, { title: "Client second" });
    const client = gitbookClient(fixture.admin);
    const { data, status } = await client.collections.moveCollection(second.id, {
      position: { before: { type: "collection", collection: first.id } },
    });
    expect(status).toBe(200);
    expect(data.id).toBe(second.id);
    expect(await listIds(fixture.admin, org, false)).toEqual([second.id, first.id]);
    const { data: into } = await client.collections.moveCollection(second.id, { parent: first.id });
    expect(into.parent).toBe(first.id);
    const conflict = await clientError(client.collections.moveCollection(second.id, { parent: first.id }));
    expect(conflict.code).toBe(409);
    const invalid = await clientError(client.collections.moveCollection(first.id, { parent: second.id }));
    expect(invalid.code).toBe(400);
    expect(invalid.errorMessage).toContain("parent");
  });
});

describe("POST /v1/collections/{collectionId}/transfer (transferCollection)", () => {
  let fixture: Fixture;
  let orgId: string;
  /** An organization the fixture's admin administers too. */
  let targetId: string;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    targetId = (await createOrganization(fixture.admin)).id;
  });

  const transfer = (user: Caller, collectionId: string, body: unknown) => call("POST", transferPath(collectionId), { token: user.token, body });

  it("moves the collection, its nested collections and all their spaces, landing at the end of the target's top level", async () => {
    const target = (await createOrganization(fixture.admin)).id as string;
    const already = await newCollection(fixture.admin, target, { title: "Already in target" });
    const alreadySpace = await newSpace(fixture.admin, target, { title: "Top space in target" });
    const targetReader = await createUser("target-reader");
    await addMember(fixture.admin, target, targetReader, "read");
    const holder = await newCollection(fixture.admin, orgId, { title: "Holder" });
    const holderSpace = await newSpace(fixture.admin, orgId, { title: "Holder space", parent: holder.id });
    const moving = await newCollection(fixture.admin, orgId, { title: "Moving", parent: holder.id });
    const nested = await newCollection(fixture.admin, orgId, { title: "Moving nested", parent: moving.id });
    const deep = await newCollection(fixture.admin, orgId, { title: "Moving deep", parent: nested.id });
    const spaces = {
      moving: await newSpace(fixture.admin, orgId, { title: "In moving", parent: moving.id }),
      nested: await newSpace(fixture.admin, orgId, { title: "In nested", parent: nested.id }),
      deep: await newSpace(fixture.admin, orgId, { title: "In deep", parent: deep.id }),
    };
    const deletedInside = await newSpace(fixture.admin, orgId, { title: "Deleted inside", parent: nested.id });
    expect((await call("DELETE", `/v1/spaces/${deletedInside.id}`, { token: fixture.admin.token })).status).toBe(204);
    await patchCollection(fixture.admin, nested.id, { defaultLevel: "comment" });

    const response = await transfer(fixture.admin, moving.id, { organization: target });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("transferCollection", 200, response.body);
    expect(response.body.id).toBe(moving.id);
    expect(response.body.organization).toBe(target);
    expect(response.body).not.toHaveProperty("parent");
    expect(response.body.title).toBe("Moving");
    expect(response.body.permissions).toEqual(ALL_ADMIN);

    const readMoving = await readCollection(fixture.admin, moving.id);
    expect(readMoving.organization).toBe(target);
    expect(readMoving).not.toHaveProperty("parent");
    const readNested = await readCollection(fixture.admin, nested.id);
    expect(readNested.organization).toBe(target);
    expect(readNested.parent).toBe(moving.id);
    expect(readNested.defaultLevel).toBe("comment");
    const readDeep = await readCollection(fixture.admin, deep.id);
    expect(readDeep.organization).toBe(target);
    expect(readDeep.parent).toBe(nested.id);

    for (const [name, space] of Object.entries(spaces)) {
      const read = await readSpace(fixture.admin, space.id);
      expect(read.organization, name).toBe(target);
      expect(read.parent, name).toBe(space.parent);
    }
    expect((await readSpace(fixture.admin, deletedInside.id)).organization).toBe(target);
    expect(await spaceIdsIn(fixture.admin, nested.id)).toEqual([spaces.nested.id]);

    // The source keeps what was not in it.
    const sourceList = await listIds(fixture.admin, orgId);
    for (const gone of [moving, nested, deep]) expect(sourceList).not.toContain(gone.id);
    expect(sourceList).toContain(holder.id);
    expect(await spaceIdsIn(fixture.admin, holder.id)).toEqual([holderSpace.id]);
    expect((await readSpace(fixture.admin, holderSpace.id)).organization).toBe(orgId);
    // The target has all of it, the transferred collection last at its top level.
    expect(await listIds(fixture.admin, target, false)).toEqual([already.id, moving.id]);
    // After the target's top-level space too (one order for spaces and collections).
    errorMessage(await moveCollection(fixture.admin, moving.id, { position: { after: { type: "space", space: alreadySpace.id } } }), 409);
    expect((await moveSpace(fixture.admin, alreadySpace.id, { parent: null })).status).toBe(200);
    // The target's members see it at their level there.
    expect((await readCollection(targetReader, moving.id)).permissions).toEqual(permissionsFor("read"));
    expect((await readCollection(targetReader, deep.id)).permissions).toEqual(permissionsFor("comment"));
    expect(await spaceIdsIn(targetReader, deep.id)).toEqual([spaces.deep.id]);
    // A space deleted inside goes back to its (transferred) collection when restored.
    const restored = await call("POST", `/v1/spaces/${deletedInside.id}/restore`, { token: fixture.admin.token });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.organization).toBe(target);
    expect(restored.body.parent).toBe(nested.id);
    expect(await spaceIdsIn(fixture.admin, nested.id)).toEqual([spaces.nested.id, deletedInside.id]);
    expect((await listIds(fixture.admin, target)).sort()).toEqual([already.id, moving.id, nested.id, deep.id].sort());
    // Members of the source only no longer see it.
    errorMessage(await getCollection(fixture.read, moving.id), 404);
    errorMessage(await getCollection(fixture.read, deep.id), 404);
    errorMessage(await call("GET", `/v1/spaces/${spaces.deep.id}`, { token: fixture.read.token }), 404);
  });

  it("answers 409 for the collection's own organization, changing nothing", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Stays home" });
    const response = await transfer(fixture.admin, collection.id, { organization: orgId });
    errorMessage(response, 409);
    expectSpecResponse("transferCollection", 409, response.body);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
  });

  it("refuses a target the caller is not a member of, or a bad body, naming 'organization' (400)", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Not leaving" });
    for (const body of [
      { organization: fixture.outsiderOrganization.id },
      { organization: missingId() },
      { organization: "not an id!" },
      { organization: "" },
      { organization: 42 },
      { organization: null },
      {},
    ]) {
      expect(errorMessage(await transfer(fixture.admin, collection.id, body), 400), JSON.stringify(body)).toContain("organization");
    }
    errorMessage(await transfer(fixture.admin, collection.id, "{nope"), 400);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
    expect(await listIds(fixture.outsider, fixture.outsiderOrganization.id)).not.toContain(collection.id);
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`refuses a target the caller is only a '${role}' member of (403)`, async () => {
      const otherAdmin = await createUser("other-admin");
      const other = (await createOrganization(otherAdmin)).id as string;
      await addMember(otherAdmin, other, fixture.admin, role);
      const collection = await newCollection(fixture.admin, orgId, { title: `To a ${role} seat` });
      const message = errorMessage(await transfer(fixture.admin, collection.id, { organization: other }), 403);
      expect(message).toMatch(/admin/);
      expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
      expect(await listIds(otherAdmin, other)).toEqual([]);
    });
  }

  it("refuses a target where the caller is a guest (403)", async () => {
    const otherAdmin = await createUser("other-admin");
    const other = (await createOrganization(otherAdmin)).id as string;
    await addMember(otherAdmin, other, fixture.admin, null);
    const collection = await newCollection(fixture.admin, orgId, { title: "To a guest seat" });
    const response = await transfer(fixture.admin, collection.id, { organization: other });
    errorMessage(response, 403);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`refuses a '${role}' member who does not administer the collection (403), even as admin of the target`, async () => {
      const own = (await createOrganization(fixture[role])).id as string;
      const collection = await newCollection(fixture.admin, orgId, { title: `Not ${role}'s to give` });
      errorMessage(await transfer(fixture[role], collection.id, { organization: own }), 403);
      expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
      expect(await listIds(fixture[role], own)).toEqual([]);
    });
  }

  it("is a 404 to a guest, to a member of another organization, and for an unknown collection", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Hidden transfer" });
    const guestOrg = (await createOrganization(fixture.guest)).id;
    errorMessage(await transfer(fixture.guest, collection.id, { organization: guestOrg }), 404);
    errorMessage(await transfer(fixture.outsider, collection.id, { organization: fixture.outsiderOrganization.id }), 404);
    const missing = await transfer(fixture.admin, missingId(), { organization: targetId });
    errorMessage(missing, 404);
    expectSpecResponse("transferCollection", 404, missing.body);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
  });

  it("lets the creator transfer their collection to an organization they administer", async () => {
    const own = (await createOrganization(fixture.create)).id as string;
    const collection = await newCollection(fixture.create, orgId, { title: "Creator's transfer" });
    const space = await newSpace(fixture.create, orgId, { title: "Creator's space", parent: collection.id });
    const response = await transfer(fixture.create, collection.id, { organization: own });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.organization).toBe(own);
    expect((await readSpace(fixture.create, space.id)).organization).toBe(own);
    errorMessage(await getCollection(fixture.admin, collection.id), 404);
  });

  it("transfers through GitBook's client, which throws GitBookAPIError 409 for the same organization", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Client transfer" });
    const client = gitbookClient(fixture.admin);
    const conflict = await clientError(client.collections.transferCollection(collection.id, { organization: orgId }));
    expect(conflict.code).toBe(409);
    const { data, status } = await client.collections.transferCollection(collection.id, { organization: targetId });
    expect(status).toBe(200);
    expect(data.organization).toBe(targetId);
    const { data: read } = await client.collections.getCollectionById(collection.id);
    expect(read.organization).toBe(targetId);
    const hidden = await clientError(
      gitbookClient(fixture.outsider).collections.transferCollection(collection.id, { organization: fixture.outsiderOrganization.id }),
    );
    expect(hidden.code).toBe(404);
  });
});
