import { MemberRole } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { NON_ADMINS, createOrganization, createUser, gitbookClient, memberRole, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";

/**
 * Invitations by email: `POST /v1/orgs/{organizationId}/invites` (GitBook's
 * `inviteUsersToOrganization`), the pending invitations (`/email-invites`, our own) and their
 * acceptance when a user is created with the address. Every test builds its own organization and
 * addresses (storage is shared by the file).
 */

let counter = 0;
/** A fresh address no user has. */
const newAddress = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}@invited.example`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const invitePath = (organizationId: string) => `/v1/orgs/${organizationId}/invites`;
const pendingPath = (organizationId: string) => `/v1/orgs/${organizationId}/email-invites`;

async function newOrganization() {
  const admin = await createUser("invites-admin");
  const organization = await createOrganization(admin);
  return { admin, organizationId: organization.id as string };
}

/** Invites as `admin`, asserting 200 and GitBook's shape. */
async function invite(admin: TestUser, organizationId: string, body: unknown) {
  const response = await call("POST", invitePath(organizationId), { token: admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("inviteUsersToOrganization", 200, response.body);
  return response.body as { users: string[]; invited: number; failedSSOEmails?: string[] };
}

/** Every pending invitation of the organization, oldest first. */
async function pending(admin: TestUser, organizationId: string) {
  const response = await call("GET", `${pendingPath(organizationId)}?limit=1000`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items as Array<{ object: string; id: string; email: string; role: string | null; sso: boolean; createdAt: string }>;
}

/** The member as the admin reads them (GitBook's OrganizationMember), or undefined when not a member. */
async function member(admin: TestUser, organizationId: string, userId: string) {
  const response = await call("GET", `/v1/orgs/${organizationId}/members/${userId}`, { token: admin.token });
  if (response.status === 404) return undefined;
  expect(response.status).toBe(200);
  return response.body as { role: string | null; sso: boolean };
}

describe("inviting existing users", () => {
  it("makes them members at once, with the default role or their own, through GitBook's client", async () => {
    const { admin, organizationId } = await newOrganization();
    const [ada, grace] = [await createUser("ada"), await createUser("grace")];
    const { data } = await gitbookClient(admin).orgs.inviteUsersToOrganization(organizationId, {
      emails: [ada.email.toUpperCase(), { email: grace.email, role: MemberRole.Edit }],
      role: MemberRole.Comment,
    });
    expectSpecResponse("inviteUsersToOrganization", 200, data);
    expect(data).toEqual({ users: [ada.id, grace.id], invited: 2 });
    expect(await memberRole(admin, organizationId, ada.id)).toBe("comment");
    expect(await memberRole(admin, organizationId, grace.id)).toBe("edit");
    expect(await pending(admin, organizationId)).toEqual([]);
  });

  it("gives the organization's defaultRole when the request names no role, and guests with role null", async () => {
    const { admin, organizationId } = await newOrganization();
    expect((await call("PATCH", `/v1/orgs/${organizationId}`, { token: admin.token, body: { defaultRole: "review" } })).status).toBe(200);
    const [reviewer, guest] = [await createUser("reviewer"), await createUser("guest")];
    await invite(admin, organizationId, { emails: [reviewer.email, { email: guest.email, role: null }] });
    expect(await memberRole(admin, organizationId, reviewer.id)).toBe("review");
    expect(await memberRole(admin, organizationId, guest.id)).toBeNull();
  });

  it("leaves members as they are: not added again, not counted, their role kept", async () => {
    const { admin, organizationId } = await newOrganization();
    const user = await createUser("member");
    await invite(admin, organizationId, { emails: [user.email], role: "read" });
    const again = await invite(admin, organizationId, { emails: [user.email, admin.email], role: "admin" });
    expect(again).toEqual({ users: [], invited: 0 });
    expect(await memberRole(admin, organizationId, user.id)).toBe("read");
  });
});

describe("inviting addresses no user has", () => {
  it("keeps a pending invitation, which the user created later with the address accepts", async () => {
    const { admin, organizationId } = await newOrganization();
    const address = newAddress("later");
    const result = await invite(admin, organizationId, { emails: [{ email: address, role: "edit" }] });
    expect(result).toEqual({ users: [], invited: 1 });
    const [invitation] = await pending(admin, organizationId);
    expect(invitation).toEqual({ object: "email-invite", id: expect.stringMatching(/^[a-zA-Z0-9]{20}$/), email: address, role: "edit", sso: false, createdAt: expect.any(String) });

    // The operator creates the user, with the address in another case: they join on creation.
    const user = await createUser("later", address.toUpperCase());
    expect(await memberRole(admin, organizationId, user.id)).toBe("edit");
    expect(await pending(admin, organizationId)).toEqual([]);
    // The organization is theirs at once.
    const organizations = await call("GET", "/v1/orgs", { token: user.token });
    expect(organizations.body.items.map((organization: { id: string }) => organization.id)).toEqual([organizationId]);
  });

  it("joins every organization that invited the address, each with its role", async () => {
    const first = await newOrganization();
    const second = await newOrganization();
    const address = newAddress("twice");
    await invite(first.admin, first.organizationId, { emails: [address], role: "read" });
    await invite(second.admin, second.organizationId, { emails: [address], role: "create" });
    const user = await createUser("twice", address);
    expect(await memberRole(first.admin, first.organizationId, user.id)).toBe("read");
    expect(await memberRole(second.admin, second.organizationId, user.id)).toBe("create");
    expect(await pending(second.admin, second.organizationId)).toEqual([]);
  });

  it("renews an invitation of the same address: one invitation, the latest role", async () => {
    const { admin, organizationId } = await newOrganization();
    const address = newAddress("renewed");
    await invite(admin, organizationId, { emails: [address], role: "read" });
    const [before] = await pending(admin, organizationId);
    expect(await invite(admin, organizationId, { emails: [address.toUpperCase()], role: "review" })).toEqual({ users: [], invited: 1 });
    expect(await pending(admin, organizationId)).toEqual([{ ...before, role: "review" }]);
  });

  it("counts users added and invitations made together", async () => {
    const { admin, organizationId } = await newOrganization();
    const user = await createUser("mixed");
    const result = await invite(admin, organizationId, { emails: [newAddress("a"), user.email, newAddress("b")] });
    expect(result).toEqual({ users: [user.id], invited: 3 });
    expect(await pending(admin, organizationId)).toHaveLength(2);
  });
});

describe("pending invitations", () => {
  it("are listed oldest first, page by page, in their own shape", async () => {
    const { admin, organizationId } = await newOrganization();
    const addresses = [newAddress("p1"), newAddress("p2"), newAddress("p3")];
    for (const address of addresses) {
      await invite(admin, organizationId, { emails: [address] });
      // Distinct creation times, so "oldest first" is the order of the requests.
      await pause(3);
    }
    const items = await walkList<{ email: string }>(pendingPath(organizationId), { limit: 1 }, { token: admin.token, operationId: null, expectedCount: 3 });
    expect(items.map((item) => item.email)).toEqual(addresses);
    // Another organization's invitations never show.
    const other = await newOrganization();
    expect(await pending(other.admin, other.organizationId)).toEqual([]);
  });

  it("are revoked (205, then 204), and a revoked invitation is never accepted", async () => {
    const { admin, organizationId } = await newOrganization();
    const address = newAddress("revoked");
    await invite(admin, organizationId, { emails: [address], role: "admin" });
    const [invitation] = await pending(admin, organizationId);
    const path = `${pendingPath(organizationId)}/${invitation!.id}`;
    expect((await call("DELETE", path, { token: admin.token })).status).toBe(205);
    expect((await call("DELETE", path, { token: admin.token })).status).toBe(204);
    const user = await createUser("revoked", address);
    expect(await member(admin, organizationId, user.id)).toBeUndefined();
  });

  it("cannot be revoked through another organization (204, the invitation stays)", async () => {
    const { admin, organizationId } = await newOrganization();
    await invite(admin, organizationId, { emails: [newAddress("kept")] });
    const [invitation] = await pending(admin, organizationId);
    const other = await newOrganization();
    expect((await call("DELETE", `${pendingPath(other.organizationId)}/${invitation!.id}`, { token: other.admin.token })).status).toBe(204);
    expect(await pending(admin, organizationId)).toEqual([invitation]);
  });
});

describe("SSO", () => {
  it("adds users as SSO members unless they are members of another organization (failedSSOEmails)", async () => {
    const { admin, organizationId } = await newOrganization();
    const fresh = await createUser("sso-fresh");
    const elsewhere = await createUser("sso-elsewhere");
    await createOrganization(elsewhere);
    const result = await invite(admin, organizationId, { emails: [fresh.email, elsewhere.email], sso: true, role: "read" });
    expect(result).toEqual({ users: [fresh.id, elsewhere.id], invited: 2, failedSSOEmails: [elsewhere.email] });
    expect((await member(admin, organizationId, fresh.id))?.sso).toBe(true);
    expect((await member(admin, organizationId, elsewhere.id))?.sso).toBe(false);
  });

  it("carries sso to the pending invitation: the new user joins as an SSO member, unless they join several organizations", async () => {
    const { admin, organizationId } = await newOrganization();
    const alone = newAddress("sso-alone");
    await invite(admin, organizationId, { emails: [alone], sso: true });
    expect((await pending(admin, organizationId))[0]?.sso).toBe(true);
    const user = await createUser("sso-alone", alone);
    expect((await member(admin, organizationId, user.id))?.sso).toBe(true);

    const other = await newOrganization();
    const shared = newAddress("sso-shared");
    await invite(admin, organizationId, { emails: [shared], sso: true });
    await invite(other.admin, other.organizationId, { emails: [shared] });
    const joiner = await createUser("sso-shared", shared);
    expect((await member(admin, organizationId, joiner.id))?.sso).toBe(false);
    expect((await member(other.admin, other.organizationId, joiner.id))?.sso).toBe(false);
  });
});

describe("refusals", () => {
  it("refuses bad bodies with a 400 naming the field and limit, inviting nobody", async () => {
    const { admin, organizationId } = await newOrganization();
    const user = await createUser("not-invited");
    const cases: Array<[unknown, RegExp]> = [
      [{}, /'emails'/],
      [{ emails: "a@example.com" }, /'emails'/],
      [{ emails: [user.email, "not an address"] }, /'emails\[1\]'/],
      [{ emails: [{ email: user.email }] }, /'emails\[0\]/],
      [{ emails: [{ email: user.email, role: "owner" }] }, /'emails\[0\]\.role'/],
      [{ emails: [user.email], role: "owner" }, /'role'/],
      [{ emails: [user.email], sso: "yes" }, /'sso'/],
      [{ emails: [user.email], teams: [] }, /'teams': not a field/],
      [{ emails: [user.email, user.email.toUpperCase()] }, /'emails\[1\]': .* listed twice/],
      [{ emails: Array.from({ length: 1001 }, (_, index) => `u${index}@example.com`) }, /'emails'.*1000/],
    ];
    for (const [body, expected] of cases) {
      expect(errorMessage(await call("POST", invitePath(organizationId), { token: admin.token, body }), 400), JSON.stringify(body).slice(0, 80)).toMatch(expected);
    }
    expect(await member(admin, organizationId, user.id)).toBeUndefined();
    expect(await pending(admin, organizationId)).toEqual([]);
  });

  it("is for admins: every other role gets a 403 and nothing changes; outsiders a 404", async () => {
    const f = await organizationWithEveryRole();
    const address = newAddress("refused");
    for (const role of NON_ADMINS) {
      const message = errorMessage(await call("POST", invitePath(f.organization.id), { token: f[role].token, body: { emails: [address] } }), 403);
      expect(message).toContain("'admin'");
      errorMessage(await call("GET", pendingPath(f.organization.id), { token: f[role].token }), 403);
    }
    errorMessage(await call("POST", invitePath(f.organization.id), { token: f.outsider.token, body: { emails: [address] } }), 404);
    errorMessage(await call("GET", pendingPath(f.organization.id), { token: f.outsider.token }), 404);
    expect(await pending(f.admin, f.organization.id)).toEqual([]);
    const user = await createUser("refused", address);
    expect(await member(f.admin, f.organization.id, user.id)).toBeUndefined();
  });
});
