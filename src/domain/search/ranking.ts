import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawAll } from "../../db/raw";
import { decodeCursor, encodeCursor, type CursorValue } from "../../lib/cursor";
import { DEFAULT_PAGE_SIZE, type PageRequest } from "../../lib/pagination";
import { matchExpression, queryTag, type SearchQuery } from "./query";

/**
 * The ranked pages of a search, one page of them at a time, over a set of spaces.
 *
 * Rows (sections) are ranked by bm25 with the index's columns weighted
 * space_id 0 < body 1 < description 3 < heading 5 < title 10, so a page's title outweighs its
 * headings, and headings outweigh body text; a page ranks as its best section. Results are keyset
 * paginated on (bm25 of the best section, space id, page id): every request ranks the matches
 * again (relevance cannot be read off an index) and returns those after the cursor, so while the
 * content is unchanged each page is served once; `rank` is the page's position in the whole
 * ranked set, computed from how many pages rank before the cursor.
 *
 * One statement ranks, counts and pages, and fetches the best matching sections of the pages
 * served; a second (pageTrails) reads their paths and ancestors.
 *
 * A wide query (a word on most pages) is ranked differently: bm25 over every match cannot be
 * avoided (relevance cannot be read off the index in order), but grouping tens of thousands of
 * matches into pages, counting them and joining them to their rows can. The first statement
 * gives up as soon as it counts more than `WIDE_QUERY.sections` matching sections (it stops
 * counting there, and counting costs no ranking), and `rankWidePages` keeps only the best-ranked sections
 * (`WIDE_QUERY.candidates`) and makes pages of them: the pages served are exactly the best pages
 * (every page ranked before a page served has a section among the candidates), their `rank` comes
 * from the cursor, the total `count` is not given (GitBook's schema makes it optional), and each
 * page's sections are its best ones among the candidates.
 */

/** bm25 weights, in the order of search_index's columns: space_id, title, description, heading, body. */
const RANKING = sql.raw("bm25(search_index, 0, 10, 3, 5, 1)");

/** Sections returned per page: its best few, and its root section (which stands for a title match). */
export const MAX_SECTIONS_PER_PAGE = 5;

/** When a query is ranked as a wide one (`rankWidePages`); tests lower them to reach it with a few pages. */
export interface WideQueryLimits {
  /** Above this many matching sections, a query is wide. */
  sections: number;
  /** The best-ranked sections a wide query's pages are made of. */
  candidates: number;
}

export const WIDE_QUERY: WideQueryLimits = { sections: 5_000, candidates: 1_000 };

/**
 * Above this many spaces, the index is not asked to narrow matches to them by their space_id
 * token (a long OR); matches are filtered by space after the index instead. Below it the index
 * skips straight to the spaces' rows.
 */
const MAX_SPACE_TOKENS = 200;

export interface RankedSection {
  spaceId: string;
  pageId: string;
  /** The page's bm25 (its best section's; lower is better). */
  best: number;
  position: number;
  anchor: string;
  heading: string;
  body: string;
  /** The section's bm25 (lower is better). */
  score: number;
}

export interface RankedPage {
  spaceId: string;
  pageId: string;
  /** One-based position in the whole ranked set. */
  rank: number;
  /** The page's bm25 (lower is better). */
  best: number;
  /** Its best matching sections, best first, and its root section if it matched. */
  sections: RankedSection[];
}

export interface RankedPages {
  pages: RankedPage[];
  /** How many pages match in all (not counted for a wide query). */
  count?: number;
  next?: { page: string };
}

type CountRow = { kind: 0; total: number; remaining: number; sections: number };
type SectionRow = { kind: 1 } & RankedSection;

/**
 * The index is queried once: bm25 is computed in that one pass over the matches. (Reopening the
 * query per result row, as FTS5's snippet() and highlight() would need after ranking, makes bm25
 * recount every term's matches per row.) Excerpts are made from the rows' text (excerpt.ts).
 */
