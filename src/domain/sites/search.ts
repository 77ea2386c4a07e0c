import type { RequestContext, RequesterContext } from "../../context";
import type { ListPage, PageRequest } from "../../lib/pagination";
import type { SearchPageResultObject, SearchSpaceResultObject } from "../../schemas/search";
import type { SearchSiteContentInput } from "../../schemas/site-search";
import { parseSearchQuery } from "../search/query";
import { rankPages, type RankedPages } from "../search/ranking";
import { groupedBySpace, presentSearchPage } from "../search/search";
import { loadSiteAccessWith, type SiteAccess } from "./access";
import { scopeOfBody, siteSpacesInScope, type SearchableSiteSpace, type SiteSearchScope } from "./search-scope";
import { sectionPublishedUrl, siteSpacePublishedUrl, structureFrom, structureReads, type SiteStructure } from "./structure";
import { publishedUrl, sitePublishedBase } from "./urls";

/**
 * A site's search (`searchSiteContent`): the full-text index of live content (domain/search), over
 * the spaces the site publishes, ranked together and grouped by space as the organization's search
 * is, with each page's URL on the published site beside its app URL.
 *
 * Who sees which site spaces is decided before the search (`searchSite` takes them): a member
 * who may view sites sees every site space; a site's visitor, those their claims let through.
 */

export interface SiteSearchRequest extends PageRequest {
  query: string;
  scope: SiteSearchScope;
}

/** A member's search of a site: the site, its structure and the caller's access in one round trip, then the search in one more. */
export async function searchSiteContent(
  ctx: RequesterContext,
  organizationId: string,
  siteId: string,
  body: SearchSiteContentInput,
  page: PageRequest,
): Promise<ListPage<SearchSpaceResultObject>> {
  const { access, structure } = await loadSiteWithStructure(ctx, organizationId, siteId);
  const request = { query: body.query, scope: scopeOfBody(body), ...page };
  return searchSite(access.callerContext, request, searchableSiteSpaces(access.callerContext, access, structure));
}

/**
 * The search over `visibleSiteSpaces` (what the searcher may see of the site, in structure order):
 * the scope picks among them, and their spaces are ranked together in one round trip. A space
 * that two site spaces publish is searched once, shown as the first of them.
 */
export async function searchSite(
  ctx: Pick<RequestContext, "db" | "urls">,
  request: SiteSearchRequest,
  visibleSiteSpaces: readonly SearchableSiteSpace[],
  hiddenPages?: (spaceId: string) => ReadonlySet<string>,
): Promise<ListPage<SearchSpaceResultObject>> {
  const siteSpaceOf = new Map<string, SearchableSiteSpace>();
  for (const item of siteSpacesInScope(request.scope, visibleSiteSpaces)) if (!siteSpaceOf.has(item.space.id)) siteSpaceOf.set(item.space.id, item);
  const query = parseSearchQuery(request.query);
  const ranked = withoutHidden(await rankPages(ctx.db, [...siteSpaceOf.keys()], query, { page: request.page, limit: request.limit }, request.query), hiddenPages);
  return groupedBySpace(
    ranked,
    (page) => withPublishedUrls(presentSearchPage(ctx, page, query), siteSpaceOf.get(page.spaceId)?.publishedUrl ?? null),
    (spaceId) => {
      const item = siteSpaceOf.get(spaceId);
      return item ? (item.siteSpace.title ?? item.space.title) : "";
    },
  );
}

/** Every site space of the structure as a search sees it, in structure order, with where it is published. */
export function searchableSiteSpaces(ctx: Pick<RequestContext, "env" | "urls">, access: Pick<SiteAccess, "organization" | "site">, structure: SiteStructure): SearchableSiteSpace[] {
  const base = access.site.published ? sitePublishedBase(ctx.env, ctx.urls, access.organization, access.site) : null;
  return structure.siteSpacesInOrder().map(({ siteSpace, space }) => {
    const section = siteSpace.sectionId === null ? undefined : structure.sections.get(siteSpace.sectionId);
    return { siteSpace, space, publishedUrl: siteSpacePublishedUrl(sectionPublishedUrl(base, section), siteSpace) };
  });
}

/**
 * The site as a member who may view sites sees it, with its whole structure: the caller's lookup,
 * the membership, the site and the structure's three reads in one batch (one round trip). A
 * non-member gets the organization's 404, a guest given nothing on the site the 403, another
 * organization's site a 404.
 */
async function loadSiteWithStructure(ctx: RequesterContext, organizationId: string, siteId: string): Promise<{ access: SiteAccess; structure: SiteStructure }> {
  const [access, results] = await loadSiteAccessWith(ctx, organizationId, siteId, "viewSites", undefined, structureReads(ctx, siteId));
  return { access, structure: structureFrom(results) };
}

/**
 * A visitor's results without the pages conditions hide from them (adaptive content). They are
 * taken out of the ranked page, so a page of results may hold fewer than `limit`, and `count`
 * leaves out those it served only: the index does not know visitors' claims.
 */
function withoutHidden(ranked: RankedPages, hiddenPages: ((spaceId: string) => ReadonlySet<string>) | undefined): RankedPages {
  if (!hiddenPages) return ranked;
  const pages = ranked.pages.filter((page) => !hiddenPages(page.spaceId).has(page.pageId));
  return { ...ranked, pages, count: ranked.count - (ranked.pages.length - pages.length) };
}

/** The page's and its sections' URLs on the published site, under their site space's URL. */
function withPublishedUrls(result: SearchPageResultObject, siteSpaceUrl: string | null): SearchPageResultObject {
  if (siteSpaceUrl === null) return result;
  const at = (path: string) => {
    const [pagePath = "", anchor] = path.split("#");
    return publishedUrl(siteSpaceUrl, pagePath) + (anchor ? `#${encodeURIComponent(anchor)}` : "");
  };
  return {
    ...result,
    urls: { ...result.urls, published: at(result.path) },
    sections: result.sections.map((section) => ({ ...section, urls: { ...section.urls, published: at(section.path) } })),
  };
}
