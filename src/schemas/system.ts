import { z } from "@hono/zod-openapi";

/** GitBook's `ApiInformation`. */
export const ApiInformation = z
  .object({
    version: z.string().openapi({ description: "The release of this deployment (package.json's version)" }),
    build: z.string().openapi({ description: "When this release was deployed (uploaded to Cloudflare), in ISO format" }),
  })
  .openapi("ApiInformation");
