import { GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, addMember, createOrganization, createUser, gitbookClient, type TestUser } from "../../helpers/fixtures";
import { inParallel } from "../../helpers/lists";
import { errorMessage, type ApiResponse } from "../../helpers/http";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";
import { NO_SUCH_ID, type Space, action, collectionSpaceIds, createCollectionAs, createSpaceAs, deleteOk, expectNewSpaceCounters, f, getSpace, isTimestamp, orgId, orgSpaceIds, patchOk, patchSpace, permissionsFor, readSpace, setCollectionLevel, spaceCount, spacePath, useSuiteFixture } from "../../helpers/suites/spaces";

/** Spaces: duplicating and transferring to another organization. */

useSuiteFixture();

describe("POST /v1/spaces/{spaceId}/duplicate (duplicateSpace)", () => {
  async function duplicateOk(user: TestUser, spaceId: string): Promise<{ copy: Space; response: ApiResponse }> {
    const response = await action(user, spaceId, "duplicate");
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectSpecResponse("duplicateSpace", 201, response.body);
    return { copy: response.body, response };
  }

  it("copies the space right after the original, titled '<title> (copy)', with its settings and new counters", async () => {
    const collection = await createCollectionAs(f.admin, orgId);
    const a = await createSpaceAs(f.admin, orgId, { parent: collection.id, title: "Guide", emoji: "🎉", language: "de" });
    const b = await createSpaceAs(f.admin, orgId, { parent: collection.id, title: "After" });
    const mergeRules = { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [f.review.id] }] };
    const original = await patchOk(f.admin, a.id, { editMode: "locked", defaultLevel: "comment", mergeRules });

    const { copy, response } = await duplicateOk(f.admin, a.id);
    expect(response.headers.get("location")).toBe(copy.urls.location);
    expect(new URL(copy.urls.location).pathname).toBe(spacePath(copy.id));
    expect(copy.id).not.toBe(original.id);
    expect(copy.revision).not.toBe(original.revision);
    expect(copy.title).toBe("Guide (copy)");
    expect(copy).toMatchObject({
      emoji: "🎉",
      language: "de",
      editMode: "locked",
      defaultLevel: "comment",
      mergeRules,
      visibility: original.visibility,
      organization: orgId,
      parent: collection.id,
    });
    expect(copy).not.toHaveProperty("deletedAt");
    expectNewSpaceCounters(copy);
    expect(copy.permissions).toEqual(permissionsFor("admin"));
    expect(isTimestamp(copy.createdAt)).toBe(true);
    expect(copy.createdAt >= original.createdAt).toBe(true);
    expect(await readSpace(f.admin, copy.id)).toEqual(copy);
    expect(await collectionSpaceIds(f.admin, collection.id)).toEqual([a.id, copy.id, b.id]);
    expect(await orgSpaceIds(f.admin, orgId)).toContain(copy.id);
    // The original is untouched.
    expect(await readSpace(f.admin, a.id)).toEqual(original);

    // A copy of the copy goes right after the copy.
    const { copy: second } = await duplicateOk(f.admin, copy.id);
    expect(second.title).toBe("Guide (copy) (copy)");
    expect(await collectionSpaceIds(f.admin, collection.id)).toEqual([a.id, copy.id, second.id, b.id]);
  });

  it("keeps the original's icon", async () => {
    const original = await createSpaceAs(f.admin, orgId, { title: "With icon" });
    await patchOk(f.admin, original.id, { icon: "https://example.com/logo.png" });
    const { copy } = await duplicateOk(f.admin, original.id);
    // The copy keeps "the original's settings" (docs/decisions.md), the emoji and so the icon too.
    // (Regression: newSpaceDefaults sets icon: null, and duplicateSpace once forgot to copy it back.)
    expect(copy.urls.icon).toBe("https://example.com/logo.png");
  });

  it("cuts the copy's title to 50 characters", async () => {
    const title = "T".repeat(50);
    const { copy } = await duplicateOk(f.admin, (await createSpaceAs(f.admin, orgId, { title })).id);
    expect(copy.title).toBe(`${"T".repeat(43)} (copy)`);
    expect(copy.title).toHaveLength(50);
  });

  it("makes the caller the copy's creator: a 'create' member administers their copy, not the original", async () => {
    const original = await createSpaceAs(f.admin, orgId, { title: "Locked down" });
    await patchOk(f.admin, original.id, { defaultLevel: "read" });
    const { copy } = await duplicateOk(f.create, original.id);
    expect(copy.defaultLevel).toBe("read");
    expect(copy.permissions).toEqual(permissionsFor("admin"));
    expect((await patchOk(f.create, copy.id, { title: "My copy" })).title).toBe("My copy");
    errorMessage(await patchSpace(f.create, original.id, { title: "Not mine" }), 403);
    // Others get the copied defaultLevel.
    expect((await readSpace(f.edit, copy.id)).permissions).toEqual(permissionsFor("read"));
  });

  it("needs the create level on the original's collection", async () => {
    const collection = await createCollectionAs(f.admin, orgId);
    const original = await createSpaceAs(f.admin, orgId, { parent: collection.id });
    errorMessage(await action(f.edit, original.id, "duplicate"), 403);
    expect(await collectionSpaceIds(f.admin, collection.id)).toEqual([original.id]);
    // Even a space admin (through the space's own level) needs create on the collection.
    await patchOk(f.admin, original.id, { defaultLevel: "admin" });
    errorMessage(await action(f.edit, original.id, "duplicate"), 403);
    await setCollectionLevel(f.admin, collection.id, "create");
    const { copy } = await duplicateOk(f.edit, original.id);
    expect(copy.parent).toBe(collection.id);
    expect(await collectionSpaceIds(f.admin, collection.id)).toEqual([original.id, copy.id]);
  });

  it("is a 404 for a guest, an outsider and an unknown id", async () => {
    const original = await createSpaceAs(f.admin, orgId);
    const before = await spaceCount(f.admin, orgId);
    const outsiderBefore = await spaceCount(f.outsider, f.outsiderOrganization.id);
    errorMessage(await action(f.guest, original.id, "duplicate"), 404);
    errorMessage(await action(f.outsider, original.id, "duplicate"), 404);
    errorMessage(await action(f.admin, NO_SUCH_ID, "duplicate"), 404);
    expect(await spaceCount(f.admin, orgId)).toBe(before);
    expect(await spaceCount(f.outsider, f.outsiderOrganization.id)).toBe(outsiderBefore);
  });

  it("is a 409 on a deleted space, copying nothing", async () => {
    const original = await createSpaceAs(f.admin, orgId);
    await deleteOk(f.admin, original.id);
    const before = await spaceCount(f.admin, orgId);
    expect(errorMessage(await action(f.admin, original.id, "duplicate"), 409)).toMatch(/restore/i);
    expect(await spaceCount(f.admin, orgId)).toBe(before);
  });

  it("works through GitBook's official client", async () => {
    const original = await createSpaceAs(f.admin, orgId, { title: "Client" });
    const copy = await gitbookClient(f.admin).spaces.duplicateSpace(original.id);
    expect(copy.status).toBe(201);
    expect(copy.data.title).toBe("Client (copy)");
    expect(copy.data.id).not.toBe(original.id);
    const refused = await gitbookClient(f.read)
      .spaces.duplicateSpace(original.id)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GitBookAPIError);
    expect((refused as GitBookAPIError).code).toBe(403);
  });
});

