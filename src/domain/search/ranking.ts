import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { rawAll } from "../../db/raw";
import { decodeNumericCursor, encodeCursor } from "../../lib/cursor";
import { DEFAULT_PAGE_SIZE, type PageRequest } from "../../lib/pagination";
import { storedSections, type StoredSection } from "./page-text";
import { pageTrails, trailSteps, type PageTrail, type TrailStep } from "./trails";
import { matchExpression, queryTag, spaceToken, type SearchQuery } from "./query";

/**
 * The ranked pages of a search, one page of them at a time, over a set of spaces.
 *
 * Pages rank in two tiers: first those whose title holds every word (the last as a prefix while it
 * is typed), ranked by bm25 over their titles, then all the others, ranked by bm25 over the whole
 * page with its fields weighted title 10 > headings 5 > description 3 > body 1 (the space 0). A
 * page's exact title therefore lands on that page first, and a title match is never outranked by
 * text that merely repeats a word, whatever the lengths (bm25 saturates a word's weighted count).
 *
 * The tiers are what keeps a query on most pages cheap. bm25 is computed for every row a query
 * matches before any LIMIT applies (relevance cannot be read off an index in order), about a
 * microsecond or two a row: for a word on every one of 10,000 pages that is most of a search.
 * The titles have an index of their own (`search_titles`), so the first tier costs the pages whose
 * title has the words; the second is ranked only when the first runs out before the page of
 * results is full (SQLite stops a UNION ALL at its LIMIT), and then costs a bm25 pass over every
 * other match: a word on most pages but in few titles is the most a search costs. The total
 * `count` is a pass over the matches without bm25.
 *
 * Results are keyset paginated on (tier, bm25, row id): every request ranks again and returns the
 * pages after the cursor, so while the content is unchanged each page is served once; the cursor
 * carries how many pages were served before it, which makes `rank`.
 */

/** bm25 of a page, weights in the order of search_index's columns: space_token, title, description, headings, body. */
const PAGE_RANKING = sql.raw("bm25(search_index, 0, 10, 3, 5, 1)");

/** bm25 of a title, in the order of search_titles' columns: space_token, title. */
const TITLE_RANKING = sql.raw("bm25(search_titles, 0, 1)");

/** Pages whose title holds every word; then the others. */
export type Tier = 1 | 2;

/**
 * Above this many spaces, the index is not asked to narrow matches to them by their space tokens
 * (a long OR); matches are filtered by space after the index instead. Below it the index skips
 * straight to the spaces' rows.
 */
const MAX_SPACE_TOKENS = 200;

export interface RankedPage {
  spaceId: string;
  pageId: string;
  /** One-based position in the whole ranked set. */
  rank: number;
  tier: Tier;
  /** The page's bm25 in its tier (lower is better). */
  bm25: number;
  /** Every section of the page, in order. */
  sections: StoredSection[];
  /** Its title, description, path and ancestors in main's tree. */
  trail: PageTrail;
}

export interface RankedPages {
  pages: RankedPage[];
  /** How many pages match in all. */
  count: number;
  next?: { page: string };
}

type CountRow = { kind: 0; total: number };
type PageRow = { kind: 1; tier: Tier; id: number; bm25: number; spaceId: string; pageId: string; headings: string; body: string; anchors: string };
type TrailRow = { kind: 2 } & TrailStep;

/** A search as one statement, and how to read its rows. */
export interface Ranking {
  /** Batchable: it can share a round trip with the access check (its rows are then read only once access is granted). */
  statement: BatchItem<"sqlite"> & PromiseLike<unknown[]>;
  read(rows: unknown[]): RankedPages;
}

/** The ranked pages of a search, in a round trip of their own. */
export async function rankPages(db: Database, spaceIds: readonly string[], query: SearchQuery, request: PageRequest, queryText: string): Promise<RankedPages> {
  const ranking = pageRanking(db, spaceIds, query, request, queryText);
  return ranking ? ranking.read(await ranking.statement) : { pages: [], count: 0 };
}

/**
 * The statement of a search (undefined when there is nothing to look for: no space, no word): it
 * ranks, counts, and reads the sections and the trails of the pages served. The index is queried
 * once per tier, and bm25 computed in that pass. (Reopening the query per result row, as FTS5's
 * snippet() and highlight() would need after ranking, makes bm25 recount every term's matches per
 * row.) Excerpts are made from the rows' text (excerpt.ts). A cursor made for another query is a 400.
 */
