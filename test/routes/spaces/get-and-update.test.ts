import { GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, addMember, createUser, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { NO_SUCH_ID, type Space, createCollectionAs, createSpaceAs, deleteOk, f, getSpace, orgId, orgSpaces, orgSpacesPath, patchOk, patchSpace, permissionsFor, readSpace, setCollectionLevel, spacePath, useSuiteFixture, withoutUpdatedAt } from "../../helpers/suites/spaces";

/** Spaces: reading one, default levels and creators, and updating it. */

useSuiteFixture();

describe("GET /v1/spaces/{spaceId} (getSpaceById)", () => {
  let space: Space;

  beforeAll(async () => {
    space = await createSpaceAs(f.admin, orgId, { title: "Readable", emoji: "📗" });
  });

  for (const role of ["admin", ...NON_ADMIN_ROLES] as const) {
    it(`gives a '${role}' member the space with the permissions of their role`, async () => {
      const read = await readSpace(f[role], space.id);
      expectSpecResponse("getSpaceById", 200, read);
      expect(read).toEqual({ ...space, permissions: permissionsFor(role) });
    });
  }

  it("is a 404 for a guest, an outsider and an unknown id; a 400 for a malformed id", async () => {
    expect(errorMessage(await getSpace(f.guest, space.id), 404)).toMatch(space.id);
    errorMessage(await getSpace(f.outsider, space.id), 404);
    errorMessage(await getSpace(f.admin, NO_SUCH_ID), 404);
    expect(errorMessage(await call("GET", "/v1/spaces/bad%20id", { token: f.admin.token }), 400)).toMatch(/'spaceId'/);
  });

  it("takes a shareKey: one that is no share link is a 404 (resolving keys: test/routes/sites/space-share-key.test.ts)", async () => {
    const response = await call("GET", `${spacePath(space.id)}?shareKey=some-key`, { token: f.read.token });
    expect(errorMessage(response, 404)).toBe("Share key not found");
    const tooLong = await call("GET", `${spacePath(space.id)}?shareKey=${"k".repeat(1025)}`, { token: f.read.token });
    expect(errorMessage(tooLong, 400)).toMatch(/'shareKey'/);
  });

  it("works through GitBook's official client", async () => {
    const read = await gitbookClient(f.comment).spaces.getSpaceById(space.id);
    expect(read.status).toBe(200);
    expect(read.data.id).toBe(space.id);
    expect(read.data.permissions).toEqual(permissionsFor("comment"));
    const missing = await gitbookClient(f.guest)
      .spaces.getSpaceById(space.id)
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(GitBookAPIError);
    expect((missing as GitBookAPIError).code).toBe(404);
  });
});

describe("default levels and creators", () => {
  it("a space's defaultLevel 'read' lowers every non-admin member; an org admin stays admin", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    expect((await patchOk(f.admin, space.id, { defaultLevel: "read" })).defaultLevel).toBe("read");
    const asEditor = await readSpace(f.edit, space.id);
    expect(asEditor.permissions.edit).toBe(false);
    expect(asEditor.permissions).toEqual(permissionsFor("read"));
    expect((await readSpace(f.create, space.id)).permissions).toEqual(permissionsFor("read"));
    expect((await readSpace(f.admin, space.id)).permissions).toEqual(permissionsFor("admin"));
    // The list says the same.
    const listed = (await orgSpaces(f.edit, orgId)).find((item) => item.id === space.id)!;
    expect(listed.permissions).toEqual(permissionsFor("read"));
    errorMessage(await patchSpace(f.create, space.id, { title: "Nope" }), 403);
  });

  it("a space's defaultLevel 'admin' lets a 'read' member administer it, but never shows it to a guest", async () => {
    const space = await createSpaceAs(f.admin, orgId, { title: "Open" });
    await patchOk(f.admin, space.id, { defaultLevel: "admin" });
    expect((await readSpace(f.read, space.id)).permissions).toEqual(permissionsFor("admin"));
    const renamed = await patchOk(f.read, space.id, { title: "Renamed by a reader" });
    expect(renamed.title).toBe("Renamed by a reader");
    expect(renamed.permissions).toEqual(permissionsFor("admin"));
    errorMessage(await getSpace(f.guest, space.id), 404);
    expect((await call("GET", orgSpacesPath(orgId), { token: f.guest.token })).body).toEqual({ items: [], count: 0 });
    // Lowering the level again takes effect at once, for the one who lowered it too.
    const lowered = await patchOk(f.read, space.id, { defaultLevel: "read" });
    expect(lowered.permissions).toEqual(permissionsFor("read"));
    errorMessage(await patchSpace(f.read, space.id, { defaultLevel: "admin" }), 403);
    expect((await readSpace(f.admin, space.id)).defaultLevel).toBe("read");
  });

  it("'inherit' (and null) is stored as null, and the organization role applies again", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    await patchOk(f.admin, space.id, { defaultLevel: "comment" });
    expect((await readSpace(f.edit, space.id)).permissions).toEqual(permissionsFor("comment"));
    const inherited = await patchOk(f.admin, space.id, { defaultLevel: "inherit" });
    expect(inherited.defaultLevel).toBeNull();
    expect((await readSpace(f.edit, space.id)).defaultLevel).toBeNull();
    expect((await readSpace(f.edit, space.id)).permissions).toEqual(permissionsFor("edit"));
    await patchOk(f.admin, space.id, { defaultLevel: "review" });
    expect((await patchOk(f.admin, space.id, { defaultLevel: null })).defaultLevel).toBeNull();
    expect((await readSpace(f.read, space.id)).permissions).toEqual(permissionsFor("read"));
  });

  it("the defaultLevel of the nearest collection applies to the spaces in it; the space's own wins", async () => {
    const outer = await createCollectionAs(f.admin, orgId, { title: "Outer" });
    const inner = await createCollectionAs(f.admin, orgId, { title: "Inner", parent: outer.id });
    await setCollectionLevel(f.admin, outer.id, "read");
    const inOuter = await createSpaceAs(f.admin, orgId, { parent: outer.id });
    const inInner = await createSpaceAs(f.admin, orgId, { parent: inner.id });
    for (const space of [inOuter, inInner]) {
      expect((await readSpace(f.edit, space.id)).permissions, "through the chain").toEqual(permissionsFor("read"));
    }
    const listed = (await call("GET", `/v1/collections/${inner.id}/spaces`, { token: f.edit.token })).body.items[0];
    expect(listed.permissions).toEqual(permissionsFor("read"));
    const inOrgList = (await orgSpaces(f.edit, orgId)).find((item) => item.id === inInner.id)!;
    expect(inOrgList.permissions).toEqual(permissionsFor("read"));

    await setCollectionLevel(f.admin, inner.id, "comment");
    expect((await readSpace(f.edit, inInner.id)).permissions).toEqual(permissionsFor("comment"));
    expect((await readSpace(f.edit, inOuter.id)).permissions).toEqual(permissionsFor("read"));

    await patchOk(f.admin, inInner.id, { defaultLevel: "edit" });
    expect((await readSpace(f.read, inInner.id)).permissions).toEqual(permissionsFor("edit"));
    expect((await readSpace(f.create, inInner.id)).permissions).toEqual(permissionsFor("edit"));
    expect((await readSpace(f.admin, inInner.id)).permissions).toEqual(permissionsFor("admin"));
  });

  it("the creator of a space administers it whatever its level; another 'create' member does not", async () => {
    const otherCreator = await createUser("create-2");
    await addMember(f.admin, orgId, otherCreator, "create");
    const space = await createSpaceAs(f.create, orgId, { title: "Creator's" });
    const lowered = await patchOk(f.create, space.id, { defaultLevel: "read" });
    expect(lowered.defaultLevel).toBe("read");
    expect(lowered.permissions).toEqual(permissionsFor("admin"));
    expect((await readSpace(f.create, space.id)).permissions).toEqual(permissionsFor("admin"));
    expect((await patchOk(f.create, space.id, { title: "Still mine" })).title).toBe("Still mine");

    expect((await readSpace(otherCreator, space.id)).permissions).toEqual(permissionsFor("read"));
    errorMessage(await patchSpace(otherCreator, space.id, { title: "Not theirs" }), 403);
    expect((await readSpace(f.admin, space.id)).title).toBe("Still mine");
  });

  it("a creator who becomes a guest no longer sees their space", async () => {
    const creator = await createUser("creator");
    await addMember(f.admin, orgId, creator, "create");
    const space = await createSpaceAs(creator, orgId);
    const demoted = await call("PATCH", `/v1/orgs/${orgId}/members/${creator.id}`, { token: f.admin.token, body: { role: null } });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    errorMessage(await getSpace(creator, space.id), 404);
    errorMessage(await patchSpace(creator, space.id, { title: "x" }), 404);
  });
});

