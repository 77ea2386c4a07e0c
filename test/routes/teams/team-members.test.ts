import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMINS, addMember, createOrganization, createUser, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { walkList } from "../../helpers/lists";
import {
  createTeam,
  ownTeam,
  pause,
  putMembers,
  readTeam,
  rosterOf,
  teamMemberPath,
  teamMembersPath,
  teamPath,
  teamsCountOf,
  type Fixture,
  type Team,
  type TeamMemberItem,
} from "../../helpers/teams";

/**
 * Team members through HTTP: /v1/orgs/{organizationId}/teams/{teamId}/members[/{userId}], and what
 * leaving the organization does to team memberships. Storage is shared by the tests of this file,
 * so every test that changes something builds its own organization.
 */

describe("GET /v1/orgs/{organizationId}/teams/{teamId}/members", () => {
  let fixture: Fixture;
  let orgId: string;
  let team: Team;
  let order: string[];

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    team = await createTeam(fixture.admin, orgId, "Everyone");
    order = [fixture.read.id, fixture.guest.id, fixture.edit.id, fixture.admin.id, fixture.comment.id];
    // Added one by one, apart in time, so their order of addition is the order served.
    for (const userId of order) {
      expect((await call("PUT", teamMemberPath(orgId, team.id, userId), { token: fixture.admin.token, body: {} })).status).toBe(204);
      await pause(3);
    }
    expect((await call("PUT", teamMemberPath(orgId, team.id, fixture.edit.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);
  });

  const path = () => teamMembersPath(orgId, team.id);

  it("lists the members with their organization membership and team role, in GitBook's shape", async () => {
    const items = await walkList<TeamMemberItem>(path(), { limit: 1000 }, { token: fixture.admin.token, operationId: "listTeamMembersInOrganizationById", expectedCount: 5 });
    expect(items.map((item) => item.organization.id)).toEqual(order);
    const byId = new Map(items.map((item) => [item.organization.id, item]));
    expect(byId.get(fixture.edit.id)!.team).toEqual({ role: "owner" });
    expect(byId.get(fixture.read.id)!.team).toEqual({ role: "member" });
    expect(items.every((item) => item.permissions.view)).toBe(true);
    // The organization part is the member as GET member gives it, with the teams counter.
    const member = await call("GET", `/v1/orgs/${orgId}/members/${fixture.guest.id}`, { token: fixture.admin.token });
    expect(byId.get(fixture.guest.id)!.organization).toEqual(member.body);
    expect(member.body.teams).toBe(1);
    expect(byId.get(fixture.edit.id)!.organization.role).toBe("edit");
  });

  for (const limit of [1, 2, 3]) {
    it(`walks every page with limit=${limit}, in the order members were added`, async () => {
      const items = await walkList<TeamMemberItem>(path(), { limit }, { token: fixture.read.token, operationId: "listTeamMembersInOrganizationById", expectedCount: 5 });
      expect(items.map((item) => item.organization.id)).toEqual(order);
    });
  }

  it("lets a guest list a team they are in, but not another (403)", async () => {
    await walkList<TeamMemberItem>(path(), {}, { token: fixture.guest.token, operationId: "listTeamMembersInOrganizationById", expectedCount: 5 });
    const other = await createTeam(fixture.admin, orgId, "Without guests", [fixture.read.id]);
    expect(errorMessage(await call("GET", teamMembersPath(orgId, other.id), { token: fixture.guest.token }), 403)).toContain("team");
  });

  it("answers 404 for an unknown team and to outsiders, and 400 for a bad page", async () => {
    errorMessage(await call("GET", teamMembersPath(orgId, "no-such-team"), { token: fixture.admin.token }), 404);
    errorMessage(await call("GET", path(), { token: fixture.outsider.token }), 404);
    expect(errorMessage(await call("GET", `${path()}?page=garbage`, { token: fixture.admin.token }), 400)).toContain("page");
    expect(errorMessage(await call("GET", `${path()}?limit=1001`, { token: fixture.admin.token }), 400)).toContain("limit");
  });
});

describe("PUT /v1/orgs/{organizationId}/teams/{teamId}/members", () => {
  it("adds by id and by email, sets roles through memberships, and keeps every counter right", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Bulk");
    const response = await putMembers(fixture.admin, orgId, team.id, {
      add: [fixture.read.id, fixture.comment.email.toUpperCase(), fixture.edit.id],
      memberships: { [fixture.edit.id]: { role: "owner" }, [fixture.guest.id]: { role: "member" } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    expect(response.body).toBeUndefined();
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({
      [fixture.read.id]: "member",
      [fixture.comment.id]: "member",
      [fixture.edit.id]: "owner",
      [fixture.guest.id]: "member",
    });
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(4);
    for (const user of [fixture.read, fixture.comment, fixture.edit, fixture.guest]) expect(await teamsCountOf(fixture.admin, orgId, user.id)).toBe(1);
    expect(await ownTeam(fixture.edit, orgId)).toBe(true);
    expect(await ownTeam(fixture.read, orgId)).toBe(false);

    // `add` keeps an existing role; `memberships` changes it; `remove` takes ids and emails.
    const second = await putMembers(fixture.admin, orgId, team.id, {
      add: [fixture.edit.id],
      memberships: { [fixture.read.id]: { role: "owner" }, [fixture.edit.id]: { role: "member" } },
      remove: [fixture.guest.email, fixture.comment.id],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(204);
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.read.id]: "owner", [fixture.edit.id]: "member" });
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(2);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.guest.id)).toBe(0);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.comment.id)).toBe(0);
    expect(await ownTeam(fixture.edit, orgId)).toBe(false);
    expect(await ownTeam(fixture.read, orgId)).toBe(true);

    const kept = await putMembers(fixture.admin, orgId, team.id, { add: [fixture.read.id] });
    expect(kept.status).toBe(204);
    expect((await rosterOf(fixture.admin, orgId, team.id))[fixture.read.id]).toBe("owner");
  });

  it("removes a user named in both add and remove (by id or by email), whether or not they were in", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Both", [fixture.read.id]);
    const response = await putMembers(fixture.admin, orgId, team.id, {
      add: [fixture.read.id, fixture.edit.id, fixture.comment.id],
      remove: [fixture.read.email, fixture.edit.id],
      memberships: { [fixture.edit.id]: { role: "owner" } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.comment.id]: "member" });
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(1);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.read.id)).toBe(0);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.edit.id)).toBe(0);
    expect(await ownTeam(fixture.edit, orgId)).toBe(false);
  });

  it("changes nothing for an empty body (204)", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Calm", [fixture.read.id]);
    expect((await putMembers(fixture.admin, orgId, team.id, {})).status).toBe(204);
    expect((await putMembers(fixture.admin, orgId, team.id, { add: [], remove: [], memberships: {} })).status).toBe(204);
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.read.id]: "member" });
  });

  it("refuses users who are not members of the organization (400 naming field and entry), changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Strict", [fixture.read.id]);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ add: [fixture.edit.id, fixture.outsider.id] }, "add", fixture.outsider.id],
      [{ add: [fixture.edit.id, fixture.outsider.email] }, "add", fixture.outsider.email],
      [{ add: [fixture.edit.id, "nobody@example.com"] }, "add", "nobody@example.com"],
      [{ add: [fixture.edit.id], remove: [fixture.read.id, "no-such-user"] }, "remove", "no-such-user"],
      [{ add: [fixture.edit.id], memberships: { [fixture.outsider.id]: { role: "owner" } } }, "memberships", fixture.outsider.id],
    ];
    for (const [body, field, entry] of cases) {
      const message = errorMessage(await putMembers(fixture.admin, orgId, team.id, body), 400);
      expect(message, JSON.stringify(body)).toContain(`Invalid body field '${field}'`);
      expect(message).toContain(`'${entry}'`);
    }
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.read.id]: "member" });
    expect(await teamsCountOf(fixture.admin, orgId, fixture.edit.id)).toBe(0);
  });

  it("refuses malformed bodies with 400 naming the field", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Shapes");
    const cases: Array<[unknown, string]> = [
      [{ add: "x" }, "'add'"],
      [{ remove: [42] }, "'remove[0]'"],
      [{ memberships: { [fixture.read.id]: { role: "admin" } } }, `'memberships.${fixture.read.id}.role'`],
      [{ memberships: { [fixture.read.id]: {} } }, `'memberships.${fixture.read.id}.role'`],
      [{ memberships: [] }, "'memberships'"],
      [{ add: [""] }, "'add[0]'"],
    ];
    for (const [body, field] of cases) {
      expect(errorMessage(await putMembers(fixture.admin, orgId, team.id, body), 400), JSON.stringify(body)).toContain(`Invalid body field ${field}`);
    }
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({});
  });

  it("lets a team owner manage their team's members, and forbids everyone else who is not admin (403)", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Owned", [fixture.review.id]);
    expect((await putMembers(fixture.admin, orgId, team.id, { memberships: { [fixture.guest.id]: { role: "owner" } } })).status).toBe(204);

    // A guest who owns the team manages it, and may name another owner.
    const byOwner = await putMembers(fixture.guest, orgId, team.id, { add: [fixture.read.email], memberships: { [fixture.comment.id]: { role: "owner" } } });
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(204);
    const roster = { [fixture.review.id]: "member", [fixture.guest.id]: "owner", [fixture.read.id]: "member", [fixture.comment.id]: "owner" };
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual(roster);

    // Every other non-admin (a plain team member included) is refused.
    for (const role of ["create", "review", "edit", "read"] as const) {
      const response = await putMembers(fixture[role], orgId, team.id, { add: [fixture.edit.id], remove: [fixture.guest.id] });
      expect(errorMessage(response, 403), role).toContain("owner");
    }
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual(roster);
  });

  it("answers 404 for an unknown team and to outsiders", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Hidden");
    errorMessage(await putMembers(fixture.admin, orgId, "no-such-team", { add: [fixture.read.id] }), 404);
    errorMessage(await putMembers(fixture.outsider, orgId, team.id, { add: [fixture.outsider.id] }), 404);
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({});
  });

  it("handles more users than fit in one statement (D1's 100 bound parameters)", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    // One invite link for all of them: each user then costs two requests (create, join).
    const invite = await call("POST", `/v1/orgs/${orgId}/link-invites`, { token: admin.token, body: { role: "read" } });
    expect(invite.status).toBe(201);
    const users: TestUser[] = [];
    for (let start = 0; start < 95; start += 19) {
      const group = await Promise.all(Array.from({ length: 19 }, (_, index) => createUser(`bulk${start + index}`)));
      for (const joined of await Promise.all(group.map((user) => call("POST", `/v1/orgs/${orgId}/invites/${invite.body.id}`, { token: user.token })))) {
        expect(joined.status).toBe(200);
      }
      users.push(...group);
    }
    const team = await createTeam(admin, orgId, "Crowd", users.slice(0, 93).map((user) => user.id));
    expect(team.members).toBe(93);

    const response = await putMembers(admin, orgId, team.id, {
      add: users.map((user, index) => (index % 2 ? user.email : user.id)),
      memberships: Object.fromEntries(users.slice(0, 92).map((user) => [user.id, { role: "owner" }])),
      remove: users.slice(0, 3).map((user) => user.id),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    const roster = await rosterOf(admin, orgId, team.id);
    expect(Object.keys(roster)).toHaveLength(92);
    expect(Object.values(roster).filter((role) => role === "owner")).toHaveLength(89);
    expect((await readTeam(admin, orgId, team.id)).members).toBe(92);
    expect(await teamsCountOf(admin, orgId, users[0]!.id)).toBe(0);
    expect(await teamsCountOf(admin, orgId, users[94]!.id)).toBe(1);

    // Deleting the team recounts all of them.
    expect((await call("DELETE", teamPath(orgId, team.id), { token: admin.token })).status).toBe(204);
    const members = await call("GET", `/v1/orgs/${orgId}/members?limit=1000`, { token: admin.token });
    expect(members.body.items.every((member: { teams: number }) => member.teams === 0)).toBe(true);
  });
});

