import { GitBookAPIError, TeamMemberRole } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMINS, createOrganization, createUser, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { queryString } from "../../helpers/lists";
import {
  createTeam,
  expectTeamsCount,
  listTeams,
  ownTeam,
  readTeam,
  rosterOf,
  teamMemberPath,
  teamMembersPath,
  teamPath,
  teamsCountOf,
  teamsPath,
  type Fixture,
  type Team,
} from "../../helpers/teams";

/**
 * Teams through HTTP: /v1/orgs/{organizationId}/teams[/{teamId}]; their members are tested in
 * team-members.test.ts. Storage is shared by the tests of this file, so every test that changes
 * something builds its own organization; list fixtures are only ever read.
 */

describe("the spec check used here", () => {
  it("rejects bodies GitBook's spec does not allow", () => {
    expect(() => expectSpecResponse("createOrganizationTeam", 201, { object: "team", id: "x", title: "T" })).toThrow(/vs GitBook.s spec/);
    expect(() =>
      expectSpecResponse("listTeamMembersInOrganizationById", 200, { items: [{ team: { role: "admin" }, permissions: { view: true } }], count: 1 }),
    ).toThrow(/vs GitBook.s spec/);
  });
});

describe("PUT /v1/orgs/{organizationId}/teams (create)", () => {
  it("lets an admin create a team with members, counted on the team and on each member", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Writers", [fixture.edit.id, fixture.guest.id, fixture.edit.id]);
    expect(team).toEqual({
      object: "team",
      id: expect.any(String),
      title: "Writers",
      members: 2,
      spaces: 0,
      createdAt: expect.any(String),
      permissions: { admin: true, view: true },
    });
    expect(Math.abs(Date.parse(team.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(await readTeam(fixture.admin, orgId, team.id)).toEqual(team);
    expect(await rosterOf(fixture.admin, orgId, team.id)).toEqual({ [fixture.edit.id]: "member", [fixture.guest.id]: "member" });
    expect(await teamsCountOf(fixture.admin, orgId, fixture.edit.id)).toBe(1);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.guest.id)).toBe(1);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.read.id)).toBe(0);
    // The creator is not put in the team unless listed.
    expect(await teamsCountOf(fixture.admin, orgId, fixture.admin.id)).toBe(0);

    await createTeam(fixture.admin, orgId, "Reviewers", [fixture.edit.id]);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.edit.id)).toBe(2);
  });

  it("creates an empty team, and accepts titles of 1 and 64 characters", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    expect((await createTeam(admin, orgId, "x")).members).toBe(0);
    expect((await createTeam(admin, orgId, "t".repeat(64), [])).title).toBe("t".repeat(64));
    await expectTeamsCount(admin, orgId, 2);
  });

  it("refuses invalid bodies with 400 naming the field, creating nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const cases: Array<[unknown, string]> = [
      [{}, "'title'"],
      [{ title: "" }, "'title'"],
      [{ title: "t".repeat(65) }, "'title'"],
      [{ title: 42 }, "'title'"],
      [{ title: "Ok", members: "nope" }, "'members'"],
      [{ title: "Ok", members: ["bad id!"] }, "'members[0]'"],
    ];
    for (const [body, field] of cases) {
      const response = await call("PUT", teamsPath(orgId), { token: fixture.admin.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain(`Invalid body field ${field}`);
    }
    // Members must be members of this organization.
    for (const stranger of [fixture.outsider.id, "no-such-user"]) {
      const response = await call("PUT", teamsPath(orgId), { token: fixture.admin.token, body: { title: "Ok", members: [fixture.read.id, stranger] } });
      const message = errorMessage(response, 400);
      expect(message).toContain("Invalid body field 'members'");
      expect(message).toContain(stranger);
    }
    await expectTeamsCount(fixture.admin, orgId, 0);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.read.id)).toBe(0);
  });

  it("hides the organization from a member of another organization (404)", async () => {
    const fixture = await organizationWithEveryRole();
    const response = await call("PUT", teamsPath(fixture.organization.id), { token: fixture.outsider.token, body: { title: "Mine" } });
    expect(errorMessage(response, 404)).toContain("Organization");
    await expectTeamsCount(fixture.admin, fixture.organization.id, 0);
  });
});

