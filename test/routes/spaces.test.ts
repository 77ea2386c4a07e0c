import { env } from "cloudflare:test";
import { GitBookAPIError } from "@gitbook/api";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { spaces } from "../../src/db/schema";
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
import { expectSpecResponse, expectSpecSchema } from "../helpers/spec";

/*
 * Space routes (seed 4.1, docs/decisions.md "Spaces and collections") through HTTP and GitBook's
 * official client: list and create under an organization; get, update, delete; duplicate,
 * restore, move and our own transfer. Collections only serve as parents here (their own routes
 * have their own file). Storage is shared by the file: every describe builds its own
 * organization, and every test that changes something makes its own spaces.
 */

type Fixture = Awaited<ReturnType<typeof organizationWithEveryRole>>;
type Space = {
  object: "space";
  id: string;
  title: string;
  emoji: string;
  visibility: string;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  editMode: string;
  mergeRules: { type: string; rules?: Array<{ rule: string; users: string[] }> };
  urls: { location: string; app: string; icon?: string };
  organization: string;
  parent?: string;
  language?: string;
  revision: string;
  defaultLevel: Role | null;
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  permissions: Record<string, boolean>;
};

/** A well-formed id that names nothing. */
const NO_SUCH_ID = "noSuchSpace0000000000";
/** From least to most powerful (seed 2.1). */
const LEVELS: Role[] = ["read", "comment", "edit", "review", "create", "admin"];
const atLeast = (level: Role, least: Role) => LEVELS.indexOf(level) >= LEVELS.indexOf(least);

/** The `permissions` object a caller with `level` on a space must get (CONTENT_ACTIONS, seed 2.2 keys). */
function permissionsFor(level: Role): Record<string, boolean> {
  return {
    view: true,
    access: true,
    admin: level === "admin",
    viewInviteLinks: level === "admin",
    edit: atLeast(level, "edit"),
    triggerGitSync: atLeast(level, "edit"),
    comment: atLeast(level, "comment"),
    merge: atLeast(level, "edit"),
    review: atLeast(level, "review"),
    installIntegration: level === "admin",
  };
}

const spacePath = (spaceId: string) => `/v1/spaces/${spaceId}`;
const orgSpacesPath = (organizationId: string) => `/v1/orgs/${organizationId}/spaces`;

