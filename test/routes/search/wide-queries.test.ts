import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createSpace } from "../../helpers/content";
import { walkList } from "../../helpers/lists";
import { orgId, searchSpace, spaceSearchPath, uniqueWord, useSuiteFixture, f, type SearchPage } from "../../helpers/suites/search";

/**
 * A query on most pages (domain/search/ranking.ts): the pages whose title holds every word are
 * ranked first, from the titles' own index, and the others only when a page of results needs
 * them. Whatever the page size, the same pages come in the same order with the same ranks and
 * scores, the cursor crossing from one tier to the other, and the total is always given.
 */

useSuiteFixture();

describe("a query on most pages", () => {
  const word = uniqueWord("wombat");
  let spaceId: string;
  const titled: string[] = [];

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Wide" })).id;
    // 12 pages with the word in 1 to 4 sections each, in the title of 4, so ranks differ and tie.
    const pages = Array.from({ length: 12 }, (_, index) => ({
      operation: "insert_page",
      title: index % 3 === 0 ? `${word} page ${index}` : `Page ${index}`,
      document: {
        markdown: Array.from({ length: 1 + (index % 4) }, (_, section) => `## Part ${section}\n\nSome text ${section % 2 === 0 ? word : "other"} ${"filler ".repeat(index)}${word}.\n`).join("\n"),
      },
    }));
    const merged = await commitToMain(f.admin, spaceId, pages);
    merged.changes.forEach((change: { page: { id: string } }, index: number) => index % 3 === 0 && titled.push(change.page.id));
  }, 60_000);

  const walk = (limit: number, query = word) =>
    walkList<SearchPage>(spaceSearchPath(spaceId), { query, limit }, { token: f.read.token, operationId: "searchSpaceContent", expectedCount: 12 });
  const summary = (pages: SearchPage[]) => pages.map((page) => [page.id, page.rank, page.score, page.sections.map((section) => [section.id, section.score])]);

  it("ranks the pages whose title holds the word first, then the others, scores decreasing with rank", async () => {
    const { items, count } = await searchSpace(f.read, spaceId, word, { limit: 12 });
    expect(count).toBe(12);
    expect(items.map((page) => page.rank)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(new Set(items.slice(0, 4).map((page) => page.id))).toEqual(new Set(titled));
    for (const page of items.slice(0, 4)) expect(page.score).toBeGreaterThanOrEqual(1);
    for (const page of items.slice(4)) expect(page.score).toBeLessThan(1);
    const scores = items.map((page) => page.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("serves the same pages, order, ranks and scores whatever the page size, across the tiers, with the total on every page", async () => {
    const whole = await walk(12);
    expect(whole).toHaveLength(12);
    for (const limit of [1, 3, 4, 5]) expect(summary(await walk(limit)), `limit ${limit}`).toEqual(summary(whole));
    // A prefix, the way a query is typed, pages the same way.
    const prefix = word.slice(0, 4);
    expect(summary(await walk(5, prefix))).toEqual(summary(await walk(12, prefix)));
  });
});
