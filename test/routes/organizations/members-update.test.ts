import { GitBookAPIError, MemberRole } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, NON_ADMINS, memberRole, createOrganization, createUser, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { type Member, memberPath, membersPath, organizationWith, readMember } from "../../helpers/suites/members";

/** Organization members: changing roles, removing members and leaving, and GitBook's client. */

describe("PATCH /v1/orgs/{organizationId}/members/{userId}", () => {
  it("lets an admin change a member's role", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: "review" } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, response.body);
    expect(response.body).toMatchObject({ object: "member", id: alice.id, role: "review", user: { id: alice.id } });
    expect(await memberRole(admin, organizationId, alice.id)).toBe("review");
  });

  it("walks a member through every role", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "read" });
    for (const role of ["admin", ...NON_ADMIN_ROLES, null] as const) {
      const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.role).toBe(role);
      expect(await memberRole(admin, organizationId, alice.id)).toBe(role);
    }
  });

  it("makes a member a guest with role null", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "comment" });
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: null } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, response.body);
    expect(response.body.role).toBeNull();
    expect(await memberRole(admin, organizationId, alice.id)).toBeNull();
    const guests = await call("GET", `${membersPath(organizationId)}?role=guest`, { token: admin.token });
    expect(guests.body.items.map((member: Member) => member.id)).toEqual([alice.id]);
    // As a guest, alice may no longer list members.
    errorMessage(await call("GET", membersPath(organizationId), { token: alice.token }), 403);
  });

  it("forbids every non-admin role and guests (403), changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    for (const caller of NON_ADMINS) {
      // On another member...
      const other = await call("PATCH", memberPath(orgId, fixture.read.id), { token: fixture[caller].token, body: { role: "admin" } });
      errorMessage(other, 403);
      // ...and on themselves.
      const self = await call("PATCH", memberPath(orgId, fixture[caller].id), { token: fixture[caller].token, body: { role: "admin" } });
      errorMessage(self, 403);
      // Nor may they demote the admin.
      const demote = await call("PATCH", memberPath(orgId, fixture.admin.id), { token: fixture[caller].token, body: { role: "read" } });
      errorMessage(demote, 403);
    }
    expect(await memberRole(fixture.admin, orgId, fixture.admin.id)).toBe("admin");
    for (const role of NON_ADMIN_ROLES) expect(await memberRole(fixture.admin, orgId, fixture[role].id)).toBe(role);
    expect(await memberRole(fixture.admin, orgId, fixture.guest.id)).toBeNull();
  });

  it("hides the organization from outsiders (404), changing nothing", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "read" });
    const outsider = await createUser("outsider");
    await createOrganization(outsider);
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: outsider.token, body: { role: "admin" } });
    errorMessage(response, 404);
    expect(await memberRole(admin, organizationId, alice.id)).toBe("read");
  });

  it("refuses an invalid role, naming role", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    for (const role of ["owner", "Admin", 3, ""]) {
      const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role } });
      expect(errorMessage(response, 400)).toContain("role");
    }
    expect(await memberRole(admin, organizationId, alice.id)).toBe("edit");
  });

  it("accepts a body without role, as GitBook's spec does (role is optional there), changing nothing", async () => {
    const { admin, organizationId, alice, bob } = await organizationWith({ alice: "edit", bob: "read" });
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: {} });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, response.body);
    expect(response.body).toMatchObject({ object: "member", id: alice.id, role: "edit" });
    expect(await memberRole(admin, organizationId, alice.id)).toBe("edit");
    // Still an admin-only operation, on a member that exists.
    errorMessage(await call("PATCH", memberPath(organizationId, alice.id), { token: bob.token, body: {} }), 403);
    errorMessage(await call("PATCH", memberPath(organizationId, "no-such-user"), { token: admin.token, body: {} }), 404);
  });

  it("refuses a malformed JSON body (400)", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    const response = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: "{not json" });
    errorMessage(response, 400);
    expect(await memberRole(admin, organizationId, alice.id)).toBe("edit");
  });

  it("answers 404 for an unknown member", async () => {
    const { admin, organizationId } = await organizationWith({});
    const stranger = await createUser("stranger");
    for (const userId of ["no-such-user", stranger.id]) {
      const response = await call("PATCH", memberPath(organizationId, userId), { token: admin.token, body: { role: "read" } });
      expect(errorMessage(response, 404)).not.toMatch(/No route/);
    }
    // The stranger did not become a member by being named.
    errorMessage(await call("GET", `/v1/orgs/${organizationId}`, { token: stranger.token }), 404);
  });

  it("refuses to demote the only admin (409), who stays admin", async () => {
    const { admin, organizationId } = await organizationWith({ alice: "create" });
    for (const role of [...NON_ADMIN_ROLES, null]) {
      const response = await call("PATCH", memberPath(organizationId, admin.id), { token: admin.token, body: { role } });
      errorMessage(response, 409);
    }
    expect(await memberRole(admin, organizationId, admin.id)).toBe("admin");
  });

  it("lets an admin re-affirm their own admin role", async () => {
    const { admin, organizationId } = await organizationWith({});
    const response = await call("PATCH", memberPath(organizationId, admin.id), { token: admin.token, body: { role: "admin" } });
    expect(response.status).toBe(200);
    expect(response.body.role).toBe("admin");
  });

  it("lets the first admin step down once another member is admin", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    const promote = await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: "admin" } });
    expect(promote.status).toBe(200);
    expect(promote.body.role).toBe("admin");

    const stepDown = await call("PATCH", memberPath(organizationId, admin.id), { token: admin.token, body: { role: "read" } });
    expect(stepDown.status, JSON.stringify(stepDown.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, stepDown.body);
    expect(stepDown.body.role).toBe("read");
    expect(await memberRole(alice, organizationId, admin.id)).toBe("read");
    expect(await memberRole(alice, organizationId, alice.id)).toBe("admin");

    // The former admin has lost the power to manage members...
    errorMessage(await call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: "read" } }), 403);
    // ...and alice is now the only admin.
    errorMessage(await call("PATCH", memberPath(organizationId, alice.id), { token: alice.token, body: { role: "edit" } }), 409);
    expect(await memberRole(alice, organizationId, alice.id)).toBe("admin");
  });

  it("answers 200 to an admin who steps down to guest, though a guest may no longer read members", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "admin" });
    const stepDown = await call("PATCH", memberPath(organizationId, admin.id), { token: admin.token, body: { role: null } });
    expect(stepDown.status, JSON.stringify(stepDown.body)).toBe(200);
    expectSpecResponse("updateMemberInOrganizationById", 200, stepDown.body);
    expect(stepDown.body).toMatchObject({ id: admin.id, role: null });
    expect(await memberRole(alice, organizationId, admin.id)).toBeNull();
    errorMessage(await call("GET", memberPath(organizationId, admin.id), { token: admin.token }), 403);
  });

  it("lets only one of two admins demoting each other at the same moment succeed", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { admin, organizationId, alice } = await organizationWith({ alice: "admin" });
      const [first, second] = await Promise.all([
        call("PATCH", memberPath(organizationId, alice.id), { token: admin.token, body: { role: "edit" } }),
        call("PATCH", memberPath(organizationId, admin.id), { token: alice.token, body: { role: "edit" } }),
      ]);
      // The loser gets 403 when the winner's write lands before its access check, or 409 when both
      // pass the check and the UPDATE's last-admin condition decides.
      const statuses = [first.status, second.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const roles = [await memberRole(admin, organizationId, admin.id), await memberRole(admin, organizationId, alice.id)];
      expect(roles.filter((role) => role === "admin")).toHaveLength(1);
    }
  });

  it("lets one admin demote another", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "admin" });
    const response = await call("PATCH", memberPath(organizationId, admin.id), { token: alice.token, body: { role: "comment" } });
    expect(response.status).toBe(200);
    expect(await memberRole(alice, organizationId, admin.id)).toBe("comment");
  });

});

