import { and, eq, isNull } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { spaces } from "../../db/schema";
import { EMPTY_LIST, type ListPage, type PageRequest } from "../../lib/pagination";
import { canOnContent } from "../../lib/permissions";
import type { SearchPageResultObject, SearchSectionResultObject, SearchSpaceResultObject } from "../../schemas/search";
import { levelOn } from "../content-tree/access";
import { loadSpaceAccess } from "../content-tree/space-access";
import { byId, chainLevels, selectOrganizationCollections, type AncestorRow } from "../content-tree/tree";
import { loadOrganizationAccess } from "../organizations/access";
import { containsQuery, parseSearchQuery, type SearchQuery } from "./query";
import { excerptOf, mentionsQuery } from "./excerpt";
import { MAX_SECTIONS_PER_PAGE, pageTrails, rankPages, type PageTrail, type RankedPage, type RankedPages, type RankedSection } from "./ranking";

/**
 * Full-text search of live content (seed 4.2 `searchSpaceContent`, 4.7 `searchOrganizationContent`):
 * what may be searched is decided here, ranking in ranking.ts, the index's upkeep in indexing.ts.
 */

/** A list of results; `count` is not given for a wide query (ranking.ts). */
type SearchListPage<Item> = Omit<ListPage<Item>, "count"> & { count?: number };

/** A space's live content. A deleted space has none to search until it is restored. */
export async function searchSpaceContent(ctx: CallerContext, spaceId: string, text: string, request: PageRequest): Promise<SearchListPage<SearchPageResultObject>> {
  const access = await loadSpaceAccess(ctx, spaceId);
  if (access.row.deletedAt) return EMPTY_LIST;
  const query = parseSearchQuery(text);
  const ranked = await rankPages(ctx.db, [spaceId], query, request, text);
  const trails = await pageTrails(ctx.db, ranked.pages);
  return { items: ranked.pages.map((page) => presentPage(ctx, page, trails, query)), ...(ranked.next ? { next: ranked.next } : {}), ...countOf(ranked) };
}

/**
 * The live spaces of the organization that the caller may read, searched together: pages are ranked
 * across all of them and paginated as one list (`limit` and `count` are pages), and each page of
 * results groups its pages by space, spaces in the order of their best page. A space the caller
 * cannot read is never searched, so nothing of it can show.
 */
export async function searchOrganizationContent(
  ctx: CallerContext,
  organizationId: string,
  text: string,
  request: PageRequest,
): Promise<SearchListPage<SearchSpaceResultObject>> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  if (access.membership.role === null) return EMPTY_LIST;
  const [live, collections] = await ctx.db.batch([
    ctx.db
      .select({ id: spaces.id, title: spaces.title, parentId: spaces.parentId, defaultLevel: spaces.defaultLevel, createdBy: spaces.createdBy })
      .from(spaces)
      .where(and(eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt))),
    selectOrganizationCollections(ctx.db, organizationId),
  ]);
  const chains = byId(collections as AncestorRow[]);
  const readable = live.filter((space) =>
    canOnContent(levelOn(access.member, [space.defaultLevel, ...chainLevels(chains, space.parentId)], space.createdBy), "view"),
  );
  const titles = new Map(readable.map((space) => [space.id, space.title]));
  const query = parseSearchQuery(text);
  const ranked = await rankPages(ctx.db, [...titles.keys()], query, request, text);
  const trails = await pageTrails(ctx.db, ranked.pages);
  const groups = new Map<string, SearchSpaceResultObject>();
  for (const page of ranked.pages) {
    const result = presentPage(ctx, page, trails, query);
    const group = groups.get(page.spaceId) ?? { type: "space" as const, id: page.spaceId, title: titles.get(page.spaceId) ?? "", score: result.score, pages: [] };
    group.pages.push(result);
    groups.set(page.spaceId, group);
  }
  return { items: [...groups.values()], ...(ranked.next ? { next: ranked.next } : {}), ...countOf(ranked) };
}

const scoreOf = (bm25: number) => Math.max(0, -bm25);

/** The total, when it was counted (not for a wide query: ranking.ts). */
const countOf = (ranked: RankedPages) => (ranked.count === undefined ? {} : { count: ranked.count });

function presentPage(ctx: CallerContext, page: RankedPage, trails: Map<string, PageTrail>, query: SearchQuery): SearchPageResultObject {
  const trail = trails.get(`${page.spaceId}/${page.pageId}`) ?? { title: "", description: "", slugs: [], ancestors: [] };
  const path = trail.slugs.join("/");
  const appUrl = ctx.urls.app(`/s/${page.spaceId}/${path}`.replace(/\/$/, ""));
  // Sections whose own text matched; when none did, the page matched on its title or description
  // and its root section (the page's top) stands for it (GitBook: "an arbitrary section of the
  // matching page"), so a title match lands on the page.
  const own = page.sections.filter((section) => mentionsQuery(`${section.heading} ${section.body}`, query));
  const top = page.sections.find((section) => section.position === 0) ?? page.sections[0]!;
  const sections = own.length > 0 ? own.slice(0, MAX_SECTIONS_PER_PAGE) : [top];
  const section = (row: RankedSection): SearchSectionResultObject => ({
    id: row.anchor || page.pageId,
    title: row.heading || trail.title,
    path: row.anchor ? `${path}#${row.anchor}` : path,
    score: scoreOf(row.score),
    resultType: own.length > 0 ? "section" : "page",
    body: excerptOf(row.body, query),
    urls: { app: row.anchor ? `${appUrl}#${row.anchor}` : appUrl },
  });
  return {
    id: page.pageId,
    title: trail.title,
    description: trail.description,
    path,
    score: scoreOf(page.best),
    rank: page.rank,
    resultType: containsQuery(`${trail.title} ${trail.description}`, query) ? "page" : "section",
    sections: sections.map(section),
    ancestors: trail.ancestors.map((title) => ({ title })),
    urls: { app: appUrl },
  };
}
