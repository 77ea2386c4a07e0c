import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { gitSyncs, organizationMembers, spaces, users, type CollectionRow, type GitSyncRow, type SpaceRow } from "../../db/schema";
import { picked, wholeRowsOnce } from "../../db/whole-rows";
import type { Role } from "../../lib/roles";
import { membershipOf, noteMemberActivity, type Member } from "../organizations/access";
import { callerIdColumn, callerSource, callerValues, identifiedAs, perCaller, runAccess, type AccessForms, type CallerKey } from "../users/callers";
import { levelOn, spaceNotFound, type ContentAccess } from "./access";
import { grantedOnSpace } from "./granted-levels";
import { joinsParentCollection, levelsFromParent, parentCollection, parentLevelColumns } from "./inherited-levels";

/**
 * A space's access: the caller (known, or behind the request's token), the space, the caller's
 * membership in its organization, the space's parent collection (whose own and inherited
 * levels are everything the space inherits: content-tree/inherited-levels.ts) and what is granted
 * to the caller on the space and the collections above it (content-tree/granted-levels.ts), in
 * one statement.
 * Every read of a space starts here; a read that needs more sends it in the same round trip.
 *
 * The query is written once, in two forms: alone it selects whole rows (db/whole-rows.ts: the
 * cheapest text for SQLite to plan, which the hottest reads need); in a batch with other
 * statements it selects each column under a name of its own (D1 batches key rows by column name).
 */


/** What the statement reads of the caller's membership (`Member`) and of the parent collection. */
const MEMBER_COLUMNS = ["role", "disabled", "lastSeenAt"] as const;
const PARENT_COLUMNS = ["defaultLevel", "inheritedLevel"] as const;

/** The joins of the space's access, from the caller (`callerSource`), with a selection of either form. */
function fromCaller<Selection extends object>(db: Database, key: CallerKey, selection: Selection) {
  const caller = callerSource(key);
  return db
    .select(selection as unknown as typeof batchedSelection)
    .from(caller.table as typeof users)
    .leftJoin(spaces, eq(spaces.id, sql.placeholder("spaceId")))
    .leftJoin(organizationMembers, and(eq(organizationMembers.organizationId, spaces.organizationId), eq(organizationMembers.userId, caller.id)))
    .leftJoin(parentCollection, joinsParentCollection);
}

const wholeSelection = { space: spaces, member: picked(organizationMembers, MEMBER_COLUMNS), parent: picked(parentCollection, PARENT_COLUMNS) };

/** Alone: the space's whole row and the columns picked of the others, for each way of naming the caller. */
/** What every form selects besides rows: the caller's id, and what is granted to them on the space. */
const extraColumns = (key: CallerKey) => ({ callerId: callerIdColumn(key), granted: grantedOnSpace(callerSource(key).id) });

const wholeSpaceAccess = (key: CallerKey) =>
  wholeRowsOnce(wholeSelection, (db, selection) => fromCaller(db, key, selection).where(callerSource(key).where).limit(1), extraColumns(key));

/** Alone, with the space's Git sync row (the space read shows it): one more join, not one more statement. */
const wholeSpaceAccessWithGitSync = (key: CallerKey) =>
  wholeRowsOnce(
    { ...wholeSelection, gitSync: gitSyncs },
    (db, selection) => fromCaller(db, key, selection).leftJoin(gitSyncs, eq(gitSyncs.spaceId, spaces.id)).where(callerSource(key).where).limit(1),
    extraColumns(key),
  );

/** In a batch: the same columns, each under a name of its own (the parent's `default_level` is the space's too). */
const batchedSelection = {
  ...extraColumns("tokenHash"),
  space: spaces,
  // Drizzle reads a joined object as missing when its first column is null (a guest's `role` is).
  member: { disabled: organizationMembers.disabled, role: organizationMembers.role, lastSeenAt: organizationMembers.lastSeenAt },
  parent: parentLevelColumns,
};
const batchedSpaceAccess = (key: CallerKey) =>
  preparedOnce((db: Database) => fromCaller(db, key, { ...batchedSelection, ...extraColumns(key) }).where(callerSource(key).where).limit(1));

/** The space's access for each way of naming the caller, in both forms; and alone with the Git sync row. */
const spaceAccess = perCaller((key): AccessForms<SpaceAccessRow> => ({ alone: wholeSpaceAccess(key), batched: batchedSpaceAccess(key) }));
const spaceAccessWithGitSync = perCaller(wholeSpaceAccessWithGitSync);

/** What every form of the statement answers, once read. */
interface SpaceAccessRow {
  callerId: string | null;
  space: SpaceRow | null;
  member: Pick<Member, (typeof MEMBER_COLUMNS)[number]> | null;
  parent: Pick<CollectionRow, (typeof PARENT_COLUMNS)[number]> | null;
  granted: Role | null;
}

/**
 * A space, the caller's membership and the levels it inherits: one round trip, with the caller's
 * own lookup when the request came with a token only. Deleted spaces included.
 */
export async function loadSpaceAccess(ctx: RequesterContext, spaceId: string): Promise<ContentAccess<SpaceRow>> {
  const [access] = await loadSpaceAccessWith(ctx, spaceId, []);
  return access;
}

/** `loadSpaceAccess` and the space's Git sync row (null before its first sync), in the same statement. */
export async function loadSpaceAccessWithGitSync(ctx: RequesterContext, spaceId: string): Promise<[ContentAccess<SpaceRow>, GitSyncRow | null]> {
  const [row] = await spaceAccessWithGitSync(ctx)(ctx.db, { ...callerValues(ctx), spaceId });
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
  const [row, others] = await runAccess(ctx, spaceAccess, { spaceId }, alongside);
  return [spaceAccessOf(ctx, spaceId, row), others];
}

/** The access a row gives: a 401 for an unknown token, a 404 for a space the caller may not see. */
function spaceAccessOf(ctx: RequesterContext, spaceId: string, row: SpaceAccessRow | undefined): ContentAccess<SpaceRow> {
  const callerContext = identifiedAs(ctx, row?.callerId);
  const space = row?.space;
  const member: Member | null | undefined = space && row.member && { ...row.member, organizationId: space.organizationId, userId: callerContext.caller.id };
  const levels = [space?.defaultLevel ?? null, ...levelsFromParent(row?.parent ?? null)];
  const granted = row?.granted ?? null;
  const level = levelOn(member, levels, space?.createdBy ?? null, granted);
  if (!space || !member || level === null) throw spaceNotFound(spaceId);
  noteMemberActivity(ctx, member);
  return { callerContext, row: space, member, membership: membershipOf(member), level, levels, granted };
}

/** The caller's grants on a space, as they stand when the statement runs (after a move in the same batch, the new ones). */
export const selectGrantedOnSpace = (ctx: CallerContext, spaceId: string) =>
  ctx.db.select({ granted: grantedOnSpace(ctx.caller.id) }).from(spaces).leftJoin(parentCollection, joinsParentCollection).where(eq(spaces.id, spaceId)).limit(1);
