import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { createSite, publishSite, readPublished, sitePath, updateSite } from "../../helpers/sites";

/** Share links of a site: /v1/orgs/{organizationId}/sites/{siteId}/share-links[/{shareLinkId}], and `shareKey`. */

const linksPath = (orgId: string, siteId: string) => `${sitePath(orgId, siteId)}/share-links`;

async function createLink(user: { token: string }, orgId: string, siteId: string, name: string) {
  const response = await call("POST", linksPath(orgId, siteId), { token: user.token, body: { name } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expectSpecResponse("createSiteShareLink", 201, response.body);
  return response.body;
}

describe("share links", () => {
  it("creates a link whose key is shown once (>=128 bits), opens the published profile with it, and lists it without the key", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.admin, orgId, { visibility: "share-link", spaces: [(await createSpace(fixture.admin, orgId)).id] });
    await updateSite(fixture.admin, orgId, site.id, { basename: "private-docs" });
    await publishSite(fixture.admin, orgId, site.id);
    const link = await createLink(fixture.create, orgId, site.id, "Partners");
    expect(link).toMatchObject({ object: "share-link", name: "Partners", active: true });
    expect(link.key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(link.urls.published).toBe(`https://docs.test/sites/${orgId}/private-docs/${link.key}/`);

    const listed = await walkList<any>(linksPath(orgId, site.id), {}, { token: fixture.create.token, operationId: "listSiteShareLinks", expectedCount: 1 });
    expect(listed).toEqual([{ object: "share-link", id: link.id, createdAt: link.createdAt, name: "Partners", active: true, urls: {} }]);

    const profile = await readPublished(fixture.read, orgId, site.id, link.key);
    expect(profile.status).toBe(200);
    expect(profile.body.site.urls.published).toBe(`https://docs.test/sites/${orgId}/private-docs/${link.key}/`);
    expect(profile.body.structure.structure[0].urls.published).toBe(`https://docs.test/sites/${orgId}/private-docs/${link.key}/`);

    // Two links never share a key.
    const second = await createLink(fixture.admin, orgId, site.id, "Press");
    expect(second.key).not.toBe(link.key);
  });

  it("searches by name or whole key, paginates, and renames or deactivates a link (its key then opens nothing)", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.admin, orgId, { visibility: "share-link" });
    const links = [];
    for (const name of ["Alpha partners", "Beta", "alpha press"]) links.push(await createLink(fixture.admin, orgId, site.id, name));
    const token = fixture.admin.token;
    expect((await walkList<any>(linksPath(orgId, site.id), { limit: 2 }, { token, operationId: "listSiteShareLinks", expectedCount: 3 })).map((l) => l.id)).toEqual(links.map((l) => l.id));
    expect((await walkList<any>(linksPath(orgId, site.id), { search: "ALPHA" }, { token, operationId: "listSiteShareLinks", expectedCount: 2 })).map((l) => l.name)).toEqual(["Alpha partners", "alpha press"]);
    expect((await walkList<any>(linksPath(orgId, site.id), { search: links[1].key }, { token, operationId: "listSiteShareLinks", expectedCount: 1 }))[0].id).toBe(links[1].id);

    const renamed = await call("PATCH", `${linksPath(orgId, site.id)}/${links[0].id}`, { token, body: { name: "Partners" } });
    expectSpecResponse("updateSiteShareLinkById", 200, renamed.body);
    expect(renamed.body).toMatchObject({ name: "Partners", active: true });
    expect((await readPublished(fixture.admin, orgId, site.id, links[0].key)).status).toBe(200);
    const off = await call("PATCH", `${linksPath(orgId, site.id)}/${links[0].id}`, { token, body: { active: false } });
    expect(off.body.active).toBe(false);
    expect(errorMessage(await readPublished(fixture.admin, orgId, site.id, links[0].key), 404)).toContain("Share key");
    await call("PATCH", `${linksPath(orgId, site.id)}/${links[0].id}`, { token, body: { active: true } });
    expect((await readPublished(fixture.admin, orgId, site.id, links[0].key)).status).toBe(200);

    // Deleted: 204, again 204, and its key opens nothing.
    expect((await call("DELETE", `${linksPath(orgId, site.id)}/${links[0].id}`, { token })).status).toBe(204);
    expect((await call("DELETE", `${linksPath(orgId, site.id)}/${links[0].id}`, { token })).status).toBe(204);
    errorMessage(await readPublished(fixture.admin, orgId, site.id, links[0].key), 404);
    errorMessage(await call("PATCH", `${linksPath(orgId, site.id)}/${links[0].id}`, { token, body: { active: true } }), 404);
  });

  it("answers 404 for an unknown key or another site's key", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const [site, other] = [await createSite(admin, orgId), await createSite(admin, orgId)];
    const link = await createLink(admin, orgId, other.id, "Other");
    expect(errorMessage(await readPublished(admin, orgId, site.id, "not-a-key"), 404)).toBe("Share key not found");
    errorMessage(await readPublished(admin, orgId, site.id, link.key), 404);
  });

  it("refuses invalid bodies (400), roles below `create` (403), other organizations (404), no token (401)", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.admin, orgId);
    const link = await createLink(fixture.admin, orgId, site.id, "Kept");
    const cases: Array<[string, string, unknown, string]> = [
      ["POST", linksPath(orgId, site.id), {}, "'name'"],
      ["POST", linksPath(orgId, site.id), { name: "n".repeat(51) }, "'name'"],
      ["POST", linksPath(orgId, site.id), { name: "ok", key: "mine" }, "'key'"],
      ["PATCH", `${linksPath(orgId, site.id)}/${link.id}`, {}, "give at least one"],
      ["PATCH", `${linksPath(orgId, site.id)}/${link.id}`, { active: "no" }, "'active'"],
    ];
    await inParallel(cases, async ([method, path, body, expected]) => {
      expect(errorMessage(await call(method, path, { token: fixture.admin.token, body }), 400)).toContain(expected);
    });
    for (const role of ["review", "read"] as const) {
      expect(errorMessage(await call("GET", linksPath(orgId, site.id), { token: fixture[role].token }), 403)).toContain("'create'");
      expect(errorMessage(await call("POST", linksPath(orgId, site.id), { token: fixture[role].token, body: { name: "x" } }), 403)).toContain("'create'");
      errorMessage(await call("DELETE", `${linksPath(orgId, site.id)}/${link.id}`, { token: fixture[role].token }), 403);
    }
    errorMessage(await call("GET", linksPath(orgId, site.id), { token: fixture.outsider.token }), 404);
    errorMessage(await call("POST", linksPath(orgId, "unknownSite"), { token: fixture.admin.token, body: { name: "x" } }), 404);
    errorMessage(await call("GET", linksPath(orgId, site.id)), 401);
    const list = await call("GET", linksPath(orgId, site.id), { token: fixture.admin.token });
    expect(list.body.items.map((item: any) => [item.id, item.name, item.active])).toEqual([[link.id, "Kept", true]]);
  });

  it("works through GitBook's client", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const site = await createSite(admin, orgId);
    const api = gitbookClient(admin);
    const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: "Client" });
    expect((await api.orgs.listSiteShareLinks(orgId, site.id)).data.items.map((item) => item.id)).toEqual([link.id]);
    expect((await api.orgs.updateSiteShareLinkById(orgId, site.id, link.id, { active: false })).data.active).toBe(false);
    expect((await api.orgs.deleteSiteShareLinkById(orgId, site.id, link.id)).status).toBe(204);
    const key = (link as { key?: string }).key!;
    expect((await api.orgs.getPublishedContentSite(orgId, site.id, { shareKey: key }).catch((error) => error)).code).toBe(404);
  });
});
