import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { json, timestamp } from "./columns";
import { organizations } from "./organizations";

export type OpenAPIProcessingState = "pending" | "progress" | "complete";
export type OpenAPIProcessingErrorCode = "FETCH_TIMEOUT" | "FETCH_ERROR" | "PARSE_ERROR";
export type OpenAPIProcessingError = { message: string; code?: string };

/**
 * Hosted OpenAPI specifications of an organization (GitBook's OpenAPISpec). The source is a URL
 * or a text kept in R2 (`sourceTextHash`); processing happens in the queue (queues/openapi-specs.ts).
 *
 * `generation` counts the processing requests (creation, every source update, every cron
 * refresh); each queued job carries the generation it was sent for, and `processedGeneration` is
 * the last one whose outcome was recorded. A job at or below it is a redelivery and changes nothing.
 */
export const openAPISpecs = sqliteTable(
  "openapi_specs",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    sourceUrl: text("source_url"),
    /** SHA-256 (hex) of a text source, stored in R2 under the spec's prefix. */
    sourceTextHash: text("source_text_hash"),
    visibility: text("visibility", { enum: ["private", "public"] }).notNull(),
    processingState: text("processing_state").$type<OpenAPIProcessingState>().notNull(),
    generation: integer("generation").notNull(),
    processedGeneration: integer("processed_generation").notNull(),
    lastVersionId: text("last_version_id"),
    lastProcessedAt: timestamp("last_processed_at"),
    /** When the job of the current generation was queued: a spec still not `complete` long after is re-queued by the cron. */
    queuedAt: timestamp("queued_at"),
    lastProcessErrorCode: text("last_process_error_code").$type<OpenAPIProcessingErrorCode>(),
    lastProcessedErrors: json<OpenAPIProcessingError[]>("last_processed_errors"),
    lastProcessedErrorCount: integer("last_processed_error_count").notNull(),
    /** Validators of the source URL's last 200 answer, sent back by the refresh (conditional GET). */
    sourceEtag: text("source_etag"),
    sourceLastModified: text("source_last_modified"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("openapi_specs_organization_slug").on(table.organizationId, table.slug),
    // The cron's refresh scan: URL-sourced specs, least recently processed first.
    index("openapi_specs_refresh").on(table.lastProcessedAt).where(sql`${table.sourceUrl} IS NOT NULL`),
    // The cron's sweep for lost jobs: specs whose processing is still awaited, oldest queue time first.
    index("openapi_specs_awaiting").on(table.queuedAt).where(sql`${table.processingState} <> 'complete'`),
  ],
);

export type OpenAPISpecRow = typeof openAPISpecs.$inferSelect;

/**
 * The versions of a spec, one per distinct content processed. The content lives in R2 once per
 * (spec, SHA-256); (spec, generation) is unique, so a job delivered twice cannot add a second one.
 */
export const openAPISpecVersions = sqliteTable(
  "openapi_spec_versions",
  {
    id: text("id").primaryKey(),
    specId: text("spec_id")
      .notNull()
      .references(() => openAPISpecs.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull(),
    contentHash: text("content_hash").notNull(),
    format: text("format", { enum: ["json", "yaml"] }).notNull(),
    /** The URL the content was fetched from (after redirects); null for a text source. */
    sourceUrl: text("source_url"),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [uniqueIndex("openapi_spec_versions_spec_generation").on(table.specId, table.generation)],
);

export type OpenAPISpecVersionRow = typeof openAPISpecVersions.$inferSelect;
