import { MemberRole } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { gitbookClient, type TestUser } from "../../helpers/fixtures";
import { aggregate, collectionLevel, grantTo, grantToTeam, spaceLevel, teamWith } from "../../helpers/grants";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { f, orgId, useSuiteFixture } from "../../helpers/suites/change-requests";

/**
 * `listPermissionsAggregateInSpace` and `…InCollection`: everyone who can access the content, at
 * the level they have there. The levels are computed by the database for every member at once;
 * each is checked here against what that member's own requests get.
 */

useSuiteFixture();

const everyone = () => ({ admin: f.admin, create: f.create, review: f.review, edit: f.edit, comment: f.comment, read: f.read, guest: f.guest });

/** Each member's level on the space as their own GET of it says (create reads as review there: no key tells them apart). */
async function ownLevels(spaceId: string): Promise<Record<string, string>> {
  const levels: Record<string, string> = {};
  for (const user of Object.values(everyone()) as TestUser[]) {
    const level = await spaceLevel(user, spaceId);
    if (level !== 404) levels[user.id] = level;
  }
  return levels;
}

describe("GET /v1/spaces/{spaceId}/permissions/aggregate", () => {
  it("lists every member who can access the space with the level their own requests get, oldest member first", async () => {
    const collection = (await call("POST", `/v1/orgs/${orgId}/collections`, { token: f.admin.token, body: {} })).body.id;
    const space = await createSpace(f.create, orgId, { parent: collection });
    const team = await teamWith(f.admin, orgId, [f.read]);
    await grantToTeam(f.admin, { kind: "space", id: space.id }, team, "edit");
    await grantTo(f.admin, { kind: "collection", id: collection }, f.guest, "comment");
    await grantTo(f.admin, { kind: "space", id: space.id }, f.review, "read");

    const listed = await aggregate(f.admin, { kind: "space", id: space.id }, 7);
    expect(listed).toEqual({
      [f.admin.id]: "admin",
      // The creator administers what they created.
      [f.create.id]: "admin",
      [f.review.id]: "review",
      [f.edit.id]: "edit",
      [f.comment.id]: "comment",
      [f.read.id]: "edit",
      [f.guest.id]: "comment",
    });
    const own = await ownLevels(space.id);
    for (const [userId, level] of Object.entries(listed)) expect(own[userId], userId).toBe(level === "create" ? "review" : level);
    expect(Object.keys(own).sort()).toEqual(Object.keys(listed).sort());

    const { data } = await gitbookClient(f.create).spaces.listPermissionsAggregateInSpace(space.id, { role: MemberRole.Edit });
    expectSpecResponse("listPermissionsAggregateInSpace", 200, data);
    expect(data.items.map((item) => item.user.id).sort()).toEqual([f.edit.id, f.read.id].sort());
    // Oldest member first, two at a time.
    const paged = await aggregate(f.admin, { kind: "space", id: space.id }, 7, { limit: 2 });
    expect(Object.keys(paged)).toEqual(Object.keys(listed));
  });

  it("follows the space's default level, and drops a guest whose grant is taken back", async () => {
    const space = await createSpace(f.admin, orgId);
    await grantTo(f.admin, { kind: "space", id: space.id }, f.guest, "read");
    expect(await aggregate(f.admin, { kind: "space", id: space.id }, 2, { role: "read" })).toEqual({ [f.read.id]: "read", [f.guest.id]: "read" });
    await call("PATCH", `/v1/spaces/${space.id}`, { token: f.admin.token, body: { defaultLevel: "comment" } });
    const raised = await aggregate(f.admin, { kind: "space", id: space.id }, 7);
    expect([raised[f.create.id], raised[f.read.id], raised[f.guest.id]]).toEqual(["comment", "comment", "read"]);
    await call("DELETE", `/v1/spaces/${space.id}/permissions/users/${f.guest.id}`, { token: f.admin.token });
    expect(f.guest.id in (await aggregate(f.admin, { kind: "space", id: space.id }, 6))).toBe(false);
  });

  it("refuses a role that is not one, and callers who may not see who has access", async () => {
    const space = await createSpace(f.admin, orgId);
    const path = `/v1/spaces/${space.id}/permissions/aggregate`;
    expect(errorMessage(await call("GET", `${path}?role=guest`, { token: f.admin.token }), 400)).toContain("'role'");
    expect(errorMessage(await call("GET", path, { token: f.create.token }), 403)).toContain("'admin'");
    expect(errorMessage(await call("GET", path, { token: f.guest.token }), 404)).toContain("Space");
    expect((await call("GET", path)).status).toBe(401);
  });
});

describe("GET /v1/collections/{collectionId}/permissions/aggregate", () => {
  it("lists who can access the collection, at their level on it, through GitBook's client", async () => {
    const parent = (await call("POST", `/v1/orgs/${orgId}/collections`, { token: f.admin.token, body: {} })).body.id;
    const collection = (await call("POST", `/v1/orgs/${orgId}/collections`, { token: f.admin.token, body: { parent } })).body.id;
    await grantTo(f.admin, { kind: "collection", id: parent }, f.guest, "create");
    await grantTo(f.admin, { kind: "collection", id: collection }, f.comment, "admin");
    const { data } = await gitbookClient(f.admin).collections.listPermissionsAggregateInCollection(collection);
    expectSpecResponse("listPermissionsAggregateInCollection", 200, data);
    const listed = Object.fromEntries(data.items.map((item) => [item.user.id, item.permission]));
    expect(listed).toEqual({
      [f.admin.id]: "admin",
      [f.create.id]: "create",
      [f.review.id]: "review",
      [f.edit.id]: "edit",
      [f.comment.id]: "admin",
      [f.read.id]: "read",
      [f.guest.id]: "create",
    });
    expect(await collectionLevel(f.guest, collection)).toBe("create");
    expect(await collectionLevel(f.comment, collection)).toBe("admin");
    expect(data.count).toBe(7);
  });
});
