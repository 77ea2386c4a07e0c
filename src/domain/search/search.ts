import { and, eq, isNull } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { spaces, type SpaceRow } from "../../db/schema";
import { EMPTY_LIST, type ListPage, type PageRequest } from "../../lib/pagination";
import { canOnContent } from "../../lib/permissions";
import type { SearchPageResultObject, SearchSectionResultObject, SearchSpaceResultObject } from "../../schemas/search";
import { levelOn, levelsOf } from "../content-tree/access";
import { grantedAmong, heldByContent, selectGrantsHeldBy } from "../content-tree/granted-levels";
import { loadSpaceAccessWith } from "../content-tree/space-access";
import { byId, chainFrom, selectOrganizationCollections, type AncestorRow } from "../content-tree/tree";
import { loadOrganizationAccessWith } from "../organizations/access";
import { containsQuery, parseSearchQuery, type SearchQuery } from "./query";
import { excerptOf } from "./excerpt";
import { pageRanking, rankPages, type RankedPage, type RankedPages } from "./ranking";
import { listedSections, type WeighedSection } from "./sections";

/**
 * Full-text search of live content (seed 4.2 `searchSpaceContent`, 4.7 `searchOrganizationContent`):
 * what may be searched is decided here, ranking in ranking.ts, the index's upkeep in indexing.ts.
 */

/** What an organization search reads of each live space: enough to decide whether the caller may read it. */
type LiveSpace = Pick<SpaceRow, "id" | "title" | "parentId" | "defaultLevel" | "createdBy">;

/** A space's live content. A deleted space has none to search until it is restored. */
export async function searchSpaceContent(ctx: CallerContext, spaceId: string, text: string, request: PageRequest): Promise<ListPage<SearchPageResultObject>> {
  const query = parseSearchQuery(text);
  // The search shares the access check's round trip (as content reads do); its rows are read only
  // once access is granted. A malformed cursor is a 400 first, like any invalid parameter.
  const ranking = pageRanking(ctx.db, [spaceId], query, request, text);
  const [access, [rows]] = await loadSpaceAccessWith(ctx, spaceId, ranking ? [ranking.statement] : []);
  if (access.row.deletedAt || !ranking) return EMPTY_LIST;
  const ranked = ranking.read(rows as unknown[]);
  return { items: ranked.pages.map((page) => presentSearchPage(ctx, page, query)), ...(ranked.next ? { next: ranked.next } : {}), count: ranked.count };
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
): Promise<ListPage<SearchSpaceResultObject>> {
  // The organization's live spaces and collections come in the access check's round trip; they
  // are read only once access is granted.
  const [access, [live, collections, held]] = await loadOrganizationAccessWith(ctx, organizationId, [
    ctx.db
      .select({ id: spaces.id, title: spaces.title, parentId: spaces.parentId, defaultLevel: spaces.defaultLevel, createdBy: spaces.createdBy })
      .from(spaces)
      .where(and(eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt))),
    selectOrganizationCollections(ctx.db, organizationId),
    // What is granted to the caller: a guest searches what it opens to them, a member also what it raises.
    selectGrantsHeldBy(ctx.db, ctx.caller.id, organizationId),
  ]);
  const collectionsById = byId(collections as AncestorRow[]);
  const grantsHeld = heldByContent(held as Array<{ contentId: string; rank: number }>);
  const readable = (live as LiveSpace[]).filter((space) => {
    const chain = chainFrom(collectionsById, space.parentId);
    const granted = grantedAmong(grantsHeld, [space.id, ...chain.map((collection) => collection.id)]);
    return canOnContent(levelOn(access.member, [space.defaultLevel, ...levelsOf(chain)], space.createdBy, granted), "view");
  });
  const titles = new Map(readable.map((space) => [space.id, space.title]));
  const query = parseSearchQuery(text);
  const ranked = await rankPages(ctx.db, [...titles.keys()], query, request, text);
  return groupedBySpace(ranked, (page) => presentSearchPage(ctx, page, query), (spaceId) => titles.get(spaceId) ?? "");
}

/**
 * A page of ranked results grouped by space (GitBook's `SearchSpaceResult`), spaces in the order
 * of their best page, each scored as that page: the organization's search and a site's.
 */
export function groupedBySpace(
  ranked: RankedPages,
  present: (page: RankedPage) => SearchPageResultObject,
  titleOf: (spaceId: string) => string,
): ListPage<SearchSpaceResultObject> {
  const groups = new Map<string, SearchSpaceResultObject>();
  for (const page of ranked.pages) {
    const result = present(page);
    const group = groups.get(page.spaceId) ?? { type: "space" as const, id: page.spaceId, title: titleOf(page.spaceId), score: result.score, pages: [] };
    group.pages.push(result);
    groups.set(page.spaceId, group);
  }
  return { items: [...groups.values()], ...(ranked.next ? { next: ranked.next } : {}), count: ranked.count };
}

/**
 * A page's `score`: higher is better, and it decreases with `rank`: bm25 negated (≥ 0) and
 * brought into [0, 1), plus 1 for a page whose title holds every word (its tier ranks first).
 */
function scoreOf(page: RankedPage): number {
  const relevance = Math.max(0, -page.bm25);
  return (page.tier === 1 ? 1 : 0) + relevance / (1 + relevance);
}

/** A ranked page as GitBook's `SearchPageResult`, with its matching sections and its URLs in the app. */
export function presentSearchPage(ctx: Pick<CallerContext, "urls">, page: RankedPage, query: SearchQuery): SearchPageResultObject {
  const { trail } = page;
  const path = trail.slugs.join("/");
  const appUrl = ctx.urls.app(`/s/${page.spaceId}/${path}`.replace(/\/$/, ""));
  // Sections whose own text matched; when none did, the page matched on its title or description
  // and its root section (the page's top) stands for it (GitBook: "an arbitrary section of the
  // matching page"), so a title match lands on the page.
  const listed = listedSections(page.sections, query);
  const score = scoreOf(page);
  const section = (row: WeighedSection): SearchSectionResultObject => ({
    id: row.anchor || page.pageId,
    title: row.heading || trail.title,
    path: row.anchor ? `${path}#${row.anchor}` : path,
    // On the page's scale: its best section scores as the page.
    score: score * row.weight,
    resultType: listed.own ? "section" : "page",
    body: excerptOf(row.text, query),
    urls: { app: row.anchor ? `${appUrl}#${row.anchor}` : appUrl },
  });
  return {
    id: page.pageId,
    title: trail.title,
    description: trail.description,
    path,
    score,
    rank: page.rank,
    resultType: containsQuery(`${trail.title} ${trail.description}`, query) ? "page" : "section",
    sections: listed.sections.map(section),
    ancestors: trail.ancestors.map((title) => ({ title })),
    urls: { app: appUrl },
  };
}
