import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../../src/db/client";
import { parseSearchQuery } from "../../../src/domain/search/query";
import { rankPages } from "../../../src/domain/search/ranking";
import { commitToMain, createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, queryString } from "../../helpers/lists";
import {
  f,
  foundSpaces,
  organizationSearchPath,
  orgId,
  searchOrganization,
  uniqueWord,
  useSuiteFixture,
  type SearchPage,
} from "../../helpers/suites/search";

/** Searching an organization (`searchOrganizationContent`): pages of the readable spaces, ranked together, grouped by space. */

useSuiteFixture();

describe("searching an organization", () => {
  const word = uniqueWord("quokka");
  let strong: string;
  let weak: string;
  let pages: Record<string, string> = {};

  beforeAll(async () => {
    // `strong` has the word in two titles, `weak` in one title and in one body.
    strong = (await createSpace(f.admin, orgId, { title: "Strong" })).id;
    weak = (await createSpace(f.admin, orgId, { title: "Weak" })).id;
    const inStrong = await commitToMain(f.admin, strong, [
      { operation: "insert_page", title: `About ${word}`, document: { markdown: "Intro.\n" } },
      { operation: "insert_page", title: `More ${word}`, document: { markdown: "Details.\n" } },
    ]);
    const inWeak = await commitToMain(f.admin, weak, [
      { operation: "insert_page", title: `Notes ${word}`, document: { markdown: "Short.\n" } },
      { operation: "insert_page", title: "Elsewhere", document: { markdown: `A long paragraph that happens to mention ${word} once, among many other words.\n` } },
    ]);
    pages = {
      strongAbout: inStrong.changes[0]!.page.id,
      strongMore: inStrong.changes[1]!.page.id,
      weakNotes: inWeak.changes[0]!.page.id,
      weakElsewhere: inWeak.changes[1]!.page.id,
    };
    // The same word in another organization's space never shows here.
    const other = await createOrganization(f.outsider);
    await commitToMain(f.outsider, (await createSpace(f.outsider, other.id)).id, [{ operation: "insert_page", title: word, document: { markdown: `${word}\n` } }]);
  }, 60_000);

  it("groups the ranked pages by space, spaces in the order of their best page, as GitBook's schema has them", async () => {
    const { items, count } = await searchOrganization(f.read, orgId, word);
    expect(count).toBe(4);
    expect(items.map((space) => [space.type, space.id, space.title])).toEqual([
      ["space", expect.any(String), expect.any(String)],
      ["space", expect.any(String), expect.any(String)],
    ]);
    expect(new Set(items.map((space) => space.id))).toEqual(new Set([strong, weak]));
    const ranked = items.flatMap((space) => space.pages);
    expect(ranked.map((page) => page.rank).sort()).toEqual([1, 2, 3, 4]);
    // Each space's pages in rank order; each space scored as its best page; the body-only match last.
    for (const space of items) {
      expect(space.score).toBe(space.pages[0]!.score);
      expect(space.pages.map((page) => page.rank)).toEqual([...space.pages.map((page) => page.rank)].sort());
    }
    expect(items[0]!.pages[0]!.rank).toBe(1);
    const last = ranked.find((page) => page.rank === 4)!;
    expect(last.id).toBe(pages.weakElsewhere);
    expect(last.resultType).toBe("section");
    expect(last.urls.app).toContain(`/s/${weak}/elsewhere`);
  });

  it("pages through pages, not spaces: ranks run on across pages and a space may come back", async () => {
    const seen: Array<[string, SearchPage]> = [];
    let page: string | undefined;
    let requests = 0;
    do {
      const result = await searchOrganization(f.read, orgId, word, { limit: 1, page });
      expect(result.count).toBe(4);
      expect(result.items).toHaveLength(1);
      expect(result.items[0]!.pages).toHaveLength(1);
      seen.push([result.items[0]!.id, result.items[0]!.pages[0]!]);
      page = result.next?.page;
      requests += 1;
    } while (page !== undefined && requests < 10);
    expect(seen.map(([, found]) => found.rank)).toEqual([1, 2, 3, 4]);
    expect(new Set(seen.map(([, found]) => found.id))).toEqual(new Set(Object.values(pages)));
    // The same order as one page holding them all.
    const all = (await searchOrganization(f.read, orgId, word, { limit: 4 })).items.flatMap((space) => space.pages.map((found) => ({ space: space.id, ...found })));
    all.sort((a, b) => a.rank - b.rank);
    expect(seen.map(([spaceId, found]) => [spaceId, found.id])).toEqual(all.map((found) => [found.space, found.id]));
  });

  it("searches only the live spaces the caller may read: none for a guest", async () => {
    expect(await searchOrganization(f.guest, orgId, word)).toEqual({ items: [], count: 0 });
    const doomed = (await createSpace(f.admin, orgId, { title: "Doomed" })).id;
    const onlyThere = uniqueWord("dodo");
    await commitToMain(f.admin, doomed, [{ operation: "insert_page", title: onlyThere, document: { markdown: "x\n" } }]);
    expect(await foundSpaces(f.read, orgId, onlyThere)).toEqual([doomed]);
    await call("DELETE", `/v1/spaces/${doomed}`, { token: f.admin.token });
    expect(await searchOrganization(f.read, orgId, onlyThere)).toEqual({ items: [], count: 0 });
  });

  it("ranks only the spaces it is given, by the index's space tokens or, past 200 spaces, by filtering its matches", async () => {
    const db = createDatabase(env.DB);
    const query = parseSearchQuery(word);
    const unknown = Array.from({ length: 250 }, (_, index) => `noSuchSpace${String(index).padStart(9, "0")}`);
    for (const spaceIds of [[weak], [weak, ...unknown]]) {
      const ranked = await rankPages(db, spaceIds, query, {}, word);
      expect(ranked.count).toBe(2);
      expect(new Set(ranked.pages.map((page) => page.spaceId))).toEqual(new Set([weak]));
    }
  });

  it("answers the same through GitBook's official client", async () => {
    const { data } = await gitbookClient(f.read).orgs.searchOrganizationContent(orgId, { query: word });
    const direct = await searchOrganization(f.read, orgId, word);
    expect(data.items.map((space) => [space.id, space.pages.map((page) => page.id)])).toEqual(direct.items.map((space) => [space.id, space.pages.map((page) => page.id)]));
  });

  it("refuses a missing or too long query, naming it; is a 404 for a non-member", async () => {
    const path = organizationSearchPath(orgId);
    const cases: Array<[string, RegExp]> = [
      [path, /query parameter 'query'/],
      [`${path}${queryString({ query: "x".repeat(513) })}`, /query parameter 'query'.*<=512/],
      [`${path}${queryString({ query: word, page: "bogus" })}`, /query parameter 'page'/],
    ];
    await inParallel(cases, async ([url, message]) => {
      expect(errorMessage(await call("GET", url, { token: f.read.token }), 400)).toMatch(message);
    });
    const stranger = await createUser("stranger");
    for (const user of [f.outsider, stranger]) {
      expect(errorMessage(await call("GET", `${path}?query=${word}`, { token: user.token }), 404)).toMatch(/not found$/);
    }
  });
});
