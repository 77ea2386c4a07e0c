import { and, eq, lt, sql } from "drizzle-orm";
import type { Bindings } from "../../context";
import type { Database } from "../../db/client";
import { runBatch } from "../../db/batch";
import { spaces, translationPages, translations, type PageData, type TranslationPageRow, type TranslationRow, type TranslationRunError } from "../../db/schema";
import { planMarkdownTranslation, type MarkdownTranslationPlan } from "../../formats/markdown";
import { nowIso } from "../../lib/ids";
import { unwrapOutcome } from "../../lib/outcome";
import { spaceCoordinator } from "../coordination/space-coordinator-client";
import { documentIdOf, prepareDocument, readDocuments, type StoredDocument } from "../revisions/documents";
import { combineRows, isPage, isReusableContent, selectRevisionRows, type Entry, type PageEntry, type ReusableContentEntry } from "../revisions/entries";
import { mainHeadPoint } from "../revisions/points";
import type { TranslationRunInput } from "./apply";
import { ensureResultSpace } from "./result-space";
import { TranslatorError, wordCount, type Translator } from "./translators/translator";

/**
 * A translation run (the `translation.run` queue job): the source space's live content, its page
 * titles, descriptions and bodies (and its reusable contents' titles and bodies) translated,
 * becomes one new revision of the result space (apply.ts, in that space's coordinator). Only prose
 * is sent (formats/markdown/translatable.ts).
 *
 * Incremental: each page's source text (title, description, body) is hashed, and a page whose
 * hash is the one the last run remembered is not sent again: its earlier translation is reused.
 *
 * Idempotent: the job carries the translation's run generation; a job at or below the processed
 * one (a redelivery) does nothing, one below the current generation leaves the work to the newer
 * job, and the outcome is recorded under the coordinator's lock only once per generation.
 */

export interface TranslationRunDeps {
  db: Database;
  env: Pick<Bindings, "SPACE_COORDINATOR">;
  /** null: the deployment configures none, and the run says so. */
  translator: Translator | null;
  /** The queue will not deliver this job again: a failure that could pass is then final. */
  lastAttempt: boolean;
}

export type TranslationRunResult = "missing" | "duplicate" | "superseded" | "translated" | "failed" | "retry";

export async function runTranslation(deps: TranslationRunDeps, job: { translationId: string; generation: number }): Promise<TranslationRunResult> {
  const { db } = deps;
  const startedAt = Date.now();
  const [translation] = await db.select().from(translations).where(eq(translations.id, job.translationId)).limit(1);
  if (!translation) return "missing";
  if (job.generation <= translation.processedGeneration) return "duplicate";
  if (job.generation < translation.runGeneration) return "superseded";
  await db
    .update(translations)
    .set({ status: "running" })
    .where(and(eq(translations.id, translation.id), eq(translations.runGeneration, job.generation), lt(translations.processedGeneration, job.generation)));

  const fail = (code: TranslationRunError["code"], message: string) => recordFailure(db, translation, job.generation, { code, message, at: nowIso() });
  if (!deps.translator) {
    return fail("NO_TRANSLATOR", "No translator is configured: set TRANSLATION_API_URL (a LibreTranslate-compatible API) or bind Workers AI as AI");
  }
  const [source] = await db.select().from(spaces).where(and(eq(spaces.id, translation.sourceSpaceId), eq(spaces.organizationId, translation.organizationId))).limit(1);
  if (!source || source.deletedAt) return fail("SOURCE_NOT_FOUND", `The source space '${translation.sourceSpaceId}' no longer exists or is deleted`);
  const result = await ensureResultSpace(db, translation, source, nowIso());
  if (result.kind === "deleted") return fail("RESULT_SPACE_DELETED", `The result space '${result.spaceId}' is deleted: restore it to run the translation again`);

  const { entries, stored, reusable } = await readSourceAndMemory(db, translation, result.created);
  const work = await planPages(db, entries, reusable);
  let translated: string[] = [];
  try {
    if (work.texts.length > 0) translated = await deps.translator.translate(work.texts, translation.sourceLanguage, translation.language);
  } catch (error) {
    if (!(error instanceof TranslatorError)) throw error;
    const message = `${deps.translator.name}: ${error.message}`;
    if (error.retryable && !deps.lastAttempt) {
      // Shown while the queue retries; only while this run is still the one to settle the translation.
      await db
        .update(translations)
        .set({ lastRunError: { code: "TRANSLATOR_UNAVAILABLE", message, at: nowIso() } })
        .where(and(eq(translations.id, translation.id), eq(translations.runGeneration, job.generation), lt(translations.processedGeneration, job.generation)));
      return "retry";
    }
    return fail(error.retryable ? "TRANSLATOR_UNAVAILABLE" : "TRANSLATOR_REJECTED", message);
  }
  const input = await translatedContent(work, translated, translation, job.generation, result.space.id, { stored, reusable });
  input.run.durationSeconds = Math.round((Date.now() - startedAt) / 1000);
  const outcome = unwrapOutcome(await spaceCoordinator(deps.env, result.space.id).applyTranslationRun(input));
  if (outcome.kind === "result-space-deleted") return fail("RESULT_SPACE_DELETED", `The result space '${result.space.id}' is deleted: restore it to run the translation again`);
  return outcome.kind === "duplicate" ? "duplicate" : "translated";
}

