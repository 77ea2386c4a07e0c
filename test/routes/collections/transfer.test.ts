import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, addMember, createOrganization, createUser, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { ALL_ADMIN, type Caller, type Fixture, clientError, getCollection, listIds, missingId, moveCollection, moveSpace, newCollection, newSpace, patchCollection, permissionsFor, readCollection, readSpace, spaceIdsIn, transferPath } from "../../helpers/suites/collections";

/** Collections: transferring one, with what it holds, to another organization. */

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
