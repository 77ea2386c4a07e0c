import { z } from "@hono/zod-openapi";
import { EntityId, QuerySwitch } from "./common";
import { JSONDocument } from "./document";
import { Emoji } from "./space";

/** Bytes of one file sent inline as base64 (GitBook: "max 1MB"). */
export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_CHANGES_PER_REQUEST = 50;
export const MAX_MARKDOWN_CHARS = 256 * 1024;

/** A page body: markdown (frontmatter sets metadata), a JSON document, or nothing. */
export const InputDocument = z
  .union([z.object({ markdown: z.string().max(MAX_MARKDOWN_CHARS) }).strict(), z.object({ document: JSONDocument }).strict(), z.object({}).strict()])
  .openapi("Document");

const PageMetadataInput = {
  title: z.string().min(1).max(256).optional(),
  slug: z
    .string()
    .max(100)
    .regex(/^[a-zA-Z0-9._~-]*$/, "must be a URL path segment (letters, digits, '-', '_', '.', '~')")
    .optional(),
  emoji: z.union([Emoji, z.literal("")]).optional(),
  icon: z.string().max(50).optional(),
  description: z.string().max(1000).optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  condition: z.string().max(1024).optional().openapi({ description: "Adaptive-content condition; an empty string removes it" }),
};

const BatchRef = z.string().min(1).max(256).regex(/^[\w.-]+$/, "must be letters, digits, '_', '-' or '.'");

/** GitBook's OpenAPISpecSlug. */
export const SpecSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/, "must be letters and digits in groups joined by single '-'");

/**
 * A page computed from an OpenAPI spec of the organization (GitBook's
 * ComputedContentSourceRevisionOpenAPI): read with `computed=true`, it shows the reference
 * generated from the spec's latest version (docs/decisions.md, "Computed pages").
 */
export const ComputedPageInput = z
  .strictObject({
    type: z.literal("builtin:openapi"),
    dependencies: z.strictObject({ spec: z.strictObject({ ref: z.strictObject({ kind: z.literal("openapi"), spec: SpecSlug }) }) }),
    props: z.strictObject({
      models: z.boolean(),
      downloadLink: z.boolean().optional(),
      grouping: z.enum(["by-tag", "by-operation"]).optional().openapi({ description: "How operations are grouped (default by-tag)" }),
    }),
  })
  .openapi("ComputedPageSource");

const InsertPage = z.strictObject({
  operation: z.literal("insert_page"),
  ...PageMetadataInput,
  into: EntityId.optional(),
  at: z.number().int().min(0).optional(),
  ref: BatchRef.optional(),
  document: InputDocument,
  computed: ComputedPageInput.optional(),
});

const UpdatePage = z.strictObject({
  operation: z.literal("update_page"),
  ...PageMetadataInput,
  page: EntityId,
  document: InputDocument.optional(),
  into: EntityId.nullable().optional(),
  at: z.number().int().min(0).optional(),
});

const DeletePage = z.strictObject({ operation: z.literal("delete_page"), page: EntityId });

const InsertFile = z.strictObject({
  ref: BatchRef.optional(),
  name: z.string().min(1).max(256),
  contentType: z.string().min(1).max(256).regex(/^[\w.+-]+\/[\w.+-]+$/, "must be a MIME type such as image/png"),
  base64: z
    .string()
    .max(Math.ceil(MAX_FILE_BYTES / 3) * 4, `must encode at most ${MAX_FILE_BYTES} bytes`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64"),
});

const InsertFiles = z.strictObject({ operation: z.literal("insert_files"), files: z.array(InsertFile).min(1).max(20) });

export const ContentChange = z.discriminatedUnion("operation", [InsertPage, UpdatePage, DeletePage, InsertFiles]);

export const UpdateChangeRequestContentBody = z.strictObject({
  changes: z.array(ContentChange).min(1).max(MAX_CHANGES_PER_REQUEST),
})
  .openapi({ example: { changes: [{ operation: "insert_page", title: "Quickstart", document: { markdown: "Install the CLI, then run `docs init`.\n" } }] } });

export type ContentChangeInput = z.infer<typeof ContentChange>;
export type InsertPageInput = z.infer<typeof InsertPage>;
export type UpdatePageInput = z.infer<typeof UpdatePage>;

export const UpdateChangeRequestContentQuery = z.object({
  compat: QuerySwitch("true (default): answer with the change request; false: also list the affected pages", "true"),
});
