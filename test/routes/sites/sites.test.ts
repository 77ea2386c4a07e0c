import { GitBookAPIError, SiteType } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, queryString, walkList } from "../../helpers/lists";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";
import { createSite, publishSite, readSite, sitePath, sitesPath, updateSite } from "../../helpers/sites";

/**
 * Sites through HTTP: /v1/orgs/{organizationId}/sites[/{siteId}[/publish|/unpublish]]. Storage
 * is shared by the tests of this file: every test that changes something builds its own
 * organization.
 */

type Fixture = Awaited<ReturnType<typeof organizationWithEveryRole>>;

describe("POST /v1/orgs/{organizationId}/sites (create)", () => {
  it("creates an unpublished basic site by default, answering GitBook's Site", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const response = await call("POST", sitesPath(orgId), { token: fixture.create.token, body: {} });
    expect(response.status).toBe(201);
    expectSpecResponse("createSite", 201, response.body);
    expect(response.headers.get("location")).toBe(`https://docs.test/v1/orgs/${orgId}/sites/${response.body.id}`);
    expect(response.body).toMatchObject({
      object: "site",
      type: "basic",
      appliedType: "basic",
      title: "Untitled site",
      visibility: "public",
      published: false,
      siteSpaces: 0,
      adaptiveContent: { enabled: false },
      agentsContext: "excluded",
      defaultLevel: "inherit",
      permissions: { view: true, access: true, edit: true, create: true, admin: true, installIntegration: false, viewAdaptiveSchema: true, editAdaptiveSchema: true },
      urls: {
        location: `https://docs.test/v1/orgs/${orgId}/sites/${response.body.id}`,
        app: `https://docs.test/o/${orgId}/sites/${response.body.id}`,
        preview: `https://docs.test/o/${orgId}/sites/${response.body.id}/preview`,
      },
    });
    expect(response.body.urls.published).toBeUndefined();
    expect(Math.abs(Date.parse(response.body.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(await readSite(fixture.read, orgId, response.body.id)).toEqual({
      ...response.body,
      permissions: { ...response.body.permissions, edit: false, create: false, admin: false, editAdaptiveSchema: false },
    });
  });

  it("adds the spaces given as site spaces, counted in siteSpaces", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const [first, second] = [await createSpace(fixture.admin, orgId), await createSpace(fixture.admin, orgId, { title: "Docs" })];
    const site = await createSite(fixture.admin, orgId, { type: "premium", title: "Handbook", visibility: "share-link", spaces: [first.id, second.id, first.id] });
    expect(site).toMatchObject({ type: "premium", title: "Handbook", visibility: "share-link", siteSpaces: 2 });
    expect((await readSite(fixture.admin, orgId, site.id)).siteSpaces).toBe(2);
  });

  it("refuses invalid bodies and spaces of other organizations with 400 naming the field, creating nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const foreignSpace = await createSpace(fixture.outsider, fixture.outsiderOrganization.id);
    const deletedSpace = await createSpace(fixture.admin, orgId);
    expect((await call("DELETE", `/v1/spaces/${deletedSpace.id}`, { token: fixture.admin.token })).status).toBe(204);
    const cases: Array<[unknown, string]> = [
      [{ title: "x" }, "'title'"],
      [{ title: "t".repeat(129) }, "'title'"],
      [{ type: "gold" }, "'type'"],
      [{ visibility: "private" }, "'visibility'"],
      [{ spaces: "nope" }, "'spaces'"],
      [{ spaces: ["bad id!"] }, "'spaces[0]'"],
      [{ spaces: [foreignSpace.id] }, "'spaces'"],
      [{ spaces: [deletedSpace.id] }, "'spaces'"],
      [{ spaces: ["no-such-space"] }, "'spaces'"],
      [{ title: "Fine", colour: "red" }, "'colour'"],
    ];
    await inParallel(cases, async ([body, field]) => {
      const response = await call("POST", sitesPath(orgId), { token: fixture.admin.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain(`Invalid body field ${field}`);
    });
    const list = await call("GET", sitesPath(orgId), { token: fixture.admin.token });
    expect(list.body.count).toBe(0);
  });

  it("lets only `create` and admins create (403 naming the role), hides the organization from others (404), needs a token (401)", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    for (const role of ["review", "edit", "comment", "read", "guest"] as const) {
      const response = await call("POST", sitesPath(orgId), { token: fixture[role].token, body: { title: "Mine" } });
      expect(errorMessage(response, 403), role).toContain("'create'");
    }
    expect(errorMessage(await call("POST", sitesPath(orgId), { token: fixture.outsider.token, body: {} }), 404)).toContain("Organization");
    errorMessage(await call("POST", sitesPath(orgId), { body: {} }), 401);
    expect((await call("GET", sitesPath(orgId), { token: fixture.admin.token })).body.count).toBe(0);
  });
});

describe("GET /v1/orgs/{organizationId}/sites (list)", () => {
  let fixture: Fixture;
  let orgId: string;
  let sites: Record<"alpha" | "beta" | "gamma" | "percent", { id: string }>;
  let space: { id: string };

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
    space = await createSpace(fixture.admin, orgId);
    sites = {
      alpha: await createSite(fixture.admin, orgId, { title: "Alpha Docs", spaces: [space.id] }),
      beta: await createSite(fixture.admin, orgId, { title: "beta guide", type: "premium" }),
      gamma: await createSite(fixture.admin, orgId, { title: "Gamma DOCS", type: "ultimate", spaces: [space.id] }),
      percent: await createSite(fixture.admin, orgId, { title: "50% docs" }),
    };
    await publishSite(fixture.admin, orgId, sites.beta.id);
    await publishSite(fixture.admin, orgId, sites.gamma.id);
  });

  const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
  const list = async (params: Record<string, string | number | boolean | undefined>, expectedCount: number) =>
    ids(await walkList(sitesPath(orgId), params, { token: fixture.read.token, operationId: "listSites", expectedCount }));

  it("lists every site oldest first, paginated, for members from `read`", async () => {
    expect(await list({}, 4)).toEqual([sites.alpha.id, sites.beta.id, sites.gamma.id, sites.percent.id]);
    expect(await list({ limit: 1 }, 4)).toEqual([sites.alpha.id, sites.beta.id, sites.gamma.id, sites.percent.id]);
  });

  it("filters by space, title substring (case-insensitive, wildcards literal), published and type", async () => {
    expect(await list({ space: space.id }, 2)).toEqual([sites.alpha.id, sites.gamma.id]);
    expect(await list({ space: "no-such-space" }, 0)).toEqual([]);
    expect(await list({ title: "DOCS" }, 3)).toEqual([sites.alpha.id, sites.gamma.id, sites.percent.id]);
    expect(await list({ title: "%" }, 1)).toEqual([sites.percent.id]);
    expect(await list({ published: true }, 2)).toEqual([sites.beta.id, sites.gamma.id]);
    expect(await list({ published: false }, 2)).toEqual([sites.alpha.id, sites.percent.id]);
    expect(await list({ type: "premium" }, 1)).toEqual([sites.beta.id]);
    // Repeated, as GitBook's client sends arrays.
    const repeated = await call("GET", `${sitesPath(orgId)}?type=premium&type=ultimate&published=true`, { token: fixture.read.token });
    expect(ids(repeated.body.items)).toEqual([sites.beta.id, sites.gamma.id]);
    const client = await gitbookClient(fixture.read).orgs.listSites(orgId, { type: [SiteType.Basic], title: "docs" });
    expect(ids(client.data.items)).toEqual([sites.alpha.id, sites.percent.id]);
  });

  it("refuses bad filters (400), other organizations (404) and no token (401); shows a guest only the sites granted to them", async () => {
    for (const query of [{ type: "gold" }, { published: "maybe" }, { limit: 1001 }, { space: "bad id!" }]) {
      const response = await call("GET", `${sitesPath(orgId)}${queryString(query)}`, { token: fixture.admin.token });
      expect(errorMessage(response, 400)).toMatch(new RegExp(`Invalid query parameter '${Object.keys(query)[0]}`));
    }
    // No site is granted to this guest (test/routes/grants/site-grants.test.ts grants some).
    const guestList = await call("GET", sitesPath(orgId), { token: fixture.guest.token });
    expect(guestList.status).toBe(200);
    expect(guestList.body).toEqual({ items: [], count: 0 });
    errorMessage(await call("GET", sitesPath(orgId), { token: fixture.outsider.token }), 404);
    errorMessage(await call("GET", sitesPath(orgId)), 401);
  });
});

