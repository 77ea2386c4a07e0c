import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { changeRequests, contentEntries, organizationMembers, spaces, type SpaceRow } from "../../db/schema";
import { insertChunks } from "../../db/limits";
import { copyRows, readEntries } from "../revisions/entries";
import { MAIN_LINE, mainHeadPoint } from "../revisions/points";
import { copySpaceIndex } from "../search/indexing";
import { oneSpace, siteSpacesLeaving } from "./leaving-sites";
import { badRequest, conflict, gone } from "../../lib/errors";
import { nowIso } from "../../lib/ids";
import { assertContentAction, assertOrganizationAction } from "../../lib/permissions";
import type { MoveContentInput } from "../../schemas/content";
import { placementFor, spaceNotFound } from "../content-tree/access";
import { loadSpaceAccess, selectGrantedOnSpace } from "../content-tree/space-access";
import { positionAtEnd, positionForMove, positionRightAfter } from "../content-tree/placement";
import { membershipOf } from "../organizations/access";
import { presentSpace } from "./present";
import { grantsOnRemoved } from "../content-tree/grant-removal";
import { isPastRetention } from "./retention";
import { assertLive, insertSpaceWithInitialRevision, levelOfOwnSpace, newSpaceDefaults } from "./spaces";

/**
 * Soft delete: the space keeps every row and blob, leaves every list, and refuses edits until it is
 * restored; the purge removes it 7 days later. Deleting a deleted space changes nothing. Returns
 * false when there was no such space at all (the route answers 204 either way, as the seed says).
 */
export async function deleteSpace(ctx: CallerContext, spaceId: string): Promise<void> {
  const [exists] = await ctx.db.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, spaceId)).limit(1);
  if (!exists) return;
  const access = await loadSpaceAccess(ctx, spaceId);
  assertContentAction(access.level, "admin", "space");
  const now = nowIso();
  await ctx.db.batch([
    ctx.db
      .update(spaces)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt))),
    // It leaves every site now, not at the purge: a deleted space is published nowhere.
    ...siteSpacesLeaving(ctx.db, oneSpace(spaceId)),
  ]);
}

/** Brings a deleted space back, at the end of its collection (or of the top level if that is gone). */
export async function restoreSpace(ctx: CallerContext, spaceId: string) {
  const access = await loadSpaceAccess(ctx, spaceId);
  assertContentAction(access.level, "admin", "space");
  const { row } = access;
  // Restoring a space that is not deleted changes nothing, like deleting a deleted one.
  if (!row.deletedAt) return presentSpace(row, access.level, ctx.urls);
  if (isPastRetention(row.deletedAt, new Date())) {
    throw gone(`Space '${spaceId}' was deleted more than 7 days ago and can no longer be restored`);
  }
  const position = await positionAtEnd(ctx.db, row.organizationId, row.parentId);
  const [restored] = await ctx.db
    .update(spaces)
    .set({ deletedAt: null, position, updatedAt: nowIso() })
    .where(and(eq(spaces.id, spaceId), isNotNull(spaces.deletedAt)))
    .returning();
  return presentSpace(restored ?? row, access.level, ctx.urls);
}

