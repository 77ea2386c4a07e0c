import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import { selectedOnce } from "../../db/list-select";
import { pageReads, sortedBy } from "../../db/keyset";
import { collections, revisions, spaces, type SpaceRow } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { pick } from "../../lib/objects";
import type { PageRequest } from "../../lib/pagination";
import { assertContentAction } from "../../lib/permissions";
import type { Role } from "../../lib/roles";
import type { CreateSpaceInput, UpdateSpaceInput } from "../../schemas/space";
import { levelOn, levelsOf, loadCollectionAccessWith, placementFor, type ContentAccess, type Placement } from "../content-tree/access";
import { grantedOnListedSpace, grantedRankOnSpace, visibleTo } from "../content-tree/granted-levels";
import { joinsParentCollection, levelsFromParent, parentCollection, parentLevelColumns } from "../content-tree/inherited-levels";
import { loadSpaceAccess, loadSpaceAccessWithGitSync } from "../content-tree/space-access";
import { positionAtEnd } from "../content-tree/placement";
import { loadOrganizationAccess, loadOrganizationAccessWith, type Member } from "../organizations/access";
import { assertReviewersAreMembers } from "../organizations/merge-rules";
import { callerIdFor, callerIdOf, callerValues, perCaller } from "../users/callers";
import { presentGitSync } from "./git-sync-state";
import { presentSpace } from "./present";

/** Deleted spaces stay out of lists until they are restored. */
const isLive = isNull(spaces.deletedAt);

/**
 * Spaces with what their parent collection gives them (`levelsFromParent`) and what is granted to
 * the caller on them (content-tree/granted-levels.ts), for lists: built once per way of naming
 * the caller.
 */
const spaceRowsIn = (organizationId: SQL) =>
  perCaller((key) =>
    selectedOnce((db) =>
      db
        .select({ space: spaces, parent: parentLevelColumns, granted: grantedOnListedSpace(callerIdFor(key), organizationId) })
        .from(spaces)
        .leftJoin(parentCollection, joinsParentCollection),
    ),
  );
/** Spaces of the organization named by the `organizationId` value. */
const spaceRows = spaceRowsIn(sql`${sql.placeholder("organizationId")}`);
/** Spaces of the collection named by the `collectionId` value: its organization, looked up once for the statement. */
const collectionSpaceRows = spaceRowsIn(sql`(SELECT ${collections.organizationId} FROM ${collections} WHERE ${collections.id} = ${sql.placeholder("collectionId")})`);

/** The count of such a list: its filter reads what is granted, through the parent's lineage. */
export const spacesCounted = selectedOnce((db) => db.select({ count: count() }).from(spaces).leftJoin(parentCollection, joinsParentCollection));

type SpaceListRow = { space: SpaceRow; parent: { defaultLevel: Role | null; inheritedLevel: Role | null }; granted: Role | null };

/** The organization's live spaces, oldest first: for a guest, those granted to them (or inside a collection granted to them). */
export async function listSpacesInOrganization(ctx: RequesterContext, organizationId: string, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: spaces,
    where: and(eq(spaces.organizationId, organizationId), isLive, visibleTo(callerIdOf(ctx), organizationId, grantedRankOnSpace(callerIdOf(ctx)))),
    // The items sit under many collections: each one's parent gives what it inherits.
    select: spaceRows(ctx)({ ...callerValues(ctx), organizationId }),
    counted: spacesCounted(),
    sort: sortedBy("createdAt:asc", "asc", [spaces.createdAt, spaces.id], ({ space }: SpaceListRow) => [space.createdAt, space.id]),
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  const present = presenter(ctx, access.member);
  return page.answer(results, ({ space, parent, granted }) => present(space, levelsFromParent(parent), granted));
}

/** The live spaces directly in a collection, in their order (whoever sees the collection sees them: they inherit its grants). */
export async function listSpacesInCollection(ctx: RequesterContext, collectionId: string, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: spaces,
    where: and(eq(spaces.parentId, collectionId), isLive),
    select: collectionSpaceRows(ctx)({ ...callerValues(ctx), collectionId }),
    sort: sortedBy("position:asc", "asc", [spaces.position, spaces.id], ({ space }: SpaceListRow) => [space.position, space.id]),
  });
  const [access, results] = await loadCollectionAccessWith(ctx, collectionId, page.reads);
  const present = presenter(ctx, access.member);
  return page.answer(results, ({ space, granted }) => present(space, access.levels, granted));
}

/**
 * One round trip, authentication included when the request came with a token only. With a
 * `shareKey`, the route asks sites/space-share-url.ts instead (sites depend on spaces, not back).
 */
