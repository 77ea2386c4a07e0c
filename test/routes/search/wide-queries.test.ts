import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../../src/db/client";
import { parseSearchQuery } from "../../../src/domain/search/query";
import { rankPages, WIDE_QUERY, type RankedPage, type WideQueryLimits } from "../../../src/domain/search/ranking";
import { commitToMain, createSpace } from "../../helpers/content";
import { orgId, uniqueWord, useSuiteFixture, f } from "../../helpers/suites/search";

/**
 * Wide queries (a word on most pages) are ranked from their best-ranked sections only
 * (domain/search/ranking.ts). Their limits are lowered here so a few pages reach that path: it
 * must serve the same pages, in the same order and with the same ranks, as the exact ranking,
 * page after page, and give no total (or, where it falls back on the exact ranking, the right one).
 */

useSuiteFixture();

describe("a query on most pages", () => {
  const word = uniqueWord("wombat");
  let spaceId: string;

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Wide" })).id;
    // 12 pages with the word in 1 to 4 sections each, in the title of some, so ranks differ and tie.
    const pages = Array.from({ length: 12 }, (_, index) => ({
      operation: "insert_page",
      title: index % 3 === 0 ? `${word} page ${index}` : `Page ${index}`,
      document: {
        markdown: Array.from({ length: 1 + (index % 4) }, (_, section) => `## Part ${section}\n\nSome text ${section % 2 === 0 ? word : "other"} ${"filler ".repeat(index)}${word}.\n`).join("\n"),
      },
    }));
    await commitToMain(f.admin, spaceId, pages);
  }, 60_000);

  async function allPages(limits: WideQueryLimits, limit: number) {
    const db = createDatabase(env.DB);
    const query = parseSearchQuery(word);
    const served: Array<{ page: RankedPage; count: number | undefined }> = [];
    let page: string | undefined;
    do {
      const ranked = await rankPages(db, [spaceId], query, { limit, ...(page ? { page } : {}) }, word, limits);
      served.push(...ranked.pages.map((found) => ({ page: found, count: ranked.count })));
      page = ranked.next?.page;
    } while (page !== undefined && served.length < 50);
    return served;
  }

  const summary = (served: Array<{ page: RankedPage }>) => served.map(({ page }) => [page.pageId, page.rank, page.best]);

  it("serves the exact ranking's pages, ranks and order, page after page, and never a wrong total", async () => {
    const exact = await allPages({ ...WIDE_QUERY, sections: 1_000_000_000 }, 3);
    expect(exact).toHaveLength(12);
    expect(exact.every(({ count }) => count === 12)).toBe(true);
    const widely: boolean[] = [];
    for (const [candidates, limit] of [[8, 3], [5, 2], [30, 5], [3, 1]] as const) {
      const wide = await allPages({ sections: 2, candidates }, limit);
      expect(summary(wide), `candidates ${candidates}, limit ${limit}`).toEqual(summary(exact));
      // No total from the wide ranking; the right one where too few of its pages were certain and the exact ranking answered.
      expect(wide.every(({ count }) => count === undefined || count === 12)).toBe(true);
      widely.push(wide.some(({ count }) => count === undefined));
    }
    // With enough candidates for a page of results, the wide ranking answered.
    expect(widely).toEqual([true, true, true, expect.any(Boolean)]);
  });

  it("lists each page's best sections among its candidates, the best first", async () => {
    const exact = await allPages({ ...WIDE_QUERY, sections: 1_000_000_000 }, 12);
    const wide = await allPages({ sections: 2, candidates: 100 }, 12);
    // With every section a candidate, the sections are the exact ones too.
    expect(wide.map(({ page }) => page.sections.map((section) => [section.anchor, section.score]))).toEqual(
      exact.map(({ page }) => page.sections.map((section) => [section.anchor, section.score])),
    );
  });

  it("answers a narrow query through the API with its total", async () => {
    const { call } = await import("../../helpers/http");
    const response = await call("GET", `/v1/spaces/${spaceId}/search?query=${word}`, { token: f.read.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(12);
  });
});