describe("GET /v1/orgs/{organizationId}/teams", () => {
  let fixture: Fixture;
  let orgId: string;
  let teams: Record<"alpha" | "beta" | "percent" | "underscore" | "gamma", Team>;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    teams = {
      alpha: await createTeam(fixture.admin, orgId, "Alpha Writers", [fixture.edit.id]),
      beta: await createTeam(fixture.admin, orgId, "beta reviewers", [fixture.comment.id]),
      percent: await createTeam(fixture.admin, orgId, "50% off"),
      underscore: await createTeam(fixture.admin, orgId, "under_score"),
      gamma: await createTeam(fixture.admin, orgId, "Gamma WRITERS"),
    };
    // edit owns alpha and gamma, comment is a plain member of beta.
    expect((await call("PUT", teamMemberPath(orgId, teams.alpha.id, fixture.edit.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);
    expect((await call("PUT", teamMemberPath(orgId, teams.gamma.id, fixture.edit.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);
  });

  const inOrder = () => [teams.alpha, teams.beta, teams.percent, teams.underscore, teams.gamma].map((team) => team.id);

  it("lists every team oldest first, in GitBook's shape, to any member with a role", async () => {
    for (const caller of [fixture.admin, fixture.read]) {
      const items = await listTeams(caller, orgId, { limit: 1000 }, 5);
      expect(items.map((team) => team.id)).toEqual(inOrder());
    }
    const [alpha] = await listTeams(fixture.read, orgId, { title: "alpha" }, 1);
    expect(alpha).toMatchObject({ object: "team", title: "Alpha Writers", members: 1, spaces: 0, permissions: { admin: false, view: true } });
  });

  for (const limit of [1, 2, 4]) {
    it(`walks every page with limit=${limit}`, async () => {
      const items = await listTeams(fixture.admin, orgId, { limit }, 5);
      expect(items.map((team) => team.id)).toEqual(inOrder());
    });
  }

  it("gives each team the caller's permissions: owners manage their own teams only", async () => {
    const asOwner = await listTeams(fixture.edit, orgId, { limit: 1000 }, 5);
    const admin = Object.fromEntries(asOwner.map((team) => [team.id, team.permissions.admin]));
    expect(admin).toEqual({
      [teams.alpha.id]: true,
      [teams.beta.id]: false,
      [teams.percent.id]: false,
      [teams.underscore.id]: false,
      [teams.gamma.id]: true,
    });
    const asAdmin = await listTeams(fixture.admin, orgId, { limit: 1000 }, 5);
    expect(asAdmin.every((team) => team.permissions.admin && team.permissions.view)).toBe(true);
  });

  it("filters by title, case-insensitively", async () => {
    const writers = await listTeams(fixture.read, orgId, { title: "wRiTeRs", limit: 1 }, 2);
    expect(writers.map((team) => team.id)).toEqual([teams.alpha.id, teams.gamma.id]);
    expect((await listTeams(fixture.read, orgId, { title: "BETA" }, 1))[0]!.id).toBe(teams.beta.id);
    await listTeams(fixture.read, orgId, { title: "nothing like this" }, 0);
  });

  it("treats '%' and '_' in the title filter literally", async () => {
    expect((await listTeams(fixture.read, orgId, { title: "%" }, 1))[0]!.id).toBe(teams.percent.id);
    expect((await listTeams(fixture.read, orgId, { title: "_" }, 1))[0]!.id).toBe(teams.underscore.id);
    // As LIKE wildcards these would match "Alpha Writers" and "Gamma WRITERS".
    await listTeams(fixture.read, orgId, { title: "a_pha" }, 0);
    await listTeams(fixture.read, orgId, { title: "w%s" }, 0);
    await listTeams(fixture.read, orgId, { title: "\\" }, 0);
  });

  it("filters by owner: a team owner's teams, every team for an admin, none for others", async () => {
    const owned = await listTeams(fixture.read, orgId, { owner: fixture.edit.id }, 2);
    expect(owned.map((team) => team.id)).toEqual([teams.alpha.id, teams.gamma.id]);
    const forAdmin = await listTeams(fixture.read, orgId, { owner: fixture.admin.id, limit: 2 }, 5);
    expect(forAdmin.map((team) => team.id)).toEqual(inOrder());
    // A plain team member, a member in no team, an outsider and an unknown id manage nothing.
    for (const owner of [fixture.comment.id, fixture.read.id, fixture.outsider.id, "no-such-user"]) {
      await listTeams(fixture.read, orgId, { owner }, 0);
    }
    // Filters combine.
    const gamma = await listTeams(fixture.read, orgId, { owner: fixture.edit.id, title: "gamma" }, 1);
    expect(gamma.map((team) => team.id)).toEqual([teams.gamma.id]);
  });

  it("refuses invalid query parameters with 400 naming them", async () => {
    for (const [params, field] of [
      [{ limit: 1001 }, "limit"],
      [{ limit: -1 }, "limit"],
      [{ page: "not-a-cursor" }, "page"],
      [{ owner: "bad id!" }, "owner"],
      [{ title: "t".repeat(257) }, "title"],
    ] as const) {
      const response = await call("GET", `${teamsPath(orgId)}${queryString(params)}`, { token: fixture.admin.token });
      expect(errorMessage(response, 400), JSON.stringify(params)).toContain(field);
    }
  });

  it("forbids a guest (403) and hides the organization from outsiders (404)", async () => {
    expect(errorMessage(await call("GET", teamsPath(orgId), { token: fixture.guest.token }), 403)).toContain("listTeams");
    errorMessage(await call("GET", teamsPath(orgId), { token: fixture.outsider.token }), 404);
  });
});

describe("GET /v1/orgs/{organizationId}/teams/{teamId}", () => {
  let fixture: Fixture;
  let orgId: string;
  let team: Team;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    team = await createTeam(fixture.admin, orgId, "Readers", [fixture.read.id]);
  });

  it("lets every member with a role view a team, managing it only as admin", async () => {
    expect(await readTeam(fixture.admin, orgId, team.id)).toMatchObject({ id: team.id, title: "Readers", members: 1, permissions: { admin: true, view: true } });
    for (const role of ["create", "review", "edit", "comment", "read"] as const) {
      expect((await readTeam(fixture[role], orgId, team.id)).permissions, role).toEqual({ admin: false, view: true });
    }
  });

  it("lets a guest view only the teams they are in", async () => {
    expect(errorMessage(await call("GET", teamPath(orgId, team.id), { token: fixture.guest.token }), 403)).toContain("team");
    const guests = await createTeam(fixture.admin, orgId, "Guests", [fixture.guest.id]);
    expect((await readTeam(fixture.guest, orgId, guests.id)).permissions).toEqual({ admin: false, view: true });
  });

  it("answers 404 for an unknown team and for a team of another organization", async () => {
    expect(errorMessage(await call("GET", teamPath(orgId, "no-such-team"), { token: fixture.admin.token }), 404)).toContain("Team 'no-such-team'");
    const elsewhere = await createTeam(fixture.outsider, fixture.outsiderOrganization.id, "Elsewhere");
    expect(errorMessage(await call("GET", teamPath(orgId, elsewhere.id), { token: fixture.admin.token }), 404)).toContain("Team");
  });

  it("hides the organization from outsiders (404)", async () => {
    expect(errorMessage(await call("GET", teamPath(orgId, team.id), { token: fixture.outsider.token }), 404)).toContain("Organization");
  });
});

describe("PATCH /v1/orgs/{organizationId}/teams/{teamId}", () => {
  it("lets an admin rename a team", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const team = await createTeam(admin, orgId, "Old");
    const response = await call("PATCH", teamPath(orgId, team.id), { token: admin.token, body: { title: "New" } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateTeamInOrganizationById", 200, response.body);
    expect(response.body).toEqual({ ...team, title: "New" });
    expect((await readTeam(admin, orgId, team.id)).title).toBe("New");
  });

  it("lets a team owner rename their own team, and only that one", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const owned = await createTeam(fixture.admin, orgId, "Owned");
    const other = await createTeam(fixture.admin, orgId, "Other", [fixture.read.id]);
    expect((await call("PUT", teamMemberPath(orgId, owned.id, fixture.read.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);

    const renamed = await call("PATCH", teamPath(orgId, owned.id), { token: fixture.read.token, body: { title: "Renamed by owner" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.permissions).toEqual({ admin: true, view: true });
    expect(errorMessage(await call("PATCH", teamPath(orgId, other.id), { token: fixture.read.token, body: { title: "Nope" } }), 403)).toContain("owner");
    expect((await readTeam(fixture.admin, orgId, other.id)).title).toBe("Other");
  });

  it("forbids every non-admin who does not own the team (403), changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Stable", [fixture.edit.id, fixture.guest.id]);
    for (const role of NON_ADMINS) {
      errorMessage(await call("PATCH", teamPath(orgId, team.id), { token: fixture[role].token, body: { title: `By ${role}` } }), 403);
    }
    expect(await readTeam(fixture.admin, orgId, team.id)).toEqual(team);
  });

  it("refuses invalid titles with 400 naming the field, changing nothing", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const team = await createTeam(admin, orgId, "Kept");
    for (const body of [{}, { title: "" }, { title: "t".repeat(65) }, { title: null }]) {
      const response = await call("PATCH", teamPath(orgId, team.id), { token: admin.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain("Invalid body field 'title'");
    }
    expect((await readTeam(admin, orgId, team.id)).title).toBe("Kept");
  });

  it("answers 404 for an unknown team and to outsiders", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Mine");
    errorMessage(await call("PATCH", teamPath(orgId, "no-such-team"), { token: fixture.admin.token, body: { title: "X" } }), 404);
    errorMessage(await call("PATCH", teamPath(orgId, team.id), { token: fixture.outsider.token, body: { title: "X" } }), 404);
    expect((await readTeam(fixture.admin, orgId, team.id)).title).toBe("Mine");
  });
});

describe("DELETE /v1/orgs/{organizationId}/teams/{teamId}", () => {
  it("lets an admin delete a team (204), recounting its members' teams; again is 204", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const doomed = await createTeam(fixture.admin, orgId, "Doomed", [fixture.edit.id, fixture.read.id]);
    const kept = await createTeam(fixture.admin, orgId, "Kept", [fixture.edit.id]);
    expect((await call("PUT", teamMemberPath(orgId, doomed.id, fixture.read.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.edit.id)).toBe(2);
    expect(await ownTeam(fixture.read, orgId)).toBe(true);

    const deleted = await call("DELETE", teamPath(orgId, doomed.id), { token: fixture.admin.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(deleted.body).toBeUndefined();

    errorMessage(await call("GET", teamPath(orgId, doomed.id), { token: fixture.admin.token }), 404);
    errorMessage(await call("GET", teamMembersPath(orgId, doomed.id), { token: fixture.admin.token }), 404);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.edit.id)).toBe(1);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.read.id)).toBe(0);
    expect(await ownTeam(fixture.read, orgId)).toBe(false);
    expect((await readTeam(fixture.admin, orgId, kept.id)).members).toBe(1);
    await expectTeamsCount(fixture.admin, orgId, 1);

    expect((await call("DELETE", teamPath(orgId, doomed.id), { token: fixture.admin.token })).status).toBe(204);
    expect((await call("DELETE", teamPath(orgId, "never-existed"), { token: fixture.admin.token })).status).toBe(204);
  });

  it("forbids every non-admin, team owners included (403), deleting nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Sturdy", [fixture.create.id]);
    expect((await call("PUT", teamMemberPath(orgId, team.id, fixture.create.id), { token: fixture.admin.token, body: { role: "owner" } })).status).toBe(204);
    for (const role of NON_ADMINS) {
      expect(errorMessage(await call("DELETE", teamPath(orgId, team.id), { token: fixture[role].token }), 403), role).toContain("manageTeams");
    }
    expect((await readTeam(fixture.admin, orgId, team.id)).members).toBe(1);
    expect(await teamsCountOf(fixture.admin, orgId, fixture.create.id)).toBe(1);
  });

  it("does not delete a team through another organization's path", async () => {
    const fixture = await organizationWithEveryRole();
    const elsewhere = await createTeam(fixture.outsider, fixture.outsiderOrganization.id, "Elsewhere");
    // The admin of the first organization names the other organization's team under their own.
    expect((await call("DELETE", teamPath(fixture.organization.id, elsewhere.id), { token: fixture.admin.token })).status).toBe(204);
    expect((await readTeam(fixture.outsider, fixture.outsiderOrganization.id, elsewhere.id)).id).toBe(elsewhere.id);
    // And the outsider cannot reach the first organization at all.
    errorMessage(await call("DELETE", teamPath(fixture.organization.id, elsewhere.id), { token: fixture.outsider.token }), 404);
  });
});


describe("teams through GitBook's official client", () => {
  it("creates, lists, reads, renames, staffs and deletes a team", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const client = gitbookClient(fixture.admin);

    const { data: created, status } = await client.orgs.createOrganizationTeam(orgId, { title: "Client team", members: [fixture.read.id] });
    expect(status).toBe(201);
    expect(created.members).toBe(1);
    await client.orgs.createOrganizationTeam(orgId, { title: "Second client team" });

    const seen: string[] = [];
    let page: string | undefined;
    do {
      const { data } = await client.orgs.listTeamsInOrganizationById(orgId, { limit: 1, page });
      expect(data.count).toBe(2);
      seen.push(...data.items.map((team) => team.title));
      page = data.next?.page;
    } while (page);
    expect(seen).toEqual(["Client team", "Second client team"]);
    const filtered = await client.orgs.listTeamsInOrganizationById(orgId, { title: "SECOND", owner: fixture.admin.id });
    expect(filtered.data.items.map((team) => team.title)).toEqual(["Second client team"]);

    const { data: renamed } = await client.orgs.updateTeamInOrganizationById(orgId, created.id, { title: "Renamed client team" });
    expect(renamed.title).toBe("Renamed client team");
    expect((await client.orgs.getTeamInOrganizationById(orgId, created.id)).data.title).toBe("Renamed client team");

    const bulk = await client.orgs.updateMembersInOrganizationTeam(orgId, created.id, {
      add: [fixture.edit.email],
      remove: [fixture.read.id],
      memberships: { [fixture.comment.id]: { role: TeamMemberRole.Owner } },
    });
    expect(bulk.status).toBe(204);
    expect((await client.orgs.addMemberToOrganizationTeamById(orgId, created.id, fixture.guest.id, { role: TeamMemberRole.Member })).status).toBe(204);
    const { data: members } = await client.orgs.listTeamMembersInOrganizationById(orgId, created.id);
    expect(members.count).toBe(3);
    expect(Object.fromEntries(members.items.map((item) => [item.organization.id, item.team.role]))).toEqual({
      [fixture.edit.id]: "member",
      [fixture.comment.id]: "owner",
      [fixture.guest.id]: "member",
    });
    expect((await client.orgs.deleteMemberFromOrganizationTeamById(orgId, created.id, fixture.guest.id)).status).toBe(204);
    expect((await client.orgs.getTeamInOrganizationById(orgId, created.id)).data.members).toBe(2);

    expect((await client.orgs.removeTeamFromOrganizationById(orgId, created.id)).status).toBe(204);
    const missing = await client.orgs.getTeamInOrganizationById(orgId, created.id).catch((error) => error);
    expect(missing).toBeInstanceOf(GitBookAPIError);
    expect((missing as GitBookAPIError).code).toBe(404);
  });

  it("surfaces 403 as GitBookAPIError", async () => {
    const fixture = await organizationWithEveryRole();
    const refused = await gitbookClient(fixture.edit)
      .orgs.createOrganizationTeam(fixture.organization.id, { title: "Not mine to make" })
      .catch((error) => error);
    expect(refused).toBeInstanceOf(GitBookAPIError);
    expect((refused as GitBookAPIError).code).toBe(403);
  });
});