describe("PUT /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", () => {
  it("adds a member (role member by default), then changes their role", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "One by one");
    const added = await call("PUT", teamMemberPath(orgId, team.id, fixture.edit.id), { token: fixture.admin.token, body: {} });
    expect(added.status, JSON.stringify(added.body)).toBe(204);
    expect(added.body).toBeUndefined();
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.edit.id]: "member" });
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(1);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.edit.id)).toBe(1);
    expect(await ownTeam(fixture.edit, orgId)).toBe(false);

    expect((await call("PUT", teamMemberPath(orgId, team.id, fixture.edit.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.edit.id]: "owner" });
    expect(await ownTeam(fixture.edit, orgId)).toBe(true);
    // Updating is not adding twice.
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(1);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.edit.id)).toBe(1);

    // Without a role, an existing member becomes a plain member again.
    expect((await call("PUT", teamMemberPath(orgId, team.id, fixture.edit.id), { token: fixture.admin.token, body: {} })).status).toBe(204);
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.edit.id]: "member" });
    expect(await ownTeam(fixture.edit, orgId)).toBe(false);
  });

  it("lets a team owner add members, and forbids other non-admins (403)", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Grown by owner");
    expect((await call("PUT", teamMemberPath(orgId, team.id, fixture.comment.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);
    expect((await call("PUT", teamMemberPath(orgId, team.id, fixture.read.id), { token: fixture.comment.token, body: { role: "member" } })).status).toBe(204);
    for (const role of ["create", "review", "edit", "read", "guest"] as const) {
      errorMessage(await call("PUT", teamMemberPath(orgId, team.id, fixture[role].id), { token: fixture[role].token, body: { role: "owner" } }), 403);
    }
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.comment.id]: "owner", [fixture.read.id]: "member" });
  });

  it("answers 404 for a user who is not a member, an unknown team, and outsiders; 400 for a bad role", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Closed");
    expect(errorMessage(await call("PUT", teamMemberPath(orgId, team.id, fixture.outsider.id), { token: fixture.admin.token, body: {} }), 404)).toContain(
      `Member '${fixture.outsider.id}'`,
    );
    errorMessage(await call("PUT", teamMemberPath(orgId, team.id, "no-such-user"), { token: fixture.admin.token, body: {} }), 404);
    errorMessage(await call("PUT", teamMemberPath(orgId, "no-such-team", fixture.read.id), { token: fixture.admin.token, body: {} }), 404);
    errorMessage(await call("PUT", teamMemberPath(orgId, team.id, fixture.outsider.id), { token: fixture.outsider.token, body: {} }), 404);
    expect(errorMessage(await call("PUT", teamMemberPath(orgId, team.id, fixture.read.id), { token: fixture.admin.token, body: { role: "admin" } }), 400)).toContain(
      "Invalid body field 'role'",
    );
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({});
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(0);
  });
});

