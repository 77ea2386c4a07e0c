import type { CallerContext } from "../../context";
import { badRequest } from "../../lib/errors";
import type { SortSiteStructureInput, StructurePointer } from "../../schemas/site-structure-inputs";
import { presentGroup } from "./section-groups";
import { presentSection, sectionOrGroupMove } from "./sections";
import { presentSiteSpace, siteSpaceMove } from "./site-spaces";
import { readSiteStructure } from "./structure";
import { loadSiteAccess } from "./access";
import { invalidPosition, writeStructure, type PlaceBound } from "./structure-writes";

/**
 * GitBook's `sortSiteStructure`, the replacement of the deprecated moves: one item (a site space,
 * section or section group) before or after another. A site space stays in its section (or the
 * root) among its siblings; a section or group goes into the parent of the item it is placed by.
 * One row is written; the answer is the item moved.
 */
export async function sortSiteStructure(ctx: CallerContext, organizationId: string, siteId: string, input: SortSiteStructureInput) {
  const [access, structure] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), readSiteStructure(ctx, siteId)]);
  const { item, position } = input;
  const pointer = position.before ?? position.after;
  if (position.before && position.after) throw invalidPosition("give either 'before' or 'after', not both");
  if (!pointer) throw invalidPosition("give 'before' or 'after'");
  if (item.type === "site-external-link" || pointer.type === "site-external-link") {
    throw badRequest("Invalid body field 'item': external links are not supported by this deployment");
  }
  const bound: PlaceBound = { side: position.before ? "before" : "after", id: pointer.id };

  if (item.type === "site-space") {
    if (!structure.siteSpaces.has(item.id)) throw badRequest(`Invalid body field 'item': no site-space '${item.id}' in this site`);
    if (pointer.type !== "site-space") throw invalidPosition("a site space is placed before or after another site space");
    const after = await writeStructure(ctx, siteId, [siteSpaceMove(ctx, structure, item.id, bound)]);
    return presentSiteSpace(ctx, after, access, item.id);
  }
  // The item is named in the body: one that is not in the site is a bad request, like any body id.
  if (item.type === "site-section" && !structure.sections.has(item.id)) throw badRequest(`Invalid body field 'item': no site-section '${item.id}' in this site`);
  if (item.type === "site-section-group" && !structure.groups.has(item.id)) throw badRequest(`Invalid body field 'item': no site-section-group '${item.id}' in this site`);
  if (pointer.type === "site-space") throw invalidPosition("a section or section group is placed before or after a section or section group");
  type Placed = Exclude<StructurePointer["type"], "site-space" | "site-external-link">;
  const moved = { type: item.type as Placed, id: item.id };
  const after = await writeStructure(ctx, siteId, [sectionOrGroupMove(ctx, structure, moved, { ...bound, type: pointer.type as Placed })]);
  return item.type === "site-section" ? presentSection(ctx, after, access, item.id) : presentGroup(ctx, after, access, item.id);
}
