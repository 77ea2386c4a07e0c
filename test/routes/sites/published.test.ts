import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { createSite, publishSite, readPublished, readSite, sitePath, updateSite } from "../../helpers/sites";

/**
 * The published profile (GET …/sites/{siteId}/published), and how a site follows its spaces when
 * they are deleted, transferred or purged. Structures with sections are built by the structure
 * routes' own tests; here a site has root site spaces.
 */

async function published(user: { token: string }, orgId: string, siteId: string, shareKey?: string) {
  const response = await readPublished(user as never, orgId, siteId, shareKey);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getPublishedContentSite", 200, response.body);
  return response.body;
}

describe("GET /v1/orgs/{organizationId}/sites/{siteId}/published", () => {
  it("answers the site, its site spaces in order (the first the default), customizations and scripts", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const guide = await createSpace(fixture.admin, orgId, { title: "User Guide" });
    const api = await createSpace(fixture.admin, orgId, { title: "API" });
    const same = await createSpace(fixture.admin, orgId, { title: "User guide" });
    const site = await createSite(fixture.admin, orgId, { spaces: [guide.id, api.id, same.id] });
    const profile = await published(fixture.read, orgId, site.id);
    expect(profile.object).toBe("published-content-site");
    expect(profile.site).toEqual(await readSite(fixture.read, orgId, site.id));
    expect(profile.structure.type).toBe("siteSpaces");
    const items = profile.structure.structure;
    expect(items.map((item: any) => [item.space.id, item.path, item.title, item.default])).toEqual([
      [guide.id, "user-guide", "User Guide", true],
      [api.id, "api", "API", false],
      [same.id, "user-guide-2", "User guide", false],
    ]);
    expect(items.every((item: any) => item.urls.published === undefined)).toBe(true);
    expect(Object.keys(profile.customizations.siteSpaces).sort()).toEqual(items.map((item: any) => item.id).sort());
    expect(profile.customizations.site.styling.theme).toBe("clean");
    expect(profile.scripts).toEqual([]);

    await updateSite(fixture.admin, orgId, site.id, { basename: "help" });
    await publishSite(fixture.admin, orgId, site.id);
    const live = await published(fixture.read, orgId, site.id);
    expect(live.structure.structure.map((item: any) => item.urls.published)).toEqual([
      `https://docs.test/sites/${orgId}/help/`,
      `https://docs.test/sites/${orgId}/help/api/`,
      `https://docs.test/sites/${orgId}/help/user-guide-2/`,
    ]);
  });

  it("moves the root default with defaultSiteSpace, and refuses a site space of another site (400)", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const [first, second] = [await createSpace(fixture.admin, orgId), await createSpace(fixture.admin, orgId)];
    const site = await createSite(fixture.admin, orgId, { spaces: [first.id, second.id] });
    const other = await createSite(fixture.admin, orgId, { spaces: [first.id] });
    const [a, b] = (await published(fixture.admin, orgId, site.id)).structure.structure;
    const [foreign] = (await published(fixture.admin, orgId, other.id)).structure.structure;
    await updateSite(fixture.create, orgId, site.id, { defaultSiteSpace: b.id });
    const after = (await published(fixture.admin, orgId, site.id)).structure.structure;
    expect(after.map((item: any) => [item.id, item.default])).toEqual([[a.id, false], [b.id, true]]);
    const refused = await call("PATCH", sitePath(orgId, site.id), { token: fixture.admin.token, body: { defaultSiteSpace: foreign.id } });
    expect(errorMessage(refused, 400)).toContain("Invalid body field 'defaultSiteSpace'");
    expect((await published(fixture.admin, orgId, site.id)).structure.structure[1].default).toBe(true);
  });

  it("is seen from `read` (403 for guests), hidden from other organizations (404), needs a token (401)", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.admin, orgId);
    expect((await published(fixture.read, orgId, site.id)).structure).toEqual({ type: "siteSpaces", structure: [] });
    expect(errorMessage(await readPublished(fixture.guest, orgId, site.id), 403)).toContain("'read'");
    errorMessage(await readPublished(fixture.outsider, orgId, site.id), 404);
    errorMessage(await readPublished(fixture.admin, orgId, "unknownSite"), 404);
    errorMessage(await call("GET", `${sitePath(orgId, site.id)}/published`), 401);
    const long = await call("GET", `${sitePath(orgId, site.id)}/published?shareKey=${"k".repeat(257)}`, { token: fixture.admin.token });
    expect(errorMessage(long, 400)).toContain("'shareKey'");
  });

  it("is what GitBook's client reads", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const site = await createSite(admin, orgId, { spaces: [(await createSpace(admin, orgId)).id] });
    const { data } = await gitbookClient(admin).orgs.getPublishedContentSite(orgId, site.id);
    expect(data.site.id).toBe(site.id);
    expect(data.structure.type).toBe("siteSpaces");
  });
});

