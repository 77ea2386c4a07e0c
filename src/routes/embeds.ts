import { getEmbed, getEmbedInSpace } from "../domain/embeds/embeds";
import { Embed, EmbedQuery } from "../schemas/embed";
import { SpaceParams } from "./params";
import { createRouter, errorResponses, jsonResponse, readerOf, userRoute } from "./shared";

/** Embeds (GitBook's `getEmbedByUrlInSpace`, `getEmbedByUrl`): what a page's embed block shows for a URL. */

const description =
  "The page is fetched (through the deployment's outbound guard) and read for its oEmbed endpoint and metadata; the answer is kept a day per URL. A page that cannot be read now, or is not HTML, gives a link card (`title`: the URL, `site`: its host). A URL that is not absolute http(s), or whose host this deployment does not fetch (private networks), is a 400.";

export const embedRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/spaces/{spaceId}/embed",
      operationId: "getEmbedByUrlInSpace",
      permission: { content: "view", on: "space" },
      authenticatesInItsRead: true,
      readsPublished: true,
      summary: "Get the embed of a URL in a space's content",
      description,
      tags: ["space-content"],
      request: { params: SpaceParams, query: EmbedQuery },
      responses: { 200: jsonResponse(Embed, "The embed"), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await getEmbedInSpace(readerOf(c), c.req.valid("param").spaceId, c.req.valid("query").url), 200),
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/urls/embed",
      operationId: "getEmbedByUrl",
      permission: { anyUser: "what a URL shows is the same for everyone" },
      readsPublished: true,
      summary: "Get the embed of a URL",
      description,
      tags: ["urls"],
      request: { query: EmbedQuery },
      responses: { 200: jsonResponse(Embed, "The embed"), ...errorResponses(400) },
    }),
    async (c) => c.json(await getEmbed(c.get("visitorContext") ?? c.get("callerContext"), c.req.valid("query").url), 200),
  );
