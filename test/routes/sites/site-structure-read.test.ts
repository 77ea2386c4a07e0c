import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient, gitbookClient0146, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { validIn0146And0202 } from "../../helpers/site-redirects";
import { addGroup, addSection, insertShareLink } from "../../helpers/site-structure";
import { createSite, publishSite, readPublished, sitePath } from "../../helpers/sites";

/** getSiteStructure: the published profile's `structure`, on its own. */

const structureOf = async (user: { token: string }, orgId: string, siteId: string, shareKey?: string) => {
  const query = shareKey ? `?shareKey=${shareKey}` : "";
  return validIn0146And0202(await call("GET", `${sitePath(orgId, siteId)}/structure${query}`, { token: user.token }), 200, "getSiteStructure");
};

describe("GET /v1/orgs/{organizationId}/sites/{siteId}/structure", () => {
  it("is the published profile's structure: site spaces at the root, then sections in groups", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const [guide, api] = [await createSpace(fixture.admin, orgId, { title: "Guide" }), await createSpace(fixture.admin, orgId, { title: "API" })];
    const site = await createSite(fixture.admin, orgId, { spaces: [guide.id, api.id] });
    const flat = await structureOf(fixture.read, orgId, site.id);
    expect(flat.type).toBe("siteSpaces");
    expect(flat.structure.map((item: any) => [item.space.id, item.default])).toEqual([[guide.id, true], [api.id, false]]);
    expect(flat).toEqual((await readPublished(fixture.read, orgId, site.id)).body.structure);

    const ctx = { orgId, siteId: site.id };
    const section = await addSection(fixture.admin, ctx, { spaceId: api.id, title: "Reference" });
    await addGroup(fixture.admin, ctx, { title: "More", sections: [section.id] });
    await publishSite(fixture.admin, orgId, site.id);
    const nested = await structureOf(fixture.read, orgId, site.id);
    expect(nested.type).toBe("sections");
    expect(nested.structure.map((item: any) => item.object)).toEqual(["site-section", "site-section-group"]);
    expect(nested.structure[1].children.map((item: any) => item.id)).toEqual([section.id]);
    expect(nested).toEqual((await readPublished(fixture.read, orgId, site.id)).body.structure);
  });

  it("carries a share key in every published URL, and refuses an unknown one (404)", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const site = await createSite(admin, orgId, { spaces: [(await createSpace(admin, orgId)).id] });
    await publishSite(admin, orgId, site.id);
    await insertShareLink(site.id, admin, "structure-share-key");
    const [item] = (await structureOf(admin, orgId, site.id, "structure-share-key")).structure;
    expect(item.urls.published).toBe(`https://docs.test/sites/${orgId}/${site.id}/structure-share-key/`);
    errorMessage(await call("GET", `${sitePath(orgId, site.id)}/structure?shareKey=unknown-key`, { token: admin.token }), 404);
  });

  it("is read from `read`: guests 403, outsiders and unknown sites 404, no token 401", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const site = await createSite(fixture.admin, orgId);
    expect(await structureOf(fixture.read, orgId, site.id)).toEqual({ type: "siteSpaces", structure: [] });
    expect(errorMessage(await call("GET", `${sitePath(orgId, site.id)}/structure`, { token: fixture.guest.token }), 403)).toContain("'read'");
    errorMessage(await call("GET", `${sitePath(orgId, site.id)}/structure`, { token: fixture.outsider.token }), 404);
    errorMessage(await call("GET", `${sitePath(orgId, "unknownSite")}/structure`, { token: fixture.admin.token }), 404);
    errorMessage(await call("GET", `${sitePath(orgId, site.id)}/structure`), 401);
  });

  it("is what GitBook's clients read, 0.146 and 0.202", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const site = await createSite(admin, orgId, { spaces: [(await createSpace(admin, orgId)).id] });
    const { data: old } = await gitbookClient0146(admin).orgs.getSiteStructure(orgId, site.id);
    const { data: current } = await gitbookClient(admin).orgs.getSiteStructure(orgId, site.id);
    expect(old.type).toBe("siteSpaces");
    expect(current).toEqual(old);
  });
});
