import { describe, expect, it } from "vitest";
import { commitToMain, createdPage, createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient0146, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { createRedirect, redirectBySource, redirectsPath, targetOf } from "../../helpers/site-redirects";
import { addSection, addSiteSpace, insertShareLink } from "../../helpers/site-structure";
import { createSite, publishSite, sitePath, updateSite } from "../../helpers/sites";

/**
 * getSiteRedirectBySource: which redirect a path of the site matches (exact, else the longest
 * wildcard prefix; live only) and the published URL it sends the visitor to, for every kind of
 * destination; and what happens when a destination is deleted later.
 */

/** A published site (basename `help`) with two sections; the second holds two site spaces, the first of them with nested pages. */
async function publishedSiteWithSections() {
  const fixture = await organizationWithEveryRole();
  const orgId = fixture.organization.id;
  const [guide, api, apiV1] = [
    await createSpace(fixture.admin, orgId, { title: "Guide" }),
    await createSpace(fixture.admin, orgId, { title: "API" }),
    await createSpace(fixture.admin, orgId, { title: "API v1" }),
  ];
  const site = await createSite(fixture.admin, orgId);
  const ctx = { orgId, siteId: site.id };
  const guides = await addSection(fixture.admin, ctx, { spaceId: guide.id, title: "Guides" });
  const reference = await addSection(fixture.admin, ctx, { spaceId: api.id, title: "Reference" });
  const v1 = await addSiteSpace(fixture.admin, ctx, { spaceId: apiV1.id, sectionId: reference.id });
  const parent = await commitToMain(fixture.admin, api.id, [{ operation: "insert_page", ref: "start", title: "Getting started", document: { markdown: "Start\n" } }]);
  const startId = createdPage(parent, "start");
  const child = await commitToMain(fixture.admin, api.id, [{ operation: "insert_page", ref: "install", title: "Install", into: startId, document: { markdown: "Install\n" } }]);
  await updateSite(fixture.admin, orgId, site.id, { basename: "help" });
  await publishSite(fixture.admin, orgId, site.id);
  return {
    fixture,
    orgId,
    siteId: site.id,
    base: `https://docs.test/sites/${orgId}/help/`,
    guides,
    reference,
    referenceSiteSpace: reference.siteSpaces[0],
    v1,
    apiSpaceId: api.id,
    installId: createdPage(child, "install"),
  };
}

describe("getSiteRedirectBySource", () => {
  it("sends to a section, a site space, a page of a site space and an external URL, at their published URLs", async () => {
    const site = await publishedSiteWithSections();
    const { fixture, orgId, siteId, base } = site;
    const make = (source: string, destination: { kind: string; [field: string]: unknown }) => createRedirect(fixture.admin, orgId, siteId, { source, destination });
    await make("/old-guides", { kind: "site-section", siteSectionId: site.guides.id });
    await make("/old-reference", { kind: "site-section", siteSectionId: site.reference.id });
    await make("/old-v1", { kind: "site-space", siteSpaceId: site.v1.id });
    await make("/old-api", { kind: "site-space", siteSpaceId: site.referenceSiteSpace.id });
    await make("/install", { kind: "site-page", siteSpaceId: site.referenceSiteSpace.id, pageId: site.installId });
    await make("/elsewhere", { kind: "external", url: "https://example.com/docs?x=1" });
    const target = (source: string) => targetOf(fixture.read, orgId, siteId, source);
    // The default section is at the site's base; the default site space at its section's URL.
    expect(await target("/old-guides")).toBe(base);
    expect(await target("/old-reference")).toBe(`${base}reference/`);
    expect(await target("/old-api")).toBe(`${base}reference/`);
    expect(await target("/old-v1")).toBe(`${base}reference/api-v1/`);
    expect(await target("/install")).toBe(`${base}reference/getting-started/install`);
    expect(await target("/elsewhere")).toBe("https://example.com/docs?x=1");
    const found = await redirectBySource(fixture.read, orgId, siteId, "/install");
    expect(found.body.redirect).toMatchObject({ object: "site-redirect", source: "/install", destination: { kind: "site-page" } });
  });

  it("matches the exact source first, else the longest wildcard prefix, appending what it matched when asked", async () => {
    const { fixture, orgId, siteId, base, v1, referenceSiteSpace } = await publishedSiteWithSections();
    const toV1 = { kind: "site-space", siteSpaceId: v1.id };
    await createRedirect(fixture.admin, orgId, siteId, { source: "/old/*", captureWildcard: true, destination: toV1 });
    await createRedirect(fixture.admin, orgId, siteId, { source: "/old/deep/*", destination: { kind: "site-space", siteSpaceId: referenceSiteSpace.id } });
    await createRedirect(fixture.admin, orgId, siteId, { source: "/old/exact", destination: { kind: "external", url: "https://example.com/exact" } });
    await createRedirect(fixture.admin, orgId, siteId, { source: "/v*", captureWildcard: true, destination: { kind: "external", url: "https://example.com/v/" } });
    const target = (source: string) => targetOf(fixture.read, orgId, siteId, source);
    expect(await target("/old/a/b")).toBe(`${base}reference/api-v1/a/b`);
    expect(await target("/old/deep/er")).toBe(`${base}reference/`);
    expect(await target("/old/exact")).toBe("https://example.com/exact");
    expect(await target("/old/*")).toBe(`${base}reference/api-v1/`);
    expect(await target("/v")).toBe("https://example.com/v/");
    expect(await target("/v2/x")).toBe("https://example.com/v/2/x");
    errorMessage(await redirectBySource(fixture.read, orgId, siteId, "/old"), 404);
    errorMessage(await redirectBySource(fixture.read, orgId, siteId, "/ol"), 404);
  });

  it("ignores drafts, and answers 404 for an unknown source and 400 for one that is not a path", async () => {
    const { fixture, orgId, siteId, v1 } = await publishedSiteWithSections();
    const draft = await createRedirect(fixture.admin, orgId, siteId, { source: "/soon", draft: true, destination: { kind: "site-space", siteSpaceId: v1.id } });
    expect(errorMessage(await redirectBySource(fixture.read, orgId, siteId, "/soon"), 404)).toContain("'/soon'");
    await call("PATCH", `${redirectsPath(orgId, siteId)}/${draft.id}`, { token: fixture.admin.token, body: { draft: false } });
    expect(await targetOf(fixture.read, orgId, siteId, "/soon")).toContain("/api-v1/");
    errorMessage(await redirectBySource(fixture.read, orgId, siteId, "/never"), 404);
    expect(errorMessage(await redirectBySource(fixture.read, orgId, siteId, "never/"), 400)).toContain("Invalid query parameter 'source'");
    expect(errorMessage(await call("GET", `${sitePath(orgId, siteId)}/redirect`, { token: fixture.read.token }), 400)).toContain("'source'");
  });

  it("stops resolving (404) a redirect whose section, site space or page was deleted, and keeps it listed", async () => {
    const { fixture, orgId, siteId, guides, v1, referenceSiteSpace, apiSpaceId, installId } = await publishedSiteWithSections();
    await createRedirect(fixture.admin, orgId, siteId, { source: "/a", destination: { kind: "site-section", siteSectionId: guides.id } });
    await createRedirect(fixture.admin, orgId, siteId, { source: "/b", destination: { kind: "site-space", siteSpaceId: v1.id } });
    await createRedirect(fixture.admin, orgId, siteId, { source: "/c", destination: { kind: "site-page", siteSpaceId: referenceSiteSpace.id, pageId: installId } });
    expect((await call("DELETE", `${sitePath(orgId, siteId)}/sections/${guides.id}`, { token: fixture.admin.token })).status).toBe(204);
    expect((await call("DELETE", `${sitePath(orgId, siteId)}/site-spaces/${v1.id}`, { token: fixture.admin.token })).status).toBe(204);
    await commitToMain(fixture.admin, apiSpaceId, [{ operation: "delete_page", page: installId }]);
    for (const source of ["/a", "/b", "/c"]) errorMessage(await redirectBySource(fixture.read, orgId, siteId, source), 404);
    expect((await call("GET", redirectsPath(orgId, siteId), { token: fixture.read.token })).body.count).toBe(3);
  });

  it("carries a share key in the target, refuses an unknown key (404), and gives unpublished sites their would-be URL", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const site = await createSite(admin, orgId, { spaces: [(await createSpace(admin, orgId, { title: "Only" })).id] });
    const siteSpace = (await call("GET", `${sitePath(orgId, site.id)}/structure`, { token: admin.token })).body.structure[0];
    await createRedirect(admin, orgId, site.id, { source: "/x", destination: { kind: "site-space", siteSpaceId: siteSpace.id } });
    const base = `https://docs.test/sites/${orgId}/${site.id}/`;
    expect(await targetOf(admin, orgId, site.id, "/x")).toBe(base);
    await insertShareLink(site.id, admin, "redirect-share-key");
    expect(await targetOf(admin, orgId, site.id, "/x", "redirect-share-key")).toBe(`${base}redirect-share-key/`);
    errorMessage(await redirectBySource(admin, orgId, site.id, "/x", "not-a-key"), 404);
  });

  it("is read from `read` (guests 403, outsiders 404, no token 401), and through GitBook's 0.146 client", async () => {
    const { fixture, orgId, siteId, v1 } = await publishedSiteWithSections();
    await createRedirect(fixture.admin, orgId, siteId, { source: "/r", destination: { kind: "site-space", siteSpaceId: v1.id } });
    expect(errorMessage(await redirectBySource(fixture.guest, orgId, siteId, "/r"), 403)).toContain("'read'");
    errorMessage(await redirectBySource(fixture.outsider, orgId, siteId, "/r"), 404);
    errorMessage(await call("GET", `${sitePath(orgId, siteId)}/redirect?source=/r`), 401);
    const { data } = await gitbookClient0146(fixture.read).orgs.getSiteRedirectBySource(orgId, siteId, { source: "/r" });
    expect(data.target).toContain("/reference/api-v1/");
    expect(data.redirect.source).toBe("/r");
  });
});
