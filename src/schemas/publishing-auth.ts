import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, InputUrl, orNull } from "./common";

/** Visitor authentication of a site (GitBook's SitePublishingAuth, SitePublishingAuthUpdate). */

const Backend = z.enum(["custom", "integration"]).openapi({ description: "custom: the site's own backend signs visitor JWTs with `privateKey`; integration: not available here (no integrations)" });

export const SitePublishingAuth = z
  .object({
    object: z.literal("publishing-auth"),
    backend: Backend,
    privateKey: z.string().openapi({ description: "The key visitors' JWTs are signed with (HS256)" }),
    fallbackURL: AbsoluteUrl.optional().openapi({ description: "Where a visitor without a valid token is sent (with `location`: the path they asked for)" }),
    logoutURL: AbsoluteUrl.optional(),
  })
  .openapi("SitePublishingAuth");

export const SitePublishingAuthUpdate = z
  .strictObject({
    backend: Backend,
    fallbackURL: orNull(InputUrl).optional().openapi({ description: "Not given: unchanged; null: unset" }),
    logoutURL: orNull(InputUrl).optional().openapi({ description: "Not given: unchanged; null: unset" }),
  })
  .openapi("SitePublishingAuthUpdate", { example: { backend: "custom", fallbackURL: "https://auth.example.com/login" } });
