import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { queryString, walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { ALL_ADMIN, type Fixture, clientError, collectionSpacesPath, collectionsPath, getCollection, listIds, missingId, moveSpace, moved, newCollection, newSpace, patchCollection, permissionsFor, readCollection, sleep, spaceIdsIn } from "../../helpers/suites/collections";

/** Collections: listing an organization's collections, reading one, and listing a collection's spaces. */

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
      const items = await walkList(collectionsPath(orgId), { nested, limit: 2 }, {
        token: fixture.admin.token,
        operationId: "listCollectionsInOrganizationById",
        expectedCount: expected.length,
      });
      const walked = items.map((item) => item.id);
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked).toEqual(expected);
    });
  }

  it("walks with limit=1 the same order as one page", async () => {
    const items = await walkList(collectionsPath(orgId), { limit: 1 }, { token: fixture.read.token, operationId: "listCollectionsInOrganizationById", expectedCount: 6 });
    expect(items.map((item) => item.id)).toEqual(oldestFirst);
  });

  it("refuses a bad limit or page, naming it, and a cursor of the other list", async () => {
    expect(errorMessage(await call("GET", collectionsPath(orgId, "?limit=1001"), { token: fixture.admin.token }), 400)).toContain("limit");
    expect(errorMessage(await call("GET", collectionsPath(orgId, "?limit=-1"), { token: fixture.admin.token }), 400)).toContain("limit");
    expect(errorMessage(await call("GET", collectionsPath(orgId, "?limit=two"), { token: fixture.admin.token }), 400)).toContain("limit");
    expect(errorMessage(await call("GET", collectionsPath(orgId, "?page=garbage"), { token: fixture.admin.token }), 400)).toContain("page");
    const first = await call("GET", collectionsPath(orgId, "?limit=2&nested=true"), { token: fixture.admin.token });
    expect(first.body.next?.page).toBeTypeOf("string");
    const replayed = await call("GET", collectionsPath(orgId, queryString({ limit: 2, nested: false, page: first.body.next.page })), {
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
      const response = await call("GET", collectionsPath(orgId, queryString({ nested })), { token: fixture.guest.token });
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
    const items = await walkList(collectionSpacesPath(collection.id), { limit: 2 }, { token: fixture.read.token, operationId: "listSpacesInCollectionById", expectedCount: 5 });
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
