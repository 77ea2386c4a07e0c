import { z } from "@hono/zod-openapi";
import { EntityId, InputUrl, Timestamp } from "./common";
import { ShareKeyQuery } from "./site-structure-inputs";

/**
 * Site redirects (GitBook's SiteRedirect and its operations). Answers carry every field 0.202
 * requires (`draft`, `captureWildcard`, `permanent`, `createdAt`), which 0.146 allows.
 */

/** GitBook 0.202's SiteRedirectSourcePath: 0.146's, plus `+` and a final `*` or `/*` (a wildcard). */
export const SOURCE_PATH_PATTERN = /^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/;

/** A source path's schema (a function: the query parameter takes it unnamed, so its example shows where the matrix reads it). */
const sourcePath = () =>
  z
    .string()
    .max(512)
    .regex(
      SOURCE_PATH_PATTERN,
      "must be a path: '/' then segments of letters, digits, '-', '.', '_', '~', '+' or %-escapes separated by '/', no trailing '/', optionally ending in '*' or '/*' (a wildcard)",
    );

export const SiteRedirectSourcePath = sourcePath().openapi("SiteRedirectSourcePath", {
  description: "The source path to redirect from, relative to the site's published URL (e.g. `/old/page`, or `/old/*` for everything under `/old/`).",
  example: "/old-page",
});

const id = (description: string) => EntityId.openapi({ description });

const ToSection = z.strictObject({ kind: z.literal("site-section"), siteSectionId: id("Unique identifier for the site section to redirect to") }).openapi("SiteRedirectDestinationSiteSection");
const ToSiteSpace = z.strictObject({ kind: z.literal("site-space"), siteSpaceId: id("Unique identifier for the site space to redirect to") }).openapi("SiteRedirectDestinationSiteSpace");
const ToPage = z
  .strictObject({
    kind: z.literal("site-page"),
    siteSpaceId: id("Unique identifier for the site space of the page"),
    pageId: id("Unique identifier for the page within the site space to redirect to"),
  })
  .openapi("SiteRedirectDestinationPage");
const ToExternal = z.strictObject({ kind: z.literal("external"), url: InputUrl }).openapi("SiteRedirectDestinationExternal");

export const SiteRedirectDestination = z
  .discriminatedUnion("kind", [ToSection, ToSiteSpace, ToPage, ToExternal], {
    // 0.202's input-only `path` destination (a page by its path in a space) is not supported.
    error: (issue) => (issue.code === "invalid_union" ? "'kind' must be 'site-section', 'site-space', 'site-page' or 'external'" : undefined),
  })
  .openapi("SiteRedirectDestination", {
  description: "Where the redirect sends visitors: a section, a site space, a page of a site space (all of this site), or an external URL.",
});
export type SiteRedirectDestinationInput = z.infer<typeof SiteRedirectDestination>;

export const SiteRedirect = z
  .object({
    object: z.literal("site-redirect"),
    id: z.string().openapi({ description: "The unique identifier for the redirect." }),
    source: z.string().openapi({ description: "The source path to redirect from." }),
    draft: z.boolean().openapi({ description: "Whether the redirect is draft and not live." }),
    captureWildcard: z.boolean().openapi({ description: "Capture and append the wildcard-matched suffix to the destination URL." }),
    permanent: z.boolean().openapi({ description: "Whether the redirect is permanent (HTTP 308 for public live traffic, 307 otherwise)." }),
    destination: SiteRedirectDestination,
    createdAt: Timestamp.openapi({ description: "When the redirect was created." }),
    updatedAt: Timestamp.optional().openapi({ description: "When the redirect was last updated. Absent if never updated since creation." }),
  })
  .openapi("SiteRedirect");
export type SiteRedirectObject = z.infer<typeof SiteRedirect>;

const flags = {
  captureWildcard: z.boolean().optional().openapi({ description: "Append what the wildcard matched to the destination URL (a source ending in `*` only)." }),
  draft: z.boolean().optional().openapi({ description: "A draft redirect is listed but not live: it never redirects a visitor." }),
  permanent: z.boolean().optional().openapi({ description: "Whether the redirect is permanent for public live traffic." }),
};

export const CreateSiteRedirectBody = z
  .strictObject({ source: SiteRedirectSourcePath, destination: SiteRedirectDestination, ...flags })
  .openapi({ example: { source: "/old-page", destination: { kind: "external", url: "https://example.com/new-page" } } });
export type CreateSiteRedirectInput = z.infer<typeof CreateSiteRedirectBody>;

export const UpdateSiteRedirectBody = z
  .strictObject({ source: SiteRedirectSourcePath.optional(), destination: SiteRedirectDestination.optional(), ...flags })
  .openapi({ example: { source: "/older-page" } });
export type UpdateSiteRedirectInput = z.infer<typeof UpdateSiteRedirectBody>;

const TRUE_OR_FALSE = z.enum(["true", "false"]);

export const SiteRedirectListQuery = z.object({
  search: z.string().max(512).optional().openapi({ description: "Search for a redirect by path: a part of its source, case-insensitive (ASCII)." }),
  draft: TRUE_OR_FALSE.default("false")
    .transform((value) => value === "true")
    .openapi({ type: "boolean", description: "Filter redirects by draft mode: `false` (the default) lists the live ones, `true` the drafts." }),
  orderBy: z
    .enum(["createdAt", "updatedAt", "source"])
    .default("createdAt")
    .openapi({ description: "`createdAt` (newest first, the default), `updatedAt` (most recently changed first) or `source` (alphabetical)." }),
});

export const SiteRedirectBySourceQuery = z.object({
  ...ShareKeyQuery,
  source: sourcePath().openapi({ description: "The path visited, relative to the site's published URL: its exact redirect, else the live wildcard redirect with the longest matching prefix.", example: "/old-page" }),
});

export const SiteRedirectLookup = z
  .object({
    redirect: SiteRedirect,
    target: z.string().openapi({ description: "URL of the destination of the redirect." }),
  })
  .openapi("SiteRedirectLookup");
