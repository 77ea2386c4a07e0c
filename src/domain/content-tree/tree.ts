import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { rawAll } from "../../db/raw";
import type { Role } from "../../lib/roles";
import { collections } from "../../db/schema";

/**
 * Reads over the content tree (collections nested in collections, spaces in collections), each a
 * single statement so callers can put it in the batch of their other reads.
 */

/** Collections nest at most this deep; it also bounds the recursive queries. */
export const MAX_COLLECTION_DEPTH = 16;

export interface AncestorRow {
  id: string;
  organizationId: string;
  parentId: string | null;
  defaultLevel: Role | null;
  createdBy: string;
}

/**
 * The collection `start` (an id, or a scalar subquery yielding one) and its ancestors, innermost
 * first: O(depth), whatever the size of the organization.
 */
export function selectCollectionChain(db: Database, start: SQL | string) {
  return rawAll<AncestorRow>(db, sql`
    WITH RECURSIVE chain(id, organization_id, parent_id, default_level, created_by, depth) AS (
      SELECT id, organization_id, parent_id, default_level, created_by, 0 FROM ${collections} WHERE id = (${start})
      UNION ALL
      SELECT c.id, c.organization_id, c.parent_id, c.default_level, c.created_by, chain.depth + 1
      FROM ${collections} c JOIN chain ON c.id = chain.parent_id
      WHERE chain.depth < ${MAX_COLLECTION_DEPTH}
    )
    SELECT id, organization_id AS organizationId, parent_id AS parentId, default_level AS defaultLevel,
      created_by AS createdBy
    FROM chain ORDER BY depth`);
}

/**
 * `selectCollectionChain` as a column of another statement: the chain from `start` (a column of
 * that statement, e.g. a space's parent), innermost first, as JSON. One statement instead of two
 * for a read that needs both the row and its chain (a space's access).
 */
export function collectionChainColumn(start: AnySQLiteColumn) {
  // At the top level (no parent) there is no chain to walk: CASE skips the recursive query.
  return sql<AncestorRow[]>`CASE WHEN ${start} IS NULL THEN '[]' ELSE (WITH RECURSIVE chain(id, organization_id, parent_id, default_level, created_by, depth) AS (
      SELECT id, organization_id, parent_id, default_level, created_by, 0 FROM ${collections} WHERE id = ${start}
      UNION ALL
      SELECT c.id, c.organization_id, c.parent_id, c.default_level, c.created_by, chain.depth + 1
      FROM ${collections} c JOIN chain ON c.id = chain.parent_id
      WHERE chain.depth < ${MAX_COLLECTION_DEPTH}
    )
    SELECT json_group_array(json_object('id', id, 'organizationId', organization_id, 'parentId', parent_id,
      'defaultLevel', default_level, 'createdBy', created_by, 'depth', depth)) FROM chain) END`
    .mapWith((json: string) =>
      (JSON.parse(json) as Array<AncestorRow & { depth: number }>).sort((a, b) => a.depth - b.depth).map(({ depth: _depth, ...row }) => row),
    )
    .as("collection_chain");
}

/** The ids of `collectionId` and every collection nested in it, as a subquery. */
export function subtreeIds(collectionId: string): SQL {
  return sql`WITH RECURSIVE subtree(id, depth) AS (
      SELECT ${collectionId}, 0
      UNION ALL
      SELECT c.id, subtree.depth + 1 FROM ${collections} c JOIN subtree ON c.parent_id = subtree.id
      WHERE subtree.depth < ${MAX_COLLECTION_DEPTH}
    ) SELECT id FROM subtree`;
}

/**
 * Every collection of an organization with its parent and level, for lists whose items sit under
 * many different collections: one statement in the list's batch, O(collections), not per item.
 */
export function selectOrganizationCollections(db: Database, organizationId: string) {
  return db
    .select({
      id: collections.id,
      organizationId: collections.organizationId,
      parentId: collections.parentId,
      defaultLevel: collections.defaultLevel,
      createdBy: collections.createdBy,
    })
    .from(collections)
    .where(eq(collections.organizationId, organizationId));
}

/** The collections from `parentId` up to the top, innermost first, read from an organization's collections. */
export function chainFrom(byId: ReadonlyMap<string, AncestorRow>, parentId: string | null): AncestorRow[] {
  const chain: AncestorRow[] = [];
  for (let id = parentId, depth = 0; id !== null && depth <= MAX_COLLECTION_DEPTH; depth++) {
    const collection = byId.get(id);
    if (!collection) break;
    chain.push(collection);
    id = collection.parentId;
  }
  return chain;
}

export const byId = (rows: readonly AncestorRow[]) => new Map(rows.map((row) => [row.id, row]));

/** A collection of `organizationId` with this id, as a condition. */
export const isCollectionOf = (organizationId: string, collectionId: string) =>
  and(eq(collections.organizationId, organizationId), eq(collections.id, collectionId));

/** How many levels of collections are nested below `collectionId` (0: none), as one statement. */
export function selectSubtreeHeight(db: Database, collectionId: string) {
  return rawAll<{ height: number }>(db, sql`WITH RECURSIVE subtree(id, depth) AS (
      SELECT ${collectionId}, 0
      UNION ALL
      SELECT c.id, subtree.depth + 1 FROM ${collections} c JOIN subtree ON c.parent_id = subtree.id
      WHERE subtree.depth < ${MAX_COLLECTION_DEPTH}
    ) SELECT max(depth) AS height FROM subtree`);
}
