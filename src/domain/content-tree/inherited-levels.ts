import { eq, sql, type SQL } from "drizzle-orm";
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
 * `refreshInheritance` in its own batch, after its change: O(collections below the one that
 * changed), never O(spaces). The same writes keep `lineage` (below).
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

/** The parent's lineage (whose grants apply to the space: content-tree/granted-levels.ts), under a name of its own. */
export const parentLineageColumn = sql<string[] | null>`${parentCollection.lineage}`.mapWith((text: string) => JSON.parse(text) as string[]).as("parent_lineage");

/** What a space (or collection) under a parent with these columns inherits: the parent's own level first. */
export function levelsFromParent(parent: { defaultLevel: Role | null; inheritedLevel: Role | null } | null): Array<Role | null> {
  return parent ? [parent.defaultLevel, parent.inheritedLevel] : [];
}

/**
 * One statement (batchable): what the collection and every collection nested in it inherit,
 * computed again from the top down, starting from what its parent holds: `inheritedLevel`, and
 * `lineage` (its id, then its ancestors'), which says whose grants apply inside it
 * (content-tree/granted-levels.ts). Runs after the write that changed the collection's level or
 * parent, in the same batch.
 */
export function refreshInheritance(db: Database, collectionId: string) {
  return rawAll(db, sql`
    WITH RECURSIVE subtree(id, inherited, own, lineage, depth) AS (
      SELECT c.id, (SELECT coalesce(p.default_level, p.inherited_level) FROM ${collections} p WHERE p.id = c.parent_id), c.default_level,
        ${prepended(sql`c.id`, sql`(SELECT p.lineage FROM ${collections} p WHERE p.id = c.parent_id)`)}, 0
      FROM ${collections} c WHERE c.id = ${collectionId}
      UNION ALL
      SELECT c.id, coalesce(subtree.own, subtree.inherited), c.default_level, ${prepended(sql`c.id`, sql`subtree.lineage`)}, subtree.depth + 1
      FROM ${collections} c JOIN subtree ON c.parent_id = subtree.id
      WHERE subtree.depth < ${MAX_COLLECTION_DEPTH}
    )
    UPDATE ${collections} SET inherited_level = (SELECT inherited FROM subtree WHERE subtree.id = ${collections}.id),
      lineage = (SELECT lineage FROM subtree WHERE subtree.id = ${collections}.id)
    WHERE id IN (SELECT id FROM subtree)`);
}

/** The lineage of a collection `id` under a parent of lineage `parentLineage` (null: at the top), as SQL. */
const prepended = (id: SQL, parentLineage: SQL) =>
  sql`CASE WHEN ${parentLineage} IS NULL THEN json_array(${id}) ELSE '[' || json_quote(${id}) || ',' || substr(${parentLineage}, 2) END`;

/** The lineage of a collection created under `parentChain` (its parent first): its id, then theirs. */
export const lineageUnder = (id: string, parentChain: readonly AncestorRow[]): string[] => [id, ...parentChain.map((ancestor) => ancestor.id)];
