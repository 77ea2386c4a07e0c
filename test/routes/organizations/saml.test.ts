import { GitBookAPIError, MemberRole, type OrganizationSAMLProvider as Provider } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { IDP_CERTIFICATE, ROTATED_IDP_CERTIFICATE } from "../../helpers/certificate";
import { NON_ADMINS, createOrganization, createUser, gitbookClient, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { ORIGIN, call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { createTeam, pause, type Fixture } from "../../helpers/teams";

/**
 * SAML providers and SSO logins through HTTP: /v1/orgs/{organizationId}/saml[/{samlProviderId}] and
 * GET /v1/orgs/{organizationId}/sso. Storage is shared by the tests of this file, so every test
 * that changes something builds its own organization.
 */

const samlPath = (organizationId: string) => `/v1/orgs/${organizationId}/saml`;
const providerPath = (organizationId: string, providerId: string) => `${samlPath(organizationId)}/${providerId}`;
const ssoPath = (organizationId: string) => `/v1/orgs/${organizationId}/sso`;

const providerBody = (overrides: Record<string, unknown> = {}) => ({
  label: "Okta",
  entityID: "http://www.okta.com/exk1abcdef",
  certificate: IDP_CERTIFICATE,
  ssoURL: "https://example.okta.com/app/docs/exk1abcdef/sso/saml",
  ...overrides,
});

/**
 * Creates a provider as `admin`, asserting 201, the Location header and GitBook's spec. Lists are
 * ordered by creation time (ties by id): the pause keeps the order of creation the order served.
 */
async function createProvider(admin: TestUser, organizationId: string, overrides: Record<string, unknown> = {}): Promise<Provider> {
  const response = await call("POST", samlPath(organizationId), { token: admin.token, body: providerBody(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expectSpecResponse("createOrganizationSAMLProvider", 201, response.body);
  expect(response.headers.get("location")).toBe(response.body.urls.location);
  await pause(3);
  return response.body;
}

async function readProvider(admin: TestUser, organizationId: string, providerId: string): Promise<Provider> {
  const response = await call("GET", providerPath(organizationId, providerId), { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getOrganizationSAMLProviderById", 200, response.body);
  return response.body;
}

async function providerCount(admin: TestUser, organizationId: string): Promise<number> {
  const response = await call("GET", `${samlPath(organizationId)}?limit=0`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.count;
}

async function newOrganization() {
  const admin = await createUser("admin");
  const organization = await createOrganization(admin);
  return { admin, orgId: organization.id as string };
}

/** `text` as a PEM block of the given label, 64 characters a line. */
function pem(label: string, bytes: Uint8Array): string {
  const base64 = btoa(String.fromCharCode(...bytes));
  return `-----BEGIN ${label}-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END ${label}-----`;
}

describe("the spec check used here", () => {
  it("rejects bodies GitBook's spec does not allow", () => {
    expect(() => expectSpecResponse("createOrganizationSAMLProvider", 201, { object: "saml-provider", id: "x", label: "L" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("listSSOProviderLoginsInOrganization", 200, { items: [{ id: "x" }] })).toThrow(/vs GitBook.s spec/);
  });
});

describe("POST /v1/orgs/{organizationId}/saml", () => {
  it("lets an admin add a provider (201, Location), active, with this deployment's service URLs", async () => {
    const { admin, orgId } = await newOrganization();
    const provider = await createProvider(admin, orgId);
    const base = `${ORIGIN}/v1/orgs/${orgId}/saml/${provider.id}`;
    expect(provider).toEqual({
      object: "saml-provider",
      id: expect.any(String),
      label: "Okta",
      ssoURL: "https://example.okta.com/app/docs/exk1abcdef/sso/saml",
      entityID: "http://www.okta.com/exk1abcdef",
      certificate: IDP_CERTIFICATE,
      // A new organization's defaultRole is read.
      defaultRole: "read",
      createdAt: expect.any(String),
      status: "active",
      service: { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` },
      urls: { location: base },
    });
    expect(Math.abs(Date.parse(provider.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(await readProvider(admin, orgId, provider.id)).toEqual(provider);
    expect(await providerCount(admin, orgId)).toBe(1);
  });

  it("defaults defaultRole to the organization's, and takes an explicit role or null", async () => {
    const { admin, orgId } = await newOrganization();
    expect((await call("PATCH", `/v1/orgs/${orgId}`, { token: admin.token, body: { defaultRole: "edit" } })).status).toBe(200);
    expect((await createProvider(admin, orgId)).defaultRole).toBe("edit");
    expect((await createProvider(admin, orgId, { defaultRole: "comment" })).defaultRole).toBe("comment");
    expect((await createProvider(admin, orgId, { defaultRole: null })).defaultRole).toBeNull();
    expect((await call("PATCH", `/v1/orgs/${orgId}`, { token: admin.token, body: { defaultRole: null } })).status).toBe(200);
    expect((await createProvider(admin, orgId)).defaultRole).toBeNull();
  });

  it("embeds the default team as a full team", async () => {
    const { admin, orgId } = await newOrganization();
    const team = await createTeam(admin, orgId, "SSO users", [admin.id]);
    const provider = await createProvider(admin, orgId, { defaultTeam: team.id });
    expect(provider.defaultTeam).toEqual(team);
    expect((await readProvider(admin, orgId, provider.id)).defaultTeam).toEqual(team);
  });

  it("accepts a certificate with surrounding whitespace and CRLF lines, stored trimmed", async () => {
    const { admin, orgId } = await newOrganization();
    const provider = await createProvider(admin, orgId, { certificate: `\n  ${IDP_CERTIFICATE.replace(/\n/g, "\r\n")}\r\n\n` });
    expect(provider.certificate).toBe(IDP_CERTIFICATE.replace(/\n/g, "\r\n"));
  });

  it("refuses invalid bodies with 400 naming the field, creating nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const elsewhere = await createTeam(fixture.outsider, fixture.outsiderOrganization.id, "Elsewhere");
    const certificateDer = Uint8Array.from(atob(IDP_CERTIFICATE.split("\n").slice(1, -1).join("")), (char) => char.charCodeAt(0));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ label: undefined }, "'label'"],
      [{ entityID: undefined }, "'entityID'"],
      [{ certificate: undefined }, "'certificate'"],
      [{ ssoURL: undefined }, "'ssoURL'"],
      [{ label: "" }, "'label'"],
      [{ label: "l".repeat(31) }, "'label'"],
      [{ entityID: "" }, "'entityID'"],
      [{ entityID: "e".repeat(1025) }, "'entityID'"],
      [{ ssoURL: "http://example.okta.com/sso" }, "'ssoURL'"],
      [{ ssoURL: "not a url" }, "'ssoURL'"],
      [{ ssoURL: `https://example.com/${"p".repeat(2048)}` }, "'ssoURL'"],
      [{ certificate: "c".repeat(10001) }, "'certificate'"],
      [{ certificate: "not a certificate" }, "'certificate'"],
      [{ certificate: "-----BEGIN CERTIFICATE-----\n!!!not base64!!!\n-----END CERTIFICATE-----" }, "'certificate'"],
      [{ certificate: pem("CERTIFICATE", new TextEncoder().encode("hello, this is not DER")) }, "'certificate'"],
      // A certificate cut short is no certificate.
      [{ certificate: pem("CERTIFICATE", certificateDer.slice(0, 300)) }, "'certificate'"],
      [{ certificate: pem("PRIVATE KEY", certificateDer) }, "'certificate'"],
      [{ certificate: `${IDP_CERTIFICATE}\n${ROTATED_IDP_CERTIFICATE}` }, "'certificate'"],
      [{ defaultTeam: "no-such-team" }, "'defaultTeam'"],
      [{ defaultTeam: elsewhere.id }, "'defaultTeam'"],
      [{ defaultTeam: "bad id!" }, "'defaultTeam'"],
      [{ defaultRole: "owner" }, "'defaultRole'"],
    ];
    for (const [overrides, field] of cases) {
      const response = await call("POST", samlPath(orgId), { token: fixture.admin.token, body: providerBody(overrides) });
      expect(errorMessage(response, 400), JSON.stringify(overrides).slice(0, 200)).toContain(`Invalid body field ${field}`);
    }
    expect(await providerCount(fixture.admin, orgId)).toBe(0);
  });

});

describe("GET /v1/orgs/{organizationId}/saml", () => {
  let fixture: Fixture;
  let orgId: string;
  let providers: Provider[];

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Default");
    providers = [
      await createProvider(fixture.admin, orgId, { label: "Okta" }),
      await createProvider(fixture.admin, orgId, { label: "Entra ID", defaultTeam: team.id }),
      await createProvider(fixture.admin, orgId, { label: "Google", defaultRole: null }),
    ];
  });

  for (const limit of [1, 2, 1000]) {
    it(`walks every page with limit=${limit}, oldest first, in GitBook's shape`, async () => {
      const items: Provider[] = [];
      let page: string | undefined;
      let pages = 0;
      do {
        const response = await call("GET", `${samlPath(orgId)}?limit=${limit}${page ? `&page=${page}` : ""}`, { token: fixture.admin.token });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expectSpecResponse("listSAMLProvidersInOrganizationById", 200, response.body);
        expect(response.body.count).toBe(3);
        items.push(...response.body.items);
        page = response.body.next?.page;
        pages += 1;
      } while (page !== undefined && pages <= 4);
      expect(pages).toBe(Math.ceil(3 / limit));
      expect(items).toEqual(providers);
    });
  }

  it("forbids every non-admin (403), hides the organization from outsiders (404), and refuses a bad limit (400)", async () => {
    for (const role of NON_ADMINS) expect(errorMessage(await call("GET", samlPath(orgId), { token: fixture[role].token }), 403), role).toContain("manageSAML");
    errorMessage(await call("GET", samlPath(orgId), { token: fixture.outsider.token }), 404);
    expect(errorMessage(await call("GET", `${samlPath(orgId)}?limit=1001`, { token: fixture.admin.token }), 400)).toContain("limit");
    expect(errorMessage(await call("GET", `${samlPath(orgId)}?page=garbage`, { token: fixture.admin.token }), 400)).toContain("page");
  });

  it("lists only the organization's own providers", async () => {
    const response = await call("GET", samlPath(fixture.outsiderOrganization.id), { token: fixture.outsider.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [], count: 0 });
  });
});

describe("GET /v1/orgs/{organizationId}/saml/{samlProviderId}", () => {
  it("answers 404 for an unknown provider and for a provider of another organization", async () => {
    const fixture = await organizationWithEveryRole();
    const elsewhere = await createProvider(fixture.outsider, fixture.outsiderOrganization.id);
    const unknown = await call("GET", providerPath(fixture.organization.id, "no-such-provider"), { token: fixture.admin.token });
    expect(errorMessage(unknown, 404)).toContain("SAML provider 'no-such-provider'");
    expectSpecResponse("getOrganizationSAMLProviderById", 404, unknown.body);
    errorMessage(await call("GET", providerPath(fixture.organization.id, elsewhere.id), { token: fixture.admin.token }), 404);
  });

});

describe("PATCH /v1/orgs/{organizationId}/saml/{samlProviderId}", () => {
  it("changes the given fields and keeps the others", async () => {
    const { admin, orgId } = await newOrganization();
    const provider = await createProvider(admin, orgId);
    const changes = {
      label: "Okta (rotated)",
      entityID: "http://www.okta.com/exk2",
      certificate: ROTATED_IDP_CERTIFICATE,
      ssoURL: "https://example.okta.com/app/docs/exk2/sso/saml",
      defaultRole: "review",
    };
    const response = await call("PATCH", providerPath(orgId, provider.id), { token: admin.token, body: changes });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateOrganizationSAMLProvider", 200, response.body);
    expect(response.body).toEqual({ ...provider, ...changes });
    expect(await readProvider(admin, orgId, provider.id)).toEqual({ ...provider, ...changes });

    const labelOnly = await call("PATCH", providerPath(orgId, provider.id), { token: admin.token, body: { label: "Just the label" } });
    expect(labelOnly.body).toEqual({ ...provider, ...changes, label: "Just the label" });
    const nothing = await call("PATCH", providerPath(orgId, provider.id), { token: admin.token, body: {} });
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual(labelOnly.body);
    const guests = await call("PATCH", providerPath(orgId, provider.id), { token: admin.token, body: { defaultRole: null } });
    expect(guests.body.defaultRole).toBeNull();
  });

  it("sets, changes and clears (null) the default team", async () => {
    const { admin, orgId } = await newOrganization();
    const first = await createTeam(admin, orgId, "First");
    const second = await createTeam(admin, orgId, "Second", [admin.id]);
    const provider = await createProvider(admin, orgId);
    expect(provider.defaultTeam).toBeUndefined();

    const set = await call("PATCH", providerPath(orgId, provider.id), { token: admin.token, body: { defaultTeam: first.id } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.defaultTeam).toEqual(first);
    const changed = await call("PATCH", providerPath(orgId, provider.id), { token: admin.token, body: { defaultTeam: second.id } });
    expect(changed.body.defaultTeam).toEqual(second);
    // Other changes keep the team.
    expect((await call("PATCH", providerPath(orgId, provider.id), { token: admin.token, body: { label: "Kept team" } })).body.defaultTeam).toEqual(second);
    const cleared = await call("PATCH", providerPath(orgId, provider.id), { token: admin.token, body: { defaultTeam: null } });
    expect(cleared.status).toBe(200);
    expectSpecResponse("updateOrganizationSAMLProvider", 200, cleared.body);
    expect(cleared.body.defaultTeam).toBeUndefined();
    expect((await readProvider(admin, orgId, provider.id)).defaultTeam).toBeUndefined();
  });

  it("refuses invalid fields with 400 naming them, changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const team = await createTeam(fixture.admin, orgId, "Team");
    const provider = await createProvider(fixture.admin, orgId, { defaultTeam: team.id });
    const elsewhere = await createTeam(fixture.outsider, fixture.outsiderOrganization.id, "Elsewhere");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ label: "" }, "'label'"],
      [{ label: null }, "'label'"],
      [{ ssoURL: "http://example.okta.com/sso" }, "'ssoURL'"],
      [{ certificate: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----" }, "'certificate'"],
      [{ label: "Fine", defaultTeam: "no-such-team" }, "'defaultTeam'"],
      [{ label: "Fine", defaultTeam: elsewhere.id }, "'defaultTeam'"],
      [{ defaultRole: "owner" }, "'defaultRole'"],
    ];
    for (const [body, field] of cases) {
      const response = await call("PATCH", providerPath(orgId, provider.id), { token: fixture.admin.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain(`Invalid body field ${field}`);
    }
    expect(await readProvider(fixture.admin, orgId, provider.id)).toEqual(provider);
  });

  it("answers 404 for an unknown provider, 403 to every non-admin and 404 to outsiders, changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const provider = await createProvider(fixture.admin, orgId);
    expect(errorMessage(await call("PATCH", providerPath(orgId, "no-such-provider"), { token: fixture.admin.token, body: { label: "X" } }), 404)).toContain(
      "SAML provider",
    );
    for (const role of NON_ADMINS) {
      errorMessage(await call("PATCH", providerPath(orgId, provider.id), { token: fixture[role].token, body: { label: role } }), 403);
    }
    errorMessage(await call("PATCH", providerPath(orgId, provider.id), { token: fixture.outsider.token, body: { label: "Outsider" } }), 404);
    // Nor can an admin of another organization reach it through their own organization's path.
    errorMessage(
      await call("PATCH", providerPath(fixture.outsiderOrganization.id, provider.id), { token: fixture.outsider.token, body: { label: "Outsider" } }),
      404,
    );
    expect(await readProvider(fixture.admin, orgId, provider.id)).toEqual(provider);
  });
});

describe("DELETE /v1/orgs/{organizationId}/saml/{samlProviderId}", () => {
  it("lets an admin delete a provider (204); again, and for an unknown provider, is 204", async () => {
    const { admin, orgId } = await newOrganization();
    const provider = await createProvider(admin, orgId);
    const kept = await createProvider(admin, orgId, { label: "Kept" });
    const deleted = await call("DELETE", providerPath(orgId, provider.id), { token: admin.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(deleted.body).toBeUndefined();
    errorMessage(await call("GET", providerPath(orgId, provider.id), { token: admin.token }), 404);
    expect(await providerCount(admin, orgId)).toBe(1);
    expect((await readProvider(admin, orgId, kept.id)).label).toBe("Kept");
    expect((await call("DELETE", providerPath(orgId, provider.id), { token: admin.token })).status).toBe(204);
    expect((await call("DELETE", providerPath(orgId, "never-existed"), { token: admin.token })).status).toBe(204);
  });

  it("forbids every non-admin (403) and hides the organization from outsiders (404), deleting nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const provider = await createProvider(fixture.admin, orgId);
    for (const role of NON_ADMINS) errorMessage(await call("DELETE", providerPath(orgId, provider.id), { token: fixture[role].token }), 403);
    errorMessage(await call("DELETE", providerPath(orgId, provider.id), { token: fixture.outsider.token }), 404);
    // An admin of another organization, through their own organization's path, deletes nothing.
    expect((await call("DELETE", providerPath(fixture.outsiderOrganization.id, provider.id), { token: fixture.outsider.token })).status).toBe(204);
    expect(await readProvider(fixture.admin, orgId, provider.id)).toEqual(provider);
  });
});

describe("a provider's default team", () => {
  it("follows the team: its member count, and gone when the team is deleted", async () => {
    const { admin, orgId } = await newOrganization();
    const team = await createTeam(admin, orgId, "Joiners");
    const provider = await createProvider(admin, orgId, { defaultTeam: team.id });
    expect(provider.defaultTeam?.members).toBe(0);
    expect((await call("PUT", `/v1/orgs/${orgId}/teams/${team.id}/members/${admin.id}`, { token: admin.token, body: {} })).status).toBe(204);
    expect((await readProvider(admin, orgId, provider.id)).defaultTeam?.members).toBe(1);

    expect((await call("DELETE", `/v1/orgs/${orgId}/teams/${team.id}`, { token: admin.token })).status).toBe(204);
    const after = await readProvider(admin, orgId, provider.id);
    expect(after.defaultTeam).toBeUndefined();
    expect(after).toEqual({ ...provider, defaultTeam: undefined });
  });
});

describe("GET /v1/orgs/{organizationId}/sso", () => {
  it("lists the sign-in providers to every authenticated user, members or not", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const okta = await createProvider(fixture.admin, orgId, { label: "Okta" });
    const entra = await createProvider(fixture.admin, orgId, { label: "Entra ID" });
    const stranger = await createUser("stranger");
    const expected = { items: [okta, entra].map((provider) => ({ id: provider.id, label: provider.label, startURL: provider.service.startURL })) };
    for (const caller of [fixture.admin, fixture.guest, fixture.read, fixture.outsider, stranger]) {
      const response = await call("GET", ssoPath(orgId), { token: caller.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expectSpecResponse("listSSOProviderLoginsInOrganization", 200, response.body);
      expect(response.body).toEqual(expected);
    }
  });

  it("answers an empty list for an organization without providers, and 404 for an unknown organization", async () => {
    const { admin, orgId } = await newOrganization();
    const empty = await call("GET", ssoPath(orgId), { token: admin.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ items: [] });
    expect(errorMessage(await call("GET", ssoPath("no-such-organization"), { token: admin.token }), 404)).toContain("Organization");
    errorMessage(await call("GET", ssoPath(orgId)), 401);
  });
});

describe("SAML providers through GitBook's official client", () => {
  it("creates, lists, reads, updates and deletes a provider, and lists sign-in providers", async () => {
    const { admin, orgId } = await newOrganization();
    const client = gitbookClient(admin);

    const { data: created, status } = await client.orgs.createOrganizationSamlProvider(orgId, {
      label: "Client IdP",
      entityID: "https://idp.example.com/metadata",
      certificate: IDP_CERTIFICATE,
      ssoURL: "https://idp.example.com/sso",
    });
    expect(status).toBe(201);
    expect(created.status).toBe("active");
    const { data: list } = await client.orgs.listSamlProvidersInOrganizationById(orgId, { limit: 10 });
    expect(list.items.map((provider) => provider.id)).toEqual([created.id]);
    expect((await client.orgs.getOrganizationSamlProviderById(orgId, created.id)).data).toEqual(created);

    const { data: updated } = await client.orgs.updateOrganizationSamlProvider(orgId, created.id, { label: "Renamed IdP", defaultRole: MemberRole.Edit });
    expect(updated).toMatchObject({ label: "Renamed IdP", defaultRole: "edit" });

    const { data: logins } = await gitbookClient(await createUser("stranger")).orgs.listSsoProviderLoginsInOrganization(orgId);
    expect(logins.items).toEqual([{ id: created.id, label: "Renamed IdP", startURL: created.service.startURL }]);

    expect((await client.orgs.deleteOrganizationSamlProvider(orgId, created.id)).status).toBe(204);
    const missing = await client.orgs.getOrganizationSamlProviderById(orgId, created.id).catch((error) => error);
    expect(missing).toBeInstanceOf(GitBookAPIError);
    expect((missing as GitBookAPIError).code).toBe(404);
  });
});