describe("GET and PATCH /v1/orgs/{organizationId}/sites/{siteId}", () => {
  it("updates title, visibility, basename, adaptive content, agents context, proxy and hostname; urls follow", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.create, orgId);
    const updated = await updateSite(fixture.create, orgId, site.id, {
      title: "Developer docs",
      visibility: "unlisted",
      basename: "developers",
      adaptiveContent: { enabled: true },
      agentsContext: "included",
    });
    expect(updated).toMatchObject({ title: "Developer docs", visibility: "unlisted", basename: "developers", adaptiveContent: { enabled: true }, agentsContext: "included" });
    expect(await readSite(fixture.read, orgId, site.id)).toMatchObject({ title: "Developer docs", basename: "developers" });

    const published = await publishSite(fixture.create, orgId, site.id);
    expect(published.urls.published).toBe(`https://docs.test/sites/${orgId}/developers/`);

    const withHost = await updateSite(fixture.create, orgId, site.id, { hostname: "docs.mycompany.com" });
    expect(withHost.hostname).toBe("docs.mycompany.com");
    expect(withHost.urls.published).toBe("https://docs.mycompany.com/");

    const proxied = await updateSite(fixture.create, orgId, site.id, { proxy: "mycompany.com/docs/v2" });
    expect(proxied.proxy).toEqual({ origin: "mycompany.com/docs/v2", target: "https://docs.mycompany.com/" });
    expect(proxied.urls.published).toBe("https://mycompany.com/docs/v2/");

    const cleared = await updateSite(fixture.create, orgId, site.id, { proxy: null, hostname: null });
    expect(cleared.proxy).toBeUndefined();
    expect(cleared.hostname).toBeUndefined();
    expect(cleared.urls.published).toBe(`https://docs.test/sites/${orgId}/developers/`);

    // An empty PATCH changes nothing but is valid.
    expect((await updateSite(fixture.create, orgId, site.id, {})).title).toBe("Developer docs");
  });

  it("publishes under the deployment's published domain and the organization's hostname", async () => {
    const admin = await createUser("admin");
    const organization = await createOrganization(admin);
    const site = await createSite(admin, organization.id);
    await updateSite(admin, organization.id, site.id, { basename: "api" });
    await publishSite(admin, organization.id, site.id);
    const bindings = { PUBLISHED_SITES_DOMAIN: "Sites.Example.com" };
    const read = await call("GET", sitePath(organization.id, site.id), { token: admin.token, bindings });
    expect(read.body.urls.published).toBe(`https://sites.example.com/o/${organization.id}/api/`);
    const hostname = `acme${Math.random().toString(36).slice(2, 8)}`;
    expect((await call("PATCH", `/v1/orgs/${organization.id}`, { token: admin.token, body: { hostname } })).status).toBe(200);
    const withOrgHost = await call("GET", sitePath(organization.id, site.id), { token: admin.token, bindings });
    expect(withOrgHost.body.urls.published).toBe(`https://${hostname}.sites.example.com/api/`);
  });

  it("keeps hostnames unique across the deployment and basenames unique in the organization (409)", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const [first, second] = [await createSite(fixture.admin, orgId), await createSite(fixture.admin, orgId)];
    const hostname = `docs.${Math.random().toString(36).slice(2, 8)}.example.com`;
    await updateSite(fixture.admin, orgId, first.id, { hostname, basename: "guide" });
    expect(errorMessage(await call("PATCH", sitePath(orgId, second.id), { token: fixture.admin.token, body: { basename: "guide" } }), 409)).toContain("basename");
    const foreign = await createSite(fixture.outsider, fixture.outsiderOrganization.id);
    const clash = await call("PATCH", sitePath(fixture.outsiderOrganization.id, foreign.id), { token: fixture.outsider.token, body: { hostname } });
    expect(errorMessage(clash, 409)).toContain("hostname");
    // The same basename in another organization is fine.
    await updateSite(fixture.outsider, fixture.outsiderOrganization.id, foreign.id, { basename: "guide" });
    expect((await readSite(fixture.admin, orgId, second.id)).basename).toBeUndefined();
  });

  it("refuses invalid bodies with 400 naming the field, changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.admin, orgId, { title: "Stable" });
    const cases: Array<[unknown, string]> = [
      [{ title: "x" }, "'title'"],
      [{ visibility: "private" }, "'visibility'"],
      [{ basename: "" }, "'basename'"],
      [{ basename: "a/b" }, "'basename'"],
      [{ basename: "b".repeat(101) }, "'basename'"],
      [{ adaptiveContent: true }, "'adaptiveContent'"],
      [{ adaptiveContent: { enabled: true, extra: 1 } }, "'adaptiveContent.extra'"],
      [{ agentsContext: "maybe" }, "'agentsContext'"],
      [{ proxy: "https://company.com/docs" }, "'proxy'"],
      [{ proxy: "company.com" }, "'proxy'"],
      [{ hostname: "Docs.Company.com" }, "'hostname'"],
      [{ hostname: "company.com" }, "'hostname'"],
      [{ defaultSiteSpace: "no-such-site-space" }, "'defaultSiteSpace'"],
      [{ defaultSiteSection: "no-such-section" }, "'defaultSiteSection'"],
      [{ defaultLevel: "read" }, "'defaultLevel'"],
      [{ title: "Fine", unknown: 1 }, "'unknown'"],
    ];
    await inParallel(cases, async ([body, field]) => {
      const response = await call("PATCH", sitePath(orgId, site.id), { token: fixture.admin.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain(`Invalid body field ${field}`);
    });
    expect(await readSite(fixture.admin, orgId, site.id)).toEqual({ ...site, siteSpaces: 0 });
  });

  it("answers 404 for unknown sites and sites of other organizations, 403 below `create`, 401 without a token", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.admin, orgId);
    const foreign = await createSite(fixture.outsider, fixture.outsiderOrganization.id);
    expect(errorMessage(await call("GET", sitePath(orgId, "unknownSite"), { token: fixture.read.token }), 404)).toContain("Site 'unknownSite'");
    // Another organization's site through this organization's path, and this site from outside.
    errorMessage(await call("GET", sitePath(orgId, foreign.id), { token: fixture.admin.token }), 404);
    errorMessage(await call("GET", sitePath(orgId, site.id), { token: fixture.outsider.token }), 404);
    errorMessage(await call("PATCH", sitePath(orgId, foreign.id), { token: fixture.admin.token, body: { title: "Mine now" } }), 404);
    expect(errorMessage(await call("GET", sitePath(orgId, site.id), { token: fixture.guest.token }), 403)).toContain("'read'");
    for (const role of ["review", "edit", "read"] as const) {
      const response = await call("PATCH", sitePath(orgId, site.id), { token: fixture[role].token, body: { title: "Renamed" } });
      expect(errorMessage(response, 403)).toContain("'create'");
    }
    errorMessage(await call("GET", sitePath(orgId, site.id)), 401);
    errorMessage(await call("PATCH", sitePath(orgId, site.id), { body: { title: "Renamed" } }), 401);
    expect((await readSite(fixture.admin, orgId, site.id)).title).toBe(site.title);
    expect((await readSite(fixture.outsider, fixture.outsiderOrganization.id, foreign.id)).title).toBe(foreign.title);
  });
});

