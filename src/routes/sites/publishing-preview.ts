import { z } from "@hono/zod-openapi";
import { getSitePreviewUrl } from "../../domain/published/preview";
import { SiteParams } from "../params";
import { createRouter, errorResponses, jsonResponse, userRoute } from "../shared";

const PreviewQuery = {
  siteSpace: z.string().max(64).optional().openapi({ description: "The site space to open (default: the site's default one)" }),
  claims: z.string().max(4096).optional().openapi({ description: "Rison-encoded claims of the visitor to preview as, e.g. `(plan:pro,unsigned:(beta:!t))`" }),
};

/** GitBook's `getSitePublishingPreviewById`: a URL that opens the site as a visitor would see it, valid an hour. */
export const publishingPreviewRoutes = createRouter().openapi(
  userRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/publishing/preview",
    operationId: "getSitePublishingPreviewById",
    permission: { site: "viewSites" },
    summary: "A URL, valid an hour, that opens the site (published or not) as a visitor with the given claims sees it",
    tags: ["sites"],
    request: { params: SiteParams, query: z.object(PreviewQuery) },
    responses: { 200: jsonResponse(z.object({ url: z.string().openapi({ format: "uri" }) }), "The preview URL"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    return c.json(await getSitePreviewUrl(c.get("callerContext"), organizationId, siteId, c.req.valid("query")), 200);
  },
);
