import { GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { NO_SUCH_ID, type Space, action, backdateDeletion, collectionSpaceIds, createCollectionAs, createSpaceAs, deleteOk, deleteSpace, f, isTimestamp, orgId, orgSpaceIds, patchOk, patchSpace, permissionsFor, readSpace, useSuiteFixture } from "../../helpers/suites/spaces";

/** Spaces: deleting and restoring. */

useSuiteFixture();

describe("DELETE /v1/spaces/{spaceId} (deleteSpaceById)", () => {
  let otherOrgId: string;

  beforeAll(async () => {
    otherOrgId = (await createOrganization(f.admin)).id;
  });

  it("deletes softly: GET shows deletedAt, lists leave it out, edits are 409, deleting again changes nothing", async () => {
    const collection = await createCollectionAs(f.admin, orgId);
    const space = await createSpaceAs(f.admin, orgId, { parent: collection.id, title: "Doomed" });
    const sibling = await createSpaceAs(f.admin, orgId, { parent: collection.id });
    await deleteOk(f.admin, space.id);

    const read = await readSpace(f.admin, space.id);
    expectSpecResponse("getSpaceById", 200, read);
    expect(isTimestamp(read.deletedAt)).toBe(true);
    expect({ ...read, deletedAt: undefined, updatedAt: undefined }).toEqual({ ...space, deletedAt: undefined, updatedAt: undefined });
    expect((await readSpace(f.read, space.id)).deletedAt).toBe(read.deletedAt);
    expect(await orgSpaceIds(f.admin, orgId)).not.toContain(space.id);
    expect(await orgSpaceIds(f.admin, orgId)).toContain(sibling.id);
    expect(await collectionSpaceIds(f.admin, collection.id)).toEqual([sibling.id]);

    expect(errorMessage(await patchSpace(f.admin, space.id, { title: "x" }), 409)).toMatch(/restore/i);
    errorMessage(await action(f.admin, space.id, "move", { parent: null }), 409);
    errorMessage(await action(f.admin, space.id, "duplicate"), 409);
    errorMessage(await action(f.admin, space.id, "transfer", { organization: otherOrgId }), 409);
    expect(await readSpace(f.admin, space.id)).toEqual(read);
    expect(await orgSpaceIds(f.admin, otherOrgId)).toEqual([]);

    await deleteOk(f.admin, space.id);
    expect(await readSpace(f.admin, space.id)).toEqual(read);
  });

  it("answers 204 for a space id that never existed", async () => {
    await deleteOk(f.admin, NO_SUCH_ID);
    await deleteOk(f.read, NO_SUCH_ID);
  });

  it("is a 404 for a guest and an outsider, the space staying live", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    errorMessage(await deleteSpace(f.guest, space.id), 404);
    errorMessage(await deleteSpace(f.outsider, space.id), 404);
    expect(await readSpace(f.admin, space.id)).toEqual(space);
  });

  it("lets space admins delete: the creator, and a member the space's defaultLevel makes admin", async () => {
    const own = await createSpaceAs(f.create, orgId);
    await deleteOk(f.create, own.id);
    expect(isTimestamp((await readSpace(f.admin, own.id)).deletedAt)).toBe(true);

    const open = await createSpaceAs(f.admin, orgId);
    await patchOk(f.admin, open.id, { defaultLevel: "admin" });
    await deleteOk(f.read, open.id);
    expect(isTimestamp((await readSpace(f.admin, open.id)).deletedAt)).toBe(true);
  });

  it("works through GitBook's official client", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    const response = await gitbookClient(f.admin).spaces.deleteSpaceById(space.id);
    expect(response.status).toBe(204);
    expect(isTimestamp((await readSpace(f.admin, space.id)).deletedAt)).toBe(true);
    const refused = await gitbookClient(f.edit)
      .spaces.deleteSpaceById((await createSpaceAs(f.admin, orgId)).id)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GitBookAPIError);
    expect((refused as GitBookAPIError).code).toBe(403);
  });
});