/** What earlier runs translated, by page: all of it (`stored`), and what this run may reuse. */
interface Memory {
  stored: ReadonlyMap<string, TranslationPageRow>;
  reusable: ReadonlyMap<string, TranslationPageRow>;
}

/** The source's live pages and files (without bodies), and what earlier runs remembered: one round trip. */
async function readSourceAndMemory(db: Database, translation: TranslationRow, resultIsNew: boolean) {
  const { statements, mainCount } = selectRevisionRows(db, mainHeadPoint(translation.sourceSpaceId, 0));
  const memory = db.select().from(translationPages).where(eq(translationPages.translationId, translation.id));
  const results = await runBatch(db, [...statements, memory]);
  const entries = combineRows(results.slice(0, mainCount), mainCount);
  const stored = new Map((results[mainCount] as TranslationPageRow[]).map((row) => [row.pageId, row]));
  // A result space made by this run has none of the bodies remembered (a purged one took them).
  return { entries: [...entries.values()], stored, reusable: resultIsNew ? new Map<string, TranslationPageRow>() : stored };
}

/**
 * What is translated: pages and reusable contents (remembered in `translation_pages` by their id
 * like pages; ids are unique across kinds). A reusable content has no description.
 */
type Translatable = PageEntry | ReusableContentEntry;
const isTranslatable = (entry: Entry): entry is Translatable => isPage(entry) || isReusableContent(entry);
const descriptionOf = (entry: Translatable) => (isPage(entry) ? entry.data.description : undefined);

/** One page to translate: where its texts start in the run's list, and how its body is rebuilt. */
interface PageWork {
  page: Translatable;
  sourceHash: string;
  offset: number;
  hasDescription: boolean;
  body: MarkdownTranslationPlan;
}

interface RunWork {
  entries: Entry[];
  pages: PageWork[];
  /** Every text sent: per page its title, its description if any, then its body's texts. */
  texts: string[];
  hashes: Map<string, string>;
}

/**
 * The pages whose source text changed since the last run, and their texts. A body's document id
 * is already its SHA-256, so the hash needs no body: only the changed pages' bodies are read.
 */
