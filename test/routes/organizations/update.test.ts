import { GitBookAPIError } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { addMember, createOrganization, createUser, gitbookClient, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { freshDomain, freshHostname, organizationIdsForDomain, patchOrganization, random, readOrganization } from "../../helpers/suites/organizations";

/** Organizations: updating one (fields, roles, hostnames, email domains). */

describe("PATCH /v1/orgs/{organizationId} (updateOrganizationById)", () => {
  /** A fresh admin with a fresh organization and one `read` member. */
  async function freshOrganization(body: Record<string, unknown> = {}) {
    const admin = await createUser("patch-admin");
    const organization = await createOrganization(admin, body);
    const member = await createUser("patch-member");
    await addMember(admin, organization.id, member, "read");
    return { admin, organization, member };
  }

  /** PATCHes as admin, checks 200 + GitBook's spec, and that a re-GET shows the same object. */
  async function applyPatch(admin: TestUser, organizationId: string, body: Record<string, unknown>) {
    const response = await patchOrganization(admin, organizationId, body);
    expect(response.status, `${JSON.stringify(body)} -> ${JSON.stringify(response.body)}`).toBe(200);
    expectSpecResponse("updateOrganizationById", 200, response.body);
    const read = await readOrganization(admin, organizationId);
    expect(read).toEqual(response.body);
    return read;
  }

  it("updates each field, and a re-read shows the change", async () => {
    const { admin, organization, member } = await freshOrganization();
    const id = organization.id;

    const title = `Renamed ${random()}`;
    let current = await applyPatch(admin, id, { title });
    expect(current.title).toBe(title);

    const domain = freshDomain();
    current = await applyPatch(admin, id, { emailDomains: [domain.toUpperCase(), domain] });
    expect(current.emailDomains).toEqual([domain]);
    expect(current.title).toBe(title);

    const hostname = freshHostname();
    current = await applyPatch(admin, id, { hostname });
    expect(current.hostname).toBe(hostname);
    expect(current.emailDomains).toEqual([domain]);

    current = await applyPatch(admin, id, { defaultRole: "edit" });
    expect(current.defaultRole).toBe("edit");
    current = await applyPatch(admin, id, { defaultRole: null });
    expect(current.defaultRole).toBeNull();

    const logo = "https://cdn.example.com/logos/acme.png";
    current = await applyPatch(admin, id, { logo });
    expect(current.urls.logo).toBe(logo);
    current = await applyPatch(admin, id, { title: `${title}!` });
    expect(current.urls.logo).toBe(logo);
    current = await applyPatch(admin, id, { logo: null });
    expect(current.urls).not.toHaveProperty("logo");

    current = await applyPatch(admin, id, { sso: true, ai: true, inviteLinks: false });
    expect([current.sso, current.ai, current.inviteLinks]).toEqual([true, true, false]);
    current = await applyPatch(admin, id, { sso: false, ai: false, inviteLinks: true });
    expect([current.sso, current.ai, current.inviteLinks]).toEqual([false, false, true]);

    const rules = { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [member.id] }] };
    current = await applyPatch(admin, id, { mergeRules: rules });
    expect(current.mergeRules).toEqual(rules);
    current = await applyPatch(admin, id, { mergeRules: { type: "none" } });
    expect(current.mergeRules).toEqual({ type: "none" });

    current = await applyPatch(admin, id, { defaultContent: null });
    expect(current).not.toHaveProperty("defaultContent");

    // Everything set along the way is still there.
    expect(current).toMatchObject({ title: `${title}!`, emailDomains: [domain], hostname, defaultRole: null, sso: false });
    expect(current.permissions.admin).toBe(true);
  });

  it("updates several fields in one request, and an empty body changes nothing", async () => {
    const { admin, organization } = await freshOrganization();
    const before = await readOrganization(admin, organization.id);
    const same = await applyPatch(admin, organization.id, {});
    expect(same).toEqual(before);

    const hostname = freshHostname();
    const after = await applyPatch(admin, organization.id, { title: "Many Fields", hostname, defaultRole: "comment", ai: true });
    expect(after).toMatchObject({ title: "Many Fields", hostname, defaultRole: "comment", ai: true });
    // The admin may set the hostname the organization already has.
    expect((await applyPatch(admin, organization.id, { hostname })).hostname).toBe(hostname);
  });

  it("is refused with 403 to every non-admin role, changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const before = await readOrganization(fixture.admin, fixture.organization.id);
    const members: Array<[string, TestUser]> = [
      ["create", fixture.create],
      ["review", fixture.review],
      ["edit", fixture.edit],
      ["comment", fixture.comment],
      ["read", fixture.read],
      ["guest", fixture.guest],
    ];
    for (const [role, user] of members) {
      for (const body of [{ title: `Hijacked by ${role}` }, { defaultRole: "admin" }, { hostname: freshHostname() }, {}]) {
        const response = await patchOrganization(user, fixture.organization.id, body);
        expect(response.status, `${role} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`).toBe(403);
        expect(errorMessage(response, 403)).toBeTruthy();
      }
    }
    expect(await readOrganization(fixture.admin, fixture.organization.id)).toEqual(before);
  });

  it("answers 404 to an outsider and for an unknown organization, changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const before = await readOrganization(fixture.admin, fixture.organization.id);
    const outsider = await patchOrganization(fixture.outsider, fixture.organization.id, { title: "Taken over" });
    errorMessage(outsider, 404);
    const unknown = await patchOrganization(fixture.admin, `missing${random()}`, { title: "Nobody" });
    errorMessage(unknown, 404);
    expect(await readOrganization(fixture.admin, fixture.organization.id)).toEqual(before);
    expect((await call("PATCH", `/v1/orgs/${fixture.organization.id}`, { body: { title: "No token" } })).status).toBe(401);
  });

  it("refuses invalid values with 400 naming the field, changing nothing", async () => {
    const { admin, organization } = await freshOrganization();
    const stranger = await createUser("patch-stranger");
    const before = await readOrganization(admin, organization.id);
    const cases: Array<{ body: Record<string, unknown>; field: string }> = [
      { body: { hostname: "ab" }, field: "hostname" },
      { body: { hostname: "h".repeat(33) }, field: "hostname" },
      { body: { hostname: null }, field: "hostname" },
      { body: { hostname: "has space" }, field: "hostname" },
      { body: { hostname: "-leading" }, field: "hostname" },
      { body: { hostname: "trailing-" }, field: "hostname" },
      { body: { hostname: "dots.not.allowed" }, field: "hostname" },
      { body: { logo: "not a url" }, field: "logo" },
      { body: { logo: `https://cdn.example.com/${"a".repeat(2048)}` }, field: "logo" },
      { body: { logo: "javascript:alert(1)" }, field: "logo" },
      { body: { title: "T".repeat(256) }, field: "title" },
      { body: { title: "T" }, field: "title" },
      { body: { title: "   " }, field: "title" },
      { body: { emailDomains: ["not a domain"] }, field: "emailDomains" },
      { body: { defaultRole: "owner" }, field: "defaultRole" },
      { body: { sso: "yes" }, field: "sso" },
      { body: { mergeRules: { type: "inherit" } }, field: "mergeRules" },
      { body: { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers" }] } }, field: "mergeRules" },
      { body: { defaultContent: { type: "site", site: "x" } }, field: "defaultContent" },
      {
        body: { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [stranger.id] }] } },
        field: "mergeRules",
      },
      {
        body: { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [`nobody${random()}`] }] } },
        field: "mergeRules",
      },
    ];
    for (const { body, field } of cases) {
      // A valid change rides along: the whole request must be refused, not only the bad field.
      const response = await patchOrganization(admin, organization.id, { title: `Changed ${random()}`, ...body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain(field);
    }
    const malformed = await patchOrganization(admin, organization.id, '{"title":');
    expect(malformed.status).toBe(400);
    expect(await readOrganization(admin, organization.id)).toEqual(before);
  });

  it("accepts hostname and logo at their limits", async () => {
    const { admin, organization } = await freshOrganization();
    const shortest = `a${random().slice(0, 2)}`;
    expect((await applyPatch(admin, organization.id, { hostname: shortest })).hostname).toBe(shortest);
    const longest = `${random()}${"x".repeat(32)}`.slice(0, 32);
    expect((await applyPatch(admin, organization.id, { hostname: longest })).hostname).toBe(longest);
    const prefix = "https://cdn.example.com/";
    const logo = `${prefix}${"l".repeat(2048 - prefix.length)}`;
    expect(logo).toHaveLength(2048);
    expect((await applyPatch(admin, organization.id, { logo })).urls.logo).toBe(logo);
  });

  it("answers 409 for a hostname another organization uses, changing nothing", async () => {
    const first = await freshOrganization();
    const second = await freshOrganization({ emailDomains: [freshDomain()] });
    const hostname = freshHostname();
    await applyPatch(first.admin, first.organization.id, { hostname });
    const before = await readOrganization(second.admin, second.organization.id);
    const [oldDomain] = before.emailDomains as string[];
    const newDomain = freshDomain();

    const response = await patchOrganization(second.admin, second.organization.id, {
      hostname,
      title: "Should not stick",
      emailDomains: [newDomain],
    });
    expect(errorMessage(response, 409)).toContain(hostname);
    expect(await readOrganization(second.admin, second.organization.id)).toEqual(before);
    expect((await readOrganization(first.admin, first.organization.id)).hostname).toBe(hostname);
    // The email-domain index did not move either.
    const oldUser = await createUser("conflict-old", `someone@${oldDomain}`);
    expect(await organizationIdsForDomain(oldUser, oldDomain!)).toEqual([second.organization.id]);
    const newUser = await createUser("conflict-new", `someone@${newDomain}`);
    expect(await organizationIdsForDomain(newUser, newDomain)).toEqual([]);
  });

  it("treats hostnames case-insensitively, as DNS does", async () => {
    const first = await freshOrganization();
    const second = await freshOrganization();
    const hostname = freshHostname();
    expect((await applyPatch(first.admin, first.organization.id, { hostname: hostname.toUpperCase() })).hostname).toBe(hostname);
    const before = await readOrganization(second.admin, second.organization.id);
    for (const taken of [hostname, hostname.toUpperCase(), `${hostname[0]!.toUpperCase()}${hostname.slice(1)}`]) {
      const response = await patchOrganization(second.admin, second.organization.id, { hostname: taken });
      expect(errorMessage(response, 409), taken).toContain("hostname");
    }
    expect(await readOrganization(second.admin, second.organization.id)).toEqual(before);
  });

  it("keeps GET /v1/email-domains/{domain}/orgs in step with emailDomains", async () => {
    const oldDomain = freshDomain("old");
    const keptDomain = freshDomain("kept");
    const newDomain = freshDomain("new");
    const { admin, organization } = await freshOrganization({ emailDomains: [oldDomain, keptDomain] });
    const oldUser = await createUser("domain-old", `someone@${oldDomain}`);
    const keptUser = await createUser("domain-kept", `someone@${keptDomain}`);
    const newUser = await createUser("domain-new", `someone@${newDomain}`);
    expect(await organizationIdsForDomain(oldUser, oldDomain)).toEqual([organization.id]);
    expect(await organizationIdsForDomain(newUser, newDomain)).toEqual([]);

    await applyPatch(admin, organization.id, { emailDomains: [keptDomain, newDomain.toUpperCase()] });
    expect(await organizationIdsForDomain(oldUser, oldDomain)).toEqual([]);
    expect(await organizationIdsForDomain(keptUser, keptDomain)).toEqual([organization.id]);
    expect(await organizationIdsForDomain(newUser, newDomain)).toEqual([organization.id]);

    await applyPatch(admin, organization.id, { emailDomains: [] });
    expect(await organizationIdsForDomain(keptUser, keptDomain)).toEqual([]);
    expect(await organizationIdsForDomain(newUser, newDomain)).toEqual([]);
    // And joining through a removed domain is no longer possible.
    expect((await call("POST", `/v1/orgs/${organization.id}/join`, { token: newUser.token })).status).toBe(400);
  });

  it("accepts up to 50 email domains, and refuses 51", async () => {
    const { admin, organization } = await freshOrganization();
    const domains = Array.from({ length: 50 }, (_, index) => freshDomain(`d${index}`));
    const current = await applyPatch(admin, organization.id, { emailDomains: domains });
    expect(current.emailDomains).toEqual(domains);
    const last = await createUser("many-domains", `someone@${domains[49]}`);
    expect(await organizationIdsForDomain(last, domains[49]!)).toEqual([organization.id]);

    const tooMany = await patchOrganization(admin, organization.id, { emailDomains: [...domains, freshDomain()] });
    expect(errorMessage(tooMany, 400)).toContain("emailDomains");
    expect((await readOrganization(admin, organization.id)).emailDomains).toEqual(domains);

    const creator = await createUser("many-domains-creator");
    const created = await call("POST", "/v1/orgs", { token: creator.token, body: { title: "Many Domains", emailDomains: domains } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.emailDomains).toEqual(domains);
    expect((await organizationIdsForDomain(last, domains[49]!)).sort()).toEqual([organization.id, created.body.id].sort());
  });

  it("updates through GitBook's client, which throws GitBookAPIError 403 for a non-admin", async () => {
    const { admin, organization, member } = await freshOrganization();
    const { data, status } = await gitbookClient(admin).orgs.updateOrganizationById(organization.id, {
      title: "Client Renamed",
      defaultRole: null,
      mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [member.id] }] },
    });
    expect(status).toBe(200);
    expect(data.title).toBe("Client Renamed");
    expect(data.defaultRole).toBeNull();
    expect(data.mergeRules).toEqual({ type: "rules", rules: [{ rule: "require_specific_reviewers", users: [member.id] }] });

    const error = await gitbookClient(member)
      .orgs.updateOrganizationById(organization.id, { title: "Member Renamed" })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(403);
    expect((await readOrganization(admin, organization.id)).title).toBe("Client Renamed");
  });
});
