import { GitBookAPIError, MemberRole, type InviteLinkToOrganization as Invite } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import type { Role } from "../../../src/lib/roles";
import {
  NON_ADMIN_ROLES,
  NON_ADMINS,
  memberRole,
  addMember,
  createOrganization,
  createUser,
  gitbookClient,
  organizationWithEveryRole,
  type TestUser,
} from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";

/**
 * Organization invite links through HTTP: /v1/orgs/{organizationId}/link-invites[/{inviteId}] and
 * POST /v1/orgs/{organizationId}/invites/{inviteId}. Storage is shared by the tests of this file,
 * so every test builds its own organizations.
 */

const invitesPath = (organizationId: string) => `/v1/orgs/${organizationId}/link-invites`;
const invitePath = (organizationId: string, inviteId: string) => `/v1/orgs/${organizationId}/link-invites/${inviteId}`;
const joinPath = (organizationId: string, inviteId: string) => `/v1/orgs/${organizationId}/invites/${inviteId}`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates an invite link as `admin`, asserting 201 and GitBook's spec. */
async function createInvite(admin: TestUser, organizationId: string, role: Role | null): Promise<Invite> {
  const response = await call("POST", invitesPath(organizationId), { token: admin.token, body: { role } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expectSpecResponse("createOrganizationInvite", 201, response.body);
  return response.body;
}

/** Every invite link of the organization as `admin` lists them (one page of up to 1000). */
async function listInvites(admin: TestUser, organizationId: string): Promise<{ items: Invite[]; count: number }> {
  const response = await call("GET", `${invitesPath(organizationId)}?limit=1000`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listOrganizationInviteLinks", 200, response.body);
  expect(response.body.next).toBeUndefined();
  return response.body;
}

async function join(user: TestUser, organizationId: string, inviteId: string) {
  return call("POST", joinPath(organizationId, inviteId), { token: user.token });
}

async function setInviteLinks(admin: TestUser, organizationId: string, inviteLinks: boolean) {
  const response = await call("PATCH", `/v1/orgs/${organizationId}`, { token: admin.token, body: { inviteLinks } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.inviteLinks).toBe(inviteLinks);
}

async function newOrganization(label = "admin") {
  const admin = await createUser(label);
  const organization = await createOrganization(admin);
  return { admin, organizationId: organization.id as string };
}

describe("the spec check used here", () => {
  it("rejects bodies GitBook's spec does not allow", () => {
    expect(() => expectSpecResponse("createOrganizationInvite", 201, { object: "invite", id: "x", role: "owner", redundant: true })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("createOrganizationInvite", 201, { object: "invite", id: "x", role: "edit" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("listOrganizationInviteLinks", 200, { items: [{ object: "invite" }], count: 1 })).toThrow(/vs GitBook.s spec/);
  });
});

describe("POST /v1/orgs/{organizationId}/link-invites", () => {
  it("creates an invite link (201) in GitBook's shape", async () => {
    const { admin, organizationId } = await newOrganization();
    const invite = await createInvite(admin, organizationId, "edit");
    expect(invite).toEqual({ object: "invite", id: expect.any(String), role: "edit", redundant: true });
    expect(invite.id).toMatch(/^[a-zA-Z0-9_-]+$/);
    const { items, count } = await listInvites(admin, organizationId);
    expect(count).toBe(1);
    expect(items).toEqual([invite]);
  });

  it("creates invites for every role, and for guests (role null)", async () => {
    const { admin, organizationId } = await newOrganization();
    const roles = ["admin", ...NON_ADMIN_ROLES, null] as const;
    const created: Invite[] = [];
    for (const role of roles) {
      const invite = await createInvite(admin, organizationId, role);
      expect(invite.role).toBe(role);
      created.push(invite);
    }
    expect(new Set(created.map((invite) => invite.id)).size).toBe(roles.length);
    const { items } = await listInvites(admin, organizationId);
    expect(items.map((invite) => invite.id).sort()).toEqual(created.map((invite) => invite.id).sort());
    expect(items.find((invite) => invite.role === null)).toBeDefined();
  });

  it("refuses an invalid role, naming role", async () => {
    const { admin, organizationId } = await newOrganization();
    for (const body of [{ role: "owner" }, { role: "Admin" }, { role: 1 }, {}, { level: "edit", space: "abc" }]) {
      const response = await call("POST", invitesPath(organizationId), { token: admin.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain("role");
    }
    expect((await listInvites(admin, organizationId)).count).toBe(0);
  });

  it("refuses a missing or malformed body (400)", async () => {
    const { admin, organizationId } = await newOrganization();
    errorMessage(await call("POST", invitesPath(organizationId), { token: admin.token }), 400);
    errorMessage(await call("POST", invitesPath(organizationId), { token: admin.token, body: "{not json" }), 400);
    errorMessage(await call("POST", invitesPath(organizationId), { token: admin.token, body: "null" }), 400);
    expect((await listInvites(admin, organizationId)).count).toBe(0);
  });

  it("hides the organization from outsiders (404)", async () => {
    const { admin, organizationId } = await newOrganization();
    const outsider = await createUser("outsider");
    await createOrganization(outsider);
    const response = await call("POST", invitesPath(organizationId), { token: outsider.token, body: { role: "admin" } });
    expect(errorMessage(response, 404)).not.toMatch(/No route/);
    expect((await listInvites(admin, organizationId)).count).toBe(0);
  });

  it("refuses to create invites while the organization's inviteLinks is false (400)", async () => {
    const { admin, organizationId } = await newOrganization();
    await createInvite(admin, organizationId, "read");
    await setInviteLinks(admin, organizationId, false);
    const response = await call("POST", invitesPath(organizationId), { token: admin.token, body: { role: "edit" } });
    errorMessage(response, 400);
    expect((await listInvites(admin, organizationId)).count).toBe(1);
    // Turned back on, invites can be created again.
    await setInviteLinks(admin, organizationId, true);
    await createInvite(admin, organizationId, "edit");
    expect((await listInvites(admin, organizationId)).count).toBe(2);
  });

});

describe("GET /v1/orgs/{organizationId}/link-invites", () => {
  it("walks every page, oldest first, at limits 1, 2 and 1000", async () => {
    const { admin, organizationId } = await newOrganization();
    const created: Invite[] = [];
    for (const role of ["read", null, "admin", "edit", "comment"] as const) {
      created.push(await createInvite(admin, organizationId, role));
      // Distinct creation times, so "oldest first" is the order of creation.
      await pause(3);
    }
    // Another organization's invites never show up.
    const other = await newOrganization("other");
    await createInvite(other.admin, other.organizationId, "read");

    for (const limit of [1, 2, 1000]) {
      const items = await walkList<Invite>(invitesPath(organizationId), { limit }, {
        token: admin.token,
        operationId: "listOrganizationInviteLinks",
        expectedCount: created.length,
      });
      expect(items).toEqual(created);
      expect(items.every((invite) => invite.redundant)).toBe(true);
    }
  });

  it("lists no invites for a new organization", async () => {
    const { admin, organizationId } = await newOrganization();
    const response = await call("GET", invitesPath(organizationId), { token: admin.token });
    expect(response.status).toBe(200);
    expectSpecResponse("listOrganizationInviteLinks", 200, response.body);
    expect(response.body).toEqual({ items: [], count: 0 });
  });

  it("marks every invite redundant for an admin caller", async () => {
    const { admin, organizationId } = await newOrganization();
    for (const role of ["admin", "read", null] as const) await createInvite(admin, organizationId, role);
    const { items } = await listInvites(admin, organizationId);
    expect(items).toHaveLength(3);
    for (const invite of items) expect(invite.redundant).toBe(true);
  });

  it("refuses limit 1001 and a foreign page value (400)", async () => {
    const { admin, organizationId } = await newOrganization();
    expect(errorMessage(await call("GET", `${invitesPath(organizationId)}?limit=1001`, { token: admin.token }), 400)).toContain("limit");
    expect(errorMessage(await call("GET", `${invitesPath(organizationId)}?page=nope`, { token: admin.token }), 400)).toContain("page");
  });

});

describe("DELETE /v1/orgs/{organizationId}/link-invites/{inviteId}", () => {
  it("deletes an invite (204); again is 204; it is gone and no longer lets anyone join", async () => {
    const { admin, organizationId } = await newOrganization();
    const invite = await createInvite(admin, organizationId, "edit");
    const kept = await createInvite(admin, organizationId, "read");

    const deleted = await call("DELETE", invitePath(organizationId, invite.id), { token: admin.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(deleted.body).toBeUndefined();
    const again = await call("DELETE", invitePath(organizationId, invite.id), { token: admin.token });
    expect(again.status).toBe(204);
    expect(again.body).toBeUndefined();

    const { items, count } = await listInvites(admin, organizationId);
    expect(count).toBe(1);
    expect(items.map((item) => item.id)).toEqual([kept.id]);

    const newcomer = await createUser("newcomer");
    expect(errorMessage(await join(newcomer, organizationId, invite.id), 404)).not.toMatch(/No route/);
    expect(await memberRole(admin, organizationId, newcomer.id)).toBe("not a member");
  });

  it("answers 204 for an invite that never existed", async () => {
    const { admin, organizationId } = await newOrganization();
    expect((await call("DELETE", invitePath(organizationId, "no-such-invite"), { token: admin.token })).status).toBe(204);
  });

  it("forbids every non-admin role and guests (403), keeping the invite", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const invite = await createInvite(fixture.admin, orgId, "comment");
    for (const caller of NON_ADMINS) {
      errorMessage(await call("DELETE", invitePath(orgId, invite.id), { token: fixture[caller].token }), 403);
    }
    errorMessage(await call("DELETE", invitePath(orgId, invite.id), { token: fixture.outsider.token }), 404);
    errorMessage(await call("DELETE", invitePath(orgId, invite.id)), 401);
    const { items } = await listInvites(fixture.admin, orgId);
    expect(items.map((item) => item.id)).toContain(invite.id);
    // And it still works.
    const newcomer = await createUser("newcomer");
    expect((await join(newcomer, orgId, invite.id)).status).toBe(200);
    expect(await memberRole(fixture.admin, orgId, newcomer.id)).toBe("comment");
  });

  it("does not delete another organization's invite (204, which still exists and works)", async () => {
    const mine = await newOrganization("mine");
    const theirs = await newOrganization("theirs");
    const foreign = await createInvite(theirs.admin, theirs.organizationId, "review");

    const response = await call("DELETE", invitePath(mine.organizationId, foreign.id), { token: mine.admin.token });
    expect(response.status).toBe(204);

    const { items } = await listInvites(theirs.admin, theirs.organizationId);
    expect(items.map((item) => item.id)).toEqual([foreign.id]);
    const newcomer = await createUser("newcomer");
    expect((await join(newcomer, theirs.organizationId, foreign.id)).status).toBe(200);
    expect(await memberRole(theirs.admin, theirs.organizationId, newcomer.id)).toBe("review");
    expect(await memberRole(mine.admin, mine.organizationId, newcomer.id)).toBe("not a member");
  });
});

describe("POST /v1/orgs/{organizationId}/invites/{inviteId}", () => {
  it("lets a new user join with the invite's role", async () => {
    const { admin, organizationId } = await newOrganization();
    const invite = await createInvite(admin, organizationId, "comment");
    const newcomer = await createUser("newcomer");
    errorMessage(await call("GET", `/v1/orgs/${organizationId}`, { token: newcomer.token }), 404);

    const response = await join(newcomer, organizationId, invite.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("joinOrganizationWithInvite", 200, response.body);
    expect(response.body).toEqual({});

    expect(await memberRole(admin, organizationId, newcomer.id)).toBe("comment");
    expect((await call("GET", `/v1/orgs/${organizationId}`, { token: newcomer.token })).status).toBe(200);
    // The invite stays usable by others.
    const second = await createUser("second");
    expect((await join(second, organizationId, invite.id)).status).toBe(200);
    expect(await memberRole(admin, organizationId, second.id)).toBe("comment");
  });

  it("joins as a guest through a role-null invite, and as admin through an admin invite", async () => {
    const { admin, organizationId } = await newOrganization();
    const guestInvite = await createInvite(admin, organizationId, null);
    const adminInvite = await createInvite(admin, organizationId, "admin");
    const guest = await createUser("guest");
    const coAdmin = await createUser("coadmin");
    expect((await join(guest, organizationId, guestInvite.id)).status).toBe(200);
    expect((await join(coAdmin, organizationId, adminInvite.id)).status).toBe(200);
    expect(await memberRole(admin, organizationId, guest.id)).toBeNull();
    expect(await memberRole(admin, organizationId, coAdmin.id)).toBe("admin");
    // The new admin may manage invites.
    expect((await call("GET", invitesPath(organizationId), { token: coAdmin.token })).status).toBe(200);
  });

  it("keeps a member's higher role when they use a lower-role invite", async () => {
    const { admin, organizationId } = await newOrganization();
    const editor = await createUser("editor");
    await addMember(admin, organizationId, editor, "edit");
    for (const role of ["read", "comment", "edit", null] as const) {
      const invite = await createInvite(admin, organizationId, role);
      expect((await join(editor, organizationId, invite.id)).status).toBe(200);
      expect(await memberRole(admin, organizationId, editor.id)).toBe("edit");
    }
    // An admin using any invite stays admin.
    const readInvite = await createInvite(admin, organizationId, "read");
    expect((await join(admin, organizationId, readInvite.id)).status).toBe(200);
    expect(await memberRole(admin, organizationId, admin.id)).toBe("admin");
  });

  it("raises a member with a lower role to the invite's role", async () => {
    const { admin, organizationId } = await newOrganization();
    const reader = await createUser("reader");
    const guest = await createUser("guest");
    await addMember(admin, organizationId, reader, "read");
    await addMember(admin, organizationId, guest, null);
    const review = await createInvite(admin, organizationId, "review");
    expect((await join(reader, organizationId, review.id)).status).toBe(200);
    expect(await memberRole(admin, organizationId, reader.id)).toBe("review");
    const read = await createInvite(admin, organizationId, "read");
    expect((await join(guest, organizationId, read.id)).status).toBe(200);
    expect(await memberRole(admin, organizationId, guest.id)).toBe("read");
  });

  it("answers 404 for an invite used with another organization's id", async () => {
    const mine = await newOrganization("mine");
    const theirs = await newOrganization("theirs");
    const invite = await createInvite(mine.admin, mine.organizationId, "edit");
    const newcomer = await createUser("newcomer");
    // Neither the other organization, nor one that does not exist, accepts it.
    expect(errorMessage(await join(newcomer, theirs.organizationId, invite.id), 404)).not.toMatch(/No route/);
    errorMessage(await join(newcomer, "no-such-org", invite.id), 404);
    expect(await memberRole(theirs.admin, theirs.organizationId, newcomer.id)).toBe("not a member");
    expect(await memberRole(mine.admin, mine.organizationId, newcomer.id)).toBe("not a member");
    // Not even the other organization's admin can use it there.
    errorMessage(await join(theirs.admin, theirs.organizationId, invite.id), 404);
    expect(await memberRole(theirs.admin, theirs.organizationId, theirs.admin.id)).toBe("admin");
  });

  it("answers 404 for an invite that does not exist", async () => {
    const { admin, organizationId } = await newOrganization();
    const newcomer = await createUser("newcomer");
    expect(errorMessage(await join(newcomer, organizationId, "no-such-invite"), 404)).not.toMatch(/No route/);
    expect(await memberRole(admin, organizationId, newcomer.id)).toBe("not a member");
  });

  it("answers 404 while the organization's inviteLinks is false", async () => {
    const { admin, organizationId } = await newOrganization();
    const invite = await createInvite(admin, organizationId, "edit");
    const reader = await createUser("reader");
    await addMember(admin, organizationId, reader, "read");
    await setInviteLinks(admin, organizationId, false);

    const newcomer = await createUser("newcomer");
    errorMessage(await join(newcomer, organizationId, invite.id), 404);
    expect(await memberRole(admin, organizationId, newcomer.id)).toBe("not a member");
    // Nor does it raise an existing member.
    errorMessage(await join(reader, organizationId, invite.id), 404);
    expect(await memberRole(admin, organizationId, reader.id)).toBe("read");
  });

});

describe("invites through GitBook's official client", () => {
  it("creates, lists, joins with and deletes an invite", async () => {
    const { admin, organizationId } = await newOrganization();
    const client = gitbookClient(admin);

    const created = await client.orgs.createOrganizationInvite(organizationId, { role: MemberRole.Review });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: "invite", role: "review", redundant: true });
    const guestInvite = await client.orgs.createOrganizationInvite(organizationId, { role: null });
    expect(guestInvite.data).toMatchObject({ object: "invite", role: null });

    const { data: firstPage } = await client.orgs.listOrganizationInviteLinks(organizationId, { limit: 1 });
    expect(firstPage.count).toBe(2);
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.next?.page).toBeDefined();
    const { data: secondPage } = await client.orgs.listOrganizationInviteLinks(organizationId, { limit: 1, page: firstPage.next!.page });
    expect(secondPage.next).toBeUndefined();
    expect([...firstPage.items, ...secondPage.items].map((invite) => invite.id).sort()).toEqual(
      [created.data.id, guestInvite.data.id].sort(),
    );

    const newcomer = await createUser("newcomer");
    const joined = await gitbookClient(newcomer).orgs.joinOrganizationWithInvite(organizationId, created.data.id);
    expect(joined.status).toBe(200);
    const { data: member } = await client.orgs.getMemberInOrganizationById(organizationId, newcomer.id);
    expect(member.role).toBe("review");

    // The newcomer is no admin: managing invites is refused.
    const refused = await gitbookClient(newcomer)
      .orgs.listOrganizationInviteLinks(organizationId)
      .catch((error) => error);
    expect(refused).toBeInstanceOf(GitBookAPIError);
    expect((refused as GitBookAPIError).code).toBe(403);

    const deleted = await client.orgs.deleteOrganizationInviteById(organizationId, created.data.id);
    expect(deleted.status).toBe(204);
    const { data: after } = await client.orgs.listOrganizationInviteLinks(organizationId);
    expect(after.items.map((invite) => invite.id)).toEqual([guestInvite.data.id]);

    const late = await createUser("late");
    const gone = await gitbookClient(late)
      .orgs.joinOrganizationWithInvite(organizationId, created.data.id)
      .catch((error) => error);
    expect(gone).toBeInstanceOf(GitBookAPIError);
    expect((gone as GitBookAPIError).code).toBe(404);
  });
});
