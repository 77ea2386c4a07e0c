import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext } from "../../context";
import { siteSectionGroups, siteSections, type SiteSectionGroupRow } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { pageOfItems, type PageRequest } from "../../lib/pagination";
import type { AddSectionGroupInput, UpdateSectionGroupInput } from "../../schemas/site-structure-inputs";
import { assertGroupFits, MAX_GROUP_DEPTH, sectionOrGroupMove } from "./sections";
import { readSiteStructure, structureFrom, structureReads, StructurePresenter, type SiteStructure, type StructureViewer } from "./structure";
import { loadSiteAccess, loadSiteAccessWith } from "./access";
import { positionAmong, positionsAfter, positionsBetween, writeStructure, type PlaceBound } from "./structure-writes";

/**
 * Section groups (seed 4.12): they hold sections and other groups, nested without cycles. A group
 * and the sections beside it share one order; deleting a group moves what it held up to its
 * parent, in its place, so nothing is lost.
 */

export const sectionGroupNotFound = (groupId: string) => notFound(`Site section group '${groupId}'`);

export async function listSectionGroups(ctx: RequesterContext, organizationId: string, siteId: string, request: PageRequest) {
  const [access, results] = await loadSiteAccessWith(ctx, organizationId, siteId, "viewSites", undefined, structureReads(ctx, siteId));
  const structure = structureFrom(results);
  const nodes = structure.depthFirst().filter((node) => node.type === "site-section-group");
  const page = pageOfItems(nodes, request, "structure", (node) => structure.keyOf(node));
  const presenter = new StructurePresenter(ctx, structure, access);
  return { ...page, items: page.items.map((node) => presenter.group(node.row as SiteSectionGroupRow)) };
}

/** A new group at the end of its parent (the root by default), holding the sections named, in that order. */
export async function addSectionGroup(ctx: CallerContext, organizationId: string, siteId: string, input: AddSectionGroupInput) {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  const parent = input.parent ?? null;
  if (parent !== null && !structure.groups.has(parent)) throw badRequest(`Invalid body field 'parent': no section group '${parent}' in this site`);
  if (structure.depthOf(parent) + 1 > MAX_GROUP_DEPTH) throw badRequest(`Invalid body field 'parent': section groups nest at most ${MAX_GROUP_DEPTH} deep`);
  const sectionIds = [...new Set(input.sections ?? [])];
  const unknown = sectionIds.find((id) => !structure.sections.has(id));
  if (unknown) throw badRequest(`Invalid body field 'sections': no section '${unknown}' in this site`);
  const group: SiteSectionGroupRow = {
    id: newId(),
    siteId,
    parentGroupId: parent,
    title: input.title,
    icon: input.icon ?? null,
    position: positionAmong(structure.childrenOf(parent).map((node) => node.row), ""),
    createdAt: nowIso(),
  };
  const positions = sectionIds.length > 0 ? positionsAfter(null, sectionIds.length) : [];
  const writes: BatchItem<"sqlite">[] = [
    ctx.db.insert(siteSectionGroups).values(group),
    ...sectionIds.map((id, index) => ctx.db.update(siteSections).set({ groupId: group.id, position: positions[index]! }).where(eq(siteSections.id, id))),
  ];
  const after = await writeStructure(ctx, siteId, writes);
  return presentGroup(ctx, after, access, group.id);
}

export async function updateSectionGroup(ctx: CallerContext, organizationId: string, siteId: string, groupId: string, input: UpdateSectionGroupInput) {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  const group = structure.groups.get(groupId);
  if (!group) throw sectionGroupNotFound(groupId);
  const changes: Partial<SiteSectionGroupRow> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.icon !== undefined) changes.icon = input.icon;
  const parent = input.parentSectionGroupId;
  if (parent !== undefined && parent !== group.parentGroupId) {
    if (parent !== null && !structure.groups.has(parent)) throw badRequest(`Invalid body field 'parentSectionGroupId': no section group '${parent}' in this site`);
    assertGroupFits(structure, groupId, parent, "parentSectionGroupId");
    changes.parentGroupId = parent;
    changes.position = positionAmong(structure.childrenOf(parent).map((node) => node.row), groupId);
  }
  const writes = Object.keys(changes).length > 0 ? [ctx.db.update(siteSectionGroups).set(changes).where(and(eq(siteSectionGroups.id, groupId), eq(siteSectionGroups.siteId, siteId)))] : [];
  const after = await writeStructure(ctx, siteId, writes);
  return presentGroup(ctx, after, access, groupId);
}

