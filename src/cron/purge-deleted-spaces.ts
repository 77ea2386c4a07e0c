import { and, asc, eq, exists, inArray, lt, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { runBatch } from "../db/batch";
import type { Database } from "../db/client";
import { MAX_IDS_PER_IN_LIST, chunks } from "../db/limits";
import { changeRequests, comments, contentEntries, documents, grants, revisions, searchPages, spaces } from "../db/schema";
import { spaceBlobPrefix } from "../lib/blobs";
import { oneSpace, siteSpacesLeaving } from "../domain/spaces/leaving-sites";
import { retentionCutoff } from "../domain/spaces/retention";

/**
 * Removes for good the spaces deleted more than 7 days ago: their blobs in R2, their rows in every
 * table that holds space data, then the space row itself.
 *
 * Bounded: one run does at most PURGE_OPERATIONS_PER_RUN storage operations (R2 list/delete pages,
 * D1 delete statements of at most PURGE_ROWS_PER_STATEMENT rows), so it stays within a Worker's
 * limits however large a space is; whatever is left is picked up by the next run.
 * Idempotent: the space row goes last, so a run cut short at any point leaves the space due for
 * the next run, and every step is a no-op on what is already gone.
 */

/**
 * Tables holding a space's data, keyed by `space_id`; emptied before the space row is deleted.
 * Deleting comments cascades to their replies and reactions; deleting change requests to their
 * reviews, reviewers and contributors (and to their comments, already gone by then); deleting
 * search rows removes them from the full-text index (its triggers).
 */
const SPACE_DATA_TABLES: SQLiteTable[] = [comments, searchPages, contentEntries, changeRequests, revisions];

export const PURGE_OPERATIONS_PER_RUN = 400;
export const PURGE_ROWS_PER_STATEMENT = 500;
/** R2 lists and deletes at most 1000 keys per call. */
const R2_PAGE = 1000;

export async function purgeDeletedSpaces(db: Database, blobs: R2Bucket, now: Date, operations = PURGE_OPERATIONS_PER_RUN) {
  const budget = { left: operations };
  const cutoff = retentionCutoff(now);
  const due = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(lt(spaces.deletedAt, cutoff))
    .orderBy(asc(spaces.deletedAt))
    .limit(Math.max(1, Math.floor(operations / 4)));
  const purged: string[] = [];
  for (const { id } of due) {
    if (!(await purgeSpace(db, blobs, id, cutoff, budget))) break;
    purged.push(id);
  }
  return { purged, due: due.length };
}

/** Returns false when the budget ran out before the space was gone. */
async function purgeSpace(db: Database, blobs: R2Bucket, spaceId: string, cutoff: string, budget: { left: number }) {
  const take = () => budget.left-- > 0;

  for (;;) {
    if (!take()) return false;
    const listing = await blobs.list({ prefix: spaceBlobPrefix(spaceId), limit: R2_PAGE });
    if (listing.objects.length === 0) break;
    if (!take()) return false;
    await blobs.delete(listing.objects.map((object) => object.key));
  }

  if (!(await releaseSharedContent(db, blobs, spaceId, take))) return false;

  for (const table of SPACE_DATA_TABLES) {
    for (;;) {
      if (!take()) return false;
      const result = await db.run(
        sql`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE space_id = ${spaceId} LIMIT ${PURGE_ROWS_PER_STATEMENT})`,
      );
      if (result.meta.changes < PURGE_ROWS_PER_STATEMENT) break;
    }
  }

  // Deleting a space deleted its site spaces; any left (none, unless added by hand) go the same
  // way, defaults reassigned, before the cascade would remove them without that.
  if (!take()) return false;
  await runBatch(db, siteSpacesLeaving(db, oneSpace(spaceId)));

  if (!take()) return false;
  // Still past retention: the condition is repeated so nothing restored in between is removed.
  // What was granted on the space goes with it (grants have no foreign key to their content).
  const pastRetention = and(eq(spaces.id, spaceId), lt(spaces.deletedAt, cutoff));
  await runBatch(db, [
    db.delete(grants).where(and(eq(grants.contentId, spaceId), exists(db.select({ id: spaces.id }).from(spaces).where(pastRetention)))),
    db.delete(spaces).where(pastRetention),
  ]);
  return true;
}

/**
 * File bytes (R2 `blobs/<sha256>`) and page bodies (`documents`) are shared by every space that has
 * the same content, so the space's own rows decide: what no other space's entry refers to is
 * deleted. Walked in key order with a cursor, so each key is visited once however the run ends.
 */
async function releaseSharedContent(db: Database, blobs: R2Bucket, spaceId: string, take: () => boolean) {
  for (const column of ["blob_key", "document_id"] as const) {
    let after = "";
    for (;;) {
      if (!take()) return false;
      const keys = await db.all<{ key: string }>(
        sql`SELECT DISTINCT e.${sql.raw(column)} AS key FROM ${contentEntries} e
          WHERE e.space_id = ${spaceId} AND e.${sql.raw(column)} > ${after}
            AND NOT EXISTS (SELECT 1 FROM ${contentEntries} o WHERE o.${sql.raw(column)} = e.${sql.raw(column)} AND o.space_id != ${spaceId})
          ORDER BY key LIMIT ${PURGE_ROWS_PER_STATEMENT}`,
      );
      if (keys.length === 0) break;
      if (!take()) return false;
      const ids = keys.map((row) => row.key);
      if (column === "blob_key") await blobs.delete(ids);
      else await runBatch(db, chunks(ids, MAX_IDS_PER_IN_LIST).map((batch) => db.delete(documents).where(inArray(documents.id, batch))));
      after = ids.at(-1)!;
      if (keys.length < PURGE_ROWS_PER_STATEMENT) break;
    }
  }
  return true;
}