/** A copy of the space right after it, in the same collection, made by (and administered by) the caller. */
export async function duplicateSpace(ctx: CallerContext, spaceId: string) {
  const access = await loadSpaceAccess(ctx, spaceId);
  const { row: original } = access;
  assertLive(original);
  // The copy has no grants of its own: what is granted where it goes applies to it.
  const placement = await placementFor(ctx, access.member, access.membership, original.parentId);

  const now = nowIso();
  const copy: SpaceRow = {
    ...original,
    ...newSpaceDefaults(ctx, now),
    title: `${original.title.slice(0, 50 - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
    icon: original.icon,
    visibility: original.visibility,
    mergeRules: original.mergeRules,
    defaultLevel: original.defaultLevel,
    position: await positionRightAfter(ctx.db, original.organizationId, original.parentId, original.id),
  };
  // The copy starts with the original's current content as its initial revision. Rows are copied
  // (a duplicate is as large as what it copies); page bodies and file bytes are shared by key.
  const content = await readEntries(ctx.db, mainHeadPoint(original.id, 0));
  const rows = copyRows(copy.id, MAIN_LINE, 0, content.values());
  await ctx.db.batch([
    ...insertSpaceWithInitialRevision(ctx, copy),
    ...insertChunks(contentEntries, rows).map((batch) => ctx.db.insert(contentEntries).values(batch)),
    // The copy's own search index rows (a merge into the original between the read above and
    // this batch would show in the copy's index a moment early, until the copy's next merge).
    copySpaceIndex(ctx.db, original.id, copy.id),
  ]);
  return presentSpace(copy, levelOfOwnSpace(access.member, copy, placement), ctx.urls);
}

const COPY_SUFFIX = " (copy)";

/** Moves the space into a collection (or to the top level), before or after a sibling, or at the end. */
export async function moveSpace(ctx: CallerContext, spaceId: string, input: MoveContentInput) {
  const access = await loadSpaceAccess(ctx, spaceId);
  const { row } = access;
  assertLive(row);
  assertContentAction(access.level, "admin", "space");
  const parentId = input.parent === undefined ? row.parentId : input.parent;
  // Staying under the same parent needs no right to place content there.
  const placement = parentId === row.parentId ? null : await placementFor(ctx, access.member, access.membership, parentId);
  const position = await positionForMove(ctx.db, { kind: "space", ...row }, parentId, input.position);
  const move = ctx.db
    .update(spaces)
    .set({ parentId, position, updatedAt: nowIso() })
    .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt)))
    .returning();
  // The space keeps its own grants and takes those of the collections above its new place.
  const [[moved], [regranted]] = await ctx.db.batch([move, selectGrantedOnSpace(ctx, spaceId)]);
  if (!moved) throw spaceNotFound(spaceId);
  const level = placement === null ? access.level : levelOfOwnSpace(access.member, moved, { chain: placement.chain, granted: regranted?.granted ?? null });
  return presentSpace(moved, level, ctx.urls);
}

/**
 * Moves the space to another organization the caller administers, at the end of its top level.
 * Merge rules naming reviewers are reset to `inherit`: the reviewers belong to the old organization.
 */
export async function transferSpace(ctx: CallerContext, spaceId: string, targetOrganizationId: string) {
  const access = await loadSpaceAccess(ctx, spaceId);
  const { row } = access;
  assertLive(row);
  assertContentAction(access.level, "admin", "space");
  if (targetOrganizationId === row.organizationId) throw conflict("The space already belongs to this organization");
  const target = await targetMembership(ctx, targetOrganizationId);
  const [, , , , [transferred]] = await ctx.db.batch([
    // A site never points at a space of another organization: it leaves the old one's sites.
    ...siteSpacesLeaving(ctx.db, oneSpace(spaceId)),
    // What was granted on it named users and teams of the old organization: it goes.
    grantsOnRemoved(ctx.db, [spaceId]),
    ctx.db
      .update(spaces)
      .set({
        organizationId: targetOrganizationId,
        parentId: null,
        position: await positionAtEnd(ctx.db, targetOrganizationId, null),
        mergeRules: row.mergeRules.type === "rules" ? { type: "inherit" } : row.mergeRules,
        updatedAt: nowIso(),
      })
      .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt)))
      .returning(),
    // Change requests carry their organization for the organization-wide list.
    ctx.db.update(changeRequests).set({ organizationId: targetOrganizationId }).where(eq(changeRequests.spaceId, spaceId)),
  ]);
  if (!transferred) throw spaceNotFound(spaceId);
  return presentSpace(transferred, levelOfOwnSpace(target, transferred, { chain: [], granted: null }), ctx.urls);
}

/**
 * The caller's membership of the organization a transfer targets: they must administer it. An
 * organization they are not a member of is a bad `organization` field, as if it did not exist.
 */
export async function targetMembership(ctx: CallerContext, organizationId: string) {
  const [member] = await ctx.db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, ctx.caller.id)))
    .limit(1);
  if (!member || member.disabled) throw badRequest(`Invalid body field 'organization': no organization '${organizationId}' of which you are a member`);
  assertOrganizationAction(membershipOf(member), "admin");
  return member;
}
