import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { ALL_ADMIN, type Fixture, clientError, collectionPath, collectionSpacesPath, collectionsPath, getCollection, listIds, missingId, moveSpace, newCollection, newSpace, patchCollection, permissionsFor, readCollection, readSpace, sleep, spaceIdsIn } from "../../helpers/suites/collections";

/** Collections: default levels, updating and deleting them. */

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
