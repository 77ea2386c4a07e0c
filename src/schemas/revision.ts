import { z } from "@hono/zod-openapi";
import { QuerySwitch } from "./common";

/**
 * MC (seed 4): `metadata` and `computed`. `metadata` is accepted and changes nothing: the only Git
 * metadata of pages and files is their `git` {oid, path}, small and always shown. `computed`
 * decides whether a page read computes a computed page's content (domain/computed-pages) or
 * returns it as stored (docs/decisions.md).
 */
export const RevisionQuery = {
  metadata: QuerySwitch("Accepted; pages and files imported from Git always show their `git` {oid, path}", "true"),
  computed: QuerySwitch("true (default): a computed page read returns its generated content; false: the page as stored", "true"),
};

export const PageQuery = z.object({
  format: z.enum(["markdown", "document"]).default("markdown").openapi({ description: "Output format of the page body (default markdown)" }),
  "format.markdown.refs": z.enum(["relative", "stable"]).optional().openapi({ description: "Accepted; references are written as stable ids" }),
  evaluated: z
    .enum(["true", "false", "deterministic-only"])
    .default("false")
    .openapi({ description: "Accepted: markdown bodies hold no expressions, so evaluation changes nothing" }),
  dereferenced: z.enum(["true", "false", "reusable-contents"]).optional().openapi({
    description: "true or reusable-contents: each reusable content placed at the top level of a body is replaced by its content (one level); false (default): kept as a reusable-content block",
  }),
  ...RevisionQuery,
});

export const LinkStatusQuery = z.enum(["ok", "broken", "in-app"]).optional().openapi({ description: "Only links with this status" });

/** Response shapes are documented loosely: GitBook's spec (RevisionPage, RevisionFile...) is the reference. */
export const RevisionPage = z.looseObject({ id: z.string(), title: z.string(), type: z.enum(["document", "computed"]) }).openapi("RevisionPage");
export type RevisionPageObject = z.infer<typeof RevisionPage>;
export const RevisionFile = z
  .object({
    id: z.string(),
    name: z.string(),
    contentType: z.string(),
    downloadURL: z.string(),
    size: z.number(),
    dimensions: z.object({ width: z.number(), height: z.number() }).optional(),
    git: z.object({ oid: z.string(), path: z.string() }).optional().openapi({ description: "Where a Git import found the file" }),
  })
  .openapi("RevisionFile");
export const RevisionReusableContent = z
  .object({
    id: z.string(),
    title: z.string(),
    document: z.string().optional().openapi({ description: "The id of its body's document; absent when it is empty" }),
    git: z.object({ oid: z.string(), path: z.string() }).optional().openapi({ description: "Where a Git import found it (`.gitbook/includes/...`)" }),
  })
  .openapi("RevisionReusableContent");
export const Revision = z
  .looseObject({
    object: z.literal("revision"),
    id: z.string(),
    parents: z.array(z.string()),
    pages: z.array(RevisionPage),
    files: z.array(RevisionFile),
    reusableContents: z.array(RevisionReusableContent),
  })
  .openapi("Revision");

const ContentReference = z.looseObject({ kind: z.string() });
export const LinkReportItem = z
  .object({ status: z.enum(["ok", "broken", "in-app"]), relation: z.string(), targetReference: ContentReference, locationReferences: z.array(ContentReference) })
  .openapi("ContentLinkReportItem");
export const LinkStats = z.object({ total: z.number(), broken: z.object({ total: z.number(), changeRequest: z.number() }) });
