import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { DocumentValue } from "../../schemas/document";
import { json, timestamp } from "./columns";
import { organizations } from "./organizations";

export type TranslationStatus = "pending" | "running" | "completed";

/** Why the last run ended without a result (the Translation's `lastRunError`, docs/decisions.md "Translations"). */
export interface TranslationRunError {
  code: "NO_TRANSLATOR" | "SOURCE_NOT_FOUND" | "RESULT_SPACE_DELETED" | "TRANSLATOR_REJECTED" | "TRANSLATOR_UNAVAILABLE";
  message: string;
  at: string;
}

/** Counters of GitBook's Translation `stats`: integers, durations in whole seconds. */
export interface TranslationStats {
  runs: number;
  totalWords: number;
  totalPages: number;
  totalDuration: number;
  latestRunDuration: number;
  latestPages: number;
  latestWords: number;
}

export const EMPTY_TRANSLATION_STATS: TranslationStats = {
  runs: 0,
  totalWords: 0,
  totalPages: 0,
  totalDuration: 0,
  latestRunDuration: 0,
  latestPages: 0,
  latestWords: 0,
};

/**
 * Translations of a space into another language (GitBook's Translation). Runs happen in the
 * queue (domain/translations/run.ts); the result space is created by the first run.
 *
 * `runGeneration` counts the runs asked for (creation, every POST .../run); each queued job
 * carries the generation it was sent for, and `processedGeneration` is the last one whose outcome
 * was recorded: a job at or below it is a redelivery and changes nothing. The source and result
 * spaces are not foreign keys: the result is kept when the translation is deleted, and a source
 * that disappears is an outcome a run reports (`lastRunError`), not a reason to lose the settings.
 */
export const translations = sqliteTable(
  "translations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sourceSpaceId: text("source_space_id").notNull(),
    sourceLanguage: text("source_language").notNull(),
    language: text("language").notNull(),
    instructions: json<DocumentValue>("instructions").notNull(),
    status: text("status").$type<TranslationStatus>().notNull(),
    runGeneration: integer("run_generation").notNull(),
    processedGeneration: integer("processed_generation").notNull(),
    resultSpaceId: text("result_space_id"),
    resultRevisionId: text("result_revision_id"),
    stats: json<TranslationStats>("stats").notNull(),
    lastRunError: json<TranslationRunError>("last_run_error"),
    lastRunAt: timestamp("last_run_at"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [index("translations_organization_created").on(table.organizationId, table.createdAt, table.id)],
);

export type TranslationRow = typeof translations.$inferSelect;

/**
 * What the last successful run made of each source page: the hash of the page's source text
 * (title, description, body) and its translation. A page whose hash is unchanged is not sent to
 * the translator again. The translated body is a document of the result space, which keeps it.
 */
export const translationPages = sqliteTable(
  "translation_pages",
  {
    translationId: text("translation_id")
      .notNull()
      .references(() => translations.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    sourceHash: text("source_hash").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    documentId: text("document_id"),
  },
  (table) => [primaryKey({ columns: [table.translationId, table.pageId] })],
);

export type TranslationPageRow = typeof translationPages.$inferSelect;
