import { and, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext } from "../../context";
import { siteSectionGroups, siteSections, siteSpaces, type SiteSectionRow, type SiteSpaceRow } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { pageOfItems } from "../../lib/pagination";
import type { AddSectionInput, UpdateSectionInput } from "../../schemas/site-structure-inputs";
import { checkedCondition } from "./conditions";
import { loadSiteAccess, loadSiteAccessWith } from "./access";
import { pathForTitle, uniquePath } from "./placement";
import { readSiteStructure, structureFrom, structureReads, StructurePresenter, type SiteStructure, type StructureViewer } from "./structure";
import {
  ensureDefaultSection,
  invalidPosition,
  liveSpaceOf,
  positionAmong,
  positionsAfter,
  setDefaultSiteSpace,
  retryingOnPathTaken,
  writeStructure,
  type PlaceBound,
} from "./structure-writes";

/** Site sections (seed 4.10): each holds site spaces ("variants"); one is the site's default. */

export const sectionNotFound = (sectionId: string) => notFound(`Site section '${sectionId}'`);

export async function listSections(ctx: RequesterContext, organizationId: string, siteId: string, request: PageRequest & { shareKey?: string }) {
  const [access, results] = await loadSiteAccessWith(ctx, organizationId, siteId, "viewSites", request.shareKey, structureReads(ctx, siteId));
  const structure = structureFrom(results);
  const nodes = structure.depthFirst().filter((node) => node.type === "site-section");
  const page = pageOfItems(nodes, request, "structure", (node) => structure.keyOf(node));
  const presenter = new StructurePresenter(ctx, structure, { ...access, shareKey: request.shareKey });
  return { ...page, items: page.items.map((node) => presenter.section(node.row as SiteSectionRow)) };
}

/**
 * A new section holding one site space of `spaceId`, at the end of the root (or of a group). The
 * site's first section: when the site had root site spaces, they first become a section of their
 * own (the default, named after the root's default space), so no content is left outside sections.
 */
export async function addSection(ctx: CallerContext, organizationId: string, siteId: string, input: AddSectionInput) {
  const access = await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  return retryingOnPathTaken(async () => {
    const [structure, { space }] = await Promise.all([readSiteStructure(ctx, siteId), liveSpaceOf(ctx, organizationId, input.spaceId, "spaceId")]);
    const groupId = input.siteSectionGroupId ?? null;
    if (groupId !== null && !structure.groups.has(groupId)) throw badRequest(`Invalid body field 'siteSectionGroupId': no section group '${groupId}' in this site`);
    const now = nowIso();
    const takenPaths = new Set([...structure.sections.values()].map((section) => section.path));
    const writes: BatchItem<"sqlite">[] = [];

    let lastRoot = structure.childrenOf(null).at(-1)?.row.position ?? null;
    const rootSiteSpaces = structure.siteSpacesIn(null);
    if (structure.sections.size === 0 && rootSiteSpaces.length > 0) {
      const first = rootSiteSpaces.find((item) => item.siteSpace.isDefault) ?? rootSiteSpaces[0]!;
      const title = sectionTitle(first.siteSpace.title ?? first.space.title);
      const [position] = positionsAfter(lastRoot, 1) as [string];
      lastRoot = position;
      const existing: SiteSectionRow = newSectionRow(siteId, null, title, uniquePath(pathForTitle(title, "section"), takenPaths), position, now);
      writes.push(
        ctx.db.insert(siteSections).values(existing),
        ctx.db.update(siteSpaces).set({ sectionId: existing.id }).where(and(eq(siteSpaces.siteId, siteId), isNull(siteSpaces.sectionId))),
      );
    }

    const title = input.title ?? sectionTitle(space.title);
    const last = groupId === null ? lastRoot : (structure.childrenOf(groupId).at(-1)?.row.position ?? null);
    const [position] = positionsAfter(last, 1) as [string];
    const section = newSectionRow(siteId, groupId, title, uniquePath(pathForTitle(title, "section"), takenPaths), position, now);
    if (input.icon) section.icon = input.icon;
    const siteSpace: SiteSpaceRow = {
      id: newId(),
      siteId,
      sectionId: section.id,
      spaceId: space.id,
      path: pathForTitle(space.title, "space"),
      title: null,
      condition: null,
      isDefault: true,
      position: positionsAfter(null, 1)[0]!,
      createdAt: now,
    };
    writes.push(ctx.db.insert(siteSections).values(section), ctx.db.insert(siteSpaces).values(siteSpace), ensureDefaultSection(ctx, siteId));
    const after = await writeStructure(ctx, siteId, writes);
    return presentSection(ctx, after, access, section.id);
  });
}

/** A section title from a space's title: 2 to 128 characters. */
function sectionTitle(title: string): string {
  const trimmed = title.trim().slice(0, 128);
  return trimmed.length >= 2 ? trimmed : "Untitled section";
}

function newSectionRow(siteId: string, groupId: string | null, title: string, path: string, position: string, now: string): SiteSectionRow {
  return { id: newId(), siteId, groupId, title, path, icon: null, description: null, condition: null, isDefault: false, position, createdAt: now };
}

