import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, EntityId } from "./common";
import { Emoji } from "./space";

/**
 * Templates (seed 4.2, GitBook's `applyTemplateToSpace` and `createChangeRequest`'s `template`):
 * what a caller sends to apply one, and the catalogue's `SpaceTemplate` objects. Which references
 * a template fills and how: docs/decisions.md, "Templates".
 */

const spaceOfRef = z.string().max(128).optional();

/** GitBook's `ContentRef`: every kind it defines is accepted here; each template says which it takes. */
export const ContentRef = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("file"), file: z.string().min(1).max(128), space: spaceOfRef }),
    z.strictObject({ kind: z.literal("url"), url: z.string().min(1).max(2048) }),
    z.strictObject({ kind: z.literal("page"), page: z.string().min(1).max(128), space: spaceOfRef }),
    z.strictObject({ kind: z.literal("anchor"), anchor: z.string().min(1).max(256), space: spaceOfRef, page: z.string().max(128).optional() }),
    z.strictObject({ kind: z.literal("user"), user: z.string().min(1).max(128) }),
    z.strictObject({ kind: z.literal("collection"), collection: z.string().min(1).max(128) }),
    z.strictObject({ kind: z.literal("space"), space: z.string().min(1).max(128) }),
    z.strictObject({ kind: z.literal("reusable-content"), reusableContent: z.string().min(1).max(128), space: spaceOfRef }),
    z.strictObject({ kind: z.literal("tag"), tag: z.string().min(1).max(128), space: spaceOfRef }),
    z.strictObject({
      kind: z.literal("openapi"),
      spec: z
        .string()
        .min(1)
        .max(100)
        .regex(/^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/, "must be an OpenAPI specification slug (letters and digits in words joined by '-')")
        .openapi({ description: "Slug of the OpenAPI specification" }),
    }),
  ])
  .openapi("ContentRef", { description: "A reference to content: a page, a file, a URL, an OpenAPI specification, …" });

export type ContentRefInput = z.infer<typeof ContentRef>;

/** At most this many named references in one application (a template declares a handful). */
export const MAX_CONTENT_REFS = 20;

export const SpaceTemplateParams = z
  .strictObject({
    contentRefs: z
      .record(z.string().min(1).max(64), ContentRef)
      .refine((refs) => Object.keys(refs).length <= MAX_CONTENT_REFS, `must name at most ${MAX_CONTENT_REFS} references`)
      .optional()
      .openapi({ description: "The template's named references, filled with content (see `GET /v1/templates`: each template lists the names it takes)" }),
  })
  .openapi("SpaceTemplateParams", { description: "Parameters for a space template" });

const templateFields = {
  id: z.string().min(1).max(128).openapi({ description: "The ID of the template to use: a template of `GET /v1/templates`, or the id of a space of the same organization" }),
  params: SpaceTemplateParams.optional(),
};

export const ApplySpaceTemplate = z.strictObject(templateFields).openapi("ApplySpaceTemplate");

export type ApplySpaceTemplateInput = z.infer<typeof ApplySpaceTemplate>;

/**
 * GitBook's `allOf(ApplySpaceTemplate, {changeRequestId})`, written out as one closed object: a
 * closed component extended by `allOf` would refuse the fields of its other half.
 */
export const ApplyTemplateToSpaceBody = z
  .strictObject({
    ...templateFields,
    changeRequestId: EntityId.optional().openapi({
      description: "The ID of the change request to apply the template to. If not provided, the template is applied to the main content.",
    }),
  })
  .openapi({ example: { id: "product-docs" } });

const TemplateReference = z
  .object({
    name: z.string(),
    kinds: z.array(z.string()),
    description: z.string(),
  })
  .openapi("SpaceTemplateReference");

/** GitBook's `SpaceTemplate`, plus the named references a template takes (`references`). */
export const SpaceTemplate = z
  .object({
    object: z.literal("space-template"),
    id: z.string(),
    contentId: z.string().openapi({ description: "What the template's content is read from: here, the template's own id in the catalogue" }),
    title: z.string(),
    subtitle: z.string(),
    emoji: Emoji,
    features: z.array(z.string()),
    previewImage: z.object({ light: AbsoluteUrl, dark: AbsoluteUrl }),
    urls: z.object({ preview: AbsoluteUrl }),
    references: z.array(TemplateReference),
  })
  .openapi("SpaceTemplate");

export type SpaceTemplateObject = z.infer<typeof SpaceTemplate>;
