import { GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, gitbookClient, memberRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { ALL_FALSE, type Permissions, freshDomain, getOrganization, organizationIdsForDomain, organizationsForDomain, patchOrganization, random, readOrganization } from "../../helpers/suites/organizations";

/** Organizations: joining one through an email domain, and listing the organizations of a domain. */

describe("POST /v1/orgs/{organizationId}/join (joinOrganization)", () => {
  async function domainOrganization(defaultRole: string | null = "comment") {
    const domain = freshDomain();
    const admin = await createUser("join-admin");
    const organization = await createOrganization(admin, { emailDomains: [domain] });
    const patched = await patchOrganization(admin, organization.id, { defaultRole });
    expect(patched.status).toBe(200);
    return { admin, organization, domain };
  }

  const join = (user: TestUser | undefined, organizationId: string) =>
    call("POST", `/v1/orgs/${organizationId}/join`, user ? { token: user.token } : {});

  it("lets a user of an allowed domain join with the organization's defaultRole", async () => {
    const { admin, organization, domain } = await domainOrganization("comment");
    const user = await createUser("joiner", `someone@${domain}`);
    expect(await memberRole(admin, organization.id, user.id)).toBe("not a member");
    expect((await getOrganization(user, organization.id)).status).toBe(404);

    const response = await join(user, organization.id);
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    expect(response.body).toBeUndefined();
    expect(await memberRole(admin, organization.id, user.id)).toBe("comment");
    const read = await readOrganization(user, organization.id);
    expect(read.permissions).toMatchObject({ view: true, access: true, admin: false });
    const list = await call("GET", "/v1/orgs", { token: user.token });
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([organization.id]);
  });

  it("joining twice succeeds and keeps the role", async () => {
    const { admin, organization, domain } = await domainOrganization("comment");
    const user = await createUser("joiner-twice", `twice@${domain}`);
    expect((await join(user, organization.id)).status).toBe(204);
    // A later defaultRole does not apply to someone who is already a member.
    expect((await patchOrganization(admin, organization.id, { defaultRole: "create" })).status).toBe(200);
    expect((await join(user, organization.id)).status).toBe(204);
    expect(await memberRole(admin, organization.id, user.id)).toBe("comment");
    // Nor does joining demote an admin or duplicate a membership.
    // (the admin's own address is not of the allowed domain)
    expect((await join(admin, organization.id)).status).toBe(400);
    expect(await memberRole(admin, organization.id, admin.id)).toBe("admin");
    const members = await call("GET", `/v1/orgs/${organization.id}/members`, { token: admin.token });
    expect(members.body.count).toBe(2);
  });

  it("makes the joiner a guest when defaultRole is null", async () => {
    const { admin, organization, domain } = await domainOrganization(null);
    const user = await createUser("joiner-guest", `guest@${domain}`);
    expect((await join(user, organization.id)).status).toBe(204);
    expect(await memberRole(admin, organization.id, user.id)).toBeNull();
    const read = await readOrganization(user, organization.id);
    expect(read.permissions).toEqual({ ...ALL_FALSE, view: true });
  });

  it("matches the caller's email domain case-insensitively", async () => {
    const { admin, organization, domain } = await domainOrganization("read");
    const user = await createUser("joiner-case", `Someone@${domain.toUpperCase()}`);
    expect((await join(user, organization.id)).status).toBe(204);
    expect(await memberRole(admin, organization.id, user.id)).toBe("read");
  });

  it("refuses a user whose domain is not allowed, who stays outside", async () => {
    const { admin, organization, domain } = await domainOrganization("comment");
    const candidates = [
      await createUser("joiner-other", `someone@${freshDomain("other")}`),
      await createUser("joiner-suffix", `someone@evil${domain}`),
      await createUser("joiner-sub", `someone@sub.${domain}`),
      await createUser("joiner-example"),
    ];
    for (const user of candidates) {
      const response = await join(user, organization.id);
      expect(errorMessage(response, 400), user.email).toMatch(/domain/i);
      expect(await memberRole(admin, organization.id, user.id), user.email).toBe("not a member");
      expect((await getOrganization(user, organization.id)).status).toBe(404);
    }
    // An organization without email domains lets nobody join this way.
    const closedAdmin = await createUser("join-closed-admin");
    const closed = await createOrganization(closedAdmin);
    const user = await createUser("joiner-closed", `someone@${domain}`);
    expect((await join(user, closed.id)).status).toBe(400);
    expect(await memberRole(closedAdmin, closed.id, user.id)).toBe("not a member");
  });

  it("answers 404 for an unknown organization and 401 without a token", async () => {
    const { organization, domain, admin } = await domainOrganization("comment");
    const user = await createUser("joiner-404", `someone@${domain}`);
    errorMessage(await join(user, `missing${random()}`), 404);
    errorMessage(await join(undefined, organization.id), 401);
    errorMessage(await call("POST", `/v1/orgs/${organization.id}/join`, { token: "bogus" }), 401);
    expect(await memberRole(admin, organization.id, user.id)).toBe("not a member");
  });

  it("joins through GitBook's client, which throws GitBookAPIError 400 for a foreign domain", async () => {
    const { admin, organization, domain } = await domainOrganization("edit");
    const user = await createUser("joiner-client", `client@${domain}`);
    const { status } = await gitbookClient(user).orgs.joinOrganization(organization.id);
    expect(status).toBe(204);
    expect(await memberRole(admin, organization.id, user.id)).toBe("edit");

    const foreigner = await createUser("joiner-client-foreign");
    const error = await gitbookClient(foreigner)
      .orgs.joinOrganization(organization.id)
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(400);
    expect(await memberRole(admin, organization.id, foreigner.id)).toBe("not a member");
  });
});

describe("GET /v1/email-domains/{emailDomain}/orgs (getOrganizationsForEmailDomain)", () => {
  let domain: string;
  let user: TestUser;
  let first: { id: string };
  let second: { id: string };
  let unrelated: { id: string };

  beforeAll(async () => {
    domain = freshDomain("corp");
    const admin = await createUser("domain-admin");
    first = await createOrganization(admin, { emailDomains: [domain] });
    second = await createOrganization(admin, { emailDomains: [freshDomain("else"), domain.toUpperCase()] });
    unrelated = await createOrganization(admin, { emailDomains: [freshDomain("unrelated")] });
    user = await createUser("domain-user", `x@${domain}`);
  });

  it("lists the organizations allowing the caller's domain, with no permissions for non-members", async () => {
    const response = await organizationsForDomain(user, domain);
    expect(response.status).toBe(200);
    expectSpecResponse("getOrganizationsForEmailDomain", 200, response.body);
    const ids = response.body.organizations.map((organization: { id: string }) => organization.id);
    expect(ids.sort()).toEqual([first.id, second.id].sort());
    expect(ids).not.toContain(unrelated.id);
    for (const organization of response.body.organizations) {
      expect(organization.emailDomains).toContain(domain);
      expect(organization.permissions).toEqual(ALL_FALSE);
    }
  });

  it("shows a member's permissions for organizations they belong to", async () => {
    const member = await createUser("domain-member", `member@${domain}`);
    expect((await call("POST", `/v1/orgs/${first.id}/join`, { token: member.token })).status).toBe(204);
    const response = await organizationsForDomain(member, domain);
    expect(response.status).toBe(200);
    expectSpecResponse("getOrganizationsForEmailDomain", 200, response.body);
    const byId = new Map<string, { permissions: Permissions }>(
      response.body.organizations.map((organization: { id: string; permissions: Permissions }) => [organization.id, organization]),
    );
    expect(byId.get(first.id)?.permissions.view).toBe(true);
    expect(byId.get(first.id)?.permissions.access).toBe(true);
    expect(byId.get(second.id)?.permissions).toEqual(ALL_FALSE);
  });

  it("matches the domain case-insensitively", async () => {
    const lower = await organizationIdsForDomain(user, domain);
    expect(await organizationIdsForDomain(user, domain.toUpperCase())).toEqual(lower);
    const shouty = await createUser("domain-shouty", `SHOUTY@${domain.toUpperCase()}`);
    expect(await organizationIdsForDomain(shouty, domain)).toEqual(lower);
  });

  it("refuses a domain that is not the caller's own", async () => {
    const response = await organizationsForDomain(user, freshDomain("not-mine"));
    errorMessage(response, 403);
    const other = await createUser("domain-other");
    errorMessage(await organizationsForDomain(other, domain), 403);
    errorMessage(await organizationsForDomain(user, `sub.${domain}`), 403);
  });

  it("needs a valid token", async () => {
    errorMessage(await call("GET", `/v1/email-domains/${domain}/orgs`), 401);
    errorMessage(await call("GET", `/v1/email-domains/${domain}/orgs`, { token: "bogus" }), 401);
  });

  it("answers through GitBook's client", async () => {
    const { data, status } = await gitbookClient(user).emailDomains.getOrganizationsForEmailDomain(domain);
    expect(status).toBe(200);
    expect(data.organizations.map((organization) => organization.id).sort()).toEqual([first.id, second.id].sort());
  });
});
