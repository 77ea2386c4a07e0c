import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../../src/db/client";
import { userVisibleInOrganization } from "../../../src/domain/users/visible-users";
import { addMember, createOrganization, createUser, gitbookClient, gitbookClient0146, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";

/**
 * `getUserById`: a user sees themself, and the users they share an organization with; the email
 * only where member lists would show it (not to guests); anyone else is a 404.
 */

let f: Awaited<ReturnType<typeof organizationWithEveryRole>>;

beforeAll(async () => {
  f = await organizationWithEveryRole();
}, 60_000);

/** GET /v1/users/{userId} as `viewer`: the body, checked against GitBook's 0.202 and 0.146 schemas. */
async function viewUser(viewer: TestUser, userId: string) {
  const response = await call("GET", `/v1/users/${userId}`, { token: viewer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getUserById", 200, response.body);
  expectSpec0146Response("getUserById", 200, response.body);
  return response.body as { object: string; id: string; displayName: string; email?: string; urls: { location: string } };
}

const refused = async (viewer: TestUser, userId: string) => errorMessage(await call("GET", `/v1/users/${userId}`, { token: viewer.token }), 404);

describe("getting a user by id", () => {
  it("shows the caller themself, email included", async () => {
    const self = await viewUser(f.read, f.read.id);
    expect(self).toEqual({ object: "user", id: f.read.id, displayName: "Test read", email: f.read.email, urls: { location: `https://docs.test/v1/users/${f.read.id}` } });
    // The same as GET /v1/user.
    expect(self).toEqual((await call("GET", "/v1/user", { token: f.read.token })).body);
  });

  it("shows fellow members with their email to members who may list members, without it to guests", async () => {
    const seenByReader = await viewUser(f.read, f.admin.id);
    expect(seenByReader).toMatchObject({ id: f.admin.id, displayName: "Test admin", email: f.admin.email });
    expect(await viewUser(f.admin, f.guest.id)).toMatchObject({ id: f.guest.id, email: f.guest.email });
    const seenByGuest = await viewUser(f.guest, f.admin.id);
    expect(seenByGuest).toEqual({ object: "user", id: f.admin.id, displayName: "Test admin", urls: seenByReader.urls });
  });

  it("shows the email when any shared organization lets the caller list members", async () => {
    const viewer = await createUser("viewer");
    const target = await createUser("target");
    const where = await createOrganization(f.admin);
    const other = await createOrganization(f.admin);
    for (const [organizationId, role] of [[where.id, null], [other.id, "read"]] as const) {
      await addMember(f.admin, organizationId, viewer, role);
    }
    await addMember(f.admin, where.id, target, "edit");
    // A guest where they share, a reader elsewhere: no email.
    expect((await viewUser(viewer, target.id)).email).toBeUndefined();
    await addMember(f.admin, other.id, target, "read");
    expect((await viewUser(viewer, target.id)).email).toBe(target.email);
  });

  it("is a 404 for a user the caller shares no organization with, as for an unknown id", async () => {
    const stranger = await createUser("stranger");
    const unknown = await refused(f.read, "noSuchUser00000000000");
    expect(unknown).toBe("User 'noSuchUser00000000000' not found");
    expect(await refused(f.read, stranger.id)).toBe(`User '${stranger.id}' not found`);
    expect(await refused(stranger, f.read.id)).toBe(`User '${f.read.id}' not found`);
    expect(await refused(f.outsider, f.admin.id)).toMatch(/not found$/);
  });

  it("stops showing a member once they left, and counts a disabled membership for the target only", async () => {
    const leaving = await createUser("leaving");
    const organization = await createOrganization(f.admin);
    await addMember(f.admin, organization.id, leaving, "read");
    expect((await viewUser(f.admin, leaving.id)).id).toBe(leaving.id);
    // Disabled members still show in member lists: they stay visible to their organization.
    await env.DB.prepare("UPDATE organization_members SET disabled = 1 WHERE organization_id = ? AND user_id = ?").bind(organization.id, leaving.id).run();
    expect((await viewUser(f.admin, leaving.id)).email).toBe(leaving.email);
    // But a disabled member sees nobody through that organization (as it is a 404 to them).
    expect(await refused(leaving, f.admin.id)).toMatch(/not found$/);
    await env.DB.prepare("UPDATE organization_members SET disabled = 0 WHERE organization_id = ? AND user_id = ?").bind(organization.id, leaving.id).run();
    expect((await call("DELETE", `/v1/orgs/${organization.id}/members/${leaving.id}`, { token: leaving.token })).status).toBeLessThan(300);
    expect(await refused(f.admin, leaving.id)).toMatch(/not found$/);
    expect(await refused(leaving, f.admin.id)).toMatch(/not found$/);
  });

  it("answers through GitBook's clients, 0.202 and 0.146", async () => {
    const { data: latest } = await gitbookClient(f.read).users.getUserById(f.admin.id);
    const { data: older } = await gitbookClient0146(f.guest).users.getUserById(f.admin.id);
    expect(latest).toMatchObject({ id: f.admin.id, email: f.admin.email });
    expect(older).toMatchObject({ id: f.admin.id, displayName: "Test admin" });
    expect(older.email).toBeUndefined();
  });

  it("is a 401 without a token, before anything is looked up", async () => {
    expect(errorMessage(await call("GET", `/v1/users/${f.admin.id}`), 401)).toBeTruthy();
  });
});

describe("a user as an organization's published sites may show them", () => {
  it("finds members of the organization (disabled ones too) and nobody else", async () => {
    const db = createDatabase(env.DB);
    const organizationId = f.organization.id;
    expect((await userVisibleInOrganization(db, organizationId, f.guest.id))?.id).toBe(f.guest.id);
    expect(await userVisibleInOrganization(db, organizationId, f.outsider.id)).toBeUndefined();
    expect(await userVisibleInOrganization(db, f.outsiderOrganization.id, f.admin.id)).toBeUndefined();
    expect(await userVisibleInOrganization(db, organizationId, "noSuchUser")).toBeUndefined();
  });
});
