import { getTableName, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { rawAll } from "../../db/raw";
import { collections, grants, organizationMembers, spaces, teamMembers } from "../../db/schema";
import { ROLES, roleOfRank, type RoleOrGuest } from "../../lib/roles";
import { parentCollection } from "./inherited-levels";
import { MAX_COLLECTION_DEPTH } from "./tree";

/**
 * What grants give a user, as SQL that rides in the statement of the read that needs it (an
 * access check, a list page): never a statement, nor a round trip, of its own.
 *
 * A user holds a grant made to them or to one of their teams (of the content's organization).
 * The grants that apply to a space are its own and those of every collection above it; to a
 * collection, its own and its ancestors'. Collections store their `lineage` (their id, then their
 * ancestors', content-tree/inherited-levels.ts), so the grants that apply are found by key, one
 * primary-key range per collection above: O(depth), never a walk of the tree, never the grants of
 * the organization. The highest role found is the grant's part of the user's level
 * (`levelOn` in access.ts, lib/permissions.ts `contentLevel` for the rest).
 */

/** Who a grant is looked up for: a bound id, a column of the statement (the caller's), or a subquery. */
type UserRef = SQL | string | AnySQLiteColumn;

/** A column as `"table"."column"`: Drizzle leaves a single-table select's columns unqualified, which inside a subquery could name another table's. */
export const qualified = (column: AnySQLiteColumn): SQL => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** A role stored as text, as its rank (1 read … 6 admin), in SQL: higher ranks are more powerful. */
export const rankOf = (role: SQL): SQL<number | null> =>
  sql`CASE ${role} ${sql.raw(ROLES.map((name, index) => `WHEN '${name}' THEN ${index + 1}`).join(" "))} END`;

/** Whether the grant row `g` is held by `userId`: made to them, or to a team of theirs in `organizationId`. */
const heldBy = (userId: UserRef, organizationId: SQL | string) =>
  sql`(g.principal_kind = 'user' AND g.principal_id = ${userId} OR g.principal_kind = 'team' AND g.principal_id IN
    (SELECT tm.team_id FROM ${teamMembers} tm WHERE tm.organization_id = ${organizationId} AND tm.user_id = ${userId}))`;

/**
 * The rank of the highest role granted to `userId` on any content `sources` names (a subquery of
 * content ids): null when none is. Each id is one lookup of the primary key (content_id, …).
 */
export const grantedRank = (sources: SQL, userId: UserRef, organizationId: SQL | string): SQL<number | null> =>
  sql`(SELECT max(${rankOf(sql`g.role`)}) FROM ${grants} g WHERE g.content_id IN (${sources}) AND ${heldBy(userId, organizationId)})`;

/** The contents whose grants apply to a space: itself, and the collections of its parent's lineage (none at the top level). */
export const spaceGrantSources = (spaceId: SQL, parentLineage: SQL): SQL => sql`SELECT ${spaceId} UNION ALL SELECT value FROM json_each(${parentLineage})`;

/** The contents whose grants apply to a collection: its lineage, itself first. */
export const collectionGrantSources = (lineage: SQL): SQL => sql`SELECT value FROM json_each(${lineage})`;

/** A granted rank as a selected column, read as the role it is (null: nothing granted). */
export const grantedColumn = (rank: SQL<number | null>, name = "granted_rank"): SQL.Aliased<RoleOrGuest> =>
  sql<RoleOrGuest>`${rank}`.mapWith((value: number | null) => roleOfRank(value)).as(name);

/** What is granted to `userId` on the `spaces` row of the statement (joined with its `parentCollection`), as a column. */
export const grantedOnSpace = (userId: UserRef) => grantedColumn(grantedRankOnSpace(userId));

/** What is granted to `userId` on the `collections` row of the statement (its lineage's grants), as a column. */
export const grantedOnCollection = (userId: UserRef) => grantedColumn(grantedRankOnCollection(userId));

/**
 * Whether `userId` sees content of `organizationId` whose granted rank (for them) is `rank`:
 * members who are not guests see all of their organization's content, guests what is granted to
 * them. The filter of the lists a guest may call (spaces, collections, change requests).
 */
export const visibleTo = (userId: UserRef, organizationId: SQL | string, rank: SQL<number | null>): SQL =>
  sql`(EXISTS (SELECT 1 FROM ${organizationMembers} vm WHERE vm.organization_id = ${organizationId} AND vm.user_id = ${userId} AND vm.role IS NOT NULL) OR ${rank} IS NOT NULL)`;

/**
 * Whether `userId` holds any grant in `organizationId`, theirs or a team's: a seek of
 * grants_principal. With `organizationId` a value (or an uncorrelated subquery) rather than a
 * column, SQLite decides it once for the whole statement.
 */
export const holdsGrantsIn = (userId: UserRef, organizationId: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM ${grants} g WHERE g.organization_id = ${organizationId} AND ${heldBy(userId, organizationId)})`;

/**
 * What is granted to `userId` on each `spaces` row of a list of `organizationId`'s spaces, as a
 * column: `grantedOnSpace`, looked up per row only when the caller holds a grant in the
 * organization. Most callers hold none, and for them a page of 100 spaces no longer walks each
 * space's lineage through the grants (docs/performance.md, "List pages").
 */
export const grantedOnListedSpace = (userId: UserRef, organizationId: SQL) =>
  grantedColumn(sql<number | null>`(CASE WHEN ${holdsGrantsIn(userId, organizationId)} THEN ${grantedRankOnSpace(userId)} END)`);

/** What is granted to `userId` on each `collections` row of a list of `organizationId`'s collections: as `grantedOnListedSpace`. */
export const grantedOnListedCollection = (userId: UserRef, organizationId: SQL) =>
  grantedColumn(sql<number | null>`(CASE WHEN ${holdsGrantsIn(userId, organizationId)} THEN ${grantedRankOnCollection(userId)} END)`);

/** The rank granted to `userId` on the `spaces` row of the statement (joined with its `parentCollection`), for a filter. */
export const grantedRankOnSpace = (userId: UserRef) => grantedRank(spaceGrantSources(qualified(spaces.id), qualified(parentCollection.lineage)), userId, qualified(spaces.organizationId));

/** The rank granted to `userId` on the `collections` row of the statement, for a filter. */
export const grantedRankOnCollection = (userId: UserRef) => grantedRank(collectionGrantSources(qualified(collections.lineage)), userId, qualified(collections.organizationId));

/**
 * Every grant `userId` holds in the organization (theirs and their teams'), highest role per
 * content: one statement, for a read that decides many contents at once from the organization's
 * collections (the organization search). O(grants held), through the index grants_principal.
 */
export function selectGrantsHeldBy(db: Database, userId: UserRef, organizationId: string) {
  return rawAll<{ contentId: string; rank: number }>(db, sql`SELECT g.content_id AS contentId, max(${rankOf(sql`g.role`)}) AS rank FROM ${grants} g
    WHERE g.organization_id = ${organizationId} AND ${heldBy(userId, organizationId)} GROUP BY g.content_id`);
}

/** The highest role among `held` (from `selectGrantsHeldBy`) on any of `contentIds`: what is granted on content whose grant sources they are. */
export function grantedAmong(held: ReadonlyMap<string, number>, contentIds: readonly string[]): RoleOrGuest {
  return roleOfRank(Math.max(0, ...contentIds.map((id) => held.get(id) ?? 0)));
}

export const heldByContent = (rows: ReadonlyArray<{ contentId: string; rank: number }>) => new Map(rows.map((row) => [row.contentId, row.rank]));

/**
 * How many live spaces a principal (a team, or a user on their own) was given: granted directly,
 * or inside a collection granted to them (GitBook's `spaces` of a team and of a member). A
 * correlated subquery for the principal of the row it is selected with: O(what was granted to it),
 * through grants_principal and the collections and spaces below each granted collection, and one
 * index seek for a principal given no space or collection.
 */
export function grantedSpacesCount(principalKind: "user" | "team", principalId: SQL, organizationId: SQL): SQL<number> {
  const grantsOf = (contentKind: "space" | "collection", columns: SQL) =>
    sql`SELECT ${columns} FROM ${grants} g WHERE g.organization_id = ${organizationId} AND g.principal_kind = ${principalKind}
      AND g.principal_id = ${principalId} AND g.content_kind = ${contentKind}`;
  // Most principals were given nothing: an index seek (grants_principal) answers 0 for them
  // without the recursive CTE, whose setup alone, once per row, made a page of 100 members or
  // teams cost twice what it did without grants (docs/performance.md, "List pages").
  return sql<number>`(CASE WHEN NOT EXISTS (SELECT 1 FROM ${grants} g WHERE g.organization_id = ${organizationId} AND g.principal_kind = ${principalKind}
      AND g.principal_id = ${principalId} AND g.content_kind IN ('space', 'collection')) THEN 0 ELSE (WITH RECURSIVE granted_collections(id, depth) AS (
      ${grantsOf("collection", sql`g.content_id, 0`)}
      UNION
      SELECT c.id, gc.depth + 1 FROM ${collections} c JOIN granted_collections gc ON c.parent_id = gc.id WHERE gc.depth < ${MAX_COLLECTION_DEPTH}
    )
    SELECT count(*) FROM (
      SELECT s.id FROM ${spaces} s WHERE s.parent_id IN (SELECT id FROM granted_collections) AND s.deleted_at IS NULL
      UNION
      SELECT s.id FROM ${spaces} s WHERE s.id IN (${grantsOf("space", sql`g.content_id`)}) AND s.deleted_at IS NULL
    )) END)`.mapWith(Number);
}

/** How many sites a user was given on their own (GitBook's `sites` of a member), as a correlated subquery. */
export const grantedSitesCount = (userId: SQL, organizationId: SQL): SQL<number> =>
  sql<number>`(SELECT count(*) FROM ${grants} g WHERE g.organization_id = ${organizationId} AND g.principal_kind = 'user'
    AND g.principal_id = ${userId} AND g.content_kind = 'site')`.mapWith(Number);
