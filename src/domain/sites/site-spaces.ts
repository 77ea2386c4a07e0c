import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext } from "../../context";
import { siteSpaces, type SiteSpaceRow } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { pageOfItems, type PageRequest } from "../../lib/pagination";
import type { AddSiteSpaceInput, UpdateSiteSpaceInput } from "../../schemas/site-structure-inputs";
import { checkedCondition } from "./conditions";
import { readSiteStructure, structureFrom, structureReads, StructurePresenter, type SiteStructure, type StructureViewer } from "./structure";
import { loadSiteAccess, loadSiteAccessWith } from "./access";
import { pathForTitle, uniquePath } from "./placement";
import {
  ensureDefaultSiteSpace,
  invalidPosition,
  liveSpaceOf,
  positionAmong,
  retryingOnPathTaken,
  writeStructure,
  type PlaceBound,
} from "./structure-writes";

/**
 * Site spaces (seed 4.11): a space published by the site, in a section or, for a site without
 * sections, at its root. Exactly one default per non-empty scope, kept by every write here.
 */

export const siteSpaceNotFound = (siteSpaceId: string) => notFound(`Site space '${siteSpaceId}'`);

export async function listSiteSpaces(ctx: RequesterContext, organizationId: string, siteId: string, request: PageRequest & { shareKey?: string; default?: boolean }) {
  const [access, results] = await loadSiteAccessWith(ctx, organizationId, siteId, "viewSites", request.shareKey, structureReads(ctx, siteId));
  const structure = structureFrom(results);
  const items = structure.siteSpacesInOrder().filter((item) => request.default === undefined || item.siteSpace.isDefault === request.default);
  const page = pageOfItems(items, request, "structure", (item) => structure.siteSpaceKeyOf(item));
  const presenter = new StructurePresenter(ctx, structure, { ...access, shareKey: request.shareKey });
  return { ...page, items: page.items.map((item) => presenter.siteSpace(item)) };
}

/** Adds a space to a section (by default the site's default section, or the root of a site without sections), at its end. */
export async function addSiteSpace(ctx: CallerContext, organizationId: string, siteId: string, input: AddSiteSpaceInput) {
  const access = await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  return retryingOnPathTaken(async () => {
    const [structure, { space }] = await Promise.all([readSiteStructure(ctx, siteId), liveSpaceOf(ctx, organizationId, input.spaceId, "spaceId")]);
    let sectionId: string | null;
    if (input.sectionId !== undefined) {
      if (!structure.sections.has(input.sectionId)) throw badRequest(`Invalid body field 'sectionId': no section '${input.sectionId}' in this site`);
      sectionId = input.sectionId;
    } else {
      sectionId = [...structure.sections.values()].find((section) => section.isDefault)?.id ?? structure.sectionsInOrder()[0]?.id ?? null;
    }
    const scope = structure.siteSpacesIn(sectionId).map((item) => item.siteSpace);
    const row: SiteSpaceRow = {
      id: newId(),
      siteId,
      sectionId,
      spaceId: space.id,
      path: uniquePath(pathForTitle(input.title ?? space.title, "space"), new Set(scope.map((item) => item.path))),
      title: input.title ?? null,
      condition: null,
      isDefault: false,
      position: positionAmong(scope, ""),
      createdAt: nowIso(),
    };
    const after = await writeStructure(ctx, siteId, [ctx.db.insert(siteSpaces).values(row), ensureDefaultSiteSpace(ctx, siteId, sectionId)]);
    return presentSiteSpace(ctx, after, access, row.id);
  });
}

export async function updateSiteSpace(ctx: CallerContext, organizationId: string, siteId: string, siteSpaceId: string, input: UpdateSiteSpaceInput) {
  const [access, structure, newSpace] = await Promise.all([
    loadSiteAccess(ctx, organizationId, siteId, "manageSites"),
    readSiteStructure(ctx, siteId),
    input.spaceId === undefined ? undefined : liveSpaceOf(ctx, organizationId, input.spaceId, "spaceId"),
  ]);
  const current = structure.siteSpaces.get(siteSpaceId)?.siteSpace;
  if (!current) throw siteSpaceNotFound(siteSpaceId);
  const changes: Partial<SiteSpaceRow> = {};
  if (input.path !== undefined && input.path !== current.path) {
    const taken = structure.siteSpacesIn(current.sectionId).some((item) => item.siteSpace.id !== siteSpaceId && item.siteSpace.path === input.path);
    if (taken) throw conflict(`Invalid body field 'path': another site space of this ${current.sectionId ? "section" : "site's root"} has the path '${input.path}'`);
    changes.path = input.path;
  }
  if (input.condition !== undefined) changes.condition = input.condition === null ? null : checkedCondition(input.condition, access.adaptiveSchema);
  if (newSpace) changes.spaceId = newSpace.space.id;
  const writes: BatchItem<"sqlite">[] =
    Object.keys(changes).length > 0 ? [ctx.db.update(siteSpaces).set(changes).where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId)))] : [];
  const after = await writeStructure(ctx, siteId, writes);
  return presentSiteSpace(ctx, after, access, siteSpaceId);
}

/** Deletes a site space (204 also when absent); when it was its scope's default, the first one left takes over. */
export async function deleteSiteSpace(ctx: CallerContext, organizationId: string, siteId: string, siteSpaceId: string): Promise<void> {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  const [row] = await ctx.db
    .select({ sectionId: siteSpaces.sectionId })
    .from(siteSpaces)
    .where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId)))
    .limit(1);
  if (!row) return;
  await writeStructure(ctx, siteId, [
    ctx.db.delete(siteSpaces).where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId))),
    ensureDefaultSiteSpace(ctx, siteId, row.sectionId),
  ]);
}

/** The deprecated move (and sortSiteStructure for a site space): within its own section (or the root), one row written. */
export async function moveSiteSpace(ctx: CallerContext, organizationId: string, siteId: string, siteSpaceId: string, bound: PlaceBound | undefined) {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  const after = await writeStructure(ctx, siteId, [siteSpaceMove(ctx, structure, siteSpaceId, bound)]);
  return presentSiteSpace(ctx, after, access, siteSpaceId);
}

export function siteSpaceMove(ctx: CallerContext, structure: SiteStructure, siteSpaceId: string, bound: PlaceBound | undefined): BatchItem<"sqlite"> {
  const current = structure.siteSpaces.get(siteSpaceId)?.siteSpace;
  if (!current) throw siteSpaceNotFound(siteSpaceId);
  const scope = structure.siteSpacesIn(current.sectionId).map((item) => item.siteSpace);
  if (bound) {
    if (bound.id === siteSpaceId) throw invalidPosition("an item cannot be placed relative to itself");
    if (!scope.some((item) => item.id === bound.id)) {
      throw invalidPosition(`no site space '${bound.id}' in the same ${current.sectionId ? "section" : "site root"} as '${siteSpaceId}'`);
    }
  }
  return ctx.db.update(siteSpaces).set({ position: positionAmong(scope, siteSpaceId, bound) }).where(eq(siteSpaces.id, siteSpaceId));
}

export function presentSiteSpace(ctx: CallerContext, structure: SiteStructure, viewer: StructureViewer, siteSpaceId: string) {
  const item = structure.siteSpaces.get(siteSpaceId);
  if (!item) throw siteSpaceNotFound(siteSpaceId);
  return new StructurePresenter(ctx, structure, viewer).siteSpace(item);
}
