import { z } from "@hono/zod-openapi";
import { searchSiteForVisitor } from "../../domain/published/site-search";
import { searchSiteContent } from "../../domain/sites/search";
import { listOf, listQuery } from "../../schemas/list";
import { SearchSpaceResult } from "../../schemas/search";
import { SearchSiteContentBody } from "../../schemas/site-search";
import { SiteParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, requesterOf, userRoute } from "../shared";

/** A site's search (GitBook's `searchSiteContent`): its published spaces' live content, ranked together. */
export const siteSearchRoutes = createRouter().openapi(
  userRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/search",
    operationId: "searchSiteContent",
    permission: { site: "viewSites", note: "Every site space of the site is searched, whatever the caller's level on its space." },
    authenticatesInItsRead: true,
    readsPublished: true,
    summary: "Full-text search of the site's spaces: ranked pages grouped by space, with their URLs on the published site",
    description:
      "`scope` picks the site spaces: `default` (each section's default, and `currentSiteSpace`), `specific` (`siteSpaceIds`, all of this site) or `all`. Pages are ranked across them and paginated as one list: `limit` and `count` count pages, and each page of results groups its pages by space.",
    tags: ["sites"],
    request: { params: SiteParams, query: z.object(listQuery), body: jsonBody(SearchSiteContentBody) },
    responses: { 200: jsonResponse(listOf(SearchSpaceResult), "Matching pages grouped by space, best first"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const visitor = c.get("visitorContext");
    if (visitor) return c.json(await searchSiteForVisitor(visitor, organizationId, siteId, c.req.valid("json"), c.req.valid("query")), 200);
    return c.json(await searchSiteContent(requesterOf(c), organizationId, siteId, c.req.valid("json"), c.req.valid("query")), 200);
  },
);
