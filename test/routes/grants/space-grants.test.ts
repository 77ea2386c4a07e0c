import { MemberRole } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { addMember, createUser, gitbookClient, memberRole } from "../../helpers/fixtures";
import {
  grantTo,
  grantToTeam,
  invite,
  inviteOk,
  permissionsPath,
  principalPath,
  revoke,
  spaceLevel,
  teamGrants,
  teamWith,
  userGrants,
  type Target,
} from "../../helpers/grants";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { expectClientError, f, orgId, useSuiteFixture } from "../../helpers/suites/change-requests";

/**
 * A space's grants through HTTP (GitBook's inviteToSpace, list/update/remove of users and teams):
 * what each operation answers, and what a grant gives on the next request. Inheritance from
 * collections is in collection-grants.test.ts, the aggregate in aggregate.test.ts, what happens to
 * grants when their content or principal goes in lifecycle.test.ts.
 */

useSuiteFixture();

const spaceTarget = async (): Promise<Target> => ({ kind: "space", id: (await createSpace(f.admin, orgId)).id });

describe("POST /v1/spaces/{spaceId}/permissions (inviteToSpace)", () => {
  it("gives users (by id and by email) and teams a role, listed oldest first, through GitBook's client", async () => {
    const target = await spaceTarget();
    const client = gitbookClient(f.admin);
    const invited = await client.spaces.inviteToSpace(target.id, { role: MemberRole.Edit, users: [f.read.id] });
    expect(invited.status).toBe(204);
    await inviteOk(f.admin, target, { role: "comment", users: [f.comment.email.toUpperCase()] });
    const team = await teamWith(f.admin, orgId, [f.guest]);
    await inviteOk(f.admin, target, { role: "review", teams: [team] });

    const { data } = await client.spaces.listUserPermissionsInSpace(target.id);
    expectSpecResponse("listUserPermissionsInSpace", 200, data);
    expect(data.items.map((item) => [item.user.id, item.permission])).toEqual([
      [f.read.id, "edit"],
      [f.comment.id, "comment"],
    ]);
    // Emails show to callers who may list the organization's members, as the member list does.
    expect(data.items[0]!.user.email).toBe(f.read.email);
    const teams = await teamGrants(f.admin, target, 1);
    expect(teams.map((item) => [item.team.id, item.permission, item.team.spaces])).toEqual([[team, "review", 1]]);
    const { data: teamPage } = await client.spaces.listTeamPermissionsInSpace(target.id);
    expect(teamPage.items).toEqual(teams);
  });

  it("changes the role of someone invited again, and takes it back with role null", async () => {
    const target = await spaceTarget();
    await grantTo(f.admin, target, f.read, "edit");
    await grantTo(f.admin, target, f.read, "review");
    expect(await userGrants(f.admin, target, 1)).toEqual([[f.read.id, "review"]]);
    expect(await spaceLevel(f.read, target.id)).toBe("review");
    await inviteOk(f.admin, target, { role: null, users: [f.read.id] });
    expect(await userGrants(f.admin, target, 0)).toEqual([]);
    expect(await spaceLevel(f.read, target.id)).toBe("read");
  });

  it("makes a user who is not a member a guest of the organization who sees only that space (organization admins only)", async () => {
    const target = await spaceTarget();
    const writer = await createUser("outside-writer");
    // A space admin who is not an organization admin may not bring someone into the organization.
    const ownSpace = (await createSpace(f.create, orgId)).id;
    const refused = await invite(f.create, { kind: "space", id: ownSpace }, { role: "edit", users: [writer.id] });
    expect(errorMessage(refused, 403)).toContain("needs the organization role 'admin'");
    expect(await memberRole(f.admin, orgId, writer.id)).toBe("not a member");

    await inviteOk(f.admin, target, { role: "edit", users: [writer.email] });
    expect(await memberRole(f.admin, orgId, writer.id)).toBeNull();
    expect(await spaceLevel(writer, target.id)).toBe("edit");
    expect(await spaceLevel(writer, ownSpace)).toBe(404);
    const spaces = await call("GET", `/v1/orgs/${orgId}/spaces`, { token: writer.token });
    expect(spaces.body.items.map((space: { id: string }) => space.id)).toEqual([target.id]);
    expect(spaces.body.count).toBe(1);
  });

  it("refuses what names nobody, or is malformed, with nothing changed", async () => {
    const target = await spaceTarget();
    const otherTeam = await teamWith(f.outsider, f.outsiderOrganization.id, []);
    const cases: Array<[unknown, number, string]> = [
      [{ users: [f.read.id] }, 400, "'role'"],
      [{ role: "edit" }, 400, "'users'"],
      [{ role: "edit", users: [] }, 400, "'users'"],
      [{ role: "owner", users: [f.read.id] }, 400, "'role'"],
      [{ role: "edit", users: [f.read.id], extra: 1 }, 400, "extra"],
      [{ role: "edit", users: Array.from({ length: 1001 }, (_, index) => `user${index}`) }, 400, "'users'"],
      [{ role: "edit", teams: ["bad id!"] }, 400, "'teams[0]'"],
      [{ role: "edit", users: [f.read.id, "noSuchUser0000000000"] }, 404, "User 'noSuchUser0000000000' not found"],
      [{ role: "edit", users: ["nobody-yet@example.com"] }, 404, "User 'nobody-yet@example.com' not found"],
      [{ role: "edit", teams: [otherTeam] }, 404, `Team '${otherTeam}' of the organization not found`],
    ];
    await inParallel(cases, async ([body, status, named]) => {
      expect(errorMessage(await invite(f.admin, target, body), status), JSON.stringify(body).slice(0, 80)).toContain(named);
    });
    expect(await userGrants(f.admin, target, 0)).toEqual([]);
    expect(await memberRole(f.admin, orgId, f.outsider.id)).toBe("not a member");
  });

  it("is for the space's admins: 403 for lower levels, 404 for whoever cannot see it, 401 without a token, 409 once deleted", async () => {
    const target = await spaceTarget();
    const body = { role: "edit", users: [f.read.id] };
    for (const member of [f.create, f.review, f.edit, f.comment, f.read]) {
      expect(errorMessage(await invite(member, target, body), 403)).toContain("needs the level 'admin'");
    }
    for (const stranger of [f.guest, f.outsider]) expect(errorMessage(await invite(stranger, target, body), 404)).toContain(`Space '${target.id}'`);
    expect(errorMessage(await call("POST", permissionsPath(target), { body }), 401)).toBeTruthy();
    await call("DELETE", `/v1/spaces/${target.id}`, { token: f.admin.token });
    expect(errorMessage(await invite(f.admin, target, body), 409)).toContain("restore it first");
    expect(await userGrants(f.admin, target, 0)).toEqual([]);
    await expectClientError(gitbookClient(f.edit).spaces.inviteToSpace(target.id, { role: MemberRole.Edit, users: [f.read.id] }), 403);
  });
});

