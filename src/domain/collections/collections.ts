import { and, eq, isNull, sql } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { runAlongside } from "../../db/batch";
import { pageReads, sortedBy } from "../../db/keyset";
import { selectedOnce } from "../../db/list-select";
import { collections, type CollectionRow } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { pick } from "../../lib/objects";
import type { PageRequest } from "../../lib/pagination";
import { assertContentAction } from "../../lib/permissions";
import type { Role } from "../../lib/roles";
import type { UpdateCollectionInput } from "../../schemas/collection";
import { levelOn, levelsOf, loadCollectionAccess, placementFor } from "../content-tree/access";
import { grantedOnListedCollection, grantedRankOnCollection, visibleTo } from "../content-tree/granted-levels";
import { positionAtEnd } from "../content-tree/placement";
import { inheritedLevelUnder, lineageUnder, refreshInheritance } from "../content-tree/inherited-levels";
import { MAX_COLLECTION_DEPTH } from "../content-tree/tree";
import { loadOrganizationAccess, loadOrganizationAccessWith, type Member } from "../organizations/access";
import { callerIdFor, callerIdOf, callerValues, perCaller } from "../users/callers";
import { presentCollection } from "./present";

export interface CollectionListQuery extends PageRequest {
  nested: boolean;
}

/**
 * Collections with what is granted to the caller on them, for the list of the organization named
 * by the `organizationId` value: built once per way of naming the caller.
 */
const collectionRows = perCaller((key) =>
  selectedOnce((db) =>
    db.select({ collection: collections, granted: grantedOnListedCollection(callerIdFor(key), sql`${sql.placeholder("organizationId")}`) }).from(collections),
  ),
);

type CollectionListRow = { collection: CollectionRow; granted: Role | null };

/**
 * Every collection of the organization, oldest first (`nested`), or only the top-level ones in
 * their order; for a guest, those granted to them and the collections inside them.
 */
export async function listCollectionsInOrganization(ctx: RequesterContext, organizationId: string, query: CollectionListQuery) {
  const page = pageReads(ctx.db, query, {
    from: collections,
    where: and(
      eq(collections.organizationId, organizationId),
      query.nested ? undefined : isNull(collections.parentId),
      visibleTo(callerIdOf(ctx), organizationId, grantedRankOnCollection(callerIdOf(ctx))),
    ),
    select: collectionRows(ctx)({ ...callerValues(ctx), organizationId }),
    sort: query.nested
      ? sortedBy("createdAt:asc", "asc", [collections.createdAt, collections.id], ({ collection }: CollectionListRow) => [collection.createdAt, collection.id])
      : sortedBy("position:asc", "asc", [collections.position, collections.id], ({ collection }: CollectionListRow) => [collection.position, collection.id]),
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  // The items sit at any depth: each one keeps what it inherits (content-tree/inherited-levels.ts).
  return page.answer(results, ({ collection, granted }) =>
    presentCollection(collection, levelOnCollection(access.member, collection, [collection.inheritedLevel], granted), ctx.urls),
  );
}

export async function getCollection(ctx: CallerContext, collectionId: string) {
  const access = await loadCollectionAccess(ctx, collectionId);
  return presentCollection(access.row, access.level, ctx.urls);
}

/** A new collection at the end of its parent (or of the top level). */
export async function createCollection(ctx: CallerContext, organizationId: string, input: { title?: string; parent?: string }) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  const placement = await placementFor(ctx, access.member, access.membership, input.parent ?? null);
  const parentChain = placement.chain;
  if (parentChain.length >= MAX_COLLECTION_DEPTH) throw tooDeep();
  const now = nowIso();
  const id = newId();
  const collection: CollectionRow = {
    id,
    organizationId,
    parentId: input.parent ?? null,
    position: await positionAtEnd(ctx.db, organizationId, input.parent ?? null),
    title: input.title ?? "Untitled",
    description: null,
    defaultLevel: null,
    inheritedLevel: inheritedLevelUnder(parentChain),
    lineage: lineageUnder(id, parentChain),
    createdBy: ctx.caller.id,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.insert(collections).values(collection);
  // It has no grants of its own yet: those of the collections above it apply.
  return presentCollection(collection, levelOnCollection(access.member, collection, levelsOf(parentChain), placement.granted), ctx.urls);
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
  const [[updated]] = await runAlongside(ctx.db, update, input.defaultLevel === undefined ? [] : [refreshInheritance(ctx.db, collectionId)]);
  const row = updated ?? access.row;
  return presentCollection(row, levelOnCollection(access.member, row, access.levels.slice(1), access.granted), ctx.urls);
}

/** The caller's level on a collection from its own level, its parents' (innermost first) and what is granted to them on it. */
export function levelOnCollection(member: Member, collection: CollectionRow, parentLevels: Array<Role | null>, granted: Role | null): Role {
  return levelOn(member, [collection.defaultLevel, ...parentLevels], collection.createdBy, granted) ?? "read";
}

export const tooDeep = () => badRequest(`Invalid body field 'parent': collections nest at most ${MAX_COLLECTION_DEPTH} levels deep`);
