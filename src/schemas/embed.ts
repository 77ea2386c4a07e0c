import { z } from "@hono/zod-openapi";
import { AbsoluteUrl } from "./common";

/** `getEmbedByUrl` and `getEmbedByUrlInSpace` (GitBook 0.146 and 0.202): what a page's embed block shows. */

export const EmbedQuery = z.object({
  url: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .max(2048)
    .openapi({
      param: { name: "url", in: "query", required: true },
      description: "The URL to embed: an absolute http(s) URL of a public host (at most 2048 characters)",
      example: "https://docs.example/getting-started",
    }),
});

const EmbedCard = {
  title: z.string().openapi({ description: "The page's title (oEmbed, OpenGraph, Twitter card or <title>); the URL itself when it has none" }),
  site: z.string().openapi({ description: "The site's name (oEmbed provider, og:site_name); its host name when it has none" }),
  icon: AbsoluteUrl.optional().openapi({ description: "The icon the page declares" }),
};

export const Embed = z
  .union([
    z.object({ type: z.literal("link").openapi({ description: "A card linking to the URL" }), ...EmbedCard }),
    z.object({
      type: z.literal("rich"),
      ...EmbedCard,
      html: z.string().openapi({
        description: "The provider's oEmbed markup, as the provider wrote it (not sanitized): render it sandboxed, e.g. in an iframe with `sandbox`",
      }),
    }),
  ])
  .openapi("Embed", { description: "What an embed block shows for a URL: the provider's markup (rich) or a link card" });

export type EmbedObject = z.infer<typeof Embed>;
