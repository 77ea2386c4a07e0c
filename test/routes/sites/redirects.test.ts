import { describe, expect, it } from "vitest";
import { commitToMain, createdPage, createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient, gitbookClient0146, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { walkList, type ListParams } from "../../helpers/lists";
import { createRedirect, redirectsPath, validIn0146And0202 } from "../../helpers/site-redirects";
import { createSite, readPublished } from "../../helpers/sites";

/**
 * Site redirects: create, list (orders, drafts, search, pages), update, delete, and their errors
 * and permissions. Where redirects send visitors (getSiteRedirectBySource) is redirect-targets.test.ts.
 */

async function siteWithTwoSpaces() {
  const fixture = await organizationWithEveryRole();
  const orgId = fixture.organization.id;
  const [first, second] = [await createSpace(fixture.admin, orgId, { title: "Guide" }), await createSpace(fixture.admin, orgId, { title: "API" })];
  const site = await createSite(fixture.admin, orgId, { spaces: [first.id, second.id] });
  const structure = (await readPublished(fixture.admin, orgId, site.id)).body.structure.structure;
  return { fixture, orgId, siteId: site.id, spaceIds: [first.id, second.id], siteSpaceIds: structure.map((item: any) => item.id) as string[] };
}

const toSiteSpace = (siteSpaceId: string) => ({ kind: "site-space", siteSpaceId });

describe("createSiteRedirect", () => {
  it("creates live redirects to a site space, a page and an external URL, with every field 0.202 requires", async () => {
    const { fixture, orgId, siteId, spaceIds, siteSpaceIds } = await siteWithTwoSpaces();
    const edit = await commitToMain(fixture.admin, spaceIds[0]!, [{ operation: "insert_page", ref: "intro", title: "Intro", document: { markdown: "Hi\n" } }]);
    const pageId = createdPage(edit, "intro");
    const toSpace = await createRedirect(fixture.create, orgId, siteId, { source: "/old", destination: toSiteSpace(siteSpaceIds[1]!) });
    expect(toSpace).toEqual({
      object: "site-redirect",
      id: expect.any(String),
      source: "/old",
      draft: false,
      captureWildcard: false,
      permanent: false,
      destination: { kind: "site-space", siteSpaceId: siteSpaceIds[1] },
      createdAt: expect.any(String),
    });
    const toPage = await createRedirect(fixture.admin, orgId, siteId, { source: "/old/intro%20page", destination: { kind: "site-page", siteSpaceId: siteSpaceIds[0], pageId }, permanent: true });
    expect([toPage.destination, toPage.permanent]).toEqual([{ kind: "site-page", siteSpaceId: siteSpaceIds[0], pageId }, true]);
    const external = await createRedirect(fixture.admin, orgId, siteId, { source: "/legacy/*", captureWildcard: true, draft: true, destination: { kind: "external", url: "https://legacy.example.com/docs" } });
    expect([external.source, external.captureWildcard, external.draft]).toEqual(["/legacy/*", true, true]);
  });

  it("refuses a source that is not a path, naming `source` (400), and changes nothing", async () => {
    const { fixture, orgId, siteId, siteSpaceIds } = await siteWithTwoSpaces();
    for (const source of ["old", "/", "/old/", "/old?x=1", "/*", "/a*b", "/a b", `/${"a".repeat(512)}`]) {
      const response = await call("POST", redirectsPath(orgId, siteId), { token: fixture.admin.token, body: { source, destination: toSiteSpace(siteSpaceIds[0]!) } });
      expect(errorMessage(response, 400), source).toContain("Invalid body field 'source'");
    }
    const noWildcard = await call("POST", redirectsPath(orgId, siteId), { token: fixture.admin.token, body: { source: "/old", captureWildcard: true, destination: toSiteSpace(siteSpaceIds[0]!) } });
    expect(errorMessage(noWildcard, 400)).toContain("'captureWildcard'");
    const path = await call("POST", redirectsPath(orgId, siteId), { token: fixture.admin.token, body: { source: "/old", destination: { kind: "path", spaceId: "s", path: "p" } } });
    expect(errorMessage(path, 400)).toContain("Invalid body field 'destination.kind'");
    expect((await call("GET", redirectsPath(orgId, siteId), { token: fixture.admin.token })).body.count).toBe(0);
  });

  it("refuses destinations that are not of the site (400 naming the field)", async () => {
    const { fixture, orgId, siteId, spaceIds, siteSpaceIds } = await siteWithTwoSpaces();
    const other = await createSite(fixture.admin, orgId, { spaces: [spaceIds[0]] });
    const foreign = (await readPublished(fixture.admin, orgId, other.id)).body.structure.structure[0].id;
    const refused = async (destination: unknown) =>
      errorMessage(await call("POST", redirectsPath(orgId, siteId), { token: fixture.admin.token, body: { source: "/x", destination } }), 400);
    expect(await refused(toSiteSpace(foreign))).toContain("Invalid body field 'destination.siteSpaceId'");
    expect(await refused({ kind: "site-section", siteSectionId: "noSuchSection" })).toContain("Invalid body field 'destination.siteSectionId'");
    expect(await refused({ kind: "site-page", siteSpaceId: foreign, pageId: "p" })).toContain("'destination.siteSpaceId'");
    expect(await refused({ kind: "site-page", siteSpaceId: siteSpaceIds[0], pageId: "noSuchPage" })).toContain("Invalid body field 'destination.pageId'");
    expect(await refused({ kind: "external", url: "ftp://example.com" })).toContain("'destination.url'");
  });

  it("keeps one redirect per source: a second one is a 409 naming `source`, live or draft", async () => {
    const { fixture, orgId, siteId, siteSpaceIds } = await siteWithTwoSpaces();
    await createRedirect(fixture.admin, orgId, siteId, { source: "/same", draft: true, destination: toSiteSpace(siteSpaceIds[0]!) });
    const again = await call("POST", redirectsPath(orgId, siteId), { token: fixture.admin.token, body: { source: "/same", destination: toSiteSpace(siteSpaceIds[1]!) } });
    expect(errorMessage(again, 409)).toContain("Invalid body field 'source'");
    // Sources are compared as written: another case is another path.
    await createRedirect(fixture.admin, orgId, siteId, { source: "/Same", destination: toSiteSpace(siteSpaceIds[1]!) });
  });
});

describe("listSiteRedirects", () => {
  it("lists live redirects newest first, drafts apart, by source or last update, searched, page by page", async () => {
    const { fixture, orgId, siteId, siteSpaceIds } = await siteWithTwoSpaces();
    const made = [];
    for (const source of ["/c", "/a/b", "/b", "/a"]) {
      made.push(await createRedirect(fixture.admin, orgId, siteId, { source, destination: toSiteSpace(siteSpaceIds[0]!) }));
      await new Promise((resolve) => setTimeout(resolve, 2)); // distinct creation times: the list's order
    }
    await createRedirect(fixture.admin, orgId, siteId, { source: "/draft", draft: true, destination: toSiteSpace(siteSpaceIds[0]!) });
    const list = async (params: ListParams, expectedCount: number) => {
      const items = await walkList<{ source: string }>(redirectsPath(orgId, siteId), { limit: 2, ...params }, { token: fixture.read.token, operationId: "listSiteRedirects", expectedCount });
      return items.map((item) => item.source);
    };
    expect(await list({}, 4)).toEqual(["/a", "/b", "/a/b", "/c"]);
    expect(await list({ orderBy: "source" }, 4)).toEqual(["/a", "/a/b", "/b", "/c"]);
    expect(await list({ draft: true }, 1)).toEqual(["/draft"]);
    expect(await list({ search: "A" }, 2)).toEqual(["/a", "/a/b"]);
    validIn0146And0202(await call("GET", redirectsPath(orgId, siteId), { token: fixture.read.token }), 200, "listSiteRedirects");
    const updated = await call("PATCH", `${redirectsPath(orgId, siteId)}/${made[0].id}`, { token: fixture.admin.token, body: { permanent: true } });
    expect(validIn0146And0202(updated, 200, "updateSiteRedirectById").updatedAt).toEqual(expect.any(String));
    expect(await list({ orderBy: "updatedAt" }, 4)).toEqual(["/c", "/a", "/b", "/a/b"]);
    const first = await call("GET", `${redirectsPath(orgId, siteId)}?limit=1`, { token: fixture.read.token });
    const replayed = await call("GET", `${redirectsPath(orgId, siteId)}?orderBy=source&page=${first.body.next.page}`, { token: fixture.read.token });
    expect(errorMessage(replayed, 400)).toContain("'page'");
    expect(errorMessage(await call("GET", `${redirectsPath(orgId, siteId)}?orderBy=title`, { token: fixture.read.token }), 400)).toContain("'orderBy'");
  });
});

describe("updateSiteRedirectById and deleteSiteRedirectById", () => {
  it("changes only the fields given, checks a new source and destination, and 404s an unknown redirect", async () => {
    const { fixture, orgId, siteId, siteSpaceIds } = await siteWithTwoSpaces();
    const redirect = await createRedirect(fixture.admin, orgId, siteId, { source: "/docs/*", captureWildcard: true, destination: toSiteSpace(siteSpaceIds[0]!) });
    await createRedirect(fixture.admin, orgId, siteId, { source: "/taken", destination: toSiteSpace(siteSpaceIds[0]!) });
    const path = `${redirectsPath(orgId, siteId)}/${redirect.id}`;
    const patch = (body: unknown, user = fixture.create) => call("PATCH", path, { token: user.token, body });
    const moved = validIn0146And0202(await patch({ destination: toSiteSpace(siteSpaceIds[1]!), draft: true }), 200, "updateSiteRedirectById", true);
    expect(moved).toMatchObject({ source: "/docs/*", captureWildcard: true, draft: true, destination: toSiteSpace(siteSpaceIds[1]!), createdAt: redirect.createdAt });
    // A source without its wildcard drops captureWildcard with it.
    expect(validIn0146And0202(await patch({ source: "/docs" }), 200, "updateSiteRedirectById")).toMatchObject({ source: "/docs", captureWildcard: false });
    expect(errorMessage(await patch({ captureWildcard: true }), 400)).toContain("'captureWildcard'");
    expect(errorMessage(await patch({ source: "/taken" }), 409)).toContain("'source'");
    expect(errorMessage(await patch({ destination: toSiteSpace("elsewhere") }), 400)).toContain("'destination.siteSpaceId'");
    expect(errorMessage(await patch({ source: "docs" }), 400)).toContain("'source'");
    errorMessage(await call("PATCH", `${redirectsPath(orgId, siteId)}/unknownRedirect`, { token: fixture.admin.token, body: { draft: false } }), 404);
    expect((await call("GET", `${redirectsPath(orgId, siteId)}?draft=true`, { token: fixture.admin.token })).body.items[0]).toMatchObject({ source: "/docs" });
  });

  it("deletes: 205 when it was there, 204 when it was not", async () => {
    const { fixture, orgId, siteId, siteSpaceIds } = await siteWithTwoSpaces();
    const redirect = await createRedirect(fixture.admin, orgId, siteId, { source: "/gone", destination: toSiteSpace(siteSpaceIds[0]!) });
    const path = `${redirectsPath(orgId, siteId)}/${redirect.id}`;
    expect((await call("DELETE", path, { token: fixture.read.token })).status).toBe(403);
    expect((await call("DELETE", path, { token: fixture.create.token })).status).toBe(205);
    expect((await call("DELETE", path, { token: fixture.create.token })).status).toBe(204);
    expect((await call("GET", redirectsPath(orgId, siteId), { token: fixture.admin.token })).body.count).toBe(0);
  });
});

describe("redirect permissions", () => {
  it("reads at `read`, writes at `create`; guests 403, outsiders and other organizations' sites 404, no token 401", async () => {
    const { fixture, orgId, siteId, siteSpaceIds } = await siteWithTwoSpaces();
    const body = { source: "/p", destination: toSiteSpace(siteSpaceIds[0]!) };
    expect(errorMessage(await call("POST", redirectsPath(orgId, siteId), { token: fixture.review.token, body }), 403)).toContain("'create'");
    expect(errorMessage(await call("GET", redirectsPath(orgId, siteId), { token: fixture.guest.token }), 403)).toContain("'read'");
    errorMessage(await call("GET", redirectsPath(orgId, siteId), { token: fixture.outsider.token }), 404);
    errorMessage(await call("POST", redirectsPath(fixture.outsiderOrganization.id, siteId), { token: fixture.outsider.token, body }), 404);
    errorMessage(await call("GET", redirectsPath(orgId, siteId)), 401);
    const redirect = await createRedirect(fixture.create, orgId, siteId, body);
    const path = `${redirectsPath(orgId, siteId)}/${redirect.id}`;
    expect((await call("PATCH", path, { token: fixture.review.token, body: { draft: true } })).status).toBe(403);
    errorMessage(await call("PATCH", path, { token: fixture.outsider.token, body: { draft: true } }), 404);
    expect((await call("GET", redirectsPath(orgId, siteId), { token: fixture.read.token })).body.items).toEqual([redirect]);
  });
});

describe("GitBook's clients", () => {
  it("create, list, update and delete redirects through 0.146 and 0.202", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const site = await createSite(admin, orgId, { spaces: [(await createSpace(admin, orgId)).id] });
    const siteSpaceId = (await readPublished(admin, orgId, site.id)).body.structure.structure[0].id;
    const old = gitbookClient0146(admin).orgs;
    const { data: created } = await old.createSiteRedirect(orgId, site.id, { source: "/from-0146", destination: { kind: "site-space", siteSpaceId } });
    expect(created.source).toBe("/from-0146");
    const current = gitbookClient(admin).orgs;
    const { data: updated } = await current.updateSiteRedirectById(orgId, site.id, created.id, { source: "/from-0202", permanent: true });
    expect([updated.source, updated.permanent]).toEqual(["/from-0202", true]);
    const { data: list } = await old.listSiteRedirects(orgId, site.id);
    expect(list.items.map((item) => item.id)).toEqual([created.id]);
    expect((await current.deleteSiteRedirectById(orgId, site.id, created.id)).status).toBe(205);
  });
});
