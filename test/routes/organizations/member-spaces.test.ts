import { beforeAll, describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { NON_ADMINS, createOrganization, createUser, gitbookClient, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { grantTo, grantToTeam, revoke, teamWith } from "../../helpers/grants";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import type { Role } from "../../../src/lib/roles";

/**
 * `GET /v1/orgs/{organizationId}/members/{userId}/spaces` (GitBook's `listSpacesForOrganizationMember`):
 * the live spaces a member can access, each with their level on it, as every access check computes it.
 */

let f: Awaited<ReturnType<typeof organizationWithEveryRole>>;
/** Oldest first: `top` (a team of the reader's is given `review`), `shelved` (in a collection whose default level is `comment`), `editable` (default level `edit`), `own` (created by the `create` member), `deleted`. */
const spaces = {} as Record<"top" | "shelved" | "editable" | "own" | "deleted", string>;
let shelf: string;

const spacesPath = (userId: string, query = "") => `/v1/orgs/${f.organization.id}/members/${userId}/spaces${query}`;
const pause = () => new Promise((resolve) => setTimeout(resolve, 3));

beforeAll(async () => {
  f = await organizationWithEveryRole();
  const orgId = f.organization.id;
  spaces.top = (await createSpace(f.admin, orgId)).id;
  await pause();
  shelf = (await call("POST", `/v1/orgs/${orgId}/collections`, { token: f.admin.token, body: { title: "Shelf" } })).body.id;
  expect((await call("PATCH", `/v1/collections/${shelf}`, { token: f.admin.token, body: { defaultLevel: "comment" } })).status).toBe(200);
  spaces.shelved = (await createSpace(f.admin, orgId, { parent: shelf })).id;
  await pause();
  spaces.editable = (await createSpace(f.admin, orgId)).id;
  expect((await call("PATCH", `/v1/spaces/${spaces.editable}`, { token: f.admin.token, body: { defaultLevel: "edit" } })).status).toBe(200);
  await pause();
  spaces.own = (await createSpace(f.create, orgId)).id;
  await pause();
  spaces.deleted = (await createSpace(f.admin, orgId)).id;
  await grantTo(f.admin, { kind: "space", id: spaces.deleted }, f.guest, "admin");
  expect((await call("DELETE", `/v1/spaces/${spaces.deleted}`, { token: f.admin.token })).status).toBe(204);
  await grantToTeam(f.admin, { kind: "space", id: spaces.top }, await teamWith(f.admin, orgId, [f.read]), "review");
  await grantTo(f.admin, { kind: "space", id: spaces.editable }, f.guest, "edit");
  await grantTo(f.admin, { kind: "collection", id: shelf }, f.guest, "read");
}, 60_000);

type Item = { permission: Role; space: { id: string; permissions: Record<string, boolean> } };

async function list(viewer: TestUser, userId: string, query = "") {
  const response = await call("GET", spacesPath(userId, query), { token: viewer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listSpacesForOrganizationMember", 200, response.body);
  return response.body as { items: Item[]; count: number; next?: { page: string } };
}

const levels = (items: Item[]) => items.map((item) => [item.space.id, item.permission]);

describe("a member's spaces", () => {
  it("lists the live spaces they can access with their level on each, newest first, through GitBook's client", async () => {
    const { data } = await gitbookClient(f.admin).orgs.listSpacesForOrganizationMember(f.organization.id, f.read.id);
    expectSpecResponse("listSpacesForOrganizationMember", 200, data);
    expect(data.count).toBe(4);
    // Their role (read), raised by the default levels and by what their team was given.
    expect(levels(data.items as Item[])).toEqual([
      [spaces.own, "read"],
      [spaces.editable, "edit"],
      [spaces.shelved, "comment"],
      [spaces.top, "review"],
    ]);
    // The Space's `permissions` are the caller's: an organization admin's.
    expect(data.items.every((item) => item.space.permissions.admin)).toBe(true);
  });

  it("counts what they created, and takes `order`", async () => {
    expect(levels((await list(f.admin, f.create.id, "?order=asc")).items)).toEqual([
      [spaces.top, "create"],
      [spaces.shelved, "comment"],
      [spaces.editable, "edit"],
      [spaces.own, "admin"],
    ]);
    expect(levels((await list(f.admin, f.admin.id)).items).map(([, level]) => level)).toEqual(["admin", "admin", "admin", "admin"]);
  });

  it("lists a guest's granted spaces only, and drops one on the request after its grant is taken back", async () => {
    expect(levels((await list(f.guest, f.guest.id)).items)).toEqual([
      [spaces.editable, "edit"],
      [spaces.shelved, "read"],
    ]);
    await revoke(f.admin, { kind: "space", id: spaces.editable }, "user", f.guest.id);
    expect(levels((await list(f.admin, f.guest.id)).items)).toEqual([[spaces.shelved, "read"]]);
    await grantTo(f.admin, { kind: "space", id: spaces.editable }, f.guest, "edit");
  });

  it("lets every member list their own, with their own permissions on each space", async () => {
    const own = await list(f.read, f.read.id);
    expect(levels(own.items)).toEqual(levels((await list(f.admin, f.read.id)).items));
    expect(own.items.map((item) => item.space.permissions.admin)).toEqual([false, false, false, false]);
    expect(own.items.find((item) => item.space.id === spaces.top)!.space.permissions.review).toBe(true);
    expect((await list(f.create, f.create.id)).items.find((item) => item.space.id === spaces.own)!.space.permissions.admin).toBe(true);
  });

  it("walks every page, in both orders", async () => {
    const options = { token: f.admin.token, operationId: "listSpacesForOrganizationMember", expectedCount: 4 };
    const newest = await walkList<Item>(spacesPath(f.read.id), { limit: 1 }, options);
    const oldest = await walkList<Item>(spacesPath(f.read.id), { limit: 3, order: "asc" }, options);
    expect(newest.map((item) => item.space.id)).toEqual([spaces.own, spaces.editable, spaces.shelved, spaces.top]);
    expect(oldest.map((item) => item.space.id)).toEqual([...newest].reverse().map((item) => item.space.id));
    // A cursor made under one order is refused under the other.
    const page = (await list(f.admin, f.read.id, "?limit=1")).next!.page;
    expect(errorMessage(await call("GET", spacesPath(f.read.id, `?order=asc&page=${page}`), { token: f.admin.token }), 400)).toContain("page");
  });

  it("is a 403 for anyone but the member and the organization's admins, whatever the member", async () => {
    await inParallel(NON_ADMINS, async (role) => {
      const other = role === "read" ? f.guest : f.read;
      expect(errorMessage(await call("GET", spacesPath(other.id), { token: f[role].token }), 403), role).toContain("'admin'");
      // Whether someone is a member at all is not said to them either.
      errorMessage(await call("GET", spacesPath(f.outsider.id), { token: f[role].token }), 403);
    });
  });

  it("is a 404 for someone who is not a member, and for outsiders", async () => {
    const stranger = await createUser("stranger");
    await createOrganization(stranger);
    expect(errorMessage(await call("GET", spacesPath(stranger.id), { token: f.admin.token }), 404)).toContain("Member");
    errorMessage(await call("GET", spacesPath("unknownUserId"), { token: f.admin.token }), 404);
    errorMessage(await call("GET", spacesPath(f.read.id), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", spacesPath(f.outsider.id), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", spacesPath(f.read.id)), 401);
  });

  it("refuses a bad query with a 400 naming it", async () => {
    expect(errorMessage(await call("GET", spacesPath(f.read.id, "?limit=1001"), { token: f.admin.token }), 400)).toContain("'limit'");
    expect(errorMessage(await call("GET", spacesPath(f.read.id, "?order=sideways"), { token: f.admin.token }), 400)).toContain("'order'");
  });
});