export async function rankPages(
  db: Database,
  spaceIds: readonly string[],
  query: SearchQuery,
  request: PageRequest,
  queryText: string,
  wide: WideQueryLimits = WIDE_QUERY,
): Promise<RankedPages> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const sortName = `search:${queryTag(queryText)}`;
  // The cursor: the last page served (its bm25, space and page ids) and how many pages were served up to it.
  const cursor = request.page === undefined ? undefined : decodeCursor(request.page, sortName, 4);
  if (spaceIds.length === 0 || query.words.length === 0) return { pages: [], count: 0 };

  const words = `{title description heading body} : (${matchExpression(query)})`;
  const match =
    spaceIds.length <= MAX_SPACE_TOKENS ? `space_id : (${spaceIds.map((id) => `"${id.replaceAll('"', '""')}"`).join(" OR ")}) AND ${words}` : words;
  const after = afterCursor(cursor);
  const inSpaces = JSON.stringify(spaceIds);

  const rows = await rawAll<CountRow | SectionRow>(
    db,
    sql`WITH matched AS MATERIALIZED (
        SELECT COUNT(*) AS sections FROM (SELECT 1 FROM search_index WHERE search_index MATCH ${match} LIMIT ${wide.sections + 1})
      ),
      hits AS MATERIALIZED (
        SELECT s.id, s.space_id, s.page_id, s.position, ${RANKING} AS score
        FROM search_index JOIN search_sections s ON s.id = search_index.rowid
        WHERE (SELECT sections FROM matched) <= ${wide.sections}
          AND search_index MATCH ${match} AND s.space_id IN (SELECT value FROM json_each(${inSpaces}))
      ),
      pages AS MATERIALIZED (SELECT space_id, page_id, MIN(score) AS best FROM hits GROUP BY space_id, page_id),
      top AS MATERIALIZED (SELECT space_id, page_id, best FROM pages WHERE ${after} ORDER BY best, space_id, page_id LIMIT ${limit}),
      sections AS (
        SELECT hits.*, MIN(score) OVER page AS best, ROW_NUMBER() OVER (page ORDER BY score, position) AS nth
        FROM hits WHERE (space_id, page_id) IN (SELECT space_id, page_id FROM top)
        WINDOW page AS (PARTITION BY space_id, page_id)
      )
      SELECT 0 AS kind, (SELECT COUNT(*) FROM pages) AS total, (SELECT COUNT(*) FROM pages WHERE ${after}) AS remaining,
        (SELECT sections FROM matched) AS sections, NULL AS spaceId, NULL AS pageId, NULL AS best, NULL AS position, NULL AS anchor, NULL AS heading, NULL AS body, NULL AS score
      UNION ALL
      SELECT 1, NULL, NULL, NULL, sections.space_id, sections.page_id, sections.best, sections.position, s.anchor, s.heading, s.body, sections.score
      FROM sections JOIN search_sections s ON s.id = sections.id
      WHERE sections.nth <= ${MAX_SECTIONS_PER_PAGE} OR sections.position = 0
      ORDER BY kind, best, spaceId, pageId, score, position`,
  );

  const counts = rows[0] as CountRow;
  if (counts.sections > wide.sections) {
    const widePage = await rankWidePages(db, match, inSpaces, cursor, limit, wide.candidates);
    if (widePage) return paged(widePage.pages, widePage.hasMore, sortName);
    return rankPages(db, spaceIds, query, request, queryText, { ...wide, sections: 1_000_000_000 });
  }
  const served = counts.total - counts.remaining;
  const pages = pagesOf(rows.slice(1) as SectionRow[], served);
  return { ...paged(pages, counts.remaining > limit, sortName), count: counts.total };
}

/** Pages served after `cursor`: a later bm25, or the same one and a later space and page id. */
function afterCursor(cursor: CursorValue[] | undefined) {
  if (!cursor) return sql`1`;
  const [best, spaceId, pageId] = cursor;
  return sql`(best > ${best} OR (best = ${best} AND (space_id > ${spaceId} OR (space_id = ${spaceId} AND page_id > ${pageId}))))`;
}

