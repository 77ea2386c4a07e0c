import { describe, expect, it } from "vitest";
import { NON_ADMINS, addMember, createOrganization, createUser, gitbookClient, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";

/**
 * One invite link by id: `GET` (GitBook's `getOrganizationInviteLink`: what it grants, to whoever
 * holds it) and `PATCH` (`updateOrganizationInviteById`: its role, admins). Every test builds its
 * own organization.
 */

const linkPath = (organizationId: string, inviteId: string) => `/v1/orgs/${organizationId}/link-invites/${inviteId}`;

async function newOrganizationWithInvite(role: "read" | "edit" | "admin" | null = "edit") {
  const admin = await createUser("links-admin");
  const organizationId = (await createOrganization(admin)).id as string;
  const created = await call("POST", `/v1/orgs/${organizationId}/link-invites`, { token: admin.token, body: { role } });
  expect(created.status).toBe(201);
  return { admin, organizationId, inviteId: created.body.id as string };
}

async function getLink(user: TestUser, organizationId: string, inviteId: string) {
  const response = await call("GET", linkPath(organizationId, inviteId), { token: user.token });
  if (response.status === 200) expectSpecResponse("getOrganizationInviteLink", 200, response.body);
  return response;
}

describe("GET an invite link", () => {
  it("shows what it grants to whoever holds it, and whether they have it already (redundant)", async () => {
    const { admin, organizationId, inviteId } = await newOrganizationWithInvite("edit");
    const { data } = await gitbookClient(admin).orgs.getOrganizationInviteLink(organizationId, inviteId);
    expectSpecResponse("getOrganizationInviteLink", 200, data);
    expect(data).toEqual({ object: "invite", id: inviteId, role: "edit", redundant: true });

    // Someone outside the organization, about to join: not redundant.
    const newcomer = await createUser("newcomer");
    await createOrganization(newcomer);
    expect((await getLink(newcomer, organizationId, inviteId)).body).toEqual({ object: "invite", id: inviteId, role: "edit", redundant: false });
    // A reader gains from it; an editor does not.
    const reader = await createUser("reader");
    await addMember(admin, organizationId, reader, "read");
    expect((await getLink(reader, organizationId, inviteId)).body.redundant).toBe(false);
    const editor = await createUser("editor");
    await addMember(admin, organizationId, editor, "edit");
    expect((await getLink(editor, organizationId, inviteId)).body.redundant).toBe(true);
  });

  it("is a 404 for an unknown id, an id of another organization, and, to non-admins, while invite links are off", async () => {
    const { admin, organizationId, inviteId } = await newOrganizationWithInvite();
    const other = await newOrganizationWithInvite();
    const outsider = await createUser("outsider");
    errorMessage(await getLink(admin, organizationId, "unknownInviteId"), 404);
    errorMessage(await getLink(admin, organizationId, other.inviteId), 404);
    errorMessage(await getLink(other.admin, other.organizationId, inviteId), 404);

    const reader = await createUser("reader-off");
    await addMember(admin, organizationId, reader, "read");
    expect((await call("PATCH", `/v1/orgs/${organizationId}`, { token: admin.token, body: { inviteLinks: false } })).status).toBe(200);
    errorMessage(await getLink(outsider, organizationId, inviteId), 404);
    errorMessage(await getLink(reader, organizationId, inviteId), 404);
    // Its admins still see it, as they list it.
    expect((await getLink(admin, organizationId, inviteId)).status).toBe(200);
  });
});

describe("PATCH an invite link", () => {
  it("changes the role it gives (admins), through GitBook's client", async () => {
    const { admin, organizationId, inviteId } = await newOrganizationWithInvite("read");
    const { data } = await gitbookClient(admin).orgs.updateOrganizationInviteById(organizationId, inviteId, { role: null });
    expectSpecResponse("updateOrganizationInviteById", 200, data);
    expect(data).toEqual({ object: "invite", id: inviteId, role: null, redundant: true });
    // Joining with it now gives that role.
    const guest = await createUser("guest");
    expect((await call("POST", `/v1/orgs/${organizationId}/invites/${inviteId}`, { token: guest.token })).status).toBe(200);
    expect((await call("GET", `/v1/orgs/${organizationId}/members/${guest.id}`, { token: admin.token })).body.role).toBeNull();
    const listed = await call("GET", `/v1/orgs/${organizationId}/link-invites`, { token: admin.token });
    expect(listed.body.items).toEqual([data]);
  });

  it("refuses bodies that are not exactly one of role and level (400 naming them), changing nothing", async () => {
    const { admin, organizationId, inviteId } = await newOrganizationWithInvite("read");
    const cases: Array<[unknown, RegExp]> = [
      [{ role: "edit", level: "edit" }, /'level': give 'role' or 'level', not both/],
      [{}, /give 'role'/],
      [{ role: "owner" }, /'role'/],
      [{ role: "edit", title: "x" }, /'title': not a field/],
      // GitBook's `level` is for invites to a space or collection: every invite link here is to the organization.
      [{ level: "edit" }, /'level': .*organization/],
    ];
    for (const [body, expected] of cases) {
      expect(errorMessage(await call("PATCH", linkPath(organizationId, inviteId), { token: admin.token, body }), 400)).toMatch(expected);
    }
    expect((await getLink(admin, organizationId, inviteId)).body.role).toBe("read");
  });

  it("is for admins (403 naming the role, nothing changed); another organization's or an unknown invite is a 404", async () => {
    const f = await organizationWithEveryRole();
    const created = await call("POST", `/v1/orgs/${f.organization.id}/link-invites`, { token: f.admin.token, body: { role: "read" } });
    const inviteId = created.body.id as string;
    for (const role of NON_ADMINS) {
      const message = errorMessage(await call("PATCH", linkPath(f.organization.id, inviteId), { token: f[role].token, body: { role: "admin" } }), 403);
      expect(message).toContain("'admin'");
    }
    errorMessage(await call("PATCH", linkPath(f.organization.id, inviteId), { token: f.outsider.token, body: { role: "admin" } }), 404);
    errorMessage(await call("PATCH", linkPath(f.organization.id, "unknownInviteId"), { token: f.admin.token, body: { role: "admin" } }), 404);
    const other = await newOrganizationWithInvite();
    errorMessage(await call("PATCH", linkPath(f.organization.id, other.inviteId), { token: f.admin.token, body: { role: "admin" } }), 404);
    expect((await getLink(f.admin, f.organization.id, inviteId)).body.role).toBe("read");
    expect((await getLink(other.admin, other.organizationId, other.inviteId)).body.role).toBe("edit");
  });
});