describe("POST /v1/spaces/{spaceId}/restore (restoreSpace)", () => {
  it("restores a deleted space: 200 without deletedAt, back in the lists, at the end of its collection", async () => {
    const collection = await createCollectionAs(f.admin, orgId);
    const [a, b, c] = [
      await createSpaceAs(f.admin, orgId, { parent: collection.id, title: "A" }),
      await createSpaceAs(f.admin, orgId, { parent: collection.id, title: "B" }),
      await createSpaceAs(f.admin, orgId, { parent: collection.id, title: "C" }),
    ];
    await deleteOk(f.admin, a.id);
    const response = await action(f.admin, a.id, "restore");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("restoreSpace", 200, response.body);
    const restored: Space = response.body;
    expect(restored).not.toHaveProperty("deletedAt");
    expect(restored.id).toBe(a.id);
    expect(restored.parent).toBe(collection.id);
    expect(restored.title).toBe("A");
    expect(restored.revision).toBe(a.revision);
    expect(restored.permissions).toEqual(permissionsFor("admin"));
    expect(await readSpace(f.admin, a.id)).toEqual(restored);
    expect(await collectionSpaceIds(f.admin, collection.id)).toEqual([b.id, c.id, a.id]);
    expect(await orgSpaceIds(f.read, orgId)).toContain(a.id);
    // Live again: edits work.
    expect((await patchOk(f.admin, a.id, { title: "A again" })).title).toBe("A again");
  });

  it("restores to the top level when its collection is gone", async () => {
    const collection = await createCollectionAs(f.admin, orgId);
    const space = await createSpaceAs(f.admin, orgId, { parent: collection.id });
    await deleteOk(f.admin, space.id);
    const removed = await call("DELETE", `/v1/collections/${collection.id}`, { token: f.admin.token });
    expect(removed.status).toBe(204);
    const response = await action(f.admin, space.id, "restore");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).not.toHaveProperty("parent");
    expect(response.body).not.toHaveProperty("deletedAt");
    expect(await orgSpaceIds(f.admin, orgId)).toContain(space.id);
    // At the end of the top level: moving it there again changes nothing.
    errorMessage(await action(f.admin, space.id, "move", { parent: null }), 409);
  });

  it("answers 200 and changes nothing for a space that is not deleted", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    const response = await action(f.admin, space.id, "restore");
    expect(response.status).toBe(200);
    expectSpecResponse("restoreSpace", 200, response.body);
    expect(response.body).toEqual(space);
    expect(await readSpace(f.admin, space.id)).toEqual(space);
  });

  it("is a 410 once the deletion is more than 7 days old, still restorable a day before", async () => {
    const old = await createSpaceAs(f.admin, orgId, { title: "Old" });
    await deleteOk(f.admin, old.id);
    const deletedAt = await backdateDeletion(old.id, 8);
    expect(errorMessage(await action(f.admin, old.id, "restore"), 410)).toMatch(/7 days/);
    // Not purged yet: still readable, still deleted.
    expect((await readSpace(f.admin, old.id)).deletedAt).toBe(deletedAt);
    expect(await orgSpaceIds(f.admin, orgId)).not.toContain(old.id);

    const recent = await createSpaceAs(f.admin, orgId, { title: "Recent" });
    await deleteOk(f.admin, recent.id);
    await backdateDeletion(recent.id, 6);
    const response = await action(f.admin, recent.id, "restore");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).not.toHaveProperty("deletedAt");
  });

  it("is a 404 for a guest, an outsider and an unknown id", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    await deleteOk(f.admin, space.id);
    const before = await readSpace(f.admin, space.id);
    errorMessage(await action(f.guest, space.id, "restore"), 404);
    errorMessage(await action(f.outsider, space.id, "restore"), 404);
    errorMessage(await action(f.admin, NO_SUCH_ID, "restore"), 404);
    expect(await readSpace(f.admin, space.id)).toEqual(before);
  });

  it("lets the creator restore their own space", async () => {
    const space = await createSpaceAs(f.create, orgId);
    await deleteOk(f.create, space.id);
    const response = await action(f.create, space.id, "restore");
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty("deletedAt");
  });

  it("works through GitBook's official client", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    const client = gitbookClient(f.admin);
    await client.spaces.deleteSpaceById(space.id);
    const restored = await client.spaces.restoreSpace(space.id);
    expect(restored.status).toBe(200);
    expect(restored.data.id).toBe(space.id);
    expect(restored.data.deletedAt).toBeUndefined();
  });
});