export async function getSpace(ctx: RequesterContext, spaceId: string) {
  // Its Git sync in the same round trip: `gitSync` is shown on this read only (lists leave it out).
  const [access, sync] = await loadSpaceAccessWithGitSync(ctx, spaceId);
  return { ...presentSpace(access.row, access.level, ctx.urls), ...(sync ? { gitSync: presentGitSync(sync) } : {}) };
}

/** A new space, at the end of its parent (or of the top level), with an initial empty revision. */
export async function createSpace(ctx: CallerContext, organizationId: string, input: CreateSpaceInput) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  const placement = await placementFor(ctx, access.member, access.membership, input.parent ?? null);
  const now = nowIso();
  const space: SpaceRow = {
    ...newSpaceDefaults(ctx, now),
    organizationId,
    parentId: input.parent ?? null,
    position: await positionAtEnd(ctx.db, organizationId, input.parent ?? null),
    title: input.title ?? "Untitled",
    emoji: input.emoji ?? "",
    editMode: input.editMode ?? "live",
    language: input.language ?? null,
  };
  await ctx.db.batch(insertSpaceWithInitialRevision(ctx, space));
  return presentSpace(space, levelOfOwnSpace(access.member, space, placement), ctx.urls);
}

export async function updateSpace(ctx: CallerContext, spaceId: string, input: UpdateSpaceInput) {
  const access = await loadSpaceAccess(ctx, spaceId);
  assertLive(access.row);
  assertContentAction(access.level, "admin", "space");
  if (input.mergeRules) await assertReviewersAreMembers(ctx, access.row.organizationId, input.mergeRules);
  const changes: Partial<SpaceRow> = {
    ...pick(input, ["editMode", "title", "defaultLevel", "language", "mergeRules"]),
    // GitBook's "remove icon or emoji": null clears both.
    ...(input.emoji !== undefined ? { emoji: input.emoji ?? "", ...(input.emoji === null ? { icon: null } : {}) } : {}),
    ...(input.icon !== undefined ? { icon: input.icon, ...(input.icon === null ? { emoji: "" } : {}) } : {}),
    updatedAt: nowIso(),
  };
  const [updated] = await ctx.db
    .update(spaces)
    .set(changes)
    .where(and(eq(spaces.id, spaceId), isLive))
    .returning();
  if (!updated) throw spaceIsDeleted(spaceId);
  return presentSpace(updated, levelAfterChange(access, updated), ctx.urls);
}

/** Fields of a new space that do not come from the request. */
export function newSpaceDefaults(ctx: CallerContext, now: string) {
  return {
    id: newId(),
    icon: null,
    // No endpoint of this API publishes content yet: every space is private to its organization.
    visibility: "private" as const,
    mergeRules: { type: "inherit" as const },
    defaultLevel: null,
    revisionId: newId(),
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    createdBy: ctx.caller.id,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
}

/** The space row and its initial (empty) revision, for one batch. */
export function insertSpaceWithInitialRevision(ctx: CallerContext, space: SpaceRow) {
  return [
    ctx.db.insert(spaces).values(space),
    ctx.db.insert(revisions).values({
      id: space.revisionId,
      spaceId: space.id,
      parents: [],
      type: "initial",
      createdBy: ctx.caller.id,
      createdAt: space.createdAt,
    }),
  ] as const;
}

/**
 * The caller's level on a space they just created, copied or moved into `placement` (with what
 * is granted to them there, the space's own grants included): its creator administers it.
 */
export function levelOfOwnSpace(member: Member, space: SpaceRow, placement: Placement): Role {
  return levelOn(member, [space.defaultLevel, ...levelsOf(placement.chain)], space.createdBy, placement.granted) ?? "read";
}

/** The level after an update that may have changed the space's own default level. */
function levelAfterChange(access: ContentAccess<SpaceRow>, updated: SpaceRow): Role {
  return levelOn(access.member, [updated.defaultLevel, ...access.levels.slice(1)], updated.createdBy, access.granted) ?? access.level;
}

export function assertLive(space: SpaceRow): void {
  if (space.deletedAt) throw spaceIsDeleted(space.id);
}

const spaceIsDeleted = (spaceId: string) => conflict(`Space '${spaceId}' is deleted: restore it first`);

/** Presents spaces to `member`, given the levels each inherits (its parent's first) and what is granted to them on it. */
function presenter(ctx: RequestContext, member: Member) {
  return (space: SpaceRow, inherited: ReadonlyArray<Role | null>, granted: Role | null) =>
    presentSpace(space, levelOn(member, [space.defaultLevel, ...inherited], space.createdBy, granted) ?? "read", ctx.urls);
}
