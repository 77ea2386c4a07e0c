import { conditionHolds } from "./expression";
import type { SiteSpaceRow } from "../../db/schema";
import { SiteStructure } from "./structure";

/**
 * A site's structure as a visitor with these claims sees it (adaptive content): the sections and
 * site spaces whose condition holds for them (a site space of a hidden section is hidden with it),
 * the groups that still hold a visible section, and no condition shown (a visitor reads what the
 * conditions chose, not the rules).
 */
export function structureSeenBy<Item extends { siteSpace: SiteSpaceRow }>(structure: SiteStructure<Item>, claims: Record<string, unknown>): SiteStructure<Item> {
  const sections = [...structure.sections.values()].filter((section) => conditionHolds(section.condition, claims));
  const visibleSections = new Set(sections.map((section) => section.id));
  const siteSpaces = [...structure.siteSpaces.values()].filter(
    ({ siteSpace }) => conditionHolds(siteSpace.condition, claims) && (siteSpace.sectionId === null || visibleSections.has(siteSpace.sectionId)),
  );
  const groupsInUse = new Set<string>();
  for (const section of sections) {
    for (let groupId = section.groupId, steps = 0; groupId !== null && steps <= structure.groups.size; steps++) {
      groupsInUse.add(groupId);
      groupId = structure.groups.get(groupId)?.parentGroupId ?? null;
    }
  }
  return new SiteStructure(
    [...structure.groups.values()].filter((group) => groupsInUse.has(group.id)),
    sections.map((section) => ({ ...section, condition: null })),
    siteSpaces.map((item) => ({ ...item, siteSpace: { ...item.siteSpace, condition: null } })),
  );
}
