import { z } from "@hono/zod-openapi";
import { AbsoluteUrl } from "./common";

/** Published-content resolution (GitBook's resolvePublishedContentByUrl and its GET twin). */

const PublishedUrl = z.string().min(1).max(2048).openapi({ format: "uri", description: "URL to resolve", example: "https://docs.example.com/getting-started" });

/**
 * GitBook's `PlainObject` of claims. Claims are not validated strictly (GitBook's own schema
 * refuses string claims under strict validation: a known flaw); only their size is bounded.
 */
const UnsignedClaims = z.record(z.string().max(256), z.unknown()).openapi({ description: "Claims the visitor states (adaptive content): `visitor.claims.unsigned.<name>` in conditions" });

export const SiteVisitorPayload = z
  .object({
    jwtToken: z.string().max(8192).optional().openapi({ description: "A JWT signed with the site's publishing-auth key (HS256, with `exp`): its claims are `visitor.claims.<name>`" }),
    unsignedClaims: UnsignedClaims.optional(),
    type: z.enum(["human", "agent"]).optional().openapi({ description: "Defaults to human when omitted" }),
  })
  .openapi("SiteVisitorPayload");

export const ResolvePublishedContentBody = z
  .strictObject({
    url: PublishedUrl,
    redirectOnError: z.boolean().optional().openapi({ description: "Accepted; a visitor-auth site without a valid visitor token always answers its fallback URL as a redirect" }),
    visitor: SiteVisitorPayload.optional(),
    // GitBook's renderer adds it to miss GitBook's cache of this request: accepted, so it works here too.
    cacheBust: z.string().max(256).optional().openapi({ description: "Ignored: GitBook's renderer sends it to miss caches of this request (answers here are never cached)" }),
  })
  .openapi("ResolvePublishedContentBody", { example: { url: "https://docs.example.com/getting-started", visitor: { unsignedClaims: { plan: "pro" } } } });

export const GetPublishedContentQuery = {
  url: PublishedUrl,
  visitorAuthToken: z.string().max(8192).optional().openapi({ description: "JWT token generated for an authenticated access session" }),
  redirectOnError: z.enum(["true", "false"]).optional(),
};

export const PublishedSiteContent = z
  .object({
    site: z.string(),
    siteSection: z.string().optional(),
    siteSpace: z.string(),
    space: z.string(),
    changeRequest: z.string().optional(),
    revision: z.string().optional(),
    pathname: z.string(),
    basePath: z.string(),
    siteBasePath: z.string(),
    apiToken: z.string().openapi({ description: "A site token (JWT, minutes): send it as the bearer token to read what the site publishes to this visitor" }),
    organization: z.string(),
    shareKey: z.string().optional(),
    complete: z.boolean(),
    contextId: z.string().optional(),
    canonicalUrl: z.string(),
  })
  .openapi("PublishedSiteContent");

export const PublishedContentRedirect = z
  .object({ target: z.enum(["application", "content", "external"]), redirect: AbsoluteUrl, site: z.string().optional() })
  .openapi("PublishedContentRedirect");

export const PublishedSiteContentLookup = z.union([PublishedContentRedirect, PublishedSiteContent]).openapi("PublishedSiteContentLookup");