describe("DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", () => {
  it("lets an admin remove a member (204), recounting; 204 again and for someone never in it", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Shrinking", [fixture.read.id, fixture.edit.id]);
    const removed = await call("DELETE", teamMemberPath(orgId, team.id, fixture.read.id), { token: fixture.admin.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect(removed.body).toBeUndefined();
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.edit.id]: "member" });
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(1);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.read.id)).toBe(0);

    expect((await call("DELETE", teamMemberPath(orgId, team.id, fixture.read.id), { token: fixture.admin.token })).status).toBe(204);
    expect((await call("DELETE", teamMemberPath(orgId, team.id, fixture.outsider.id), { token: fixture.admin.token })).status).toBe(204);
    expect((await call("DELETE", teamMemberPath(orgId, team.id, "no-such-user"), { token: fixture.admin.token })).status).toBe(204);
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(1);
  });

  it("lets a team owner remove members, and anyone leave a team", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Leaky", [fixture.read.id, fixture.guest.id, fixture.comment.id]);
    expect((await call("PUT", teamMemberPath(orgId, team.id, fixture.read.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);
    expect((await call("DELETE", teamMemberPath(orgId, team.id, fixture.comment.id), { token: fixture.read.token })).status).toBe(204);
    expect((await call("DELETE", teamMemberPath(orgId, team.id, fixture.guest.id), { token: fixture.guest.token })).status).toBe(204);
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.read.id]: "owner" });
    expect((await call("DELETE", teamMemberPath(orgId, team.id, fixture.read.id), { token: fixture.read.token })).status).toBe(204);
    expect(await ownTeam(fixture.read, orgId)).toBe(false);
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(0);
  });

  it("forbids non-admins who do not own the team from removing others (403), changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Firm", [fixture.admin.id, fixture.read.id, fixture.guest.id]);
    for (const role of NON_ADMINS) {
      const target = role === "read" ? fixture.guest : fixture.read;
      expect(errorMessage(await call("DELETE", teamMemberPath(orgId, team.id, target.id), { token: fixture[role].token }), 403), role).toContain("owner");
    }
    expect(Object.keys(await rosterOf(fixture.admin, orgId, team.id))).toHaveLength(3);
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(3);
  });

  it("answers 404 for an unknown team and to outsiders", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Guarded", [fixture.read.id]);
    errorMessage(await call("DELETE", teamMemberPath(orgId, "no-such-team", fixture.read.id), { token: fixture.admin.token }), 404);
    errorMessage(await call("DELETE", teamMemberPath(orgId, team.id, fixture.read.id), { token: fixture.outsider.token }), 404);
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.read.id]: "member" });
  });
});

