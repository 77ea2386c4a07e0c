import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { RequesterContext } from "../../context";
import { runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { collections, gitSyncs, organizationMembers, spaces, users, type GitSyncRow, type MemberRow, type SpaceRow, type UserRow } from "../../db/schema";
import { wholeRowsOnce } from "../../db/whole-rows";
import type { Role } from "../../lib/roles";
import { membershipOf, noteMemberActivity } from "../organizations/access";
import { callerColumns, callerKeyOf, callerOfRow, callerValues, identifiedAs, isCallerAt, type CallerKey } from "../users/callers";
import { levelOn, spaceNotFound, type ContentAccess } from "./access";
import { levelsFromParent } from "./inherited-levels";

/**
 * A space's access: the caller (known, or behind the request's token), the space, the caller's
 * membership in its organization and the space's parent collection (whose own and inherited
 * levels are everything the space inherits: content-tree/inherited-levels.ts), in one statement.
 * Every read of a space starts here; a read that needs more sends it in the same round trip.
 *
 * The query is written once, in two forms: alone it selects whole rows (db/whole-rows.ts: the
 * cheapest text for SQLite to plan, which the hottest reads need); in a batch with other
 * statements it selects each column under a name of its own (D1 batches key rows by column name).
 */

/** The space's parent collection, in the access statement. */
const parentCollection = alias(collections, "parent_collection");

/**
 * In a batch: the membership without organization_id (the space's own), the caller's and the
 * parent's columns renamed, so that no two columns share a name.
 */
const { organizationId: _sameAsTheSpace, ...memberColumns } = getTableColumns(organizationMembers);
const batchedSelection = {
  ...callerColumns,
  space: spaces,
  member: memberColumns,
  parent: {
    defaultLevel: sql<Role | null>`${parentCollection.defaultLevel}`.as("parent_default_level"),
    inheritedLevel: sql<Role | null>`${parentCollection.inheritedLevel}`.as("parent_inherited_level"),
  },
};
/**
 * The joins of the space's access, from the caller's row, with a selection of either form (typed
 * as the batched one's: the whole-rows form reads its rows by the tables it names).
 */
function fromCaller(db: Database, selection: object) {
  return db
    .select(selection as typeof batchedSelection)
    .from(users)
    .leftJoin(spaces, eq(spaces.id, sql.placeholder("spaceId")))
    .leftJoin(organizationMembers, and(eq(organizationMembers.organizationId, spaces.organizationId), eq(organizationMembers.userId, users.id)))
    .leftJoin(parentCollection, eq(parentCollection.id, spaces.parentId));
}

/** Alone: whole rows, for each way of naming the caller. */
const wholeSpaceAccess = (key: CallerKey) =>
  wholeRowsOnce({ caller: users, space: spaces, member: organizationMembers, parent: parentCollection }, (db, selection) =>
    fromCaller(db, selection).where(isCallerAt(key)).limit(1),
  );

/** Alone, with the space's Git sync row (the space read shows it): one more join, not one more statement. */
const wholeSpaceAccessWithGitSync = (key: CallerKey) =>
  wholeRowsOnce({ caller: users, space: spaces, member: organizationMembers, parent: parentCollection, gitSync: gitSyncs }, (db, selection) =>
    fromCaller(db, selection).leftJoin(gitSyncs, eq(gitSyncs.spaceId, spaces.id)).where(isCallerAt(key)).limit(1),
  );

const batchedSpaceAccess = (key: CallerKey) => preparedOnce((db: Database) => fromCaller(db, batchedSelection).where(isCallerAt(key)).limit(1));

const statements = {
  callerId: { alone: wholeSpaceAccess("callerId"), withGitSync: wholeSpaceAccessWithGitSync("callerId"), batched: batchedSpaceAccess("callerId") },
  tokenHash: { alone: wholeSpaceAccess("tokenHash"), withGitSync: wholeSpaceAccessWithGitSync("tokenHash"), batched: batchedSpaceAccess("tokenHash") },
};

type BatchedRow = Awaited<ReturnType<ReturnType<typeof batchedSpaceAccess>>>[number];

/** What every form of the statement answers, once read. */
interface SpaceAccessRow {
  caller: UserRow | null;
  space: SpaceRow | null;
  member: MemberRow | null;
  parent: { defaultLevel: Role | null; inheritedLevel: Role | null } | null;
}

/**
 * A space, the caller's membership and the levels it inherits: one round trip, with the caller's
 * own lookup when the request came with a token only. Deleted spaces included.
 */
export async function loadSpaceAccess(ctx: RequesterContext, spaceId: string): Promise<ContentAccess<SpaceRow>> {
  const [row] = await statements[callerKeyOf(ctx)].alone(ctx.db, { ...callerValues(ctx), spaceId });
  return spaceAccessOf(ctx, spaceId, row);
}

/** `loadSpaceAccess` and the space's Git sync row (null before its first sync), in the same statement. */
export async function loadSpaceAccessWithGitSync(ctx: RequesterContext, spaceId: string): Promise<[ContentAccess<SpaceRow>, GitSyncRow | null]> {
  const [row] = await statements[callerKeyOf(ctx)].withGitSync(ctx.db, { ...callerValues(ctx), spaceId });
  return [spaceAccessOf(ctx, spaceId, row), row?.gitSync ?? null];
}

/**
 * `loadSpaceAccess` with more statements in the same batch (the change request a read is about,
 * what a read needs besides access): still one round trip. Their results come back in order,
 * whatever the access decided; use them only once access is granted.
 */
export async function loadSpaceAccessWith(
  ctx: RequesterContext,
  spaceId: string,
  alongside: readonly BatchItem<"sqlite">[],
): Promise<[ContentAccess<SpaceRow>, unknown[]]> {
  if (alongside.length === 0) return [await loadSpaceAccess(ctx, spaceId), []];
  const access = statements[callerKeyOf(ctx)].batched(ctx.db, { ...callerValues(ctx), spaceId });
  const [[row], ...others] = (await runBatch(ctx.db, [access, ...alongside])) as [BatchedRow[], ...unknown[]];
  return [spaceAccessOf(ctx, spaceId, row && fromBatchedRow(row)), others];
}

function fromBatchedRow(row: BatchedRow): SpaceAccessRow {
  const { space, member, parent } = row;
  return { caller: callerOfRow(row), space, member: space && member ? { ...member, organizationId: space.organizationId } : null, parent };
}

/** The access a row gives: a 401 for an unknown token, a 404 for a space the caller may not see. */
function spaceAccessOf(ctx: RequesterContext, spaceId: string, row: SpaceAccessRow | undefined): ContentAccess<SpaceRow> {
  const callerContext = identifiedAs(ctx, row?.caller ?? null);
  const space = row?.space;
  const member = row?.member;
  const levels = [space?.defaultLevel ?? null, ...levelsFromParent(row?.parent ?? null)];
  const level = levelOn(member, levels, space?.createdBy);
  if (!space || !member || level === null) throw spaceNotFound(spaceId);
  noteMemberActivity(ctx, member);
  return { callerContext, row: space, member, membership: membershipOf(member), level, levels };
}