describe("PATCH /v1/spaces/{spaceId} (updateSpaceById)", () => {
  it("updates title (trimmed), editMode and language, and only them", async () => {
    const space = await createSpaceAs(f.admin, orgId, { title: "Before", emoji: "🎉" });
    const updated = await patchOk(f.admin, space.id, { title: "  After  ", editMode: "locked", language: "pt-br" });
    expect(updated).toMatchObject({ title: "After", editMode: "locked", language: "pt-br", emoji: "🎉" });
    expect(updated.createdAt).toBe(space.createdAt);
    expect(updated.updatedAt >= space.updatedAt).toBe(true);
    expect(updated.revision).toBe(space.revision);
    expect(withoutUpdatedAt(updated)).toEqual({ ...withoutUpdatedAt(space), title: "After", editMode: "locked", language: "pt-br" });
    expect(await readSpace(f.admin, space.id)).toEqual(updated);
    expect((await patchOk(f.admin, space.id, { editMode: "live" })).editMode).toBe("live");
  });

  it("sets and removes the emoji and the icon", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    expect((await patchOk(f.admin, space.id, { emoji: "🚀" })).emoji).toBe("🚀");
    expect((await patchOk(f.admin, space.id, { emoji: "1f680" })).emoji).toBe("1f680");
    const cleared = await patchOk(f.admin, space.id, { emoji: null });
    expect(cleared.emoji).toBe("");
    expect(cleared.urls).not.toHaveProperty("icon");

    const withIcon = await patchOk(f.admin, space.id, { icon: "https://example.com/icon.png" });
    expect(withIcon.urls.icon).toBe("https://example.com/icon.png");
    expect((await readSpace(f.read, space.id)).urls.icon).toBe("https://example.com/icon.png");
    const noIcon = await patchOk(f.admin, space.id, { icon: null });
    expect(noIcon.urls).not.toHaveProperty("icon");
    expect(noIcon.emoji).toBe("");

    await patchOk(f.admin, space.id, { emoji: "🎯", icon: "https://example.com/other.png" });
    // GitBook's "remove icon or emoji": a null emoji removes both.
    const removed = await patchOk(f.admin, space.id, { emoji: null });
    expect(removed.emoji).toBe("");
    expect(removed.urls).not.toHaveProperty("icon");
    expect(await readSpace(f.admin, space.id)).toEqual(removed);
  });

  it("sets merge rules naming members as reviewers, 'none' and back to 'inherit'", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    const mergeRules = { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [f.review.id, f.guest.id] }] };
    expect((await patchOk(f.admin, space.id, { mergeRules })).mergeRules).toEqual(mergeRules);
    expect((await readSpace(f.read, space.id)).mergeRules).toEqual(mergeRules);
    expect((await patchOk(f.admin, space.id, { mergeRules: { type: "none" } })).mergeRules).toEqual({ type: "none" });
    expect((await patchOk(f.admin, space.id, { mergeRules: { type: "inherit" } })).mergeRules).toEqual({ type: "inherit" });
  });

  it("answers 400 naming the field for bad input, changing nothing", async () => {
    const space = await createSpaceAs(f.admin, orgId, { title: "Stable", emoji: "🎉", language: "en" });
    const reviewers = (users: string[]) => ({ type: "rules", rules: [{ rule: "require_specific_reviewers", users }] });
    const cases: Array<[unknown, RegExp]> = [
      [{ title: "" }, /'title'/],
      [{ title: "   " }, /'title'/],
      [{ title: "x".repeat(51) }, /'title'/],
      [{ title: null }, /'title'/],
      [{ editMode: "frozen" }, /'editMode'/],
      [{ defaultLevel: "owner" }, /'defaultLevel'/],
      [{ defaultLevel: "guest" }, /'defaultLevel'/],
      [{ language: "xx" }, /'language'/],
      [{ language: "EN" }, /'language'/],
      [{ mergeRules: { type: "bogus" } }, /mergeRules/],
      [{ mergeRules: { type: "rules", rules: [{ rule: "require_approvals", users: [] }] } }, /mergeRules/],
      [{ mergeRules: reviewers([f.outsider.id]) }, /mergeRules/],
      [{ mergeRules: reviewers([f.review.id, "noSuchUser0000000000"]) }, /mergeRules/],
      [{ emoji: "abc" }, /'emoji'/],
      [{ emoji: "" }, /'emoji'/],
      [{ emoji: "🎉 party" }, /'emoji'/],
      [{ icon: "not a url" }, /'icon'/],
      [{ icon: "ftp://example.com/icon.png" }, /'icon'/],
      // A valid change next to an invalid one is not applied either.
      [{ title: "Changed", language: "xx" }, /'language'/],
    ];
    const before = await readSpace(f.admin, space.id);
    await inParallel(cases, async ([body, field]) => {
      expect(errorMessage(await patchSpace(f.admin, space.id, body), 400), JSON.stringify(body)).toMatch(field);
    });
    errorMessage(await patchSpace(f.admin, space.id, "{not json"), 400);
    expect(await readSpace(f.admin, space.id)).toEqual(before);
  });

  it("is a 404 for a guest, an outsider and an unknown id", async () => {
    const space = await createSpaceAs(f.admin, orgId, { title: "Hidden" });
    errorMessage(await patchSpace(f.guest, space.id, { title: "x" }), 404);
    errorMessage(await patchSpace(f.outsider, space.id, { title: "x" }), 404);
    errorMessage(await patchSpace(f.admin, NO_SUCH_ID, { title: "x" }), 404);
    expect(await readSpace(f.admin, space.id)).toEqual(space);
  });

  it("is a 409 on a deleted space, changing nothing", async () => {
    const space = await createSpaceAs(f.admin, orgId, { title: "Gone" });
    await deleteOk(f.admin, space.id);
    const before = await readSpace(f.admin, space.id);
    expect(errorMessage(await patchSpace(f.admin, space.id, { title: "Edited" }), 409)).toMatch(/restore/i);
    expect(await readSpace(f.admin, space.id)).toEqual(before);
  });

  it("works through GitBook's official client", async () => {
    const space = await createSpaceAs(f.admin, orgId);
    const client = gitbookClient(f.admin);
    const updated = await client.spaces.updateSpaceById(space.id, { title: "Client title", emoji: "🧪" });
    expect(updated.status).toBe(200);
    expect(updated.data.title).toBe("Client title");
    expect(updated.data.emoji).toBe("🧪");
    expect((await client.spaces.getSpaceById(space.id)).data).toEqual(updated.data);
    const refused = await gitbookClient(f.edit)
      .spaces.updateSpaceById(space.id, { title: "x" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GitBookAPIError);
    expect((refused as GitBookAPIError).code).toBe(403);
  });
});
