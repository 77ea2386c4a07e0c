import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createSpace } from "../../helpers/content";
import { createOrganization, gitbookClient, gitbookClient0146, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, queryString, type ListParams } from "../../helpers/lists";
import { serverTiming } from "../../helpers/server-timing";
import { addSection, addSiteSpace } from "../../helpers/site-structure";
import { createSite, publishSite, sitePath } from "../../helpers/sites";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { f, orgId, uniqueWord, useSuiteFixture, type SearchList, type SearchSpace } from "../../helpers/suites/search";

/**
 * A site's search (`searchSiteContent`): the live content of the spaces the site publishes, as
 * the scope picks them, ranked together and grouped by space, with URLs on the published site.
 */

useSuiteFixture();

type SiteSearchPage = SearchSpace["pages"][number] & { urls: { app: string; published?: string } };
type SiteSearchSpace = Omit<SearchSpace, "pages"> & { pages: SiteSearchPage[] };

const searchPath = (siteId: string, params: ListParams = {}) => `${sitePath(orgId, siteId)}/search${queryString(params)}`;

/** One page of a site's search results, checked against GitBook's 0.202 and 0.146 schemas. */
async function searchSite(user: TestUser, siteId: string, body: Record<string, unknown>, params: ListParams = {}): Promise<SearchList<SiteSearchSpace>> {
  const response = await call("POST", searchPath(siteId, params), { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("searchSiteContent", 200, response.body);
  expectSpec0146Response("searchSiteContent", 200, response.body);
  return response.body;
}

/** The ids of the spaces a search finds, in the order of their best page. */
const foundSpaces = async (siteId: string, body: Record<string, unknown>) => (await searchSite(f.read, siteId, body)).items.map((space) => space.id);

describe("searching a site", () => {
  const word = uniqueWord("wombat");
  const spaces = {} as Record<"guides" | "guidesFr" | "api" | "apiFr" | "outside", string>;
  const siteSpaces = {} as Record<"guides" | "guidesFr" | "api" | "apiFr", { id: string; published: string }>;
  let siteId: string;
  let unpublishedSiteId: string;

  beforeAll(async () => {
    const make = async (key: keyof typeof spaces, title: string, language: string | undefined, markdown: string, pageTitle: string) => {
      spaces[key] = (await createSpace(f.admin, orgId, { title, ...(language ? { language } : {}) })).id;
      await commitToMain(f.admin, spaces[key], [{ operation: "insert_page", title: pageTitle, document: { markdown } }]);
    };
    // The word in a title (guides, its French variant, the French API) and in a body (the API).
    await Promise.all([
      make("guides", "Guides", "en", `## Setup\n\nInstall the ${word} first.\n`, `About ${word}`),
      make("guidesFr", "Guides FR", "fr", "Bonjour.\n", `Le ${word}`),
      make("api", "API", "en", `A long reference that mentions ${word} once among many other words.\n`, "Reference"),
      make("apiFr", "API FR", "fr", "Référence.\n", `API ${word}`),
      make("outside", "Not on the site", undefined, "x\n", `${word} elsewhere`),
    ]);
    siteId = (await createSite(f.admin, orgId, { title: "Searchable" })).id;
    const ctx = { orgId, siteId };
    const guidesSection = await addSection(f.admin, ctx, { spaceId: spaces.guides, title: "Guides" });
    const apiSection = await addSection(f.admin, ctx, { spaceId: spaces.api, title: "API" });
    await addSiteSpace(f.admin, ctx, { spaceId: spaces.guidesFr, sectionId: guidesSection.id, title: "Guides en français" });
    await addSiteSpace(f.admin, ctx, { spaceId: spaces.apiFr, sectionId: apiSection.id });
    await publishSite(f.admin, orgId, siteId);
    const published = await call("GET", `${sitePath(orgId, siteId)}/published`, { token: f.admin.token });
    for (const section of published.body.structure.structure) {
      for (const siteSpace of section.siteSpaces) {
        const key = (Object.keys(spaces) as Array<keyof typeof siteSpaces>).find((name) => spaces[name] === siteSpace.space.id)!;
        siteSpaces[key] = { id: siteSpace.id, published: siteSpace.urls.published };
      }
    }
    unpublishedSiteId = (await createSite(f.admin, orgId, { title: "Draft site", spaces: [spaces.guides] })).id;
  }, 60_000);

  it("searches each section's default site space by default, grouped by space, with the pages' published URLs", async () => {
    const { items, count } = await searchSite(f.read, siteId, { query: word, scope: { mode: "default" } });
    expect(count).toBe(2);
    expect(items.map((space) => [space.type, space.id, space.title])).toEqual([
      ["space", spaces.guides, "Guides"],
      ["space", spaces.api, "API"],
    ]);
    const [guide] = items[0]!.pages;
    expect(guide!.rank).toBe(1);
    expect(guide!.urls.app).toContain(`/s/${spaces.guides}/`);
    expect(guide!.urls.published).toBe(`${siteSpaces.guides.published}${guide!.path}`);
    const [reference] = items[1]!.pages;
    expect(reference!.resultType).toBe("section");
    expect(reference!.urls.published).toBe(`${siteSpaces.api.published}${reference!.path}`);
    expect(reference!.urls.published!.startsWith(siteSpaces.api.published)).toBe(true);
    // A section found by its text links to its anchor on the published page.
    const search = await searchSite(f.read, siteId, { query: `install ${word}`, scope: { mode: "all" } });
    const setup = search.items[0]!.pages[0]!.sections.find((section) => section.id === "setup") as SiteSearchPage["sections"][number] & { urls: { published?: string } };
    expect(setup.urls.published).toBe(`${siteSpaces.guides.published}${search.items[0]!.pages[0]!.path}#setup`);
  });

  it("searches the current site space and, in other sections, the variant in its language", async () => {
    const sorted = (ids: string[]) => [...ids].sort();
    expect(sorted(await foundSpaces(siteId, { query: word, scope: { mode: "default", currentSiteSpace: siteSpaces.guidesFr.id } }))).toEqual(sorted([spaces.guidesFr, spaces.apiFr]));
    expect(await foundSpaces(siteId, { query: word, scope: { mode: "default", currentSiteSpace: siteSpaces.api.id } })).toEqual([spaces.guides, spaces.api]);
    // GitBook 0.202's restrictions of the default scope.
    const restricted = (restrictTo: string) => foundSpaces(siteId, { query: word, scope: { mode: "default", currentSiteSpace: siteSpaces.guidesFr.id, restrictTo } });
    expect(await restricted("currentSiteSpace")).toEqual([spaces.guidesFr]);
    expect(await restricted("otherSiteSpaces")).toEqual([spaces.apiFr]);
  });

  it("searches the site spaces named, or all of them, and never a space the site does not publish", async () => {
    expect(await foundSpaces(siteId, { query: word, scope: { mode: "specific", siteSpaceIds: [siteSpaces.apiFr.id, siteSpaces.api.id] } })).toEqual([spaces.apiFr, spaces.api]);
    const all = await searchSite(f.read, siteId, { query: word, scope: { mode: "all" } });
    expect(all.count).toBe(4);
    expect(new Set(all.items.map((space) => space.id))).toEqual(new Set([spaces.guides, spaces.guidesFr, spaces.api, spaces.apiFr]));
    expect(all.items.find((space) => space.id === spaces.guidesFr)!.title).toBe("Guides en français");
  });

  it("reads the deprecated forms of the scope as the scopes they stand for", async () => {
    const modern = await foundSpaces(siteId, { query: word, scope: { mode: "default", currentSiteSpace: siteSpaces.guidesFr.id } });
    expect(await foundSpaces(siteId, { query: word, mode: "current", siteSpaceId: siteSpaces.guidesFr.id })).toEqual(modern);
    expect(await foundSpaces(siteId, { query: word, siteSpaceIds: [siteSpaces.api.id] })).toEqual([spaces.api]);
    expect(await foundSpaces(siteId, { query: word, mode: "specific", siteSpaceIds: [siteSpaces.api.id] })).toEqual([spaces.api]);
    expect(new Set(await foundSpaces(siteId, { query: word, mode: "all" })).size).toBe(4);
  });

  it("pages through pages, not spaces: ranks run on across pages", async () => {
    const ranks: number[] = [];
    const ids: string[] = [];
    let page: string | undefined;
    do {
      const result = await searchSite(f.read, siteId, { query: word, scope: { mode: "all" } }, { limit: 1, page });
      expect(result.count).toBe(4);
      ranks.push(...result.items.flatMap((space) => space.pages.map((found) => found.rank)));
      ids.push(...result.items.flatMap((space) => space.pages.map((found) => found.id)));
      page = result.next?.page;
    } while (page !== undefined && ranks.length < 10);
    expect(ranks).toEqual([1, 2, 3, 4]);
    const whole = await searchSite(f.read, siteId, { query: word, scope: { mode: "all" } }, { limit: 4 });
    expect(ids).toEqual(whole.items.flatMap((space) => space.pages).sort((a, b) => a.rank - b.rank).map((found) => found.id));
  });

  it("gives no published URL while the site is not published", async () => {
    const { items } = await searchSite(f.read, unpublishedSiteId, { query: word, scope: { mode: "all" } });
    expect(items.map((space) => space.id)).toEqual([spaces.guides]);
    expect(items[0]!.pages[0]!.urls.published).toBeUndefined();
    expect(items[0]!.pages[0]!.urls.app).toContain(spaces.guides);
  });

  it("answers the same through GitBook's clients, 0.202 and 0.146", async () => {
    const body = { query: word, scope: { mode: "default" as const } };
    const direct = await searchSite(f.read, siteId, body);
    const summary = (items: Array<{ id: string; pages: Array<{ id: string }> }>) => items.map((space) => [space.id, space.pages.map((page) => page.id)]);
    const { data: latest } = await gitbookClient(f.read).orgs.searchSiteContent(orgId, siteId, body);
    const { data: older } = await gitbookClient0146(f.read).orgs.searchSiteContent(orgId, siteId, body);
    expect(summary(latest.items as SiteSearchSpace[])).toEqual(summary(direct.items));
    expect(summary(older.items)).toEqual(summary(direct.items));
  });

  it("costs two round trips: the caller, the site and its structure; then the search", async () => {
    const response = await call("POST", searchPath(siteId), { token: f.read.token, body: { query: word, scope: { mode: "all" } } });
    expect(response.status).toBe(200);
    expect(serverTiming(response).d1.roundTrips).toBe(2);
  });

  it("refuses a body in no form or in two, naming the field; ids that are not this site's, naming them", async () => {
    const otherSite = await createSite(f.admin, orgId, { title: "Other", spaces: [spaces.outside] });
    const otherSiteSpace = (await call("GET", `${sitePath(orgId, otherSite.id)}/published`, { token: f.admin.token })).body.structure.structure[0].id;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ query: word }, /body field 'scope': required/],
      [{ scope: { mode: "all" } }, /body field 'query'/],
      [{ query: "x".repeat(513), scope: { mode: "all" } }, /body field 'query'.*<=512/],
      [{ query: word, scope: { mode: "all" }, mode: "all" }, /body field 'mode': not with 'scope'/],
      [{ query: word, scope: { mode: "everything" } }, /body field 'scope/],
      [{ query: word, scope: { mode: "specific", siteSpaceIds: [] } }, /body field 'scope.siteSpaceIds'/],
      [{ query: word, scope: { mode: "default", restrictTo: "otherSiteSpaces" } }, /body field 'scope.restrictTo': needs 'currentSiteSpace'/],
      [{ query: word, scope: { mode: "all" }, extra: 1 }, /body field 'extra'/],
      [{ query: word, mode: "current" }, /body field 'siteSpaceId': required/],
      [{ query: word, scope: { mode: "specific", siteSpaceIds: [siteSpaces.api.id, otherSiteSpace, "nope"] } }, new RegExp(`'scope.siteSpaceIds': '${otherSiteSpace}', 'nope' are not site spaces of this site`)],
      [{ query: word, scope: { mode: "default", currentSiteSpace: "nope" } }, /'scope.currentSiteSpace': 'nope' is not a site space of this site/],
      [{ query: word, mode: "current", siteSpaceId: otherSiteSpace }, /body field 'siteSpaceId'/],
      [{ query: word, siteSpaceIds: ["nope"] }, /body field 'siteSpaceIds': 'nope' is not a site space/],
    ];
    await inParallel(cases, async ([body, message]) => {
      expect(errorMessage(await call("POST", searchPath(siteId), { token: f.read.token, body }), 400)).toMatch(message);
    });
    expect(errorMessage(await call("POST", searchPath(siteId, { page: "bogus" }), { token: f.read.token, body: { query: word, scope: { mode: "all" } } }), 400)).toMatch(/page/);
  });

  it("is a 404 for another organization's site and for outsiders, a 403 for a guest, a 401 without a token", async () => {
    const body = { query: word, scope: { mode: "all" } };
    const elsewhere = await createOrganization(f.admin);
    const foreignSite = await createSite(f.admin, elsewhere.id, { title: "Foreign" });
    expect(errorMessage(await call("POST", `/v1/orgs/${orgId}/sites/${foreignSite.id}/search`, { token: f.read.token, body }), 404)).toMatch(/Site .* not found/);
    expect(errorMessage(await call("POST", searchPath(siteId), { token: f.outsider.token, body }), 404)).toMatch(/not found$/);
    expect(errorMessage(await call("POST", searchPath(siteId), { token: f.guest.token, body }), 403)).toMatch(/viewSites.*'read'/);
    expect(errorMessage(await call("POST", searchPath(siteId), { body }), 401)).toBeTruthy();
    // Also before a malformed body is looked at.
    expect((await call("POST", searchPath(siteId), { body: { query: word } })).status).toBe(401);
  });

  it("takes an Idempotency-Key like every POST", async () => {
    const headers = { "Idempotency-Key": `search-${word}` };
    const body = { query: word, scope: { mode: "all" } };
    const first = await call("POST", searchPath(siteId), { token: f.read.token, body, headers });
    const again = await call("POST", searchPath(siteId), { token: f.read.token, body, headers });
    expect(first.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });
});
