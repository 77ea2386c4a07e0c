import { beforeAll, describe, expect, it } from "vitest";
import { gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { ALL_ADMIN, type Fixture, ROLES_BELOW_CREATE, clientError, collectionsPath, listIds, missingId, newCollection, patchCollection, permissionsFor, readCollection } from "../../helpers/suites/collections";

/** Collections: the spec check, and creating them (top level, nested, by role, bad bodies, depth). */

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
