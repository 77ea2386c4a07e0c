import { and, eq, isNull } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { runAlongside } from "../../db/batch";
import { pageReads, sortedBy } from "../../db/keyset";
import { collections, type CollectionRow } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { pick } from "../../lib/objects";
import { EMPTY_LIST, type PageRequest } from "../../lib/pagination";
import { assertContentAction } from "../../lib/permissions";
import type { Role } from "../../lib/roles";
import type { UpdateCollectionInput } from "../../schemas/collection";
import { chainForPlacement, levelOn, levelsOf, loadCollectionAccess } from "../content-tree/access";
import { positionAtEnd } from "../content-tree/placement";
import { inheritedLevelUnder, refreshInheritedLevels } from "../content-tree/inherited-levels";
import { MAX_COLLECTION_DEPTH } from "../content-tree/tree";
import { loadOrganizationAccess, loadOrganizationAccessWith, type Member } from "../organizations/access";
import { presentCollection } from "./present";

export interface CollectionListQuery extends PageRequest {
  nested: boolean;
}

/**
 * Every collection of the organization, oldest first (`nested`), or only the top-level ones in
 * their order. Guests see none: no collection is shared with them.
 */
export async function listCollectionsInOrganization(ctx: RequesterContext, organizationId: string, query: CollectionListQuery) {
  const page = pageReads(ctx.db, query, {
    from: collections,
    where: and(eq(collections.organizationId, organizationId), query.nested ? undefined : isNull(collections.parentId)),
    sort: query.nested
      ? sortedBy("createdAt:asc", "asc", [collections.createdAt, collections.id], (row: CollectionRow) => [row.createdAt, row.id])
      : sortedBy("position:asc", "asc", [collections.position, collections.id], (row: CollectionRow) => [row.position, row.id]),
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  if (access.membership.role === null) return EMPTY_LIST;
  // The items sit at any depth: each one keeps what it inherits (content-tree/inherited-levels.ts).
  return page.answer(results, (collection) => presentCollection(collection, levelOnCollection(access.member, collection, [collection.inheritedLevel]), ctx.urls));
}

export async function getCollection(ctx: CallerContext, collectionId: string) {
  const access = await loadCollectionAccess(ctx, collectionId);
  return presentCollection(access.row, access.level, ctx.urls);
}

/** A new collection at the end of its parent (or of the top level). */
export async function createCollection(ctx: CallerContext, organizationId: string, input: { title?: string; parent?: string }) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  const parentChain = await chainForPlacement(ctx, access.member, access.membership, input.parent ?? null);
  if (parentChain.length >= MAX_COLLECTION_DEPTH) throw tooDeep();
  const parentLevels = levelsOf(parentChain);
  const now = nowIso();
  const collection: CollectionRow = {
    id: newId(),
    organizationId,
    parentId: input.parent ?? null,
    position: await positionAtEnd(ctx.db, organizationId, input.parent ?? null),
    title: input.title ?? "Untitled",
    description: null,
    defaultLevel: null,
    inheritedLevel: inheritedLevelUnder(parentChain),
    createdBy: ctx.caller.id,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.insert(collections).values(collection);
  return presentCollection(collection, levelOnCollection(access.member, collection, parentLevels), ctx.urls);
}

export async function updateCollection(ctx: CallerContext, collectionId: string, input: UpdateCollectionInput) {
  const access = await loadCollectionAccess(ctx, collectionId);
  assertContentAction(access.level, "admin", "collection");
  const update = ctx.db
    .update(collections)
    .set({ ...pick(input, ["title", "description", "defaultLevel"]), updatedAt: nowIso() })
    .where(eq(collections.id, collectionId))
    .returning();
  // A new default level is what the collections nested in it inherit.
  const [[updated]] = await runAlongside(ctx.db, update, input.defaultLevel === undefined ? [] : [refreshInheritedLevels(ctx.db, collectionId)]);
  const row = updated ?? access.row;
  return presentCollection(row, levelOnCollection(access.member, row, access.levels.slice(1)), ctx.urls);
}

/** The caller's level on a collection from its own level and its parents' (innermost first). */
export function levelOnCollection(member: Member, collection: CollectionRow, parentLevels: Array<Role | null>): Role {
  return levelOn(member, [collection.defaultLevel, ...parentLevels], collection.createdBy) ?? "read";
}

export const tooDeep = () => badRequest(`Invalid body field 'parent': collections nest at most ${MAX_COLLECTION_DEPTH} levels deep`);