/** Deletes a group (204 also when absent): what it held moves to its parent, in its place and order. */
export async function deleteSectionGroup(ctx: CallerContext, organizationId: string, siteId: string, groupId: string): Promise<void> {
  const [, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  const group = structure.groups.get(groupId);
  if (!group) return;
  const parent = group.parentGroupId;
  const siblings = structure.childrenOf(parent).map((node) => node.row);
  const index = siblings.findIndex((row) => row.id === groupId);
  const lower = siblings.slice(0, index).reverse().find((row) => row.position < group.position)?.position ?? null;
  const upper = siblings.slice(index + 1).find((row) => row.position > group.position)?.position ?? null;
  const children = structure.childrenOf(groupId);
  const positions = children.length > 0 ? positionsBetween(lower, upper, children.length) : [];
  const writes: BatchItem<"sqlite">[] = children.map((child, i) =>
    child.type === "site-section"
      ? ctx.db.update(siteSections).set({ groupId: parent, position: positions[i]! }).where(eq(siteSections.id, child.row.id))
      : ctx.db.update(siteSectionGroups).set({ parentGroupId: parent, position: positions[i]! }).where(eq(siteSectionGroups.id, child.row.id)),
  );
  // Guarded: the children moved above are no longer its, so the delete leaves nothing to the FK fallback.
  writes.push(ctx.db.delete(siteSectionGroups).where(and(eq(siteSectionGroups.id, groupId), eq(siteSectionGroups.siteId, siteId))));
  await writeStructure(ctx, siteId, writes);
}

/** Moves a section of the site to the end of the group (201 with the group). */
export async function addSectionToGroup(ctx: CallerContext, organizationId: string, siteId: string, groupId: string, sectionId: string) {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  if (!structure.groups.has(groupId)) throw sectionGroupNotFound(groupId);
  if (!structure.sections.has(sectionId)) throw badRequest(`Invalid body field 'sectionId': no section '${sectionId}' in this site`);
  const writes =
    structure.sections.get(sectionId)!.groupId === groupId
      ? []
      : [ctx.db.update(siteSections).set({ groupId, position: positionAmong(structure.childrenOf(groupId).map((node) => node.row), sectionId) }).where(eq(siteSections.id, sectionId))];
  const after = await writeStructure(ctx, siteId, writes);
  return presentGroup(ctx, after, access, groupId);
}

/** Takes a section out of the group, right after the group in its parent; nothing when it was not in the group (204 either way). */
export async function removeSectionFromGroup(ctx: CallerContext, organizationId: string, siteId: string, groupId: string, sectionId: string): Promise<void> {
  const [, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  const group = structure.groups.get(groupId);
  if (!group) throw sectionGroupNotFound(groupId);
  if (structure.sections.get(sectionId)?.groupId !== groupId) return;
  const position = positionAmong(structure.childrenOf(group.parentGroupId).map((node) => node.row), sectionId, { side: "after", id: groupId });
  await writeStructure(ctx, siteId, [ctx.db.update(siteSections).set({ groupId: group.parentGroupId, position }).where(eq(siteSections.id, sectionId))]);
}

/** Before or after a section or group (into that one's parent), or at the end of its parent. */
export async function moveSectionGroup(
  ctx: CallerContext,
  organizationId: string,
  siteId: string,
  groupId: string,
  bound: (PlaceBound & { type: "site-section" | "site-section-group" }) | undefined,
) {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  if (!structure.groups.has(groupId)) throw sectionGroupNotFound(groupId);
  const after = await writeStructure(ctx, siteId, [sectionOrGroupMove(ctx, structure, { type: "site-section-group", id: groupId }, bound)]);
  return presentGroup(ctx, after, access, groupId);
}

export function presentGroup(ctx: CallerContext, structure: SiteStructure, viewer: StructureViewer, groupId: string) {
  const group = structure.groups.get(groupId);
  if (!group) throw sectionGroupNotFound(groupId);
  return new StructurePresenter(ctx, structure, viewer).group(group);
}
