import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, createOrganization, createUser, gitbookClient, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";

/**
 * `GET /v1/orgs/{organizationId}/members/{userId}/teams` (GitBook's `listTeamsForOrganizationMember`):
 * the teams a member is in, with their role in each.
 */

let f: Awaited<ReturnType<typeof organizationWithEveryRole>>;
/** Teams of the organization, oldest first: the editor owns "Docs Writers", is a member of "API writers" and of "Ops". */
const teams: Record<"writers" | "api" | "ops" | "other", string> = {} as never;

const teamsPath = (userId: string, query = "") => `/v1/orgs/${f.organization.id}/members/${userId}/teams${query}`;

async function createTeam(title: string, memberships: Record<string, "owner" | "member">) {
  const created = await call("PUT", `/v1/orgs/${f.organization.id}/teams`, { token: f.admin.token, body: { title } });
  expect(created.status).toBe(201);
  const updated = await call("PUT", `/v1/orgs/${f.organization.id}/teams/${created.body.id}/members`, {
    token: f.admin.token,
    body: { memberships: Object.fromEntries(Object.entries(memberships).map(([userId, role]) => [userId, { role }])) },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBeLessThan(300);
  // Distinct creation times, so "oldest first" is the order of creation.
  await new Promise((resolve) => setTimeout(resolve, 3));
  return created.body.id as string;
}

beforeAll(async () => {
  f = await organizationWithEveryRole();
  teams.writers = await createTeam("Docs Writers", { [f.edit.id]: "owner", [f.read.id]: "member" });
  teams.api = await createTeam("API writers", { [f.edit.id]: "member" });
  teams.other = await createTeam("Support", { [f.read.id]: "member" });
  teams.ops = await createTeam("Ops", { [f.edit.id]: "member", [f.guest.id]: "member" });
}, 60_000);

async function list(viewer: TestUser, userId: string, query = "") {
  const response = await call("GET", teamsPath(userId, query), { token: viewer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listTeamsForOrganizationMember", 200, response.body);
  return response.body as { items: Array<{ team: { id: string; title: string; members: number; permissions: { admin: boolean; view: boolean } }; member: { role: string } }>; count: number };
}

describe("a member's teams", () => {
  it("lists them oldest first with the member's role in each, through GitBook's client", async () => {
    const { data } = await gitbookClient(f.admin).orgs.listTeamsForOrganizationMember(f.organization.id, f.edit.id);
    expectSpecResponse("listTeamsForOrganizationMember", 200, data);
    expect(data.count).toBe(3);
    expect(data.items.map((item) => [item.team.id, item.member.role])).toEqual([
      [teams.writers, "owner"],
      [teams.api, "member"],
      [teams.ops, "member"],
    ]);
    expect(data.items[0]!.team).toMatchObject({ object: "team", title: "Docs Writers", members: 2, permissions: { admin: true, view: true } });
  });

  it("gives each team's permissions as the caller has them", async () => {
    // The reader may see every team; they manage none, not even the editor's.
    const seenByReader = await list(f.read, f.edit.id);
    expect(seenByReader.items.map((item) => item.team.permissions)).toEqual([
      { admin: false, view: true },
      { admin: false, view: true },
      { admin: false, view: true },
    ]);
    // The editor owns "Docs Writers".
    const ownView = await list(f.edit, f.edit.id);
    expect(ownView.items.map((item) => item.team.permissions.admin)).toEqual([true, false, false]);
  });

  it("filters by a case-insensitive part of the title, and walks every page", async () => {
    expect((await list(f.read, f.edit.id, "?title=WRITERS")).items.map((item) => item.team.id)).toEqual([teams.writers, teams.api]);
    expect((await list(f.read, f.edit.id, "?title=%25")).count).toBe(0);
    const walked = await walkList<{ team: { id: string } }>(teamsPath(f.edit.id), { limit: 1 }, { token: f.read.token, operationId: "listTeamsForOrganizationMember", expectedCount: 3 });
    expect(walked.map((item) => item.team.id)).toEqual([teams.writers, teams.api, teams.ops]);
    const filtered = await walkList(teamsPath(f.edit.id), { limit: 1, title: "writers" }, { token: f.read.token, operationId: "listTeamsForOrganizationMember", expectedCount: 2 });
    expect(filtered).toHaveLength(2);
  });

  it("is empty for a member of no team", async () => {
    expect(await list(f.admin, f.create.id)).toEqual({ items: [], count: 0 });
  });

  it("lets every member list their own teams, guests included, but not a guest list another's (403)", async () => {
    expect((await list(f.guest, f.guest.id)).items.map((item) => [item.team.id, item.team.permissions.view])).toEqual([[teams.ops, true]]);
    expect(errorMessage(await call("GET", teamsPath(f.edit.id), { token: f.guest.token }), 403)).toContain("'read'");
    for (const role of NON_ADMIN_ROLES) expect((await list(f[role], f.edit.id)).count).toBe(3);
  });

  it("is a 404 for someone who is not a member, and for outsiders", async () => {
    const stranger = await createUser("stranger");
    await createOrganization(stranger);
    expect(errorMessage(await call("GET", teamsPath(stranger.id), { token: f.admin.token }), 404)).toContain("Member");
    errorMessage(await call("GET", teamsPath("unknownUserId"), { token: f.admin.token }), 404);
    errorMessage(await call("GET", teamsPath(f.edit.id), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", teamsPath(f.outsider.id), { token: f.outsider.token }), 404);
  });

  it("refuses a bad query with a 400 naming it", async () => {
    expect(errorMessage(await call("GET", teamsPath(f.edit.id, "?limit=1001"), { token: f.admin.token }), 400)).toContain("'limit'");
    expect(errorMessage(await call("GET", teamsPath(f.edit.id, `?title=${"x".repeat(257)}`), { token: f.admin.token }), 400)).toContain("'title'");
  });
});