async function planPages(db: Database, entries: Entry[], remembered: ReadonlyMap<string, TranslationPageRow>): Promise<RunWork> {
  const hashes = new Map<string, string>();
  const changed: Translatable[] = [];
  for (const entry of entries) {
    if (!isTranslatable(entry)) continue;
    const sourceHash = await documentIdOf(JSON.stringify([entry.data.title, descriptionOf(entry) ?? null, entry.documentId]));
    hashes.set(entry.id, sourceHash);
    if (remembered.get(entry.id)?.sourceHash !== sourceHash) changed.push(entry);
  }
  const bodies = await readDocuments(db, changed.flatMap((page) => (page.documentId ? [page.documentId] : [])));
  const pages: PageWork[] = [];
  const texts: string[] = [];
  for (const entry of changed) {
    const sourceHash = hashes.get(entry.id)!;
    const body = planMarkdownTranslation((entry.documentId && bodies.get(entry.documentId)) || "");
    const description = descriptionOf(entry);
    const hasDescription = Boolean(description?.trim());
    pages.push({ page: entry, sourceHash, offset: texts.length, hasDescription, body });
    texts.push(entry.data.title, ...(hasDescription ? [description!] : []), ...body.texts);
  }
  return { entries, pages, texts, hashes };
}

/** The result's content: translated pages, remembered translations for the others, files as they are. */
async function translatedContent(
  work: RunWork,
  translated: string[],
  translation: TranslationRow,
  generation: number,
  resultSpaceId: string,
  { stored, reusable }: Memory,
): Promise<TranslationRunInput> {
  const documents: StoredDocument[] = [];
  const translatedPages: TranslationPageRow[] = [];
  const fresh = new Map<string, TranslationPageRow>();
  for (const { page, sourceHash, offset, hasDescription, body } of work.pages) {
    const title = translated[offset]!.trim() || page.data.title;
    const description = hasDescription ? translated[offset + 1]!.trim() : (descriptionOf(page) ?? null);
    const bodyStart = offset + 1 + (hasDescription ? 1 : 0);
    let documentId: string | null = null;
    if (page.documentId !== null) {
      const document = await prepareDocument(body.rebuild(translated.slice(bodyStart, bodyStart + body.texts.length)));
      documents.push(document);
      documentId = document.id;
    }
    const row = { translationId: translation.id, pageId: page.id, sourceHash, title, description, documentId };
    translatedPages.push(row);
    fresh.set(page.id, row);
  }
  const entries = work.entries.map((entry): Entry => {
    if (!isTranslatable(entry)) return entry;
    const done = fresh.get(entry.id) ?? reusable.get(entry.id)!;
    if (!isPage(entry)) return { ...entry, data: { ...entry.data, title: done.title }, documentId: done.documentId };
    const data: PageData = { ...entry.data, title: done.title, ...(done.description !== null ? { description: done.description } : {}) };
    return { ...entry, data, documentId: done.documentId };
  });
  return {
    translationId: translation.id,
    generation,
    resultSpaceId,
    callerId: translation.createdBy,
    now: nowIso(),
    entries,
    documents,
    translatedPages,
    forgottenPages: [...stored.keys()].filter((pageId) => !work.hashes.has(pageId)),
    run: {
      words: wordCount(work.texts),
      // Pages only: a reusable content translated is not a page of the result.
      pages: work.pages.filter(({ page }) => isPage(page)).length,
      newPages: work.pages.filter(({ page }) => isPage(page) && !stored.has(page.id)).length,
      durationSeconds: 0,
    },
  };
}

/** A run that ended without a result: the reason recorded, the status settled, the stats untouched. */
async function recordFailure(db: Database, translation: TranslationRow, generation: number, error: TranslationRunError): Promise<TranslationRunResult> {
  await db
    .update(translations)
    .set({
      // `completed` unless another run was asked for meanwhile (that one's job settles it).
      status: sql`CASE WHEN ${translations.runGeneration} = ${generation} THEN 'completed' ELSE ${translations.status} END`,
      processedGeneration: generation,
      lastRunError: error,
      lastRunAt: error.at,
      updatedAt: error.at,
    })
    .where(and(eq(translations.id, translation.id), lt(translations.processedGeneration, generation)));
  return "failed";
}
