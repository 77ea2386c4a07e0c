import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { addMember, createOrganization, createUser, memberRole } from "../../helpers/fixtures";
import { collectionLevel, grantTo, grantToTeam, spaceLevel, teamGrants, teamWith, userGrants } from "../../helpers/grants";
import { call } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { f, orgId, useSuiteFixture } from "../../helpers/suites/change-requests";

/**
 * What happens to grants when what they name goes: a team deleted, a member who leaves or is
 * removed, content transferred to another organization or deleted. And the counts of what a team
 * and a member were given (`spaces`, `sites`). docs/decisions.md, "Grants".
 */

useSuiteFixture();

async function collection(parent?: string): Promise<string> {
  const response = await call("POST", `/v1/orgs/${orgId}/collections`, { token: f.admin.token, body: parent ? { parent } : {} });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function member(role: "read" | null) {
  const user = await createUser("grantee");
  await addMember(f.admin, orgId, user, role);
  return user;
}

describe("grants and their principals", () => {
  it("go with a deleted team: its members keep only what they hold otherwise", async () => {
    const reader = await member("read");
    const space = await createSpace(f.admin, orgId);
    const team = await teamWith(f.admin, orgId, [reader, f.guest]);
    await grantToTeam(f.admin, { kind: "space", id: space.id }, team, "edit");
    expect(await spaceLevel(reader, space.id)).toBe("edit");
    expect(await spaceLevel(f.guest, space.id)).toBe("edit");
    expect((await call("DELETE", `/v1/orgs/${orgId}/teams/${team}`, { token: f.admin.token })).status).toBe(204);
    expect(await teamGrants(f.admin, { kind: "space", id: space.id }, 0)).toEqual([]);
    expect(await spaceLevel(reader, space.id)).toBe("read");
    expect(await spaceLevel(f.guest, space.id)).toBe(404);
  });

  it("go with a member who leaves, or is removed: joining again gives nothing back", async () => {
    const guest = await member(null);
    const reader = await member("read");
    const space = await createSpace(f.admin, orgId);
    await grantTo(f.admin, { kind: "space", id: space.id }, guest, "comment");
    await grantTo(f.admin, { kind: "space", id: space.id }, reader, "edit");
    expect((await call("DELETE", `/v1/orgs/${orgId}/members/${guest.id}`, { token: guest.token })).status).toBe(205);
    expect((await call("DELETE", `/v1/orgs/${orgId}/members/${reader.id}`, { token: f.admin.token })).status).toBe(205);
    expect(await userGrants(f.admin, { kind: "space", id: space.id }, 0)).toEqual([]);
    await addMember(f.admin, orgId, guest, null);
    expect(await spaceLevel(guest, space.id)).toBe(404);
  });
});

describe("grants and their content", () => {
  it("go with a space transferred to another organization", async () => {
    const target = (await createOrganization(f.admin)).id;
    const space = await createSpace(f.admin, orgId);
    await grantTo(f.admin, { kind: "space", id: space.id }, f.guest, "edit");
    const moved = await call("POST", `/v1/spaces/${space.id}/transfer`, { token: f.admin.token, body: { organization: target } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await userGrants(f.admin, { kind: "space", id: space.id }, 0)).toEqual([]);
    expect(await spaceLevel(f.guest, space.id)).toBe(404);
  });

  it("go with a collection transferred to another organization, and with everything inside it", async () => {
    const target = (await createOrganization(f.admin)).id;
    const shelf = await collection();
    const nested = await collection(shelf);
    const space = await createSpace(f.admin, orgId, { parent: nested });
    await grantTo(f.admin, { kind: "collection", id: shelf }, f.guest, "read");
    await grantTo(f.admin, { kind: "space", id: space.id }, f.read, "edit");
    const moved = await call("POST", `/v1/collections/${shelf}/transfer`, { token: f.admin.token, body: { organization: target } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await userGrants(f.admin, { kind: "collection", id: shelf }, 0)).toEqual([]);
    expect(await userGrants(f.admin, { kind: "space", id: space.id }, 0)).toEqual([]);
    expect(await collectionLevel(f.guest, nested)).toBe(404);
  });

  it("go with a deleted collection; the spaces in it keep their own, and get them back restored", async () => {
    const shelf = await collection();
    const space = await createSpace(f.admin, orgId, { parent: shelf });
    await grantTo(f.admin, { kind: "collection", id: shelf }, f.guest, "edit");
    await grantTo(f.admin, { kind: "space", id: space.id }, f.guest, "comment");
    expect((await call("DELETE", `/v1/collections/${shelf}`, { token: f.admin.token })).status).toBe(204);
    expect(await spaceLevel(f.guest, space.id)).toBe("comment");
    expect((await call("POST", `/v1/spaces/${space.id}/restore`, { token: f.admin.token })).status).toBe(200);
    expect(await spaceLevel(f.guest, space.id)).toBe("comment");
    expect(await userGrants(f.admin, { kind: "space", id: space.id }, 1)).toEqual([[f.guest.id, "comment"]]);
  });
});

describe("what a team and a member were given, counted", () => {
  it("counts the live spaces granted to a team, directly or in a granted collection, once each", async () => {
    const team = await teamWith(f.admin, orgId, []);
    const shelf = await collection();
    const nested = await collection(shelf);
    const inShelf = await createSpace(f.admin, orgId, { parent: shelf });
    await createSpace(f.admin, orgId, { parent: nested });
    const loose = await createSpace(f.admin, orgId);
    await grantToTeam(f.admin, { kind: "collection", id: shelf }, team, "read");
    await grantToTeam(f.admin, { kind: "space", id: inShelf.id }, team, "edit");
    await grantToTeam(f.admin, { kind: "space", id: loose.id }, team, "edit");
    const read = await call("GET", `/v1/orgs/${orgId}/teams/${team}`, { token: f.admin.token });
    expectSpecResponse("getTeamInOrganizationById", 200, read.body);
    expect(read.body.spaces).toBe(3);
    await call("DELETE", `/v1/spaces/${loose.id}`, { token: f.admin.token });
    const listed = await call("GET", `/v1/orgs/${orgId}/teams?limit=1000`, { token: f.admin.token });
    expect(listed.body.items.find((item: { id: string }) => item.id === team).spaces).toBe(2);
  });

  it("counts the spaces and sites given to a member on their own", async () => {
    const guest = await member(null);
    const shelf = await collection();
    await createSpace(f.admin, orgId, { parent: shelf });
    const space = await createSpace(f.admin, orgId);
    await grantTo(f.admin, { kind: "collection", id: shelf }, guest, "read");
    await grantTo(f.admin, { kind: "space", id: space.id }, guest, "read");
    const site = await call("POST", `/v1/orgs/${orgId}/sites`, { token: f.admin.token, body: { title: "Handbook" } });
    await grantTo(f.admin, { kind: "site", id: site.body.id, organizationId: orgId }, guest, "read");
    const read = await call("GET", `/v1/orgs/${orgId}/members/${guest.id}`, { token: f.admin.token });
    expectSpecResponse("getMemberInOrganizationById", 200, read.body);
    expect([read.body.spaces, read.body.sites]).toEqual([2, 1]);
    expect(await memberRole(f.admin, orgId, guest.id)).toBeNull();
  });
});
