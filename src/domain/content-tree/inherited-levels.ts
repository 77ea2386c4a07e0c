import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { rawAll } from "../../db/raw";
import { collections, spaces } from "../../db/schema";
import type { Role } from "../../lib/roles";
import { MAX_COLLECTION_DEPTH, type AncestorRow } from "./tree";

/**
 * Every collection stores the level it inherits (`inheritedLevel`: the first default level set on
 * one of its ancestors, innermost first), so that a space's access reads one row, its parent, and
 * not the chain of collections above it: what a space inherits is its parent's own default level,
 * else what the parent inherits. That is the whole chain as far as levels go, since the first
 * level set is the one that applies (lib/permissions.ts, `contentLevel`).
 *
 * Kept by every write that changes what a collection inherits: creating one (under a parent),
 * changing a default level, moving one, transferring one (to the top level). Each runs
 * `refreshInheritedLevels` in its own batch, after its change: O(collections below the one that
 * changed), never O(spaces).
 */

/** What a collection created under `parentChain` (its parent first) inherits. */
export function inheritedLevelUnder(parentChain: readonly AncestorRow[]): Role | null {
  return parentChain.find((ancestor) => ancestor.defaultLevel !== null)?.defaultLevel ?? null;
}

/**
 * A space's parent collection, for the reads that present spaces: joined on the space's parent,
 * it gives the two columns of what the space inherits (`levelsFromParent`), instead of the chain.
 */
export const parentCollection = alias(collections, "parent_collection");

export const joinsParentCollection = eq(parentCollection.id, spaces.parentId);

/** Those two columns, under names no space column has: D1 batches key rows by column name. */
export const parentLevelColumns = {
  defaultLevel: sql<Role | null>`${parentCollection.defaultLevel}`.as("parent_default_level"),
  inheritedLevel: sql<Role | null>`${parentCollection.inheritedLevel}`.as("parent_inherited_level"),
};

/** What a space (or collection) under a parent with these columns inherits: the parent's own level first. */
export function levelsFromParent(parent: { defaultLevel: Role | null; inheritedLevel: Role | null } | null): Array<Role | null> {
  return parent ? [parent.defaultLevel, parent.inheritedLevel] : [];
}

/**
 * One statement (batchable): `inheritedLevel` of the collection and of every collection nested in
 * it, computed again from the top down, starting from what its parent holds. Runs after the write
 * that changed the collection's level or parent, in the same batch.
 */
export function refreshInheritedLevels(db: Database, collectionId: string) {
  return rawAll(db, sql`
    WITH RECURSIVE subtree(id, inherited, own, depth) AS (
      SELECT c.id, (SELECT coalesce(p.default_level, p.inherited_level) FROM ${collections} p WHERE p.id = c.parent_id), c.default_level, 0
      FROM ${collections} c WHERE c.id = ${collectionId}
      UNION ALL
      SELECT c.id, coalesce(subtree.own, subtree.inherited), c.default_level, subtree.depth + 1
      FROM ${collections} c JOIN subtree ON c.parent_id = subtree.id
      WHERE subtree.depth < ${MAX_COLLECTION_DEPTH}
    )
    UPDATE ${collections} SET inherited_level = (SELECT inherited FROM subtree WHERE subtree.id = ${collections}.id)
    WHERE id IN (SELECT id FROM subtree)`);
}