describe("what a grant on a space gives", () => {
  it("lets a guest in, at the role given, until it is taken back (the next request)", async () => {
    const target = await spaceTarget();
    const other = await createSpace(f.admin, orgId);
    expect(await spaceLevel(f.guest, target.id)).toBe(404);
    await grantTo(f.admin, target, f.guest, "comment");
    expect(await spaceLevel(f.guest, target.id)).toBe("comment");
    expect(await spaceLevel(f.guest, other.id)).toBe(404);
    const comment = await call("POST", `/v1/spaces/${target.id}/comments`, { token: f.guest.token, body: { body: { markdown: "Seen" } } });
    expect(comment.status, JSON.stringify(comment.body)).toBe(200);
    expect(errorMessage(await call("POST", `/v1/spaces/${target.id}/change-requests`, { token: f.guest.token, body: {} }), 403)).toContain("'edit'");

    await revoke(f.admin, target, "user", f.guest.id);
    expect(await spaceLevel(f.guest, target.id)).toBe(404);
    expect(errorMessage(await call("GET", `/v1/spaces/${target.id}/comments`, { token: f.guest.token }), 404)).toContain("Space");
  });

  it("raises a member through their team, and no longer once they leave the team", async () => {
    const target = await spaceTarget();
    const team = await teamWith(f.admin, orgId, [f.read]);
    await grantToTeam(f.admin, target, team, "edit");
    expect(await spaceLevel(f.read, target.id)).toBe("edit");
    expect(await spaceLevel(f.comment, target.id)).toBe("comment");
    const left = await call("DELETE", `/v1/orgs/${orgId}/teams/${team}/members/${f.read.id}`, { token: f.admin.token });
    expect(left.status).toBe(204);
    expect(await spaceLevel(f.read, target.id)).toBe("read");
  });

  it("changes nothing below what the member's role already gives, but stays listed and counts once the role is lower", async () => {
    const target = await spaceTarget();
    await grantTo(f.admin, target, f.edit, "read");
    expect(await spaceLevel(f.edit, target.id)).toBe("edit");
    expect(await userGrants(f.admin, target, 1)).toEqual([[f.edit.id, "read"]]);
    // The space's default level lowers every member who is not an admin; the grant is then what they keep.
    await grantTo(f.admin, target, f.comment, "review");
    const lowered = await call("PATCH", `/v1/spaces/${target.id}`, { token: f.admin.token, body: { defaultLevel: "read" } });
    expect(lowered.status).toBe(200);
    expect(await spaceLevel(f.edit, target.id)).toBe("read");
    expect(await spaceLevel(f.comment, target.id)).toBe("review");
  });
});

