import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { MAX_IDS_PER_IN_LIST, chunks, insertChunks } from "../../db/limits";
import { revisions, spaces, translationPages, translations, type TranslationPageRow, type TranslationStats } from "../../db/schema";
import { newId } from "../../lib/ids";
import { contentReplacement, mainRevisionStatements } from "../main-content/replace";
import type { StoredDocument } from "../revisions/documents";
import { readEntries, type Entry } from "../revisions/entries";
import { mainHeadPoint } from "../revisions/points";

/**
 * The end of a translation run, inside the result space's coordinator (one revision-creating
 * operation at a time per space): the translated content becomes one new revision of the result
 * space's main, written in the same batch as the translation's outcome (status, stats, the pages
 * it remembers). Only entries that differ from the result's current content are written; a run
 * that changes nothing records its outcome on the revision already there.
 *
 * Idempotent: the outcome is written only while the translation's processed generation is below
 * the run's, and the check and the writes happen under the coordinator's lock.
 */

export interface TranslationRunInput {
  translationId: string;
  generation: number;
  resultSpaceId: string;
  /** Who the result's revisions are made by: the translation's creator. */
  callerId: string;
  now: string;
  /** The whole translated content: every page (translated) and file of the source. */
  entries: Entry[];
  /** Bodies translated by this run. */
  documents: StoredDocument[];
  /** What the run translated, remembered for the next (pages whose source changed or were new). */
  translatedPages: TranslationPageRow[];
  /** Pages remembered by earlier runs that the source no longer has. */
  forgottenPages: string[];
  run: { words: number; pages: number; newPages: number; durationSeconds: number };
}

export type TranslationRunOutcome = { kind: "recorded"; revisionId: string; changed: boolean } | { kind: "duplicate" } | { kind: "result-space-deleted" };

export async function applyTranslationRun(db: Database, input: TranslationRunInput): Promise<TranslationRunOutcome> {
  const [[translation], [space], [head]] = await db.batch([
    db.select().from(translations).where(eq(translations.id, input.translationId)).limit(1),
    db.select().from(spaces).where(eq(spaces.id, input.resultSpaceId)).limit(1),
    db
      .select({ ordinal: revisions.ordinal })
      .from(revisions)
      .where(eq(revisions.id, sql`(SELECT ${spaces.revisionId} FROM ${spaces} WHERE ${spaces.id} = ${input.resultSpaceId})`))
      .limit(1),
  ]);
  if (!translation || translation.processedGeneration >= input.generation) return { kind: "duplicate" };
  if (!space || space.deletedAt) return { kind: "result-space-deleted" };

  const current = await readEntries(db, mainHeadPoint(space.id, head?.ordinal ?? 0));
  const replacement = contentReplacement(current, input.entries);
  const changed = replacement.writes.length > 0;
  const revisionId = changed ? newId() : space.revisionId;
  const statements: BatchItem<"sqlite">[] = changed
    ? await mainRevisionStatements(
        db,
        { spaceId: space.id, revisionId, parentId: space.revisionId, ordinal: (head?.ordinal ?? 0) + 1, createdBy: input.callerId, createdAt: input.now, documents: input.documents },
        replacement,
      )
    : [];
  statements.push(...rememberPages(db, input), recordOutcome(db, input, translation.stats, revisionId));
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { kind: "recorded", revisionId, changed };
}

/** Upserts what this run translated and forgets pages the source lost. */
function rememberPages(db: Database, input: TranslationRunInput): BatchItem<"sqlite">[] {
  const upserts = insertChunks(translationPages, input.translatedPages).map((rows) =>
    db
      .insert(translationPages)
      .values(rows)
      .onConflictDoUpdate({
        target: [translationPages.translationId, translationPages.pageId],
        set: {
          sourceHash: sql`excluded.source_hash`,
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          documentId: sql`excluded.document_id`,
        },
      }),
  );
  const deletes = chunks(input.forgottenPages, MAX_IDS_PER_IN_LIST).map((ids) =>
    db.delete(translationPages).where(and(eq(translationPages.translationId, input.translationId), inArray(translationPages.pageId, ids))),
  );
  return [...upserts, ...deletes];
}

/** The run's outcome on the translation; `completed` unless another run was asked for meanwhile. */
function recordOutcome(db: Database, input: TranslationRunInput, stats: TranslationStats, revisionId: string) {
  const { run } = input;
  const next: TranslationStats = {
    runs: stats.runs + 1,
    totalWords: stats.totalWords + run.words,
    totalPages: stats.totalPages + run.newPages,
    totalDuration: stats.totalDuration + run.durationSeconds,
    latestRunDuration: run.durationSeconds,
    latestPages: run.pages,
    latestWords: run.words,
  };
  return db
    .update(translations)
    .set({
      status: sql`CASE WHEN ${translations.runGeneration} = ${input.generation} THEN 'completed' ELSE ${translations.status} END`,
      processedGeneration: input.generation,
      resultSpaceId: input.resultSpaceId,
      resultRevisionId: revisionId,
      stats: next,
      lastRunError: null,
      lastRunAt: input.now,
      updatedAt: input.now,
    })
    .where(and(eq(translations.id, input.translationId), lt(translations.processedGeneration, input.generation)));
}