describe("DELETE /v1/orgs/{organizationId}/members/{userId}", () => {
  it("lets an admin remove a member (205), who then loses access; again is 204", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    expect((await call("GET", `/v1/orgs/${organizationId}`, { token: alice.token })).status).toBe(200);

    const removed = await call("DELETE", memberPath(organizationId, alice.id), { token: admin.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(205);
    expect(removed.body).toBeUndefined();

    expect(errorMessage(await call("GET", `/v1/orgs/${organizationId}`, { token: alice.token }), 404)).not.toMatch(/No route/);
    errorMessage(await readMember(admin, organizationId, alice.id), 404);
    const list = await call("GET", membersPath(organizationId), { token: admin.token });
    expect(list.body.items.map((member: Member) => member.id)).toEqual([admin.id]);
    expect(list.body.count).toBe(1);

    const again = await call("DELETE", memberPath(organizationId, alice.id), { token: admin.token });
    expect(again.status).toBe(204);
    expect(again.body).toBeUndefined();
  });

  it("answers 204 for a user who never was a member", async () => {
    const { admin, organizationId } = await organizationWith({});
    const stranger = await createUser("stranger");
    expect((await call("DELETE", memberPath(organizationId, stranger.id), { token: admin.token })).status).toBe(204);
    expect((await call("DELETE", memberPath(organizationId, "no-such-user"), { token: admin.token })).status).toBe(204);
  });

  it("lets a read-role member leave (205)", async () => {
    const { admin, organizationId, alice, bob } = await organizationWith({ alice: "read", bob: "read" });
    const left = await call("DELETE", memberPath(organizationId, alice.id), { token: alice.token });
    expect(left.status, JSON.stringify(left.body)).toBe(205);
    errorMessage(await call("GET", `/v1/orgs/${organizationId}`, { token: alice.token }), 404);
    errorMessage(await readMember(admin, organizationId, alice.id), 404);
    // Others are untouched.
    expect(await memberRole(admin, organizationId, bob.id)).toBe("read");
    // Having left, alice is an outsider.
    errorMessage(await call("DELETE", memberPath(organizationId, alice.id), { token: alice.token }), 404);
  });

  it("lets a guest leave (205)", async () => {
    const { admin, organizationId, guest } = await organizationWith({ guest: null });
    expect((await call("DELETE", memberPath(organizationId, guest.id), { token: guest.token })).status).toBe(205);
    errorMessage(await readMember(admin, organizationId, guest.id), 404);
  });

  it("forbids non-admins from removing someone else (403), changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    for (const caller of NON_ADMINS) {
      const target = caller === "read" ? fixture.comment : fixture.read;
      errorMessage(await call("DELETE", memberPath(orgId, target.id), { token: fixture[caller].token }), 403);
      errorMessage(await call("DELETE", memberPath(orgId, fixture.admin.id), { token: fixture[caller].token }), 403);
    }
    const list = await call("GET", `${membersPath(orgId)}?limit=1000`, { token: fixture.admin.token });
    expect(list.body.count).toBe(7);
    expect(await memberRole(fixture.admin, orgId, fixture.read.id)).toBe("read");
    expect(await memberRole(fixture.admin, orgId, fixture.comment.id)).toBe("comment");
    expect(await memberRole(fixture.admin, orgId, fixture.admin.id)).toBe("admin");
  });

  it("refuses to let the only admin leave (409), who stays admin", async () => {
    const { admin, organizationId } = await organizationWith({ alice: "create" });
    errorMessage(await call("DELETE", memberPath(organizationId, admin.id), { token: admin.token }), 409);
    expect(await memberRole(admin, organizationId, admin.id)).toBe("admin");
    expect((await call("GET", `/v1/orgs/${organizationId}`, { token: admin.token })).status).toBe(200);
  });

  it("lets an admin leave when another admin remains", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "admin" });
    expect((await call("DELETE", memberPath(organizationId, admin.id), { token: admin.token })).status).toBe(205);
    errorMessage(await readMember(alice, organizationId, admin.id), 404);
    // Now alice is the last admin.
    errorMessage(await call("DELETE", memberPath(organizationId, alice.id), { token: alice.token }), 409);
  });

  it("hides the organization from outsiders (404), changing nothing", async () => {
    const { admin, organizationId, alice } = await organizationWith({ alice: "edit" });
    const outsider = await createUser("outsider");
    await createOrganization(outsider);
    errorMessage(await call("DELETE", memberPath(organizationId, alice.id), { token: outsider.token }), 404);
    errorMessage(await call("DELETE", memberPath(organizationId, outsider.id), { token: outsider.token }), 404);
    expect(await memberRole(admin, organizationId, alice.id)).toBe("edit");
  });

});