async function createSpaceAs(user: TestUser, organizationId: string, body: Record<string, unknown> = {}): Promise<Space> {
  const response = await call("POST", orgSpacesPath(organizationId), { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function createCollectionAs(user: TestUser, organizationId: string, body: Record<string, unknown> = {}) {
  const response = await call("POST", `/v1/orgs/${organizationId}/collections`, {
    token: user.token,
    body: { title: "Collection", ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string };
}

async function setCollectionLevel(admin: TestUser, collectionId: string, defaultLevel: Role | null) {
  const response = await call("PATCH", `/v1/collections/${collectionId}`, { token: admin.token, body: { defaultLevel } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const getSpace = (user: TestUser, spaceId: string) => call("GET", spacePath(spaceId), { token: user.token });

/**
 * The space as `user` reads it now (asserting 200). GitBook's spec is checked where GET is under
 * test; this helper is the re-read that proves what changed, and checking every re-read is slow.
 */
async function readSpace(user: TestUser, spaceId: string): Promise<Space> {
  const response = await getSpace(user, spaceId);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const patchSpace = (user: TestUser, spaceId: string, body: unknown) => call("PATCH", spacePath(spaceId), { token: user.token, body });

async function patchOk(user: TestUser, spaceId: string, body: unknown): Promise<Space> {
  const response = await patchSpace(user, spaceId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("updateSpaceById", 200, response.body);
  return response.body;
}

const deleteSpace = (user: TestUser, spaceId: string) => call("DELETE", spacePath(spaceId), { token: user.token });

async function deleteOk(user: TestUser, spaceId: string) {
  const response = await deleteSpace(user, spaceId);
  expect(response.status, JSON.stringify(response.body)).toBe(204);
  expect(response.body).toBeUndefined();
}

const action = (user: TestUser, spaceId: string, name: "duplicate" | "restore" | "move" | "transfer", body?: unknown) =>
  call("POST", `${spacePath(spaceId)}/${name}`, { token: user.token, body });

async function moveOk(user: TestUser, spaceId: string, body: unknown): Promise<Space> {
  const response = await action(user, spaceId, "move", body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("moveSpace", 200, response.body);
  return response.body;
}

/** Ids of the live spaces directly in a collection, in their order. */
async function collectionSpaceIds(user: TestUser, collectionId: string): Promise<string[]> {
  const response = await call("GET", `/v1/collections/${collectionId}/spaces?limit=1000`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((space: Space) => space.id);
}

/** The organization's space list as `user` reads it in one page (asserting 200 and GitBook's spec). */
async function listSpaces(user: TestUser, organizationId: string): Promise<{ items: Space[]; count: number }> {
  const response = await call("GET", `${orgSpacesPath(organizationId)}?limit=1000`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listSpacesInOrganizationById", 200, response.body);
  expect(response.body.next).toBeUndefined();
  expect(response.body.count).toBe(response.body.items.length);
  return response.body;
}

/** The organization's live spaces, oldest first (one page; no spec check, unlike listSpaces). */
async function orgSpaces(user: TestUser, organizationId: string): Promise<Space[]> {
  const response = await call("GET", `${orgSpacesPath(organizationId)}?limit=1000`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items;
}

async function orgSpaceIds(user: TestUser, organizationId: string): Promise<string[]> {
  return (await orgSpaces(user, organizationId)).map((space) => space.id);
}

/** How many live spaces the organization's list counts. */
async function spaceCount(user: TestUser, organizationId: string): Promise<number> {
  const response = await call("GET", `${orgSpacesPath(organizationId)}?limit=1`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.count;
}

/** Writes a deleted space's `deletedAt` directly: the only way to age a deletion past its 7 days. */
async function backdateDeletion(spaceId: string, daysAgo: number) {
  const deletedAt = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString();
  await createDatabase(env.DB).update(spaces).set({ deletedAt }).where(eq(spaces.id, spaceId));
  return deletedAt;
}

/** Runs independent requests (refusals, bad inputs: none changes anything) at once. */
async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  await Promise.all(items.map(run));
}

const isTimestamp = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

function expectNewSpaceCounters(space: Space) {
  expect(space.comments).toBe(0);
  expect(space.changeRequests).toBe(0);
  expect(space.changeRequestsOpen).toBe(0);
  expect(space.changeRequestsDraft).toBe(0);
}

/** The space without what changes on any write (for "nothing changed but the timestamp" checks). */
const withoutUpdatedAt = ({ updatedAt: _ignored, ...rest }: Space) => rest;

/** One organization with every role, shared by the describes below (each makes its own spaces). */
let f: Fixture;
let orgId: string;

beforeAll(async () => {
  f = await organizationWithEveryRole();
  orgId = f.organization.id;
}, 60_000);

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

  it("accepts a shareKey, which changes nothing yet", async () => {
    const response = await call("GET", `${spacePath(space.id)}?shareKey=some-key`, { token: f.read.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(await readSpace(f.read, space.id));
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

describe("POST /v1/spaces/{spaceId}/move (moveSpace)", () => {
  /** A fresh collection holding spaces with the given titles, in that order. */
  async function collectionWith(...titles: string[]) {
    const collection = await createCollectionAs(f.admin, orgId);
    const items: Space[] = [];
    for (const title of titles) items.push(await createSpaceAs(f.admin, orgId, { parent: collection.id, title }));
    return { id: collection.id, items };
  }
  const at = (id: string) => ({ type: "space", space: id });

  it("moves a space before or after a sibling, as the collection's order shows", async () => {
    const { id, items } = await collectionWith("a", "b", "c");
    const [a, b, c] = items as [Space, Space, Space];
    const moved = await moveOk(f.admin, c.id, { position: { before: at(a.id) } });
    expect(moved.parent).toBe(id);
    expect(moved.permissions).toEqual(permissionsFor("admin"));
    expect(await collectionSpaceIds(f.admin, id)).toEqual([c.id, a.id, b.id]);
    const listed = await call("GET", `/v1/collections/${id}/spaces`, { token: f.read.token });
    expectSpecResponse("listSpacesInCollectionById", 200, listed.body);
    expect(listed.body.items.map((space: Space) => space.permissions)).toEqual([1, 2, 3].map(() => permissionsFor("read")));
    await moveOk(f.admin, c.id, { position: { after: at(a.id) } });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([a.id, c.id, b.id]);
    await moveOk(f.admin, a.id, { position: { after: at(b.id) } });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([c.id, b.id, a.id]);
    await moveOk(f.admin, a.id, { position: { before: at(c.id) } });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([a.id, c.id, b.id]);
    // Without a position: to the end of the same parent.
    await moveOk(f.admin, a.id, { parent: id });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([c.id, b.id, a.id]);
    // Many moves between the same two neighbours keep a strict order.
    for (let round = 0; round < 6; round += 1) {
      await moveOk(f.admin, round % 2 ? b.id : a.id, { position: { after: at(c.id) } });
    }
    // c, b, a → (a) c, a, b → (b) c, b, a → … six rounds end with b's move.
    expect(await collectionSpaceIds(f.admin, id)).toEqual([c.id, b.id, a.id]);
  });

  it("moves a space into a collection (at its end, or at a position) and back to the top level", async () => {
    const { id, items } = await collectionWith("k1", "k2");
    const space = await createSpaceAs(f.admin, orgId, { title: "Traveller" });
    const inside = await moveOk(f.admin, space.id, { parent: id });
    expect(inside.parent).toBe(id);
    expect((await readSpace(f.admin, space.id)).parent).toBe(id);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([items[0]!.id, items[1]!.id, space.id]);

    const top = await moveOk(f.admin, space.id, { parent: null });
    expect(top).not.toHaveProperty("parent");
    expect(await readSpace(f.admin, space.id)).not.toHaveProperty("parent");
    expect(await collectionSpaceIds(f.admin, id)).toEqual([items[0]!.id, items[1]!.id]);

    const placed = await moveOk(f.admin, space.id, { parent: id, position: { before: at(items[0]!.id) } });
    expect(placed.parent).toBe(id);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([space.id, items[0]!.id, items[1]!.id]);
    expect(await orgSpaceIds(f.admin, orgId)).toContain(space.id);
  });

  it("places a space relative to a collection among its siblings", async () => {
    const parent = await createCollectionAs(f.admin, orgId);
    const a = await createSpaceAs(f.admin, orgId, { parent: parent.id, title: "a" });
    const nested = await createCollectionAs(f.admin, orgId, { parent: parent.id });
    const b = await createSpaceAs(f.admin, orgId, { parent: parent.id, title: "b" });
    // a, nested, b: b is already right after the collection.
    errorMessage(await action(f.admin, b.id, "move", { position: { after: { type: "collection", collection: nested.id } } }), 409);
    await moveOk(f.admin, b.id, { position: { before: { type: "collection", collection: nested.id } } });
    // a, b, nested.
    errorMessage(await action(f.admin, b.id, "move", { position: { after: at(a.id) } }), 409);
    errorMessage(await action(f.admin, a.id, "move", { position: { before: at(b.id) } }), 409);
    await moveOk(f.admin, a.id, { position: { after: { type: "collection", collection: nested.id } } });
    // b, nested, a: a is last.
    errorMessage(await action(f.admin, a.id, "move", { parent: parent.id }), 409);
    expect(await collectionSpaceIds(f.admin, parent.id)).toEqual([b.id, a.id]);
  });

  it("is a 409 for a move that changes nothing, in GitBook's error shape", async () => {
    const { id, items } = await collectionWith("x", "y");
    const [x, y] = items as [Space, Space];
    const cases: unknown[] = [
      { parent: id },
      { position: { after: at(x.id) } },
      { parent: id, position: { after: at(x.id) } },
    ];
    await inParallel(cases, async (body) => {
      const response = await action(f.admin, y.id, "move", body);
      errorMessage(response, 409);
      expectSpecResponse("moveSpace", 409, response.body);
    });
    errorMessage(await action(f.admin, x.id, "move", { position: { before: at(y.id) } }), 409);
    // Last at the top level, moved to the top level.
    const top = await createSpaceAs(f.admin, orgId);
    errorMessage(await action(f.admin, top.id, "move", { parent: null }), 409);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([x.id, y.id]);
    expect(await readSpace(f.admin, y.id)).toEqual(y);
  });

  it("answers 400 naming the field for bad input, moving nothing", async () => {
    const { id, items } = await collectionWith("p", "q", "gone");
    const [p, q, gone] = items as [Space, Space, Space];
    await deleteOk(f.admin, gone.id);
    const elsewhere = await collectionWith("r");
    const foreign = await createCollectionAs(f.outsider, f.outsiderOrganization.id);
    const foreignSpace = await createSpaceAs(f.outsider, f.outsiderOrganization.id);
    const cases: Array<[unknown, RegExp]> = [
      // A pointer under another parent than the target one.
      [{ position: { before: at(elsewhere.items[0]!.id) } }, /'position'/],
      [{ parent: elsewhere.id, position: { after: at(q.id) } }, /'position'/],
      // The space itself.
      [{ position: { before: at(p.id) } }, /'position'/],
      [{ position: { after: at(p.id) } }, /'position'/],
      // Both at once, or neither.
      [{ position: { before: at(q.id), after: at(q.id) } }, /'position'/],
      [{ position: {} }, /'position'/],
      // Pointers that are not live siblings.
      [{ position: { after: at(NO_SUCH_ID) } }, /'position'/],
      [{ position: { after: at(gone.id) } }, /'position'/],
      [{ position: { after: at(foreignSpace.id) } }, /'position'/],
      [{ position: { after: { type: "collection", collection: elsewhere.id } } }, /'position'/],
      [{ position: { after: { type: "page", page: q.id } } }, /position/],
      [{ position: { after: { type: "space" } } }, /position/],
      // Bad parents.
      [{ parent: NO_SUCH_ID }, /'parent'/],
      [{ parent: foreign.id }, /'parent'/],
      [{ parent: "bad id!" }, /'parent'/],
      [{ parent: 42 }, /'parent'/],
    ];
    await inParallel(cases, async ([body, field]) => {
      const response = await action(f.admin, p.id, "move", body);
      expect(errorMessage(response, 400), JSON.stringify(body)).toMatch(field);
      expectSpecResponse("moveSpace", 400, response.body);
    });
    // An empty body names what is missing.
    expect(errorMessage(await action(f.admin, p.id, "move", {}), 400)).toMatch(/parent|position/);
    errorMessage(await action(f.admin, p.id, "move", "{not json"), 400);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([p.id, q.id]);
    expect(await readSpace(f.admin, p.id)).toEqual(p);
    expect(await collectionSpaceIds(f.outsider, foreign.id)).toEqual([]);
  });

  it("is a 404 for a guest, an outsider and an unknown id", async () => {
    const { id, items } = await collectionWith("one", "two");
    const [one, two] = items as [Space, Space];
    errorMessage(await action(f.guest, two.id, "move", { position: { before: at(one.id) } }), 404);
    errorMessage(await action(f.outsider, two.id, "move", { position: { before: at(one.id) } }), 404);
    const notFound = await action(f.admin, NO_SUCH_ID, "move", { parent: null });
    errorMessage(notFound, 404);
    expectSpecResponse("moveSpace", 404, notFound.body);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([one.id, two.id]);
  });

  it("needs the create level where the space goes, beyond administering the space", async () => {
    const target = await createCollectionAs(f.admin, orgId);
    // A top-level space a 'read' member administers through its defaultLevel.
    const space = await createSpaceAs(f.admin, orgId);
    await patchOk(f.admin, space.id, { defaultLevel: "admin" });
    expect(errorMessage(await action(f.read, space.id, "move", { parent: target.id }), 403)).toMatch(/create/);
    expect(await readSpace(f.admin, space.id)).not.toHaveProperty("parent");

    // In a collection: reordering there is fine, leaving for the top level needs createContent.
    const { id, items } = await collectionWith("first");
    const inside = await createSpaceAs(f.admin, orgId, { parent: id });
    await patchOk(f.admin, inside.id, { defaultLevel: "admin" });
    await moveOk(f.read, inside.id, { position: { before: at(items[0]!.id) } });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([inside.id, items[0]!.id]);
    errorMessage(await action(f.read, inside.id, "move", { parent: null }), 403);
    errorMessage(await action(f.read, inside.id, "move", { parent: target.id }), 403);
    expect((await readSpace(f.admin, inside.id)).parent).toBe(id);

    // A collection whose defaultLevel is 'create' lets them in.
    await setCollectionLevel(f.admin, target.id, "create");
    const moved = await moveOk(f.read, inside.id, { parent: target.id });
    expect(moved.parent).toBe(target.id);
    // The space's own 'admin' level still applies where it landed.
    expect(moved.permissions).toEqual(permissionsFor("admin"));

    // A 'create' member may take the space they created anywhere they may create.
    const own = await createSpaceAs(f.create, orgId);
    expect((await moveOk(f.create, own.id, { parent: target.id })).parent).toBe(target.id);
    expect(await moveOk(f.create, own.id, { parent: null })).not.toHaveProperty("parent");
  });

  it("is a 409 on a deleted space", async () => {
    const { id } = await collectionWith();
    const space = await createSpaceAs(f.admin, orgId);
    await deleteOk(f.admin, space.id);
    expect(errorMessage(await action(f.admin, space.id, "move", { parent: id }), 409)).toMatch(/restore/i);
    expect(await readSpace(f.admin, space.id)).not.toHaveProperty("parent");
  });

  it("works through GitBook's official client", async () => {
    const { id, items } = await collectionWith("one", "two");
    const [one, two] = items as [Space, Space];
    const client = gitbookClient(f.admin);
    const moved = await client.spaces.moveSpace(two.id, { position: { before: { type: "space", space: one.id } } });
    expect(moved.status).toBe(200);
    expect(moved.data.id).toBe(two.id);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([two.id, one.id]);
    const unchanged = await client.spaces.moveSpace(two.id, { position: { before: { type: "space", space: one.id } } }).catch((error: unknown) => error);
    expect(unchanged).toBeInstanceOf(GitBookAPIError);
    expect((unchanged as GitBookAPIError).code).toBe(409);
  });
});

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

