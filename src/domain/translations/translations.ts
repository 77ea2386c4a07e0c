import { and, eq, sql } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { sortedBy } from "../../db/keyset";
import { EMPTY_TRANSLATION_STATS, translations, type TranslationRow } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { enqueue } from "../../lib/jobs";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction, type OrganizationAction } from "../../lib/permissions";
import { EMPTY_DOCUMENT, type DocumentValue } from "../../schemas/document";
import { loadSpaceAccess } from "../content-tree/space-access";
import { listOrganizationRows } from "../organizations/list";
import { loadOrganizationAccess } from "../organizations/access";
import { presentTranslation } from "./present";

/**
 * Translations of an organization's spaces (seed 4.13). A request stores the settings and queues
 * a run (run.ts); it never translates. Every function checks the caller's role first and reads
 * only the organization of the path.
 */

export interface CreateTranslationInput {
  source: { space: string; language: string };
  language: string;
  instructions?: DocumentValue;
}

const translationNotFound = (translationId: string) => notFound(`Translation '${translationId}'`);
const inOrganization = (organizationId: string, translationId: string) =>
  and(eq(translations.organizationId, organizationId), eq(translations.id, translationId));

async function loadTranslation(ctx: CallerContext, organizationId: string, translationId: string, action: OrganizationAction) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, action);
  const [row] = await ctx.db.select().from(translations).where(inOrganization(organizationId, translationId)).limit(1);
  if (!row) throw translationNotFound(translationId);
  return { access, row };
}

export async function listTranslations(ctx: RequesterContext, organizationId: string, request: PageRequest) {
  return listOrganizationRows(ctx, organizationId, request, {
    from: translations,
    where: eq(translations.organizationId, organizationId),
    sort: sortedBy("newest", "desc", [translations.createdAt, translations.id], (row: TranslationRow) => [row.createdAt, row.id]),
    action: "viewTranslations",
    present: (row, access) => presentTranslation(row, access.membership, ctx.urls),
  });
}

export async function getTranslation(ctx: CallerContext, organizationId: string, translationId: string) {
  const { access, row } = await loadTranslation(ctx, organizationId, translationId, "viewTranslations");
  return presentTranslation(row, access.membership, ctx.urls);
}

/**
 * Creates a translation and queues its first run. The source must be a live space of the
 * organization that the caller may read: a translation copies its content into a new space.
 */
export async function createTranslation(ctx: CallerContext, organizationId: string, input: CreateTranslationInput) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageTranslations");
  if (input.language === input.source.language) {
    throw badRequest(`Invalid body field 'language': must differ from source.language ('${input.source.language}')`);
  }
  // A space the caller cannot see is a 404, exactly as if it did not exist.
  const source = await loadSpaceAccess(ctx, input.source.space);
  if (source.row.organizationId !== organizationId) {
    throw badRequest(`Invalid body field 'source.space': space '${input.source.space}' belongs to another organization`);
  }
  if (source.row.deletedAt) throw badRequest(`Invalid body field 'source.space': space '${input.source.space}' is deleted`);
  const now = nowIso();
  const row: TranslationRow = {
    id: newId(),
    organizationId,
    sourceSpaceId: source.row.id,
    sourceLanguage: input.source.language,
    language: input.language,
    instructions: input.instructions ?? EMPTY_DOCUMENT,
    status: "pending",
    runGeneration: 1,
    processedGeneration: 0,
    resultSpaceId: null,
    resultRevisionId: null,
    stats: EMPTY_TRANSLATION_STATS,
    lastRunError: null,
    lastRunAt: null,
    createdBy: ctx.caller.id,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.insert(translations).values(row);
  await enqueue(ctx.env.JOBS, { kind: "translation.run", translationId: row.id, generation: 1 });
  return presentTranslation(row, access.membership, ctx.urls);
}

/** Replaces the instructions. They are kept for the translator; see docs/decisions.md for which use them. */
export async function updateTranslationInstructions(ctx: CallerContext, organizationId: string, translationId: string, instructions: DocumentValue) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageTranslations");
  const [row] = await ctx.db
    .update(translations)
    .set({ instructions, updatedAt: nowIso() })
    .where(inOrganization(organizationId, translationId))
    .returning();
  if (!row) throw translationNotFound(translationId);
  return presentTranslation(row, access.membership, ctx.urls);
}

/** Deletes the translation and what its runs remember; its result space is kept. 204 also when absent. */
export async function deleteTranslation(ctx: CallerContext, organizationId: string, translationId: string): Promise<void> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageTranslations");
  await ctx.db.delete(translations).where(inOrganization(organizationId, translationId));
}

/** Asks for another run: a new generation, `pending` until the queued job starts it. */
export async function runTranslationAgain(ctx: CallerContext, organizationId: string, translationId: string): Promise<void> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageTranslations");
  const [row] = await ctx.db
    .update(translations)
    .set({ runGeneration: sql`${translations.runGeneration} + 1`, status: "pending", updatedAt: nowIso() })
    .where(inOrganization(organizationId, translationId))
    .returning({ runGeneration: translations.runGeneration });
  if (!row) throw translationNotFound(translationId);
  await enqueue(ctx.env.JOBS, { kind: "translation.run", translationId, generation: row.runGeneration });
}
