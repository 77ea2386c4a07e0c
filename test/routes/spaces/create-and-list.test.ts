import { GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, addMember, createOrganization, gitbookClient } from "../../helpers/fixtures";
import { inParallel } from "../../helpers/lists";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";
import { NO_SUCH_ID, type Space, collectionSpaceIds, createCollectionAs, createSpaceAs, deleteOk, expectNewSpaceCounters, f, isTimestamp, listSpaces, orgId, orgSpacesPath, permissionsFor, readSpace, setCollectionLevel, spaceCount, spacePath, useSuiteFixture } from "../../helpers/suites/spaces";

/** Spaces: creating them and listing an organization's spaces. */

useSuiteFixture();

describe("the spec check used here", () => {
  it("rejects space bodies GitBook's spec does not allow", () => {
    expect(() => expectSpecResponse("getSpaceById", 200, { object: "space", id: "x" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecSchema("Space", { object: "space", id: "x" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("listSpacesInOrganizationById", 200, { items: [{ object: "space" }], count: 1 })).toThrow(
      /vs GitBook.s spec/,
    );
  });
});

describe("POST /v1/orgs/{organizationId}/spaces (createSpace)", () => {
  it("creates a space with GitBook's defaults, a Location header and an initial revision", async () => {
    const response = await call("POST", orgSpacesPath(orgId), { token: f.admin.token, body: {} });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectSpecResponse("createSpace", 201, response.body);
    const space: Space = response.body;
    expect(space.object).toBe("space");
    expect(space.title).toBe("Untitled");
    expect(space.emoji).toBe("");
    expect(space.editMode).toBe("live");
    expect(space.mergeRules).toEqual({ type: "inherit" });
    expect(space.defaultLevel).toBeNull();
    expect(space.visibility).toBe("private");
    expect(space.organization).toBe(orgId);
    expect(space).not.toHaveProperty("parent");
    expect(space).not.toHaveProperty("deletedAt");
    expect(space).not.toHaveProperty("language");
    expect(space.urls).not.toHaveProperty("icon");
    expect(typeof space.revision).toBe("string");
    expect(space.revision.length).toBeGreaterThan(0);
    expect(isTimestamp(space.createdAt)).toBe(true);
    expect(space.updatedAt).toBe(space.createdAt);
    expectNewSpaceCounters(space);
    expect(space.permissions).toEqual(permissionsFor("admin"));
    expect(response.headers.get("location")).toBe(space.urls.location);
    expect(new URL(space.urls.location).pathname).toBe(spacePath(space.id));
    expect(await readSpace(f.admin, space.id)).toEqual(space);
  });

  it("takes a title (trimmed), emoji, language and edit mode", async () => {
    const space = await createSpaceAs(f.admin, orgId, { title: "  Handbook  ", emoji: "🎉", language: "fr", editMode: "locked" });
    expectSpecResponse("createSpace", 201, space);
    expect(space.title).toBe("Handbook");
    expect(space.emoji).toBe("🎉");
    expect(space.language).toBe("fr");
    expect(space.editMode).toBe("locked");
    expect(await readSpace(f.read, space.id)).toMatchObject({ title: "Handbook", emoji: "🎉", language: "fr", editMode: "locked" });
  });

  it("accepts an emoji as hex code points, sequences and a 50-character title", async () => {
    expect((await createSpaceAs(f.admin, orgId, { emoji: "1f389" })).emoji).toBe("1f389");
    expect((await createSpaceAs(f.admin, orgId, { emoji: "1f468-200d-1f469" })).emoji).toBe("1f468-200d-1f469");
    expect((await createSpaceAs(f.admin, orgId, { emoji: "👩‍💻" })).emoji).toBe("👩‍💻");
    expect((await createSpaceAs(f.admin, orgId, { emoji: "🇫🇷" })).emoji).toBe("🇫🇷");
    expect((await createSpaceAs(f.admin, orgId, { emoji: "👍🏽" })).emoji).toBe("👍🏽");
    const title = "t".repeat(50);
    expect((await createSpaceAs(f.admin, orgId, { title })).title).toBe(title);
  });

  it("lets a 'create' member create at the top level, and makes them the space's admin", async () => {
    const space = await createSpaceAs(f.create, orgId, { title: "Mine" });
    expect(space.permissions).toEqual(permissionsFor("admin"));
    expect((await readSpace(f.create, space.id)).permissions).toEqual(permissionsFor("admin"));
    // Everyone else keeps their own level on it.
    expect((await readSpace(f.edit, space.id)).permissions).toEqual(permissionsFor("edit"));
  });

  it("refuses every role below 'create', and a guest, at the top level (403), creating nothing", async () => {
    const before = await spaceCount(f.admin, orgId);
    await inParallel(["review", "edit", "comment", "read", "guest"] as const, async (role) => {
      const response = await call("POST", orgSpacesPath(orgId), { token: f[role].token, body: { title: "Nope" } });
      expect(errorMessage(response, 403), role).toMatch(/createContent/);
    });
    expect(await spaceCount(f.admin, orgId)).toBe(before);
  });

  it("is a 404 for an outsider and for an unknown organization", async () => {
    errorMessage(await call("POST", orgSpacesPath(orgId), { token: f.outsider.token, body: {} }), 404);
    errorMessage(await call("POST", orgSpacesPath("noSuchOrganization000"), { token: f.admin.token, body: {} }), 404);
    // The outsider's own organization is not reachable by a member of this one either.
    errorMessage(await call("POST", orgSpacesPath(f.outsiderOrganization.id), { token: f.admin.token, body: {} }), 404);
  });

  it("answers 400 naming the field for bad input, creating nothing", async () => {
    const foreignCollection = await createCollectionAs(f.outsider, f.outsiderOrganization.id);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: "" }, /'title'/],
      [{ title: "    " }, /'title'/],
      [{ title: "x".repeat(51) }, /'title'/],
      [{ title: 42 }, /'title'/],
      [{ emoji: "abc" }, /'emoji'/],
      [{ emoji: "a🎉" }, /'emoji'/],
      [{ emoji: "1" }, /'emoji'/],
      [{ emoji: "" }, /'emoji'/],
      // 51 characters (JSON Schema's maxLength counts code points, and so does the API).
      [{ emoji: "🎉".repeat(51) }, /'emoji'/],
      [{ language: "xx" }, /'language'/],
      [{ editMode: "frozen" }, /'editMode'/],
      [{ parent: NO_SUCH_ID }, /'parent'/],
      [{ parent: "bad id!" }, /'parent'/],
      [{ parent: foreignCollection.id }, /'parent'/],
    ];
    const before = await spaceCount(f.admin, orgId);
    await inParallel(cases, async ([body, field]) => {
      const response = await call("POST", orgSpacesPath(orgId), { token: f.admin.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toMatch(field);
    });
    errorMessage(await call("POST", orgSpacesPath(orgId), { token: f.admin.token, body: "{not json" }), 400);
    expect(errorMessage(await call("POST", `/v1/orgs/bad%20id/spaces`, { token: f.admin.token, body: {} }), 400)).toMatch(
      /'organizationId'/,
    );
    expect(await spaceCount(f.admin, orgId)).toBe(before);
    // Nothing appeared in the other organization either.
    expect(await collectionSpaceIds(f.outsider, foreignCollection.id)).toEqual([]);
  });

  it("creates in a collection, each new space at its end", async () => {
    const collection = await createCollectionAs(f.admin, orgId);
    const first = await createSpaceAs(f.admin, orgId, { parent: collection.id, title: "First" });
    const second = await createSpaceAs(f.admin, orgId, { parent: collection.id, title: "Second" });
    expect(first.parent).toBe(collection.id);
    expect(second.parent).toBe(collection.id);
    expect(await collectionSpaceIds(f.admin, collection.id)).toEqual([first.id, second.id]);
    const third = await createSpaceAs(f.create, orgId, { parent: collection.id, title: "Third" });
    expect(await collectionSpaceIds(f.read, collection.id)).toEqual([first.id, second.id, third.id]);
  });

  it("needs the create level on a parent collection, which its defaultLevel raises or lowers", async () => {
    const collection = await createCollectionAs(f.admin, orgId);
    // Without a level of its own, the organization role applies: 'edit' may not create in it.
    await inParallel(["review", "edit", "comment", "read"] as const, async (role) => {
      errorMessage(await call("POST", orgSpacesPath(orgId), { token: f[role].token, body: { parent: collection.id } }), 403);
    });
    // A guest cannot see the collection: it is a bad parent to them.
    expect(errorMessage(await call("POST", orgSpacesPath(orgId), { token: f.guest.token, body: { parent: collection.id } }), 400)).toMatch(
      /'parent'/,
    );
    expect(await collectionSpaceIds(f.admin, collection.id)).toEqual([]);

    await setCollectionLevel(f.admin, collection.id, "create");
    const byEditor = await createSpaceAs(f.edit, orgId, { parent: collection.id });
    expect(byEditor.parent).toBe(collection.id);
    // The creator administers it; the space has no level of its own, so others get the collection's.
    expect(byEditor.permissions).toEqual(permissionsFor("admin"));
    expect((await readSpace(f.read, byEditor.id)).permissions).toEqual(permissionsFor("create"));
    await createSpaceAs(f.read, orgId, { parent: collection.id });

    await setCollectionLevel(f.admin, collection.id, "read");
    errorMessage(await call("POST", orgSpacesPath(orgId), { token: f.create.token, body: { parent: collection.id } }), 403);
    // Organization admins stay admins of every collection.
    await createSpaceAs(f.admin, orgId, { parent: collection.id });
    expect(await collectionSpaceIds(f.admin, collection.id)).toHaveLength(3);
  });

  it("works through GitBook's official client", async () => {
    const client = gitbookClient(f.admin);
    const created = await client.orgs.createSpace(orgId, { title: "Via client", emoji: "📘" });
    expect(created.status).toBe(201);
    expect(created.data.title).toBe("Via client");
    expect(created.data.emoji).toBe("📘");
    expect(created.data.organization).toBe(orgId);
    const read = await client.spaces.getSpaceById(created.data.id);
    expect(read.data).toEqual(created.data);

    const refused = await gitbookClient(f.read)
      .orgs.createSpace(orgId, { title: "Nope" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GitBookAPIError);
    expect((refused as GitBookAPIError).code).toBe(403);
  });
});

describe("GET /v1/orgs/{organizationId}/spaces (listSpacesInOrganizationById)", () => {
  /** An organization of its own (the same people, the same roles), so its counts are exact. */
  let orgId: string;
  let live: Space[];
  let deleted: Space;

  beforeAll(async () => {
    orgId = (await createOrganization(f.admin)).id;
    await inParallel([...NON_ADMIN_ROLES, "guest"] as const, (role) => addMember(f.admin, orgId, f[role], role === "guest" ? null : role));
    const collection = await createCollectionAs(f.admin, orgId);
    live = [
      await createSpaceAs(f.admin, orgId, { title: "One" }),
      await createSpaceAs(f.admin, orgId, { title: "Two", parent: collection.id }),
    ];
    deleted = await createSpaceAs(f.admin, orgId, { title: "Deleted" });
    live.push(
      await createSpaceAs(f.admin, orgId, { title: "Three" }),
      await createSpaceAs(f.create, orgId, { title: "Four, by a creator" }),
      await createSpaceAs(f.admin, orgId, { title: "Five", parent: collection.id }),
    );
    await deleteOk(f.admin, deleted.id);
  });

  /** Oldest first, ties broken by id. */
  const expectedOrder = () =>
    [...live]
      .sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id < b.id ? -1 : 1))
      .map((space) => space.id);

  it("lists the live spaces oldest first, its count matching, deleted ones left out", async () => {
    const list = await listSpaces(f.admin, orgId);
    expect(list.count).toBe(5);
    expect(list.items.map((space) => space.id)).toEqual(expectedOrder());
    expect(list.items.map((space) => space.id)).not.toContain(deleted.id);
    for (const item of list.items) {
      expect(item).toEqual(await readSpace(f.admin, item.id));
      expect(item).not.toHaveProperty("deletedAt");
    }
  });

  it("walks every page with limit=2, each space once", async () => {
    const ids: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const query = new URLSearchParams({ limit: "2", ...(page ? { page } : {}) });
      const response = await call("GET", `${orgSpacesPath(orgId)}?${query}`, { token: f.admin.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expectSpecResponse("listSpacesInOrganizationById", 200, response.body);
      expect(response.body.count).toBe(5);
      ids.push(...response.body.items.map((space: Space) => space.id));
      page = response.body.next?.page;
      if (page !== undefined) expect(response.body.items).toHaveLength(2);
      pages += 1;
      expect(pages).toBeLessThanOrEqual(4);
    } while (page !== undefined);
    expect(pages).toBe(3);
    expect(ids).toEqual(expectedOrder());
    expect(new Set(ids).size).toBe(5);
  });

  it("gives every non-guest member every live space, with their own level", async () => {
    const byCreator = live.find((space) => space.title.startsWith("Four"))!;
    await inParallel(NON_ADMIN_ROLES, async (role) => {
      const list = await listSpaces(f[role], orgId);
      expect(list.count).toBe(5);
      expect(list.items.map((space) => space.id)).toEqual(expectedOrder());
      for (const item of list.items) {
        const expected = role === "create" && item.id === byCreator.id ? "admin" : role;
        expect(item.permissions, `${role} on ${item.title}`).toEqual(permissionsFor(expected));
      }
    });
    for (const item of (await listSpaces(f.admin, orgId)).items) expect(item.permissions).toEqual(permissionsFor("admin"));
  });

  it("is empty for a guest, and a 404 for an outsider or an unknown organization", async () => {
    const response = await call("GET", orgSpacesPath(orgId), { token: f.guest.token });
    expect(response.status).toBe(200);
    expectSpecResponse("listSpacesInOrganizationById", 200, response.body);
    expect(response.body).toEqual({ items: [], count: 0 });
    errorMessage(await call("GET", orgSpacesPath(orgId), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", orgSpacesPath("noSuchOrganization000"), { token: f.admin.token }), 404);
  });

  it("answers 400 naming the parameter for a bad limit or page", async () => {
    expect(errorMessage(await call("GET", `${orgSpacesPath(orgId)}?limit=1001`, { token: f.admin.token }), 400)).toMatch(/'limit'/);
    expect(errorMessage(await call("GET", `${orgSpacesPath(orgId)}?limit=-1`, { token: f.admin.token }), 400)).toMatch(/'limit'/);
    expect(errorMessage(await call("GET", `${orgSpacesPath(orgId)}?limit=two`, { token: f.admin.token }), 400)).toMatch(/'limit'/);
    expect(errorMessage(await call("GET", `${orgSpacesPath(orgId)}?page=garbage`, { token: f.admin.token }), 400)).toMatch(/'page'/);
    // A cursor of another list (a collection's spaces, in position order) is not one of this list.
    const collectionId = live[1]!.parent!;
    const other = await call("GET", `/v1/collections/${collectionId}/spaces?limit=1`, { token: f.admin.token });
    expect(other.status).toBe(200);
    expect(other.body.next?.page).toBeTypeOf("string");
    const replayed = await call("GET", `${orgSpacesPath(orgId)}?page=${encodeURIComponent(other.body.next.page)}`, {
      token: f.admin.token,
    });
    expect(errorMessage(replayed, 400)).toMatch(/'page'/);
  });

  it("works through GitBook's official client", async () => {
    const client = gitbookClient(f.read);
    const first = await client.orgs.listSpacesInOrganizationById(orgId, { limit: 2 });
    expect(first.status).toBe(200);
    expect(first.data.count).toBe(5);
    expect(first.data.items.map((space) => space.id)).toEqual(expectedOrder().slice(0, 2));
    expect(first.data.next?.page).toBeTypeOf("string");
    const second = await client.orgs.listSpacesInOrganizationById(orgId, { limit: 2, page: first.data.next!.page });
    expect(second.data.items.map((space) => space.id)).toEqual(expectedOrder().slice(2, 4));
  });
});