/** Section rows (ordered by page, best page first) as pages, ranked on from `served`. */
function pagesOf(rows: SectionRow[], served: number): RankedPage[] {
  const pages: RankedPage[] = [];
  for (const row of rows) {
    let page = pages.at(-1);
    if (!page || page.spaceId !== row.spaceId || page.pageId !== row.pageId) {
      page = { spaceId: row.spaceId, pageId: row.pageId, rank: served + pages.length + 1, best: row.best, sections: [] };
      pages.push(page);
    }
    page.sections.push(row);
  }
  return pages;
}

function paged(pages: RankedPage[], hasMore: boolean, sortName: string): RankedPages {
  const last = pages.at(-1);
  return {
    pages,
    ...(hasMore && last ? { next: { page: encodeCursor(sortName, [last.best, last.spaceId, last.pageId, last.rank]) } } : {}),
  };
}

/**
 * The candidates of a wide query: its best-ranked sections, and after a cursor those ranked from
 * the cursor's page on, and `served`: the pages a section ranked before the cursor's page belongs
 * to, which were served already (their other sections may still be among the candidates).
 */
function candidatesAfter(match: string, cursor: CursorValue[] | undefined, count: number) {
  if (!cursor) {
    return sql`candidates AS MATERIALIZED (
        SELECT rowid AS id, ${RANKING} AS score FROM search_index WHERE search_index MATCH ${match} ORDER BY score LIMIT ${count}
      )`;
  }
  const [best] = cursor;
  return sql`ranked AS MATERIALIZED (SELECT rowid AS id, ${RANKING} AS score FROM search_index WHERE search_index MATCH ${match}),
      candidates AS MATERIALIZED (SELECT id, score FROM ranked WHERE score >= ${best} ORDER BY score LIMIT ${count}),
      served AS MATERIALIZED (
        SELECT DISTINCT s.space_id, s.page_id FROM ranked JOIN search_sections s ON s.id = ranked.id WHERE ranked.score < ${best}
      )`;
}

type WideRow = { kind: 0; candidates: number; worst: number | null } | SectionRow;

/**
 * A wide query's page of results, from its `candidates` best-ranked sections after the
 * cursor (a section ranked before the cursor's page belongs to a page already served). A page
 * made of them is certain when its best section ranks strictly before the worst candidate: every
 * page ranked before it then has a section among the candidates too. Undefined when too few
 * pages are certain (pages with hundreds of matching sections each): the exact ranking answers.
 */
async function rankWidePages(db: Database, match: string, inSpaces: string, cursor: CursorValue[] | undefined, limit: number, candidates: number) {
  const served = cursor?.[3];
  const after = afterCursor(cursor);
  const rows = await rawAll<WideRow>(
    db,
    sql`WITH ${candidatesAfter(match, cursor, candidates)},
      hits AS MATERIALIZED (
        SELECT s.id, s.space_id, s.page_id, s.position, candidates.score
        FROM candidates JOIN search_sections s ON s.id = candidates.id
        WHERE s.space_id IN (SELECT value FROM json_each(${inSpaces}))
      ),
      pages AS MATERIALIZED (
        SELECT space_id, page_id, MIN(score) AS best FROM hits
        ${cursor ? sql`WHERE (space_id, page_id) NOT IN (SELECT space_id, page_id FROM served)` : sql``}
        GROUP BY space_id, page_id
      ),
      top AS MATERIALIZED (SELECT space_id, page_id, best FROM pages WHERE ${after} ORDER BY best, space_id, page_id LIMIT ${limit + 1}),
      sections AS (
        SELECT hits.*, MIN(score) OVER page AS best, ROW_NUMBER() OVER (page ORDER BY score, position) AS nth
        FROM hits WHERE (space_id, page_id) IN (SELECT space_id, page_id FROM top)
        WINDOW page AS (PARTITION BY space_id, page_id)
      )
      SELECT 0 AS kind, (SELECT COUNT(*) FROM candidates) AS candidates, (SELECT MAX(score) FROM candidates) AS worst,
        NULL AS spaceId, NULL AS pageId, NULL AS best, NULL AS position, NULL AS anchor, NULL AS heading, NULL AS body, NULL AS score
      UNION ALL
      SELECT 1, NULL, NULL, sections.space_id, sections.page_id, sections.best, sections.position, s.anchor, s.heading, s.body, sections.score
      FROM sections JOIN search_sections s ON s.id = sections.id
      WHERE sections.nth <= ${MAX_SECTIONS_PER_PAGE} OR sections.position = 0
      ORDER BY kind, best, spaceId, pageId, score, position`,
  );
  const head = rows[0] as Extract<WideRow, { kind: 0 }>;
  const complete = head.candidates < candidates;
  const pages = pagesOf(rows.slice(1) as SectionRow[], typeof served === "number" ? served : 0);
  const certain = complete ? pages : pages.filter((page) => head.worst !== null && page.best < head.worst);
  if (certain.length > limit) return { pages: certain.slice(0, limit), hasMore: true };
  if (complete) return { pages: certain, hasMore: false };
  return undefined;
}

