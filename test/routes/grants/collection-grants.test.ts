import { MemberRole } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { collectionLevel, grantTo, grantToTeam, invite, revoke, spaceLevel, teamWith, userGrants, type Target } from "../../helpers/grants";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { f, orgId, useSuiteFixture } from "../../helpers/suites/change-requests";

/**
 * A collection's grants: the same operations as a space's (space-grants.test.ts covers their
 * shapes and errors in depth), and what they give: every space and collection inside, those moved
 * in later included, and nothing once moved out.
 */

useSuiteFixture();

async function collection(parent?: string): Promise<string> {
  const response = await call("POST", `/v1/orgs/${orgId}/collections`, { token: f.admin.token, body: { title: "Shelf", ...(parent ? { parent } : {}) } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

const inCollection = (id: string): Target => ({ kind: "collection", id });

async function move(kind: "spaces" | "collections", id: string, parent: string | null) {
  const response = await call("POST", `/v1/${kind}/${id}/move`, { token: f.admin.token, body: { parent } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const listedIds = async (path: string) => {
  const response = await call("GET", path, { token: f.guest.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((item: { id: string }) => item.id);
};

describe("a grant on a collection", () => {
  it("opens the collection, the collections nested in it and every space inside to a guest, through GitBook's client", async () => {
    const shelf = await collection();
    const nested = await collection(shelf);
    const top = await createSpace(f.admin, orgId, { parent: shelf });
    const deep = await createSpace(f.admin, orgId, { parent: nested });
    const outside = await createSpace(f.admin, orgId);
    const invited = await gitbookClient(f.admin).collections.inviteToCollection(shelf, { role: MemberRole.Comment, users: [f.guest.id] });
    expect(invited.status).toBe(204);

    expect(await collectionLevel(f.guest, shelf)).toBe("read");
    expect(await collectionLevel(f.guest, nested)).toBe("read");
    expect(await spaceLevel(f.guest, top.id)).toBe("comment");
    expect(await spaceLevel(f.guest, deep.id)).toBe("comment");
    expect(await spaceLevel(f.guest, outside.id)).toBe(404);
    expect(await listedIds(`/v1/orgs/${orgId}/spaces`)).toEqual([top.id, deep.id]);
    expect(await listedIds(`/v1/orgs/${orgId}/collections`)).toEqual([shelf, nested]);
    expect(await listedIds(`/v1/orgs/${orgId}/collections?nested=false`)).toEqual([shelf]);
    expect(await listedIds(`/v1/collections/${shelf}/spaces`)).toEqual([top.id]);
    const { data } = await gitbookClient(f.guest).collections.getCollectionById(nested);
    expectSpecResponse("getCollectionById", 200, data);
  });

  it("reaches spaces and collections moved in later, and leaves those moved out (their own grants stay with them)", async () => {
    const shelf = await collection();
    const elsewhere = await collection();
    await grantTo(f.admin, inCollection(shelf), f.guest, "edit");
    const space = await createSpace(f.admin, orgId);
    const nested = await collection(elsewhere);
    const nestedSpace = await createSpace(f.admin, orgId, { parent: nested });
    expect(await spaceLevel(f.guest, space.id)).toBe(404);

    await move("spaces", space.id, shelf);
    await move("collections", nested, shelf);
    expect(await spaceLevel(f.guest, space.id)).toBe("edit");
    expect(await spaceLevel(f.guest, nestedSpace.id)).toBe("edit");
    expect(await collectionLevel(f.guest, nested)).toBe("read");

    // A grant of its own goes with the space; the shelf's stays behind.
    await grantTo(f.admin, { kind: "space", id: space.id }, f.guest, "comment");
    await move("spaces", space.id, null);
    await move("collections", nested, elsewhere);
    expect(await spaceLevel(f.guest, space.id)).toBe("comment");
    expect(await spaceLevel(f.guest, nestedSpace.id)).toBe(404);
    expect(await collectionLevel(f.guest, nested)).toBe(404);
  });

  it("gives the highest of a member's role, their own grants and their teams' grants, on the collection and above", async () => {
    const shelf = await collection();
    const nested = await collection(shelf);
    const space = await createSpace(f.admin, orgId, { parent: nested });
    const team = await teamWith(f.admin, orgId, [f.read]);
    await grantToTeam(f.admin, inCollection(shelf), team, "comment");
    expect(await spaceLevel(f.read, space.id)).toBe("comment");
    await grantTo(f.admin, inCollection(nested), f.read, "edit");
    expect(await spaceLevel(f.read, space.id)).toBe("edit");
    await grantTo(f.admin, { kind: "space", id: space.id }, f.read, "read");
    expect(await spaceLevel(f.read, space.id)).toBe("edit");
    await revoke(f.admin, inCollection(nested), "user", f.read.id);
    expect(await spaceLevel(f.read, space.id)).toBe("comment");
    // The collection's `permissions` read the same grants.
    await grantTo(f.admin, inCollection(nested), f.read, "create");
    expect(await collectionLevel(f.read, nested)).toBe("create");
    expect(await collectionLevel(f.read, shelf)).toBe("read");
  });

  it("with `create`, lets a guest create spaces and collections inside, which they then see", async () => {
    const shelf = await collection();
    await grantTo(f.admin, inCollection(shelf), f.guest, "create");
    const space = await call("POST", `/v1/orgs/${orgId}/spaces`, { token: f.guest.token, body: { parent: shelf, title: "Guest notes" } });
    expect(space.status, JSON.stringify(space.body)).toBe(201);
    expect(space.body.permissions.edit).toBe(true);
    expect(space.body.permissions.admin).toBe(false);
    expect(await spaceLevel(f.guest, space.body.id)).toBe("review");
    const nested = await call("POST", `/v1/orgs/${orgId}/collections`, { token: f.guest.token, body: { parent: shelf } });
    expect(nested.status, JSON.stringify(nested.body)).toBe(201);
    expect(nested.body.permissions.create).toBe(true);
    // At the top level a guest still creates nothing.
    expect(errorMessage(await call("POST", `/v1/orgs/${orgId}/spaces`, { token: f.guest.token, body: {} }), 403)).toContain("createContent");
  });

  it("is listed, changed and taken back by the collection's admins only", async () => {
    const shelf = await collection();
    await grantTo(f.admin, inCollection(shelf), f.comment, "edit");
    const client = gitbookClient(f.admin);
    const { data } = await client.collections.listUserPermissionsInCollection(shelf);
    expectSpecResponse("listUserPermissionsInCollection", 200, data);
    expect(data.items.map((item) => [item.user.id, item.permission])).toEqual([[f.comment.id, "edit"]]);
    expect((await client.collections.updateUserPermissionInCollection(shelf, f.comment.id, { role: MemberRole.Review })).status).toBe(204);
    expect(await userGrants(f.admin, inCollection(shelf), 1)).toEqual([[f.comment.id, "review"]]);
    const { data: teams } = await client.collections.listTeamPermissionsInCollection(shelf);
    expectSpecResponse("listTeamPermissionsInCollection", 200, teams);
    expect(errorMessage(await invite(f.edit, inCollection(shelf), { role: "read", users: [f.read.id] }), 403)).toContain("'admin'");
    expect(errorMessage(await invite(f.outsider, inCollection(shelf), { role: "read", users: [f.read.id] }), 404)).toContain("Collection");
    expect((await client.collections.removeUserFromCollection(shelf, f.comment.id)).status).toBe(205);
    expect((await client.collections.removeUserFromCollection(shelf, f.comment.id)).status).toBe(204);
  });
});