export async function updateSection(ctx: CallerContext, organizationId: string, siteId: string, sectionId: string, input: UpdateSectionInput) {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  const section = structure.sections.get(sectionId);
  if (!section) throw sectionNotFound(sectionId);
  const changes: Partial<SiteSectionRow> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.path !== undefined && input.path !== section.path) {
    const taken = [...structure.sections.values()].some((other) => other.id !== sectionId && other.path === input.path);
    if (taken) throw conflict(`Invalid body field 'path': another section of this site has the path '${input.path}'`);
    changes.path = input.path;
  }
  if (input.condition !== undefined) changes.condition = input.condition === null ? null : checkedCondition(input.condition, access.adaptiveSchema);
  if (input.icon !== undefined) changes.icon = input.icon;
  if (input.description !== undefined) changes.description = input.description;
  if (input.siteSectionGroupId !== undefined && input.siteSectionGroupId !== section.groupId) {
    const groupId = input.siteSectionGroupId;
    if (groupId !== null && !structure.groups.has(groupId)) throw badRequest(`Invalid body field 'siteSectionGroupId': no section group '${groupId}' in this site`);
    changes.groupId = groupId;
    changes.position = positionAmong(structure.childrenOf(groupId).map((node) => node.row), sectionId);
  }
  const writes: BatchItem<"sqlite">[] = [];
  if (Object.keys(changes).length > 0) writes.push(ctx.db.update(siteSections).set(changes).where(and(eq(siteSections.id, sectionId), eq(siteSections.siteId, siteId))));
  if (input.defaultSiteSpace !== undefined) {
    const target = structure.siteSpaces.get(input.defaultSiteSpace);
    if (target?.siteSpace.sectionId !== sectionId) throw badRequest(`Invalid body field 'defaultSiteSpace': no site space '${input.defaultSiteSpace}' in this section`);
    writes.push(...setDefaultSiteSpace(ctx, siteId, sectionId, input.defaultSiteSpace));
  }
  const after = await writeStructure(ctx, siteId, writes);
  return presentSection(ctx, after, access, sectionId);
}

/** Deletes a section with its site spaces (204 also when absent); a deleted default passes to the first section left. */
export async function deleteSection(ctx: CallerContext, organizationId: string, siteId: string, sectionId: string): Promise<void> {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  await writeStructure(ctx, siteId, [
    ctx.db.delete(siteSections).where(and(eq(siteSections.id, sectionId), eq(siteSections.siteId, siteId))),
    ensureDefaultSection(ctx, siteId),
  ]);
}

/** The deprecated move: before or after another section (into that section's group); at the end of its parent without a position. */
export async function moveSection(ctx: CallerContext, organizationId: string, siteId: string, sectionId: string, bound: PlaceBound | undefined) {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  const section = structure.sections.get(sectionId);
  if (!section) throw sectionNotFound(sectionId);
  const after = await writeStructure(ctx, siteId, [sectionOrGroupMove(ctx, structure, { type: "site-section", id: sectionId }, bound)]);
  return presentSection(ctx, after, access, sectionId);
}

/**
 * The one-row write that places a section or group before or after a section or group (in that
 * one's parent), or at the end of its own parent. A group may not go into itself or a group inside
 * it; a pointer that is not in the site, or the item itself, is a 400.
 */
export function sectionOrGroupMove(
  ctx: CallerContext,
  structure: SiteStructure,
  item: { type: "site-section" | "site-section-group"; id: string },
  bound: (PlaceBound & { type?: "site-section" | "site-section-group" }) | undefined,
): BatchItem<"sqlite"> {
  const current = item.type === "site-section" ? structure.sections.get(item.id)!.groupId : structure.groups.get(item.id)!.parentGroupId;
  let parent = current;
  if (bound) {
    if (bound.id === item.id) throw invalidPosition("an item cannot be placed relative to itself");
    const pointer = bound.type === "site-section-group" ? structure.groups.get(bound.id) : structure.sections.get(bound.id);
    if (!pointer) throw invalidPosition(`no ${bound.type ?? "site-section"} '${bound.id}' in this site`);
    parent = "groupId" in pointer ? pointer.groupId : pointer.parentGroupId;
  }
  if (item.type === "site-section-group") assertGroupFits(structure, item.id, parent);
  const position = positionAmong(structure.childrenOf(parent).map((node) => node.row), item.id, bound);
  return item.type === "site-section"
    ? ctx.db.update(siteSections).set({ groupId: parent, position }).where(eq(siteSections.id, item.id))
    : ctx.db.update(siteSectionGroups).set({ parentGroupId: parent, position }).where(eq(siteSectionGroups.id, item.id));
}

/** Groups nest at most this deep (a bound on the structure, not a GitBook limit). */
export const MAX_GROUP_DEPTH = 8;

/** A group may go under `parent` unless that makes a cycle (itself or one inside it) or nests too deep: 400 otherwise. */
export function assertGroupFits(structure: SiteStructure, groupId: string, parent: string | null, field = "position"): void {
  if (parent !== null && structure.isWithin(parent, groupId)) {
    throw badRequest(`Invalid body field '${field}': a section group cannot be placed inside itself or a group it contains`);
  }
  if (structure.depthOf(parent) + structure.heightOf(groupId) > MAX_GROUP_DEPTH) {
    throw badRequest(`Invalid body field '${field}': section groups nest at most ${MAX_GROUP_DEPTH} deep`);
  }
}

export function presentSection(ctx: CallerContext, structure: SiteStructure, viewer: StructureViewer, sectionId: string) {
  const section = structure.sections.get(sectionId);
  if (!section) throw sectionNotFound(sectionId);
  return new StructurePresenter(ctx, structure, viewer).section(section);
}
