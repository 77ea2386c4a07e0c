import { z } from "@hono/zod-openapi";
import { searchOrganizationContent, searchSpaceContent } from "../domain/search/search";
import { listOf } from "../schemas/list";
import { SearchPageResult, SearchQuery, SearchSpaceResult } from "../schemas/search";
import { OrganizationParams, SpaceParams } from "./params";
import { createRouter, errorResponses, jsonResponse, userRoute } from "./shared";

/** Full-text search of live content: a space's (seed 4.2) and an organization's (seed 4.7). */
export const searchRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/spaces/{spaceId}/search",
      operationId: "searchSpaceContent",
      permission: { content: "view", on: "space" },
      summary: "Full-text search of the space's live content: ranked pages with their matching sections",
      tags: ["space-content"],
      request: { params: SpaceParams, query: z.object(SearchQuery) },
      responses: { 200: jsonResponse(listOf(SearchPageResult), "Matching pages, best first"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { query, ...page } = c.req.valid("query");
      return c.json(await searchSpaceContent(c.get("callerContext"), c.req.valid("param").spaceId, query, page), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/search",
      operationId: "searchOrganizationContent",
      permission: { organization: "view", note: "Only the spaces the caller may read are searched (none for guests)." },
      summary: "Full-text search of the live content of the organization's spaces the caller may read, grouped by space",
      description: "Pages are ranked across all the spaces and paginated as one list: `limit` and `count` count pages, and each page of results groups its pages by space.",
      tags: ["organizations"],
      request: { params: OrganizationParams, query: z.object(SearchQuery) },
      responses: { 200: jsonResponse(listOf(SearchSpaceResult), "Matching pages grouped by space, best first"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { query, ...page } = c.req.valid("query");
      return c.json(await searchOrganizationContent(c.get("callerContext"), c.req.valid("param").organizationId, query, page), 200);
    },
  );