describe("a space leaving its organization's content leaves every site", () => {
  async function siteWith(spaces: string[], admin: { token: string; id: string; email: string }, orgId: string) {
    return createSite(admin as never, orgId, { spaces });
  }

  it("deleting a space removes its site spaces and makes the next one the default", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const [first, second, third] = [await createSpace(fixture.admin, orgId), await createSpace(fixture.admin, orgId), await createSpace(fixture.admin, orgId)];
    const siteA = await siteWith([first.id, second.id, third.id], fixture.admin, orgId);
    const siteB = await siteWith([second.id, first.id], fixture.admin, orgId);
    expect((await call("DELETE", `/v1/spaces/${first.id}`, { token: fixture.admin.token })).status).toBe(204);
    const a = (await published(fixture.admin, orgId, siteA.id)).structure.structure;
    expect(a.map((item: any) => [item.space.id, item.default])).toEqual([[second.id, true], [third.id, false]]);
    const b = (await published(fixture.admin, orgId, siteB.id)).structure.structure;
    expect(b.map((item: any) => [item.space.id, item.default])).toEqual([[second.id, true]]);
    expect((await readSite(fixture.admin, orgId, siteA.id)).siteSpaces).toBe(2);
    // Restoring the space does not put it back on the sites.
    expect((await call("POST", `/v1/spaces/${first.id}/restore`, { token: fixture.admin.token })).status).toBe(200);
    expect((await readSite(fixture.admin, orgId, siteA.id)).siteSpaces).toBe(2);
    const list = await call("GET", `/v1/orgs/${orgId}/sites?space=${first.id}`, { token: fixture.admin.token });
    expect(list.body.count).toBe(0);
  });

  it("transferring a space (or its collection) to another organization removes it from this one's sites", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const targetId = (await createOrganization(admin)).id;
    const [moved, kept] = [await createSpace(admin, orgId), await createSpace(admin, orgId)];
    const site = await siteWith([moved.id, kept.id], admin, orgId);
    const transfer = await call("POST", `/v1/spaces/${moved.id}/transfer`, { token: admin.token, body: { organization: targetId } });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    const items = (await published(admin, orgId, site.id)).structure.structure;
    expect(items.map((item: any) => [item.space.id, item.default])).toEqual([[kept.id, true]]);

    const collection = await call("POST", `/v1/orgs/${orgId}/collections`, { token: admin.token, body: { title: "Moving" } });
    const inside = await createSpace(admin, orgId, { parent: collection.body.id });
    const other = await siteWith([inside.id, kept.id], admin, orgId);
    expect((await call("POST", `/v1/collections/${collection.body.id}/transfer`, { token: admin.token, body: { organization: targetId } })).status).toBe(200);
    const left = (await published(admin, orgId, other.id)).structure.structure;
    expect(left.map((item: any) => [item.space.id, item.default])).toEqual([[kept.id, true]]);
  });

  it("deleting a collection removes its spaces from every site", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const collection = await call("POST", `/v1/orgs/${orgId}/collections`, { token: admin.token, body: { title: "Old" } });
    const inside = await createSpace(admin, orgId, { parent: collection.body.id });
    const outside = await createSpace(admin, orgId);
    const site = await siteWith([inside.id, outside.id], admin, orgId);
    expect((await call("DELETE", `/v1/collections/${collection.body.id}`, { token: admin.token })).status).toBe(204);
    const items = (await published(admin, orgId, site.id)).structure.structure;
    expect(items.map((item: any) => [item.space.id, item.default])).toEqual([[outside.id, true]]);
  });
});