describe("PATCH and DELETE /v1/spaces/{spaceId}/permissions/{users|teams}/{id}", () => {
  it("changes a user's role, keeps it without `role`, takes it back with null; 404 for someone given nothing", async () => {
    const target = await spaceTarget();
    await grantTo(f.admin, target, f.read, "comment");
    const client = gitbookClient(f.admin);
    expect((await client.spaces.updateUserPermissionInSpace(target.id, f.read.id, { role: MemberRole.Edit })).status).toBe(204);
    expect(await userGrants(f.admin, target, 1)).toEqual([[f.read.id, "edit"]]);
    const patch = (userId: string, body: unknown) => call("PATCH", principalPath(target, "user", userId), { token: f.admin.token, body });
    expect((await patch(f.read.id, {})).status).toBe(204);
    expect(await userGrants(f.admin, target, 1)).toEqual([[f.read.id, "edit"]]);
    expect(errorMessage(await patch(f.comment.id, { role: "edit" }), 404)).toContain(`User '${f.comment.id}'`);
    expect(errorMessage(await patch(f.read.id, { role: "owner" }), 400)).toContain("'role'");
    expect(errorMessage(await patch(f.read.id, { role: "edit", other: true }), 400)).toContain("other");
    expect((await patch(f.read.id, { role: null })).status).toBe(204);
    expect(await userGrants(f.admin, target, 0)).toEqual([]);
    expect(errorMessage(await patch(f.read.id, {}), 404)).toContain("not found");
  });

  it("changes and takes back a team's role: 205 when taken back, 204 when there was none", async () => {
    const target = await spaceTarget();
    const team = await teamWith(f.admin, orgId, [f.comment]);
    await grantToTeam(f.admin, target, team, "edit");
    const client = gitbookClient(f.admin);
    expect((await client.spaces.updateTeamPermissionInSpace(target.id, team, { role: MemberRole.Review })).status).toBe(204);
    expect((await teamGrants(f.admin, target, 1)).map((item) => item.permission)).toEqual(["review"]);
    expect(await spaceLevel(f.comment, target.id)).toBe("review");
    expect((await client.spaces.removeTeamFromSpace(target.id, team)).status).toBe(205);
    await revoke(f.admin, target, "team", team, 204);
    await revoke(f.admin, target, "user", f.read.id, 204);
    expect(await spaceLevel(f.comment, target.id)).toBe("comment");
  });

  it("is for the space's admins, on every route", async () => {
    const target = await spaceTarget();
    await grantTo(f.admin, target, f.read, "comment");
    const routes: Array<[string, string, unknown]> = [
      ["PATCH", principalPath(target, "user", f.read.id), { role: "edit" }],
      ["DELETE", principalPath(target, "user", f.read.id), undefined],
      ["PATCH", principalPath(target, "team", "someTeam"), { role: "edit" }],
      ["DELETE", principalPath(target, "team", "someTeam"), undefined],
      ["GET", `${permissionsPath(target)}/users`, undefined],
      ["GET", `${permissionsPath(target)}/teams`, undefined],
      ["GET", `${permissionsPath(target)}/aggregate`, undefined],
    ];
    await inParallel(routes, async ([method, path, body]) => {
      expect(errorMessage(await call(method, path, { token: f.edit.token, body }), 403), `${method} ${path}`).toContain("needs the level 'admin'");
      expect(errorMessage(await call(method, path, { token: f.outsider.token, body }), 404), `${method} ${path}`).toContain("not found");
      expect((await call(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect(errorMessage(await call(method, path.replace(target.id, "noSuchSpace000000000"), { token: f.admin.token, body }), 404)).toContain("Space");
    });
    expect(await userGrants(f.admin, target, 1)).toEqual([[f.read.id, "comment"]]);
    expect(errorMessage(await call("GET", `${permissionsPath(target)}/users?limit=1001`, { token: f.admin.token }), 400)).toContain("'limit'");
  });
});

describe("GET /v1/spaces/{spaceId}/permissions/users", () => {
  it("pages through many users, oldest grant first, and hides emails from those who may not list members", async () => {
    const target = await spaceTarget();
    const people = await Promise.all(Array.from({ length: 7 }, (_, index) => createUser(`grantee-${index}`)));
    await Promise.all(people.map((person) => addMember(f.admin, orgId, person, "read")));
    for (const person of people) await grantTo(f.admin, target, person, "comment");
    expect(await userGrants(f.admin, target, 7, 3)).toEqual(people.map((person) => [person.id, "comment"]));
    // A guest who administers the space sees who was given it, without emails.
    await grantTo(f.admin, target, f.guest, "admin");
    const listed = await call("GET", `${permissionsPath(target)}/users`, { token: f.guest.token });
    expect(listed.status).toBe(200);
    expectSpecResponse("listUserPermissionsInSpace", 200, listed.body);
    expect(listed.body.items.every((item: { user: { email?: string } }) => item.user.email === undefined)).toBe(true);
  });
});
