import { env } from "cloudflare:test";
import { describe, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { excerptOf } from "../../src/domain/search/excerpt";
import { parseSearchQuery } from "../../src/domain/search/query";
import { rankPages } from "../../src/domain/search/ranking";
import { listedSections } from "../../src/domain/search/sections";
import { call } from "../../test/helpers/http";
import { UNTITLED_WORD, VOCABULARY, searchBenchSpace } from "../helpers/search-pages";

/**
 * Where a search request's time goes, piece by piece, in a 10,000-page space (not part of `npm run
 * bench`; run it with `BENCH_PROFILE=1 npx vitest run --config vitest.bench.config.ts
 * bench/profile/search-request.ts`). Workloads are interleaved round by round, so that load on
 * the machine weighs on all alike; medians of the rounds. CPU alone is not timed in workerd (its
 * clock moves on I/O), so the presentation's pieces are each followed by a one-row read, whose own
 * time is listed.
 */

const ROUNDS = 31;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("profile: a search request", () => {
  it("10,000 pages", { timeout: 1_800_000 }, async () => {
    const { user, organizationId, spaceId, pages } = await searchBenchSpace(10_000, 100);
    const db = createDatabase(env.DB);
    const leaf = pages[5001]!.entry;
    const get = (path: string, headers: Record<string, string> = {}) => () => call("GET", path, { token: user.token, headers });
    const io = () => env.DB.prepare("SELECT 1").first();
    const workloads: Array<[string, () => Promise<unknown>]> = [
      ["GET space", get(`/v1/spaces/${spaceId}`)],
      ["GET page (no-cache)", get(`/v1/spaces/${spaceId}/content/page/${leaf.id}`, { "cache-control": "no-cache" })],
      ["SELECT 1", io],
    ];
    const queries: Array<[string, string]> = [["title", leaf.data.title], ["most common", VOCABULARY[0]!], ["in no title", UNTITLED_WORD], ["common", VOCABULARY[40]!]];
    for (const [name, text] of queries) {
      const query = parseSearchQuery(text);
      const ranked = await rankPages(db, [spaceId], query, {}, text);
      const search = (limit: number) => get(`/v1/spaces/${spaceId}/search?limit=${limit}&query=${encodeURIComponent(text)}`);
      workloads.push(
        [`${name}: request, limit 50`, search(50)],
        [`${name}: organization search, limit 50`, get(`/v1/orgs/${organizationId}/search?limit=50&query=${encodeURIComponent(text)}`)],
        [`${name}: request, limit 10`, search(10)],
        [`${name}: request, limit 1`, search(1)],
        [`${name}: statement, limit 50`, () => rankPages(db, [spaceId], query, { limit: 50 }, text)],
        [`${name}: statement, limit 1`, () => rankPages(db, [spaceId], query, { limit: 1 }, text)],
        [`${name}: sections of 50 + SELECT 1`, () => (ranked.pages.forEach((page) => listedSections(page.sections, query)), io())],
        [`${name}: sections and excerpts of 50 + SELECT 1`, () => (ranked.pages.forEach((page) => listedSections(page.sections, query).sections.forEach((section) => excerptOf(section.text, query))), io())],
      );
    }
    const times = new Map(workloads.map(([name]) => [name, [] as number[]]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of workloads) {
        const started = performance.now();
        await run();
        times.get(name)!.push(performance.now() - started);
      }
    }
    console.log([...times].map(([name, values]) => `${name.padEnd(48)} ${median(values).toFixed(1).padStart(6)} ms`).join("\n"));
  });
});
