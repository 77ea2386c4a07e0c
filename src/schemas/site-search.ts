import { z } from "@hono/zod-openapi";

/**
 * The body of `searchSiteContent` (GitBook 0.146 and 0.202): the words, and which of the site's
 * spaces to search, as `scope` or in the deprecated forms that came before it (`mode` with
 * `siteSpaceIds` or `siteSpaceId`). GitBook writes it as `allOf(query, oneOf(forms))`; it is one
 * closed object here, checked by hand, so that a body in no form is a 400 naming the field to
 * give (`scope`) and a body mixing two forms one naming the field that does not belong.
 */

/** How many site spaces `siteSpaceIds` may name: more than any site has sections and variants. */
export const MAX_SCOPE_SITE_SPACES = 100;

const SiteSpaceIds = z.array(z.string().min(1).max(128)).min(1).max(MAX_SCOPE_SITE_SPACES);

export const SiteSearchScope = z
  .union([
    z.strictObject({
      mode: z.literal("default").openapi({
        description: "Each section's default site space (the one in the language of `currentSiteSpace`, when a section has one), and `currentSiteSpace`",
      }),
      currentSiteSpace: z.string().min(1).max(128).optional().openapi({ description: "The site space the search is made from: always searched" }),
      restrictTo: z
        .enum(["currentSiteSpace", "otherSiteSpaces"])
        .optional()
        .openapi({ description: "GitBook 0.202, with `currentSiteSpace`: only the current site space, or the default scope without it" }),
    }),
    z.strictObject({ mode: z.literal("specific").openapi({ description: "Only the site spaces named" }), siteSpaceIds: SiteSpaceIds }),
    z.strictObject({ mode: z.literal("all").openapi({ description: "Every site space of the site" }) }),
  ])
  .superRefine((scope, context) => {
    if ("restrictTo" in scope && scope.restrictTo !== undefined && scope.currentSiteSpace === undefined) {
      context.addIssue({ code: "custom", path: ["restrictTo"], message: "needs 'currentSiteSpace': the site space the restriction is relative to" });
    }
  })
  .openapi("SiteSearchScope", { description: "Which site spaces of the site a search covers" });

const deprecated = (description: string) => ({ deprecated: true, description: `${description} Deprecated: use \`scope\`.` });

export const SearchSiteContentBody = z
  .strictObject({
    query: z.string().min(1).max(512).openapi({
      description: "The words to find (1-512 characters): all of them, in any order; the last one as a prefix unless the text ends with a space.",
      example: "getting started",
    }),
    scope: SiteSearchScope.optional(),
    mode: z
      .enum(["specific", "current", "all"])
      .optional()
      .openapi(deprecated("`specific` (the default with `siteSpaceIds`): those site spaces; `current`: `siteSpaceId` and each section's default; `all`: every site space.")),
    siteSpaceIds: SiteSpaceIds.optional().openapi(deprecated("The site spaces to search (with `mode` `specific` or no `mode`).")),
    siteSpaceId: z.string().min(1).max(128).optional().openapi(deprecated("The current site space (with `mode` `current`).")),
  })
  .superRefine((body, context) => {
    const issue = (field: string, message: string) => context.addIssue({ code: "custom", path: [field], message });
    const legacy = (["mode", "siteSpaceIds", "siteSpaceId"] as const).filter((field) => body[field] !== undefined);
    if (body.scope) {
      for (const field of legacy) issue(field, "not with 'scope' (a deprecated form of it)");
      return;
    }
    if (legacy.length === 0) return issue("scope", "required: which site spaces to search, e.g. {\"mode\":\"default\"}");
    if (body.mode === "current") {
      if (body.siteSpaceId === undefined) issue("siteSpaceId", "required with mode 'current'");
      if (body.siteSpaceIds !== undefined) issue("siteSpaceIds", "not with mode 'current' (it takes 'siteSpaceId')");
      return;
    }
    if (body.siteSpaceId !== undefined) issue("siteSpaceId", "only with mode 'current'");
    if (body.mode === "all" && body.siteSpaceIds !== undefined) issue("siteSpaceIds", "not with mode 'all'");
    if (body.mode !== "all" && body.siteSpaceIds === undefined) issue("siteSpaceIds", "required with mode 'specific' (or no mode)");
  })
  .openapi("SearchSiteContentBody", { example: { query: "getting started", scope: { mode: "default" } } });

export type SearchSiteContentInput = z.infer<typeof SearchSiteContentBody>;
export type SiteSearchScopeInput = z.infer<typeof SiteSearchScope>;
