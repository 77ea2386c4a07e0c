import { eq, isNull, and } from "drizzle-orm";
import type { Database } from "../../db/client";
import { revisions, spaces, translations, type SpaceRow, type TranslationRow } from "../../db/schema";
import { positionAtEnd } from "../content-tree/placement";

/**
 * The space a translation writes into: made by its first run, at the end of the organization's
 * top level, private, with the translation's `language`, administered by the translation's
 * creator. Its id (and its initial revision's) are derived from the translation's, so two
 * deliveries of the first run make one space, never two.
 */

export type ResultSpace = { kind: "ready"; space: SpaceRow; created: boolean } | { kind: "deleted"; spaceId: string };

export async function ensureResultSpace(db: Database, translation: TranslationRow, source: SpaceRow, now: string): Promise<ResultSpace> {
  const spaceId = translation.resultSpaceId ?? (await derivedId(`translation-result:${translation.id}`));
  const [existing] = await db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1);
  if (existing?.deletedAt) return { kind: "deleted", spaceId };
  if (existing && translation.resultSpaceId) return { kind: "ready", space: existing, created: false };
  // Made now, or by a delivery of this run that stopped before recording it; or purged since (then
  // the bodies the translation remembers are gone with it, and the run translates everything again).
  const space: SpaceRow = existing ?? {
    id: spaceId,
    organizationId: translation.organizationId,
    parentId: null,
    position: await positionAtEnd(db, translation.organizationId, null),
    title: `${source.title} (${translation.language})`,
    emoji: source.emoji,
    icon: source.icon,
    visibility: "private",
    editMode: "live",
    mergeRules: { type: "inherit" },
    language: translation.language,
    defaultLevel: null,
    revisionId: await derivedId(`translation-result-initial:${translation.id}:${spaceId}`),
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    createdBy: translation.createdBy,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  await db.batch([
    db.insert(spaces).values(space).onConflictDoNothing(),
    db
      .insert(revisions)
      .values({ id: space.revisionId, spaceId, parents: [], type: "initial", createdBy: translation.createdBy, createdAt: now })
      .onConflictDoNothing(),
    db.update(translations).set({ resultSpaceId: spaceId }).where(and(eq(translations.id, translation.id), isNull(translations.resultSpaceId))),
  ]);
  return { kind: "ready", space, created: true };
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A 20-character id (the shape of lib/ids.ts's) derived from `seed` by SHA-256. */
async function derivedId(seed: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed)));
  return [...digest.slice(0, 20)].map((byte) => ALPHABET[byte % 62]).join("");
}
