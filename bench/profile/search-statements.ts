import { env } from "cloudflare:test";
import { describe, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { parseSearchQuery } from "../../src/domain/search/query";
import { pageRanking } from "../../src/domain/search/ranking";
import { UNTITLED_WORD, VOCABULARY, searchBenchSpace } from "../helpers/search-pages";

/**
 * A search's statement, piece by piece, in the benchmark's 10,000-page space (not part of `npm
 * run bench`; run it with `BENCH_PROFILE=1 npx vitest run --config vitest.bench.config.ts
 * bench/profile/search-statements.ts`): the whole statement, without its count, its ranking
 * alone, its count alone, the title tier alone, and bm25 over every match against reading the
 * matches' row ids. Rounds interleave the workloads; medians. It prints the index sizes and the
 * statement's query plan (a plan that scans every current entry, or every match, shows there).
 */

const ROUNDS = 41;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("profile: search statements", () => {
  it("10,000 pages", { timeout: 1_800_000 }, async () => {
    const { spaceId, pages } = await searchBenchSpace(10_000, 100);
    for (const table of ["search_index", "search_titles"]) {
      const size = await env.DB.prepare(`SELECT count(*) n, sum(length(block)) bytes FROM ${table}_data`).first<{ n: number; bytes: number }>();
      console.log(`${table}: ${size!.n} blocks, ${(size!.bytes / 1e6).toFixed(1)} MB`);
    }
    const workloads: Array<[string, string, unknown[]]> = [["SELECT 1", "SELECT 1", []]];
    const queries = [pages[5001]!.entry.data.title, VOCABULARY[2500]!, VOCABULARY[0]!, VOCABULARY[0]!.slice(0, 3), UNTITLED_WORD];
    for (const text of queries) {
      const ranking = pageRanking(createDatabase(env.DB), [spaceId], parseSearchQuery(text), {}, text)!;
      const { sql, params } = (ranking.statement as unknown as { getQuery(): { sql: string; params: unknown[] } }).getQuery();
      if (text === UNTITLED_WORD) {
        const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all();
        console.log(plan.results.map((row) => `${row.id} ${row.parent} ${row.detail}`).join("\n"));
      }
      // The count is the statement's last parameter; the ranking ends where the pages are read.
      const noCount = sql.replace(/\(SELECT COUNT\(\*\) FROM search_index\s+WHERE search_index MATCH \?\s*\)/, "0");
      const served = `${sql.slice(0, sql.indexOf("pages AS MATERIALIZED")).replace(/,\s*$/, "")} SELECT * FROM served`;
      const match = params[0] as string;
      workloads.push(
        [`${text}: statement`, sql, params],
        [`${text}: statement without its count`, noCount, params.slice(0, -1)],
        [`${text}: ranking only`, served, params.slice(0, (served.match(/\?/g) ?? []).length)],
        [`${text}: count only`, "SELECT count(*) FROM search_index WHERE search_index MATCH ?", [match]],
        [`${text}: title tier only`, "SELECT rowid, bm25(search_titles, 0, 1) s FROM search_titles WHERE search_titles MATCH ? ORDER BY s LIMIT 51", [match]],
        [`${text}: bm25 of every match, best 51`, "SELECT rowid, bm25(search_index, 0, 10, 3, 5, 1) s FROM search_index WHERE search_index MATCH ? ORDER BY s LIMIT 51", [match]],
        [`${text}: every match's row id`, "SELECT max(rowid) FROM search_index WHERE search_index MATCH ?", [match]],
      );
    }
    const times = new Map(workloads.map(([name]) => [name, [] as number[]]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, sql, params] of workloads) {
        const started = performance.now();
        await env.DB.prepare(sql).bind(...params).all();
        times.get(name)!.push(performance.now() - started);
      }
    }
    console.log([...times].map(([name, values]) => `${name.padEnd(52)} ${median(values).toFixed(1).padStart(6)} ms`).join("\n"));
  });
});
