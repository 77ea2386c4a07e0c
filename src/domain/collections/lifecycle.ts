import { eq, sql } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { changeRequests, collections, spaces } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { nowIso } from "../../lib/ids";
import { assertContentAction } from "../../lib/permissions";
import type { Role } from "../../lib/roles";
import type { MoveContentInput } from "../../schemas/content";
import { levelsOf, loadCollectionAccess, placementFor, selectGrantedOnCollection } from "../content-tree/access";
import { positionAtEnd, positionForMove } from "../content-tree/placement";
import { refreshInheritance } from "../content-tree/inherited-levels";
import { MAX_COLLECTION_DEPTH, selectSubtreeHeight, subtreeIds } from "../content-tree/tree";
import { siteSpacesLeaving } from "../spaces/leaving-sites";
import { targetMembership } from "../spaces/lifecycle";
import { levelOnCollection, tooDeep } from "./collections";
import { presentCollection } from "./present";
import { grantsOnRemoved } from "../content-tree/grant-removal";

/**
 * Deletes the collection and every collection nested in it, and deletes (softly, restorable for
 * 7 days like any deleted space) every space in them: one batch, so it lands whole or not at all.
 * A restored space goes back to the end of the top level, its collection being gone.
 */
export async function deleteCollection(ctx: CallerContext, collectionId: string): Promise<void> {
  const [exists] = await ctx.db.select({ id: collections.id }).from(collections).where(eq(collections.id, collectionId)).limit(1);
  if (!exists) return;
  const access = await loadCollectionAccess(ctx, collectionId);
  assertContentAction(access.level, "admin", "collection");
  const now = nowIso();
  await ctx.db.batch([
    // First, while the spaces are still in the collections: they leave every site.
    ...siteSpacesLeaving(ctx.db, spacesIn(collectionId)),
    // The collections' grants go with them; the spaces keep their own, restorable with them.
    grantsOnRemoved(ctx.db, sql`(${subtreeIds(collectionId)})`),
    ctx.db
      .update(spaces)
      .set({ deletedAt: sql`coalesce(${spaces.deletedAt}, ${now})`, parentId: null, updatedAt: now })
      .where(sql`${spaces.parentId} IN (${subtreeIds(collectionId)})`),
    ctx.db.delete(collections).where(sql`${collections.id} IN (${subtreeIds(collectionId)})`),
  ]);
}

/**
 * Moves the collection under another (or to the top level), before or after a sibling, or at the
 * end. A collection cannot go into itself or its own descendants, nor nest deeper than the limit.
 */
export async function moveCollection(ctx: CallerContext, collectionId: string, input: MoveContentInput) {
  const access = await loadCollectionAccess(ctx, collectionId);
  const { row } = access;
  assertContentAction(access.level, "admin", "collection");
  const parentId = input.parent === undefined ? row.parentId : input.parent;
  let parentLevels = access.levels.slice(1);
  if (parentId !== row.parentId) {
    const [{ chain: parentChain }, [subtree]] = await Promise.all([
      placementFor(ctx, access.member, access.membership, parentId),
      selectSubtreeHeight(ctx.db, collectionId),
    ]);
    if (parentChain.some((ancestor) => ancestor.id === collectionId)) {
      throw badRequest("Invalid body field 'parent': a collection cannot be moved into itself or one of its descendants");
    }
    if (parentChain.length + 1 + (subtree?.height ?? 0) > MAX_COLLECTION_DEPTH) throw tooDeep();
    parentLevels = levelsOf(parentChain);
  }
  const position = await positionForMove(ctx.db, { kind: "collection", ...row }, parentId, input.position);
  const move = ctx.db.update(collections).set({ parentId, position, updatedAt: nowIso() }).where(eq(collections.id, collectionId)).returning();
  if (parentId === row.parentId) {
    const [moved] = await move;
    return presentCollection(moved ?? row, access.level, ctx.urls);
  }
  // Under another parent, it and the collections nested in it inherit from there: levels, and
  // the grants of the collections above (their own grants go with them).
  const [[moved], , [regranted]] = await ctx.db.batch([move, refreshInheritance(ctx.db, collectionId), selectGrantedOnCollection(ctx, collectionId)]);
  const result = moved ?? row;
  return presentCollection(result, levelOnCollection(access.member, result, parentLevels, regranted?.granted ?? null), ctx.urls);
}

/**
 * Moves the collection, the collections nested in it and all their spaces to another organization
 * the caller administers, in one batch; it lands at the end of that organization's top level.
 * Space merge rules naming reviewers are reset to `inherit`, as for a space transfer.
 */
export async function transferCollection(ctx: CallerContext, collectionId: string, targetOrganizationId: string) {
  const access = await loadCollectionAccess(ctx, collectionId);
  assertContentAction(access.level, "admin", "collection");
  if (targetOrganizationId === access.row.organizationId) throw conflict("The collection already belongs to this organization");
  const target = await targetMembership(ctx, targetOrganizationId);
  const now = nowIso();
  const position = await positionAtEnd(ctx.db, targetOrganizationId, null);
  const [, , , , , , , [transferred]] = await ctx.db.batch([
    // A site never points at a space of another organization: they leave the old one's sites.
    ...siteSpacesLeaving(ctx.db, spacesIn(collectionId)),
    // What was granted on them named users and teams of the old organization: it goes.
    grantsOnRemoved(ctx.db, sql`(${subtreeIds(collectionId)} UNION ALL SELECT id FROM ${spaces} WHERE ${spaces.parentId} IN (${subtreeIds(collectionId)}))`),
    ctx.db
      .update(spaces)
      .set({
        organizationId: targetOrganizationId,
        mergeRules: sql`CASE WHEN json_extract(${spaces.mergeRules}, '$.type') = 'rules' THEN '{"type":"inherit"}' ELSE ${spaces.mergeRules} END`,
        updatedAt: now,
      })
      .where(sql`${spaces.parentId} IN (${subtreeIds(collectionId)})`),
    ctx.db
      .update(changeRequests)
      .set({ organizationId: targetOrganizationId })
      .where(sql`${changeRequests.spaceId} IN (SELECT id FROM ${spaces} WHERE ${spaces.parentId} IN (${subtreeIds(collectionId)}))`),
    ctx.db
      .update(collections)
      .set({ organizationId: targetOrganizationId, updatedAt: now })
      .where(sql`${collections.id} IN (${subtreeIds(collectionId)})`),
    ctx.db.update(collections).set({ parentId: null, position }).where(eq(collections.id, collectionId)).returning(),
    // At the top level, it inherits nothing, and the collections nested in it only what it sets.
    refreshInheritance(ctx.db, collectionId),
  ]);
  const result = transferred ?? access.row;
  const parentLevels: Array<Role | null> = [];
  return presentCollection(result, levelOnCollection(target, result, parentLevels, null), ctx.urls);
}

/** The ids of the spaces in the collection and the collections nested in it, as SQL. */
const spacesIn = (collectionId: string) => sql`(SELECT id FROM ${spaces} WHERE ${spaces.parentId} IN (${subtreeIds(collectionId)}))`;
