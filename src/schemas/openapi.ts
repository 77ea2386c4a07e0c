import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, InputUrl, Timestamp, orNull } from "./common";

/** Hosted OpenAPI specifications and their versions (seed 2.14, 4.15; GitBook's spec for the rest). */

/** The largest spec accepted, as text in a request or fetched from a URL (docs/decisions.md). */
export const MAX_OPENAPI_SPEC_BYTES = 5 * 1024 * 1024;

export const OpenAPISpecSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/, "must be letters and digits, in groups joined by single '-'")
  .openapi("OpenAPISpecSlug", { description: "Slug of the OpenAPI specification, unique in its organization", example: "petstore" });

export const OpenAPISpecVisibility = z.enum(["private", "public"]).openapi("OpenAPISpecVisibility", {
  description: "`private`: not publicly available; `public`: available to anyone with its public link (`urls.published`).",
});

const EXAMPLE_SPEC_TEXT = 'openapi: 3.1.0\ninfo:\n  title: Petstore\n  version: 1.0.0\npaths:\n  /pets:\n    get:\n      summary: List all pets\n      responses:\n        "200":\n          description: A list of pets\n';

export const OpenAPISpecSource = z
  .union([
    z.strictObject({ url: InputUrl.openapi({ description: "Fetch the specification from this URL (and refresh it from there)" }) }),
    z.strictObject({ text: z.string().min(1).openapi({ description: "The specification itself, as JSON or YAML text" }) }),
  ])
  .openapi("OpenAPISpecSource", { description: "Where the specification comes from: a URL, or its text." });

export const CreateOpenAPISpec = z
  .strictObject({ slug: OpenAPISpecSlug, source: OpenAPISpecSource })
  .openapi("CreateOpenAPISpec")
  .openapi({ example: { slug: "petstore", source: { text: EXAMPLE_SPEC_TEXT } } });

export const UpdateOpenAPISpecSource = z
  .strictObject({ source: OpenAPISpecSource })
  .openapi("UpdateOpenAPISpecSource")
  .openapi({ example: { source: { text: EXAMPLE_SPEC_TEXT } } });

export const UpdateOpenAPISpecVisibility = z
  .strictObject({ visibility: OpenAPISpecVisibility })
  .openapi("UpdateOpenAPISpecVisibility")
  .openapi({ example: { visibility: "public" } });

export const OpenAPISpecProcessingState = z.enum(["pending", "progress", "complete"]).openapi("OpenAPISpecProcessingState", {
  description: "`pending`: waiting in the queue; `progress`: being fetched and parsed; `complete`: the outcome is recorded.",
});

export const OpenAPISpecProcessingErrorCode = z.enum(["FETCH_TIMEOUT", "FETCH_ERROR", "PARSE_ERROR"]).openapi("OpenAPISpecProcessingErrorCode");

export const OpenAPIErrorObject = z
  .object({ message: z.string(), code: z.string().optional() })
  .openapi("OpenAPIErrorObject", { description: "One processing error, with where it is (line and column, or a JSON pointer)." });

export const OpenAPISpec = z
  .object({
    object: z.literal("openapi-spec"),
    id: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    slug: OpenAPISpecSlug,
    sourceURL: AbsoluteUrl.optional(),
    processingState: OpenAPISpecProcessingState,
    visibility: OpenAPISpecVisibility,
    lastVersion: z.string().optional().openapi({ description: "ID of the latest version" }),
    lastProcessedAt: Timestamp.optional(),
    lastProcessErrorCode: OpenAPISpecProcessingErrorCode.optional(),
    lastProcessedErrors: z.array(OpenAPIErrorObject).optional(),
    lastProcessedErrorCount: z.number().int().min(0).openapi({ description: "Total number of processing errors before truncation of lastProcessedErrors" }),
    permissions: z.object({ view: z.boolean(), edit: z.boolean() }),
    urls: z.object({
      location: AbsoluteUrl,
      app: AbsoluteUrl,
      published: AbsoluteUrl.optional().openapi({ description: "The public link of the latest version; only when visibility is public" }),
    }),
  })
  .openapi("OpenAPISpec");

export type OpenAPISpecObject = z.infer<typeof OpenAPISpec>;

export const OpenAPISpecVersion = z
  .object({
    object: z.literal("openapi-spec-version"),
    id: z.string(),
    createdAt: Timestamp,
    url: AbsoluteUrl.openapi({ description: "Where the specification is accessible: its source URL, or its content in this API" }),
    urls: z.object({ location: AbsoluteUrl }),
  })
  .openapi("OpenAPISpecVersion");

export type OpenAPISpecVersionObject = z.infer<typeof OpenAPISpecVersion>;

export const OpenAPISpecContent = z
  .object({
    filesystem: z.record(z.string(), z.unknown()).openapi({ description: "The specification's files, by name: the parsed document under its source name" }),
    url: AbsoluteUrl.openapi({ description: "Same as urls.source (GitBook's earlier shape)" }),
    urls: z.object({
      source: AbsoluteUrl,
      public: orNull(AbsoluteUrl).openapi({ description: "The public link when the spec is public, else null" }),
    }),
  })
  .openapi("OpenAPISpecContent");

export type OpenAPISpecContentObject = z.infer<typeof OpenAPISpecContent>;

export const OpenAPISpecRawContent = z
  .object({ text: z.string(), format: z.enum(["json", "yaml"]) })
  .openapi("OpenAPISpecRawContent", { description: "The specification's text exactly as submitted or fetched." });