describe("POST /v1/spaces/{spaceId}/transfer (transferSpace)", () => {
  /** An organization f.admin administers too. */
  let targetId: string;
  /** An organization where f.admin is only a 'read' member. */
  let readOnlyId: string;
  /** An organization each non-admin administers, as a target. */
  const ownOrganization = {} as Record<(typeof NON_ADMIN_ROLES)[number] | "guest", string>;

  beforeAll(async () => {
    targetId = (await createOrganization(f.admin)).id;
    const someoneElse = await createUser("other-admin");
    readOnlyId = (await createOrganization(someoneElse)).id;
    await addMember(someoneElse, readOnlyId, f.admin, "read");
    await inParallel([...NON_ADMIN_ROLES, "guest"] as const, async (role) => {
      ownOrganization[role] = (await createOrganization(f[role])).id;
    });
  }, 60_000);

  const transfer = (user: TestUser, spaceId: string, organization: unknown) =>
    action(user, spaceId, "transfer", organization === undefined ? {} : { organization });

  it("moves the space to another organization the caller administers, out of its collection, to the end of the top level", async () => {
    const collection = await createCollectionAs(f.admin, orgId);
    const space = await createSpaceAs(f.admin, orgId, { parent: collection.id, title: "Travelling", emoji: "🧳" });
    const before = await patchOk(f.admin, space.id, { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [f.review.id] }] } });
    const alreadyThere = await createSpaceAs(f.admin, targetId, { title: "Already there" });

    const response = await transfer(f.admin, space.id, targetId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecSchema("Space", response.body);
    const moved: Space = response.body;
    expect(moved.id).toBe(space.id);
    expect(moved.organization).toBe(targetId);
    expect(moved).not.toHaveProperty("parent");
    expect(moved.mergeRules).toEqual({ type: "inherit" });
    expect(moved.permissions).toEqual(permissionsFor("admin"));
    expect(moved).toMatchObject({ title: "Travelling", emoji: "🧳", revision: before.revision, createdAt: before.createdAt });
    expect(await readSpace(f.admin, space.id)).toEqual(moved);

    // The organization's list is oldest first; the space was created before `alreadyThere`.
    expect(await orgSpaceIds(f.admin, targetId)).toEqual(expect.arrayContaining([alreadyThere.id, space.id]));
    expect(await orgSpaceIds(f.admin, orgId)).not.toContain(space.id);
    expect(await collectionSpaceIds(f.admin, collection.id)).toEqual([]);
    // Members of the old organization only lose it.
    errorMessage(await getSpace(f.read, space.id), 404);
    expect(await orgSpaceIds(f.read, orgId)).not.toContain(space.id);
    // It is last at the target's top level, right after what was last there.
    errorMessage(await action(f.admin, space.id, "move", { parent: null }), 409);
    errorMessage(await action(f.admin, alreadyThere.id, "move", { position: { before: { type: "space", space: space.id } } }), 409);
  });

  it("keeps merge rules that name no reviewer", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    await patchOk(f.admin, space.id, { mergeRules: { type: "none" } });
    const response = await transfer(f.admin, space.id, targetId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.mergeRules).toEqual({ type: "none" });
  });

  it("is a 403 when the caller is only a 'read' member of the target, changing nothing", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    expect(errorMessage(await transfer(f.admin, space.id, readOnlyId), 403)).toMatch(/admin/);
    expect(await readSpace(f.admin, space.id)).toEqual(space);
    expect(await orgSpaceIds(f.admin, readOnlyId)).toEqual([]);
  });

  it("answers 400 naming 'organization' for a target the caller is not in, an unknown one or a bad body", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    const cases: unknown[] = [f.outsiderOrganization.id, "noSuchOrganization000", "bad id!", "", 42, undefined];
    await inParallel(cases, async (organization) => {
      expect(errorMessage(await transfer(f.admin, space.id, organization), 400), String(organization)).toMatch(/'organization'/);
    });
    errorMessage(await action(f.admin, space.id, "transfer", "{not json"), 400);
    expect(await readSpace(f.admin, space.id)).toEqual(space);
    expect(await orgSpaceIds(f.outsider, f.outsiderOrganization.id)).not.toContain(space.id);
  });

  it("is a 409 for the space's own organization", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    errorMessage(await transfer(f.admin, space.id, orgId), 409);
    expect(await readSpace(f.admin, space.id)).toEqual(space);
  });

  it("refuses every non-admin role of the space, though they administer the target (403)", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    await inParallel(NON_ADMIN_ROLES, async (role) => {
      expect(errorMessage(await transfer(f[role], space.id, ownOrganization[role]), 403), role).toMatch(/admin/);
      expect(await orgSpaceIds(f[role], ownOrganization[role])).toEqual([]);
    });
    expect(await readSpace(f.admin, space.id)).toEqual(space);
  });

  it("is a 404 for a guest, an outsider and an unknown id", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    errorMessage(await transfer(f.guest, space.id, ownOrganization.guest), 404);
    errorMessage(await transfer(f.outsider, space.id, f.outsiderOrganization.id), 404);
    errorMessage(await transfer(f.admin, NO_SUCH_ID, targetId), 404);
    expect(await readSpace(f.admin, space.id)).toEqual(space);
    expect(await orgSpaceIds(f.outsider, f.outsiderOrganization.id)).not.toContain(space.id);
  });

  it("lets the space's creator take it to an organization they administer", async () => {
    const space = await createSpaceAs(f.create, orgId, { title: "Mine to take" });
    const response = await transfer(f.create, space.id, ownOrganization.create);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecSchema("Space", response.body);
    expect(response.body.organization).toBe(ownOrganization.create);
    expect(await orgSpaceIds(f.create, ownOrganization.create)).toEqual([space.id]);
    errorMessage(await getSpace(f.admin, space.id), 404);
  });

  it("is a 409 on a deleted space", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    await deleteOk(f.admin, space.id);
    expect(errorMessage(await transfer(f.admin, space.id, targetId), 409)).toMatch(/restore/i);
    expect((await readSpace(f.admin, space.id)).organization).toBe(orgId);
  });
});