describe("teams when a member leaves the organization", () => {
  it("removes them from every team of that organization, recounting, and not from other organizations' teams", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const first = await createTeam(fixture.admin, orgId, "First", [fixture.edit.id, fixture.read.id]);
    const second = await createTeam(fixture.admin, orgId, "Second", [fixture.edit.id]);
    expect((await call("PUT", teamMemberPath(orgId, second.id, fixture.edit.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);
    // edit also belongs to the outsider's organization, and to a team there.
    await addMember(fixture.outsider, fixture.outsiderOrganization.id, fixture.edit, "read");
    const elsewhere = await createTeam(fixture.outsider, fixture.outsiderOrganization.id, "Elsewhere", [fixture.edit.id]);

    expect((await call("DELETE", `/v1/orgs/${orgId}/members/${fixture.edit.id}`, { token: fixture.admin.token })).status).toBe(205);
    expect(await rosterOf(fixture.admin, orgId, first.id)).toEqual({ [fixture.read.id]: "member" });
    expect(await rosterOf(fixture.admin, orgId, second.id)).toEqual({});
    expect((await readTeam(fixture.admin, orgId, first.id)).members).toBe(1);
    expect((await readTeam(fixture.admin, orgId, second.id)).members).toBe(0);
    expect(await rosterOf(fixture.outsider, fixture.outsiderOrganization.id, elsewhere.id)).toEqual({ [fixture.edit.id]: "member" });
    expect(await teamsCountOf(fixture.outsider, fixture.outsiderOrganization.id, fixture.edit.id)).toBe(1);

    // Rejoining starts with no teams.
    await addMember(fixture.admin, orgId, fixture.edit, "edit");
    expect(await teamsCountOf(fixture.admin, orgId, fixture.edit.id)).toBe(0);
    expect(await ownTeam(fixture.edit, orgId)).toBe(false);
  });

  it("keeps the team memberships of a last admin whose leaving is refused (409)", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const team = await createTeam(admin, orgId, "Admins", [admin.id]);
    errorMessage(await call("DELETE", `/v1/orgs/${orgId}/members/${admin.id}`, { token: admin.token }), 409);
    expect(await rosterOf(admin, orgId, team.id)).toEqual({ [admin.id]: "member" });
    expect((await readTeam(admin, orgId, team.id)).members).toBe(1);
    expect(await teamsCountOf(admin, orgId, admin.id)).toBe(1);
  });
});