describe("publish, unpublish and delete", () => {
  it("publishes (idempotently) and unpublishes, answering the Site", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.admin, orgId);
    const published = await call("POST", `${sitePath(orgId, site.id)}/publish`, { token: fixture.create.token });
    expect(published.status).toBe(200);
    expectSpecResponse("publishSite", 200, published.body);
    expect(published.body.published).toBe(true);
    expect(published.body.urls.published).toBe(`https://docs.test/sites/${orgId}/${site.id}/`);
    expect((await publishSite(fixture.create, orgId, site.id)).published).toBe(true);
    const unpublished = await call("POST", `${sitePath(orgId, site.id)}/unpublish`, { token: fixture.create.token });
    expectSpecResponse("unpublishSite", 200, unpublished.body);
    expect(unpublished.body.published).toBe(false);
    expect(unpublished.body.urls.published).toBeUndefined();
    for (const action of ["publish", "unpublish"]) {
      expect(errorMessage(await call("POST", `${sitePath(orgId, site.id)}/${action}`, { token: fixture.edit.token }), 403)).toContain("'create'");
      errorMessage(await call("POST", `${sitePath(orgId, site.id)}/${action}`, { token: fixture.outsider.token }), 404);
      errorMessage(await call("POST", `${sitePath(orgId, "unknownSite")}/${action}`, { token: fixture.admin.token }), 404);
      errorMessage(await call("POST", `${sitePath(orgId, site.id)}/${action}`), 401);
    }
    expect((await readSite(fixture.admin, orgId, site.id)).published).toBe(false);
  });

  it("deletes a site (204), and answers 204 again when it is gone; refuses lesser roles and outsiders", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.admin, orgId, { spaces: [(await createSpace(fixture.admin, orgId)).id] });
    expect(errorMessage(await call("DELETE", sitePath(orgId, site.id), { token: fixture.review.token }), 403)).toContain("'create'");
    errorMessage(await call("DELETE", sitePath(orgId, site.id), { token: fixture.outsider.token }), 404);
    errorMessage(await call("DELETE", sitePath(orgId, site.id)), 401);
    expect((await readSite(fixture.admin, orgId, site.id)).id).toBe(site.id);
    expect((await call("DELETE", sitePath(orgId, site.id), { token: fixture.create.token })).status).toBe(204);
    errorMessage(await call("GET", sitePath(orgId, site.id), { token: fixture.admin.token }), 404);
    expect((await call("DELETE", sitePath(orgId, site.id), { token: fixture.create.token })).status).toBe(204);
    // Another organization's site is not deleted through this organization.
    const foreign = await createSite(fixture.outsider, fixture.outsiderOrganization.id);
    expect((await call("DELETE", sitePath(orgId, foreign.id), { token: fixture.admin.token })).status).toBe(204);
    expect((await readSite(fixture.outsider, fixture.outsiderOrganization.id, foreign.id)).id).toBe(foreign.id);
  });
});

describe("GitBook's official client", () => {
  it("creates, lists, reads, updates, publishes, unpublishes and deletes sites", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const space = await createSpace(admin, orgId);
    const api = gitbookClient(admin);
    const { data: site } = await api.orgs.createSite(orgId, { title: "Client site", spaces: [space.id] });
    expectSpecSchema("Site", site);
    expect(site.siteSpaces).toBe(1);
    expect((await api.orgs.listSites(orgId, { space: space.id })).data.items.map((item) => item.id)).toEqual([site.id]);
    expect((await api.orgs.getSiteById(orgId, site.id)).data.title).toBe("Client site");
    expect((await api.orgs.updateSiteById(orgId, site.id, { title: "Renamed", basename: "renamed", proxy: null })).data.basename).toBe("renamed");
    const published = (await api.orgs.publishSite(orgId, site.id)).data;
    expect("published" in published && published.published).toBe(true);
    expect((await api.orgs.unpublishSite(orgId, site.id)).data.published).toBe(false);
    expect((await api.orgs.deleteSiteById(orgId, site.id)).status).toBe(204);
    const error = await api.orgs.getSiteById(orgId, site.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(404);
  });
});