export function pageRanking(db: Database, spaceIds: readonly string[], query: SearchQuery, request: PageRequest, queryText: string): Ranking | undefined {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const sortName = `search-pages:${queryTag(queryText)}`;
  // The cursor: the last page served (its tier, bm25 and row id) and how many pages were served up to it.
  const cursor = request.page === undefined ? undefined : decodeNumericCursor(request.page, sortName, 4);
  if (spaceIds.length === 0 || query.words.length === 0) return undefined;

  const words = matchExpression(query);
  const scope = searchScope(spaceIds);
  // The same expression serves both indexes: in search_titles, words can only match titles.
  const match = scope.match(words);
  const [tier = 1, bm25 = 0, rowId = 0, served = 0] = cursor ?? [];
  const after = (inTier: Tier) => (cursor && tier === inTier ? sql`WHERE score > ${bm25} OR (score = ${bm25} AND id > ${rowId})` : sql``);
  const ranked = (index: "search_index" | "search_titles", ranking: SQL, only: SQL = sql``) =>
    sql`SELECT id, score FROM (
        SELECT ${sql.raw(index)}.rowid AS id, ${ranking} AS score FROM ${sql.raw(index)} ${scope.join(index)}
        WHERE ${sql.raw(index)} MATCH ${match} ${scope.filter} ${only} LIMIT -1
      ) ${after(index === "search_titles" ? 1 : 2)} ORDER BY score, id LIMIT ${limit + 1}`;

  // The subqueries ranking each tier are kept apart (LIMIT -1) so that bm25 is computed once a
  // row, for both the cursor's condition and the order; a tier the cursor has left is not ranked.
  const titled = sql`titled AS MATERIALIZED (${ranked("search_titles", TITLE_RANKING)})`;
  const others = sql`others AS MATERIALIZED (${ranked(
    "search_index",
    PAGE_RANKING,
    sql`AND search_index.rowid NOT IN (SELECT rowid FROM search_titles WHERE search_titles MATCH ${match})`,
  )})`;
  const statement = rawAll<CountRow | PageRow | TrailRow>(
    db,
    sql`WITH RECURSIVE ${tier === 1 ? sql`${titled}, ` : sql``}${others},
      served AS MATERIALIZED (
        SELECT * FROM (${tier === 1 ? sql`SELECT 1 AS tier, id, score FROM titled UNION ALL ` : sql``}SELECT 2 AS tier, id, score FROM others)
        LIMIT ${limit + 1}
      ),
      pages AS MATERIALIZED (
        SELECT served.tier, served.id, served.score, p.space_id, p.page_id, p.headings, p.body, p.anchors FROM served JOIN search_pages p ON p.id = served.id
      ),
      ${trailSteps(sql`SELECT space_id, page_id FROM pages`)}
      SELECT 0 AS kind, (SELECT COUNT(*) FROM search_index ${scope.join("search_index")} WHERE search_index MATCH ${match} ${scope.filter}) AS total,
        NULL AS tier, NULL AS id, NULL AS bm25, NULL AS spaceId, NULL AS pageId, NULL AS headings, NULL AS body, NULL AS anchors,
        NULL AS depth, NULL AS title, NULL AS description, NULL AS slug
      UNION ALL
      SELECT 1, NULL, tier, id, score, space_id, page_id, headings, body, anchors, NULL, NULL, NULL, NULL FROM pages
      UNION ALL
      SELECT 2, NULL, NULL, NULL, NULL, spaceId, pageId, NULL, NULL, NULL, depth, title, description, slug FROM trail_steps
      ORDER BY kind, tier, bm25, id, spaceId, pageId, depth DESC`,
  );

  return { statement, read: (rows) => rankedPages(rows as Array<CountRow | PageRow | TrailRow>, limit, served, sortName) };
}

/** The statement's rows as pages: `limit` of them, ranked on from `served`, and the cursor of the next ones if one more came. */
function rankedPages(rows: Array<CountRow | PageRow | TrailRow>, limit: number, served: number, sortName: string): RankedPages {
  const total = (rows[0] as CountRow).total;
  const trails = pageTrails(rows.filter((row): row is TrailRow => row.kind === 2));
  const found = rows.filter((row): row is PageRow => row.kind === 1).map((row, index) => ({ row, rank: served + index + 1 }));
  const pages = found.slice(0, limit).map(({ row, rank }): RankedPage => ({
    spaceId: row.spaceId,
    pageId: row.pageId,
    rank,
    tier: row.tier,
    bm25: row.bm25,
    sections: storedSections(row),
    trail: trails.get(`${row.spaceId}/${row.pageId}`) ?? { title: "", description: "", slugs: [], ancestors: [] },
  }));
  const last = found[limit - 1];
  return {
    pages,
    count: total,
    ...(found.length > limit && last ? { next: { page: encodeCursor(sortName, [last.row.tier, last.row.bm25, last.row.id, last.rank]) } } : {}),
  };
}

/**
 * Where a search looks: a few spaces by their token in the index (the index skips to their rows),
 * many by filtering the matches on their row's space. Words need no column filter: no word can
 * match a space's token (query.ts), so they match the text columns only.
 */
function searchScope(spaceIds: readonly string[]) {
  if (spaceIds.length <= MAX_SPACE_TOKENS) {
    const tokens = spaceIds.map(spaceToken).join(" OR ");
    return { match: (words: string) => `(${tokens}) AND (${words})`, join: () => sql``, filter: sql`` };
  }
  return {
    match: (words: string) => words,
    join: (index: string) => sql`JOIN search_pages scoped ON scoped.id = ${sql.raw(index)}.rowid`,
    filter: sql`AND scoped.space_id IN (SELECT value FROM json_each(${JSON.stringify(spaceIds)}))`,
  };
}
