import { describe, expect, it } from "vitest";
import type { TestUser } from "../test/helpers/fixtures";
import { call } from "../test/helpers/http";
import { UNTITLED_WORD, VOCABULARY, searchBenchSpace } from "./helpers/search-pages";

/**
 * `npm run bench`: what a search costs in a 10,000-page space, next to reading one page of it.
 * Not a test: it prints medians (docs/performance.md records them). The space is made through the
 * API; its 10,000 pages are written straight to D1 in bulk (entries, bodies and index rows, the
 * index through the same statements a merge uses), as 10,000 edits through HTTP would take long.
 */

const PAGES = 10_000;
const CHAPTERS = 100;
const ROUNDS = 25;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function get(user: TestUser, path: string, headers: Record<string, string> = {}) {
  const response = await call("GET", path, { token: user.token, headers });
  expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(200);
  return response.body;
}

describe("search cost", () => {
  it(`search vs reading one page, ${PAGES.toLocaleString("en")} pages`, { timeout: 900_000 }, async () => {
    const { user, organizationId, spaceId, pages, seeding } = await searchBenchSpace(PAGES, CHAPTERS);
    const leaf = pages[PAGES / 2 + 1]!.entry;
    const common = VOCABULARY[0]!;
    const search = (query: string) => `/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}`;

    // Content reads are cached (docs/decisions.md, "Reads"): `no-cache` makes the page read read D1.
    const uncached = { "cache-control": "no-cache" };
    const cases: Array<[string, string, Record<string, string>?]> = [
      ["GET space (one row: the floor of a read)", `/v1/spaces/${spaceId}`],
      ["GET page (getPageById, a leaf page)", `/v1/spaces/${spaceId}/content/page/${leaf.id}`, uncached],
      ["GET page, from the revision cache", `/v1/spaces/${spaceId}/content/page/${leaf.id}`],
      ["search: a page's exact title", search(leaf.data.title)],
      ["search: a rare word", search(VOCABULARY[2500]!)],
      ["search: another rare word", search(VOCABULARY[400]!)],
      ["search: a common word", search(VOCABULARY[40]!)],
      ["search: the most common word", search(common)],
      ["search: a 3-letter prefix", search(common.slice(0, 3))],
      ["search: a word on every page, in no title", search(UNTITLED_WORD)],
      ["organization search: exact title", `/v1/orgs/${organizationId}/search?query=${encodeURIComponent(leaf.data.title)}`],
    ];
    // The title search finds its page first.
    expect((await get(user, search(leaf.data.title))).items[0].id).toBe(leaf.id);
    // Rounds interleave the cases, so that load from elsewhere on the machine weighs on all alike.
    const counts = new Map<string, number | undefined>();
    for (const [label, path, headers] of cases) counts.set(label, (await get(user, path, headers)).count);
    const times = new Map<string, number[]>(cases.map(([label]) => [label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label, path, headers] of cases) times.get(label)!.push(await timed(() => get(user, path, headers)));
    }
    const results: Record<string, number> = Object.fromEntries([...times].map(([label, values]) => [label, median(values)]));
    const lines = cases.map(([label]) => {
      const count = counts.get(label);
      return `${label.padEnd(44)} ${results[label]!.toFixed(1).padStart(8)} ms${count !== undefined ? `   (${count} matching pages)` : ""}`;
    });
    const page = results["GET page (getPageById, a leaf page)"]!;
    const floor = results["GET space (one row: the floor of a read)"]!;
    console.log(
      [
        `${PAGES} pages (${CHAPTERS} chapters), seeded and indexed in ${(seeding / 1000).toFixed(1)} s; median of ${ROUNDS} rounds, each running every case`,
        ...lines,
        `${"".padEnd(44)} vs a page read   vs a one-row read`,
        ...Object.entries(results)
          .filter(([label]) => label.includes("search"))
          .map(([label, time]) => `${label.padEnd(44)} x${(time / page).toFixed(2).padEnd(16)} x${(time / floor).toFixed(2)}`),
      ].join("\n"),
    );
  });
});
