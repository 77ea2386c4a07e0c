import { z } from "@hono/zod-openapi";
import { SpecSlug } from "./change-request-content";
import { EXAMPLE_SPEC_SLUG } from "./examples";
import { RevisionFile, RevisionPage } from "./revision";

/**
 * Bodies of GitBook's computed-content reads (`getComputedDocument`, `getComputedRevision`).
 * Only `builtin:openapi` sources are computed: integrations and translations do not exist in this
 * API, so any other `source.type` is refused with a 400 naming it (docs/decisions.md).
 */

const NOT_COMPUTED = "must be 'builtin:openapi': integrations and translations do not exist in this API, so only OpenAPI references are computed";

/** The spec dependency as inserted (`{ref}`), or resolved as page reads return it (`{ref, value}`). */
const SpecDependency = z.strictObject({
  spec: z.strictObject({
    ref: z.strictObject({ kind: z.literal("openapi"), spec: SpecSlug }),
    value: z.unknown().optional().openapi({ description: "The resolved spec, as a page read gives it: ignored, the slug decides" }),
  }),
});

const page = z.string().min(1).max(2048);

/** GitBook's ComputedContentSourceDocumentOpenAPI `props`: which part of the reference. */
const DocumentProps = z.discriminatedUnion("doc", [
  z.strictObject({ doc: z.literal("models") }),
  z.strictObject({ doc: z.literal("info"), page: page.openapi({ description: "Accepted: the API's description is one part" }) }),
  z.strictObject({ doc: z.enum(["operations", "tag"]), page: page.openapi({ description: "The tag, by its name or its page's slug" }) }),
  z.strictObject({
    doc: z.literal("operation"),
    page: page.openapi({ description: "The operation's path, e.g. /pets/{petId}" }),
    method: z.enum(["get", "post", "put", "delete", "patch", "options", "head", "trace", "hook"]),
    deprecated: z.boolean().optional(),
  }),
]);

/**
 * A `builtin:openapi` source. Another `type` is refused with one message naming `source.type`
 * (checked first, so the fields of a source this API does not know are not listed as problems).
 */
const openAPISource = <P extends z.ZodType>(props: P) =>
  z.preprocess(
    (value, ctx) => {
      const type = value !== null && typeof value === "object" ? (value as { type?: unknown }).type : undefined;
      if (type === "builtin:openapi") return value;
      ctx.issues.push({ code: "custom", message: NOT_COMPUTED, path: ["type"], input: type });
      return z.NEVER;
    },
    z.strictObject({ type: z.literal("builtin:openapi"), dependencies: SpecDependency, props }),
  );

const Seed = z.string().max(512).openapi({ description: "Seed of the generated ids: the same seed gives the same ids" });

export const ComputedDocumentBody = z
  .strictObject({ source: openAPISource(DocumentProps), seed: Seed })
  .openapi("ComputedDocumentRequest", {
    example: {
      source: { type: "builtin:openapi", dependencies: { spec: { ref: { kind: "openapi", spec: EXAMPLE_SPEC_SLUG } } }, props: { doc: "operations", page: "pets" } },
      seed: "pets-operations",
    },
  });
export type ComputedDocumentInput = z.infer<typeof ComputedDocumentBody>;

const RevisionProps = z.strictObject({
  models: z.boolean().openapi({ description: "Adds a Models page (the spec's schemas) after the operations' pages" }),
  downloadLink: z.boolean().optional().openapi({ description: "Accepted; the pages carry no download link" }),
  grouping: z.enum(["by-tag", "by-operation"]).optional().openapi({ description: "A page per tag (default) or per operation" }),
});

export const ComputedRevisionBody = z
  .strictObject({ source: openAPISource(RevisionProps), seed: Seed })
  .openapi("ComputedRevisionRequest", {
    example: {
      source: { type: "builtin:openapi", dependencies: { spec: { ref: { kind: "openapi", spec: EXAMPLE_SPEC_SLUG } } }, props: { models: true } },
      seed: "petstore-reference",
    },
  });
export type ComputedRevisionInput = z.infer<typeof ComputedRevisionBody>;

export const ComputedRevision = z
  .object({ pages: z.array(RevisionPage), files: z.array(RevisionFile), reusableContents: z.array(z.looseObject({ id: z.string(), title: z.string() })) })
  .openapi("ComputedRevision");
