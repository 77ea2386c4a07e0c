import { MemberRole } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { grantTo, grantToTeam, invite, permissionsPath, principalPath, revoke, teamWith, userGrants, type Target } from "../../helpers/grants";
import { call, errorMessage } from "../../helpers/http";
import { walkList } from "../../helpers/lists";
import { createSite, sitePath, sitesPath } from "../../helpers/sites";
import { expectSpecResponse } from "../../helpers/spec";
import { f, orgId, useSuiteFixture } from "../../helpers/suites/change-requests";

/**
 * A site's grants (GitBook 0.202's site permissions): what a role given on a site opens (that
 * site's routes, as the organization role would), the site lists, and everyone who can access a
 * site with where their level comes from (`listPermissionsAggregateInSite`).
 */

useSuiteFixture();

const siteTarget = async (): Promise<Target> => ({ kind: "site", id: (await createSite(f.admin, orgId)).id, organizationId: orgId });

type SitePermission = { permission: string | null; user: { id: string }; origin: { type: string; reason?: string; team?: string; organization?: string; site?: string }; disabled: boolean };

describe("a grant on a site", () => {
  it("opens that site to a guest at the role given, and only that site in their list", async () => {
    const target = await siteTarget();
    const other = await siteTarget();
    expect(errorMessage(await call("GET", sitePath(orgId, target.id), { token: f.guest.token }), 403)).toContain("'read'");
    const invited = await gitbookClient(f.admin).orgs.inviteToSite(orgId, target.id, { role: MemberRole.Read, users: [f.guest.id] });
    expect(invited.status).toBe(204);

    const read = await call("GET", sitePath(orgId, target.id), { token: f.guest.token });
    expect(read.status).toBe(200);
    expectSpecResponse("getSiteById", 200, read.body);
    expect(read.body.permissions).toMatchObject({ view: true, edit: false, admin: false });
    expect(errorMessage(await call("GET", sitePath(orgId, other.id), { token: f.guest.token }), 403)).toContain("'read'");
    expect(errorMessage(await call("PATCH", sitePath(orgId, target.id), { token: f.guest.token, body: { title: "Mine" } }), 403)).toContain("'create'");
    const listed = await walkList(sitesPath(orgId), {}, { token: f.guest.token, operationId: "listSites", expectedCount: 1 });
    expect(listed.map((site) => site.id)).toEqual([target.id]);

    await revoke(f.admin, target, "user", f.guest.id);
    expect(errorMessage(await call("GET", sitePath(orgId, target.id), { token: f.guest.token }), 403)).toContain("'read'");
    expect((await call("GET", sitesPath(orgId), { token: f.guest.token })).body).toEqual({ items: [], count: 0 });
  });

  it("lets a member manage the site with `create` given to their team, its structure and its deletion included", async () => {
    const target = await siteTarget();
    const team = await teamWith(f.admin, orgId, [f.read]);
    await grantToTeam(f.admin, target, team, "create");
    await grantTo(f.admin, target, f.guest, "read");
    const guestSites = async () => (await call("GET", `/v1/orgs/${orgId}/members/${f.guest.id}`, { token: f.admin.token })).body.sites;
    const sitesBefore = await guestSites();
    const renamed = await call("PATCH", sitePath(orgId, target.id), { token: f.read.token, body: { title: "Team docs" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.permissions).toMatchObject({ view: true, edit: true, admin: true });
    const space = await createSpace(f.admin, orgId);
    const section = await call("POST", `${sitePath(orgId, target.id)}/sections`, { token: f.read.token, body: { spaceId: space.id } });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    // The site's list shows every site to a member who may view sites, each with what they may do on it.
    const listed = await call("GET", `${sitesPath(orgId)}?limit=1000`, { token: f.read.token });
    expect(listed.body.items.find((site: { id: string }) => site.id === target.id).permissions.edit).toBe(true);
    expect((await call("DELETE", sitePath(orgId, target.id), { token: f.read.token })).status).toBe(204);
    expect(errorMessage(await call("GET", sitePath(orgId, target.id), { token: f.admin.token }), 404)).toContain("Site");
    // What was granted on it went with it.
    expect(await guestSites()).toBe(sitesBefore - 1);
  });

  it("is invited, listed, changed and taken back by those who may manage the site, through GitBook's client", async () => {
    const target = await siteTarget();
    const team = await teamWith(f.admin, orgId, [f.comment]);
    await grantTo(f.admin, target, f.read, "edit");
    await grantToTeam(f.admin, target, team, "create");
    const client = gitbookClient(f.create);
    const { data: users } = await client.orgs.listUserPermissionsInSite(orgId, target.id);
    expectSpecResponse("listUserPermissionsInSite", 200, users);
    expect(users.items.map((item) => [item.user.id, item.permission])).toEqual([[f.read.id, "edit"]]);
    const { data: teams } = await client.orgs.listTeamPermissionsInSite(orgId, target.id);
    expectSpecResponse("listTeamPermissionsInSite", 200, teams);
    expect(teams.items.map((item) => [item.team.id, item.permission])).toEqual([[team, "create"]]);
    expect((await client.orgs.updateUserPermissionInSite(orgId, target.id, f.read.id, { role: MemberRole.Comment })).status).toBe(204);
    expect(await userGrants(f.admin, target, 1)).toEqual([[f.read.id, "comment"]]);
    expect((await client.orgs.updateTeamPermissionInSite(orgId, target.id, team, { role: MemberRole.Read })).status).toBe(204);
    expect((await client.orgs.removeTeamFromSite(orgId, target.id, team)).status).toBe(205);
    expect((await client.orgs.removeUserFromSite(orgId, target.id, f.read.id)).status).toBe(205);
    expect((await client.orgs.removeUserFromSite(orgId, target.id, f.read.id)).status).toBe(204);

    // A site's grant always names a role: null is not one there (GitBook's MemberRole).
    expect(errorMessage(await call("PATCH", principalPath(target, "user", f.read.id), { token: f.admin.token, body: { role: null } }), 400)).toContain("'role'");
    const refused: Array<[typeof f.read, number, string]> = [
      [f.edit, 403, "'create'"],
      [f.guest, 403, "'create'"],
      [f.outsider, 404, "Organization"],
    ];
    for (const [caller, status, named] of refused) {
      expect(errorMessage(await invite(caller, target, { role: "read", users: [f.read.id] }), status)).toContain(named);
      expect(errorMessage(await call("GET", `${permissionsPath(target)}/users`, { token: caller.token }), status)).toContain(named);
    }
    expect(errorMessage(await invite(f.admin, { ...target, id: "noSuchSite0000000000" }, { role: "read", users: [f.read.id] }), 404)).toContain("Site");
    expect((await call("GET", `${permissionsPath(target)}/aggregate`)).status).toBe(401);
  });
});

describe("a site's structure", () => {
  it("shows each space with the caller's level on it, grants included", async () => {
    const space = await createSpace(f.admin, orgId);
    const site = await createSite(f.admin, orgId, { spaces: [space.id] });
    await grantTo(f.admin, { kind: "space", id: space.id }, f.read, "edit");
    const listed = await call("GET", `${sitePath(orgId, site.id)}/site-spaces`, { token: f.read.token });
    expect(listed.status).toBe(200);
    expectSpecResponse("listSiteSpaces", 200, listed.body);
    expect(listed.body.items[0].space.permissions).toMatchObject({ view: true, edit: true, admin: false });
    const asComment = await call("GET", `${sitePath(orgId, site.id)}/site-spaces`, { token: f.comment.token });
    expect(asComment.body.items[0].space.permissions).toMatchObject({ comment: true, edit: false });
  });
});

describe("GET /v1/orgs/{organizationId}/sites/{siteId}/permissions/aggregate", () => {
  it("lists everyone who can access the site, at their level, with where it comes from", async () => {
    const target = await siteTarget();
    const team = await teamWith(f.admin, orgId, [f.read]);
    await grantToTeam(f.admin, target, team, "edit");
    await grantTo(f.admin, target, f.guest, "comment");
    await grantTo(f.admin, target, f.create, "read");
    const { data } = await gitbookClient(f.admin).orgs.listPermissionsAggregateInSite(orgId, target.id, { sort: "name", order: "asc" });
    expectSpecResponse("listPermissionsAggregateInSite", 200, data);
    const byUser = Object.fromEntries((data.items as unknown as SitePermission[]).map((item) => [item.user.id, item]));
    expect(Object.keys(byUser).sort()).toEqual([f.admin, f.create, f.review, f.edit, f.comment, f.read, f.guest].map((user) => user.id).sort());
    expect(byUser[f.read.id]).toMatchObject({ permission: "edit", origin: { type: "site", site: target.id, reason: "team", team }, disabled: false });
    expect(byUser[f.guest.id]).toMatchObject({ permission: "comment", origin: { type: "site", reason: "member" } });
    // A grant below the organization role changes nothing: the role is where the level comes from.
    expect(byUser[f.create.id]).toMatchObject({ permission: "create", origin: { type: "organization", organization: orgId } });

    const guests = await walkList<SitePermission>(`${permissionsPath(target)}/aggregate`, { role: "guest" }, { token: f.admin.token, operationId: "listPermissionsAggregateInSite", expectedCount: 1 });
    expect(guests.map((item) => item.user.id)).toEqual([f.guest.id]);
    const inTeam = await walkList<SitePermission>(`${permissionsPath(target)}/aggregate`, { team }, { token: f.admin.token, operationId: "listPermissionsAggregateInSite", expectedCount: 1 });
    expect(inTeam.map((item) => item.user.id)).toEqual([f.read.id]);
    const paged = await walkList<SitePermission>(`${permissionsPath(target)}/aggregate`, { limit: 3, sort: "joinedAt", order: "asc" }, { token: f.admin.token, operationId: "listPermissionsAggregateInSite", expectedCount: 7 });
    expect(paged.map((item) => item.user.id)).toEqual([f.admin, f.create, f.review, f.edit, f.comment, f.read, f.guest].map((user) => user.id));
    expect(errorMessage(await call("GET", `${permissionsPath(target)}/aggregate?sort=rank`, { token: f.admin.token }), 400)).toContain("'sort'");
  });
});