describe("members through GitBook's official client", () => {
  it("lists, reads, updates and removes members", async () => {
    const { admin, organizationId, amy, Zed, bob } = await organizationWith({ amy: "read", Zed: "edit", bob: null });
    const client = gitbookClient(admin);

    const seen: string[] = [];
    let page: string | undefined;
    do {
      const { data } = await client.orgs.listMembersInOrganizationById(organizationId, { sort: "name", order: "asc", limit: 2, page });
      expect(data.count).toBe(4);
      seen.push(...data.items.map((member) => member.user.displayName));
      page = data.next?.page;
    } while (page);
    expect(seen).toEqual(["Test admin", "Test amy", "Test bob", "Test Zed"]);

    const guests = await client.orgs.listMembersInOrganizationById(organizationId, { role: "guest" });
    expect(guests.data.items.map((member) => member.id)).toEqual([bob.id]);

    const { data: member } = await client.orgs.getMemberInOrganizationById(organizationId, Zed.id);
    expect(member.role).toBe("edit");
    expect(member.user.email).toBe(Zed.email);

    const { data: updated } = await client.orgs.updateMemberInOrganizationById(organizationId, amy.id, { role: MemberRole.Comment });
    expect(updated.role).toBe("comment");

    const removed = await client.orgs.removeMemberFromOrganizationById(organizationId, Zed.id);
    expect(removed.status).toBe(205);
    const absent = await client.orgs.removeMemberFromOrganizationById(organizationId, Zed.id);
    expect(absent.status).toBe(204);

    const after = await client.orgs.listMembersInOrganizationById(organizationId, { sort: "name", order: "desc" });
    expect(after.data.items.map((item) => [item.id, item.role])).toEqual([
      [bob.id, null],
      [amy.id, "comment"],
      [admin.id, "admin"],
    ]);
  });

  it("surfaces 403 and 409 as GitBookAPIError", async () => {
    const { admin, organizationId, amy } = await organizationWith({ amy: "read" });
    const asAmy = gitbookClient(amy);
    const forbidden = await asAmy.orgs.updateMemberInOrganizationById(organizationId, admin.id, { role: MemberRole.Read }).catch((error) => error);
    expect(forbidden).toBeInstanceOf(GitBookAPIError);
    expect((forbidden as GitBookAPIError).code).toBe(403);

    const conflict = await gitbookClient(admin)
      .orgs.removeMemberFromOrganizationById(organizationId, admin.id)
      .catch((error) => error);
    expect(conflict).toBeInstanceOf(GitBookAPIError);
    expect((conflict as GitBookAPIError).code).toBe(409);
  });
});
