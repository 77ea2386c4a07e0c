import { z } from "@hono/zod-openapi";
import { AbsoluteUrl } from "./common";
import { listQuery } from "./list";

/** The query of `searchSpaceContent` and `searchOrganizationContent` (GitBook's spec: `query`, max 512). */
export const SearchQuery = {
  query: z
    .string()
    .min(1)
    .max(512)
    .openapi({
      param: { name: "query", in: "query", required: true },
      description:
        "The words to find (1-512 characters): all of them, in any order; the last one as a prefix unless the text ends with a space. Case and accents are ignored; quotes and operators are read as plain text.",
      example: "getting started",
    }),
  ...listQuery,
};

const ResultType = z.enum(["page", "section"]);
const Score = z.number().min(0).openapi({ description: "Relevance: higher is better, unbounded (bm25)" });

/** `app` always; `published` in a site's search while the site is published (GitBook's `urls` has room for more). */
const ResultUrls = (what: string) =>
  z.object({
    app: AbsoluteUrl.openapi({ description: `The ${what} in the application` }),
    published: AbsoluteUrl.optional().openapi({ description: `The ${what} on the published site (a site's search, while the site is published)` }),
  });

export const SearchSectionResult = z
  .object({
    id: z.string().openapi({ description: "The heading's anchor id; the page's id for the text before its first heading" }),
    title: z.string(),
    path: z.string().openapi({ description: "The page's path, with `#anchor` for a heading's section" }),
    score: Score,
    resultType: ResultType.openapi({ description: "`section`: the section's own text matched; `page`: the page matched on its title or description" }),
    body: z.string().openapi({ description: "A short plain-text excerpt of the section around what matched" }),
    urls: ResultUrls("section"),
  })
  .openapi("SearchSectionResult");

export const SearchPageResult = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    path: z.string(),
    score: Score,
    rank: z.number().int().min(1).openapi({ description: "One-based position in the whole ranked result set, kept across pages and groups" }),
    resultType: ResultType,
    sections: z.array(SearchSectionResult),
    ancestors: z.array(z.object({ title: z.string() })).openapi({ description: "From the top-level page to the direct parent" }),
    urls: ResultUrls("page"),
  })
  .openapi("SearchPageResult");

export const SearchSpaceResult = z
  .object({
    type: z.literal("space"),
    id: z.string(),
    title: z.string(),
    score: Score,
    pages: z.array(SearchPageResult),
  })
  .openapi("SearchSpaceResult");

export type SearchPageResultObject = z.infer<typeof SearchPageResult>;
export type SearchSectionResultObject = z.infer<typeof SearchSectionResult>;
export type SearchSpaceResultObject = z.infer<typeof SearchSpaceResult>;