/** A page's place in its space's tree: its own title, description and slug, then its ancestors'. */
export interface PageTrail {
  title: string;
  description: string;
  /** Slugs from the top-level page down to the page. */
  slugs: string[];
  /** Titles from the top-level page down to the direct parent. */
  ancestors: string[];
}

/** Guards the walk up the tree; main's tree has no cycles (merges repair them), this bounds it anyway. */
const MAX_PAGE_DEPTH = 100;

type TrailRow = { spaceId: string; pageId: string; depth: number; title: string; description: string | null; slug: string };

/**
 * The trails of the pages served, from main's head, in one statement: O(pages × depth), whatever
 * the size of their spaces. Read when served rather than stored in the index, so renaming or
 * moving a page re-indexes nothing below it. Keyed by `${spaceId}/${pageId}`.
 */
export async function pageTrails(db: Database, pages: ReadonlyArray<{ spaceId: string; pageId: string }>): Promise<Map<string, PageTrail>> {
  const trails = new Map<string, PageTrail>();
  if (pages.length === 0) return trails;
  const starts = JSON.stringify(pages.map((page) => [page.spaceId, page.pageId]));
  const rows = await rawAll<TrailRow>(
    db,
    sql`WITH RECURSIVE trail(space_id, start_id, parent_id, data, depth) AS (
        SELECT e.space_id, e.entry_id, e.parent_id, e.data, 0
        FROM json_each(${starts}) j JOIN content_entries e
          ON e.space_id = j.value ->> 0 AND e.line = 'main' AND e.kind = 'page' AND e.entry_id = j.value ->> 1 AND e.to_ordinal IS NULL
        UNION ALL
        SELECT e.space_id, trail.start_id, e.parent_id, e.data, trail.depth + 1
        FROM trail JOIN content_entries e
          ON e.space_id = trail.space_id AND e.line = 'main' AND e.kind = 'page' AND e.entry_id = trail.parent_id AND e.to_ordinal IS NULL
        WHERE trail.depth < ${MAX_PAGE_DEPTH}
      )
      SELECT space_id AS spaceId, start_id AS pageId, depth, data ->> 'title' AS title, data ->> 'description' AS description,
        data ->> 'slug' AS slug
      FROM trail ORDER BY spaceId, pageId, depth DESC`,
  );
  for (const row of rows) {
    const key = `${row.spaceId}/${row.pageId}`;
    const trail = trails.get(key) ?? { title: "", description: "", slugs: [], ancestors: [] };
    trail.slugs.push(row.slug);
    if (row.depth === 0) Object.assign(trail, { title: row.title, description: row.description ?? "" });
    else trail.ancestors.push(row.title);
    trails.set(key, trail);
  }
  return trails;
}
