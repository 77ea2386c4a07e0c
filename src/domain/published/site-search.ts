import type { VisitorContext } from "../../context";
import type { ListPage, PageRequest } from "../../lib/pagination";
import type { SearchSpaceResultObject } from "../../schemas/search";
import type { SearchSiteContentInput } from "../../schemas/site-search";
import { headPageIndex, hiddenPages } from "../content-reads/page-index";
import { searchableSiteSpaces, searchSite } from "../sites/search";
import { scopeOfBody } from "../sites/search-scope";
import { structureFrom, structureReads } from "../sites/structure";
import { structureSeenBy } from "../sites/visible-structure";
import { loadVisitorSite } from "../sites/visitor-access";

/**
 * `searchSiteContent` for a site's visitor: the site spaces their claims let through (sections and
 * site spaces with conditions), and in them, the pages theirs show (pages with conditions, from
 * each space's page index, kept in memory per revision). The site, its structure and the token's
 * check are one round trip, the search one more, as a member's search is.
 */
export async function searchSiteForVisitor(ctx: VisitorContext, organizationId: string, siteId: string, body: SearchSiteContentInput, page: PageRequest): Promise<ListPage<SearchSpaceResultObject>> {
  const [{ site, organization }, results] = await loadVisitorSite(ctx, organizationId, siteId, structureReads(ctx, siteId));
  const structure = structureSeenBy(structureFrom(results), ctx.visitor.claims);
  const visible = searchableSiteSpaces(ctx, { site, organization }, structure);
  const hidden = new Map<string, ReadonlySet<string>>();
  await Promise.all(
    visible.map(async ({ siteSpace }) => {
      const { space } = structure.siteSpaces.get(siteSpace.id)!;
      const index = await headPageIndex(ctx, space, space.revisionId);
      hidden.set(space.id, hiddenPages(index, ctx.visitor.claims));
    }),
  );
  const request = { query: body.query, scope: scopeOfBody(body), ...page };
  return searchSite(ctx, request, visible, (spaceId) => hidden.get(spaceId) ?? new Set());
}
