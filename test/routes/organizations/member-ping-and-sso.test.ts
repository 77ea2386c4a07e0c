import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMINS, addMember, createOrganization, createUser, gitbookClient, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";

/**
 * `POST /v1/orgs/{organizationId}/ping` (GitBook's `updateOrganizationMemberLastSeenAt`) and
 * `POST /v1/orgs/{organizationId}/members/{userId}/sso` (`setUserAsSSOMemberForOrganization`).
 */

let f: Awaited<ReturnType<typeof organizationWithEveryRole>>;

beforeAll(async () => {
  f = await organizationWithEveryRole();
}, 60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function memberOf(organizationId: string, userId: string, viewer: TestUser = f.admin) {
  const response = await call("GET", `/v1/orgs/${organizationId}/members/${userId}`, { token: viewer.token });
  expect(response.status).toBe(200);
  return response.body as { lastSeenAt: string; joinedAt: string; sso: boolean; role: string | null };
}

describe("ping", () => {
  it("records that the caller is active now (lastSeenAt), through GitBook's client", async () => {
    const user = await createUser("pinger");
    await addMember(f.admin, f.organization.id, user, "read");
    const { joinedAt, lastSeenAt } = await memberOf(f.organization.id, user.id);
    expect(lastSeenAt).toBe(joinedAt);
    await pause(5);
    const before = Date.now();
    const { data } = await gitbookClient(user).orgs.updateOrganizationMemberLastSeenAt(f.organization.id);
    expectSpecResponse("updateOrganizationMemberLastSeenAt", 200, data);
    // No visitor claims to give members: the optional token is left out.
    expect(data).toEqual({});
    const seen = Date.parse((await memberOf(f.organization.id, user.id)).lastSeenAt);
    expect(seen).toBeGreaterThan(Date.parse(joinedAt));
    expect(seen).toBeGreaterThanOrEqual(before - 1);
  });

  it("is for every member, guests included, and changes only the caller's own lastSeenAt", async () => {
    const others = await Promise.all((["admin", "read"] as const).map(async (role) => [role, (await memberOf(f.organization.id, f[role].id)).lastSeenAt] as const));
    await pause(5);
    const response = await call("POST", `/v1/orgs/${f.organization.id}/ping`, { token: f.guest.token });
    expect(response.status).toBe(200);
    expect(Date.parse((await memberOf(f.organization.id, f.guest.id)).lastSeenAt)).toBeGreaterThan(Date.now() - 5_000);
    for (const [role, lastSeenAt] of others) expect((await memberOf(f.organization.id, f[role].id)).lastSeenAt).toBe(lastSeenAt);
  });

  it("is a 404 for outsiders and an unknown organization, and 401 without a token", async () => {
    errorMessage(await call("POST", `/v1/orgs/${f.organization.id}/ping`, { token: f.outsider.token }), 404);
    errorMessage(await call("POST", "/v1/orgs/unknownOrganizationId/ping", { token: f.admin.token }), 404);
    errorMessage(await call("POST", `/v1/orgs/${f.organization.id}/ping`), 401);
  });
});

describe("SSO members", () => {
  const ssoPath = (userId: string) => `/v1/orgs/${f.organization.id}/members/${userId}/sso`;

  it("marks a member as an SSO member (admins), through GitBook's client; again changes nothing", async () => {
    const user = await createUser("sso-member");
    await addMember(f.admin, f.organization.id, user, "edit");
    const { data } = await gitbookClient(f.admin).orgs.setUserAsSsoMemberForOrganization(f.organization.id, user.id);
    expectSpecResponse("setUserAsSSOMemberForOrganization", 200, data);
    expect(data).toMatchObject({ object: "member", id: user.id, role: "edit", sso: true });
    expect((await memberOf(f.organization.id, user.id)).sso).toBe(true);
    const again = await call("POST", ssoPath(user.id), { token: f.admin.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(data);
  });

  it("refuses a member of another organization (409): an SSO member belongs to one organization", async () => {
    const user = await createUser("sso-elsewhere");
    await addMember(f.admin, f.organization.id, user, "read");
    await createOrganization(user);
    expect(errorMessage(await call("POST", ssoPath(user.id), { token: f.admin.token }), 409)).toContain("another organization");
    expect((await memberOf(f.organization.id, user.id)).sso).toBe(false);
  });

  it("is for admins (403, nothing changed); a non-member or an outsider's call is a 404", async () => {
    const user = await createUser("sso-refused");
    await addMember(f.admin, f.organization.id, user, "read");
    for (const role of NON_ADMINS) {
      expect(errorMessage(await call("POST", ssoPath(user.id), { token: f[role].token }), 403)).toContain("'admin'");
    }
    errorMessage(await call("POST", ssoPath(user.id), { token: f.outsider.token }), 404);
    expect((await memberOf(f.organization.id, user.id)).sso).toBe(false);
    const stranger = await createUser("sso-stranger");
    expect(errorMessage(await call("POST", ssoPath(stranger.id), { token: f.admin.token }), 404)).toContain("Member");
    errorMessage(await call("POST", ssoPath("bad id!"), { token: f.admin.token }), 400);
  });
});
