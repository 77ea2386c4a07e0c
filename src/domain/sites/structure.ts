import { and, asc, eq, sql } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { siteSectionGroups, siteSections, siteSpaces, spaces, type SiteSectionGroupRow, type SiteSectionRow, type SiteSpaceRow, type SpaceRow } from "../../db/schema";
import type { SiteSectionGroupShape, SiteSectionShape, SiteSpaceShape, SiteStructureShape } from "../../schemas/site-structure";
import type { SpaceObject } from "../../schemas/space";
import { levelOn } from "../content-tree/access";
import { byId, chainLevels, selectOrganizationCollections, type AncestorRow } from "../content-tree/tree";
import { presentSpace } from "../spaces/present";
import type { SiteAccess } from "./access";
import { publishedUrl, sitePublishedBase } from "./urls";

/**
 * A site's whole structure as its objects: read in one round trip (its sections, groups and site
 * spaces with their spaces, and the organization's collections for the caller's level on each
 * space), and put together in memory. Its cost is the size of the site's structure.
 */

export interface SiteStructureRows {
  sections: SiteSectionRow[];
  groups: SiteSectionGroupRow[];
  siteSpaces: Array<{ siteSpace: SiteSpaceRow; space: SpaceRow }>;
  collections: AncestorRow[];
}

/**
 * The reads of everything the structure of a site shows, in display order, to send in one batch
 * (with whatever else the caller reads); `structureRows` takes their five results, in order.
 */
export function structureReads(ctx: CallerContext, organizationId: string, siteId: string) {
  return [
    ctx.db.select().from(siteSections).where(eq(siteSections.siteId, siteId)).orderBy(asc(siteSections.position), asc(siteSections.id)),
    ctx.db.select().from(siteSectionGroups).where(eq(siteSectionGroups.siteId, siteId)).orderBy(asc(siteSectionGroups.position), asc(siteSectionGroups.id)),
    // Two reads, not a join: D1 keys batched rows by column name, and both tables have `id`, `title`…
    ctx.db.select().from(siteSpaces).where(eq(siteSpaces.siteId, siteId)).orderBy(asc(siteSpaces.position), asc(siteSpaces.id)),
    ctx.db
      .select()
      .from(spaces)
      .where(and(eq(spaces.organizationId, organizationId), sql`${spaces.id} IN (SELECT space_id FROM ${siteSpaces} WHERE site_id = ${siteId})`)),
    selectOrganizationCollections(ctx.db, organizationId),
  ] as const;
}

export function structureRows([sections, groups, siteSpaceRows, spaceRows, collections]: readonly unknown[]): SiteStructureRows {
  const spacesById = new Map((spaceRows as SpaceRow[]).map((space) => [space.id, space]));
  return {
    sections: sections as SiteSectionRow[],
    groups: groups as SiteSectionGroupRow[],
    // A site space whose space is not (any more) of the organization is not shown.
    siteSpaces: (siteSpaceRows as SiteSpaceRow[]).flatMap((siteSpace) => {
      const space = spacesById.get(siteSpace.spaceId);
      return space ? [{ siteSpace, space }] : [];
    }),
    collections: collections as AncestorRow[],
  };
}

/** Everything the structure of a site shows: one round trip. */
export async function readSiteStructure(ctx: CallerContext, organizationId: string, siteId: string): Promise<SiteStructureRows> {
  return structureRows(await ctx.db.batch(structureReads(ctx, organizationId, siteId)));
}

/** How the structure's objects are presented: where the site is published, and the share key. */
export interface StructurePresenter {
  siteSpace(row: SiteSpaceRow, space: SpaceRow, sectionUrl: string | null): SiteSpaceShape;
  section(row: SiteSectionRow, siteSpaces: SiteSpaceShape[]): SiteSectionShape;
  /** The published URL of a section (null while the site is unpublished). */
  sectionUrl(row: SiteSectionRow): string | null;
  /** The published URL of the site root (null while unpublished). */
  rootUrl: string | null;
}

export function structurePresenter(ctx: CallerContext, access: SiteAccess, collections: AncestorRow[], shareKey?: string): StructurePresenter {
  const { site, organization, member } = access;
  const base = site.published ? sitePublishedBase(ctx.env, ctx.urls, organization, site) : null;
  const collectionsById = byId(collections);
  const spaceObject = (space: SpaceRow): SpaceObject => {
    // Whoever sees a site sees its spaces' settings: a member's level is never null (read and up).
    const level = levelOn(member, [space.defaultLevel, ...chainLevels(collectionsById, space.parentId)], space.createdBy) ?? "read";
    return presentSpace(space, level, ctx.urls);
  };
  const under = (url: string | null, path: string | null) => (url === null ? null : path === null ? url : publishedUrl(url, `${path}/`));
  const withKey = (url: string | null) => (url === null ? {} : { published: shareKey ? publishedUrl(url, "", shareKey) : url });
  return {
    rootUrl: base,
    sectionUrl: (row) => under(base, row.isDefault ? null : row.path),
    siteSpace: (row, space, sectionUrl) => ({
      object: "site-space",
      id: row.id,
      path: row.path,
      ...(row.sectionId ? { section: row.sectionId } : {}),
      space: spaceObject(space),
      title: row.title ?? space.title,
      default: row.isDefault,
      ...(row.condition !== null ? { condition: row.condition } : {}),
      draft: false,
      urls: withKey(under(sectionUrl, row.isDefault ? null : row.path)),
    }),
    section: (row, siteSpacesOfSection) => ({
      object: "site-section",
      id: row.id,
      title: row.title,
      ...(row.description !== null ? { description: row.description } : {}),
      default: row.isDefault,
      draft: false,
      path: row.path,
      ...(row.condition !== null ? { condition: row.condition } : {}),
      ...(row.groupId ? { sectionGroup: row.groupId } : {}),
      siteSpaces: siteSpacesOfSection,
      urls: withKey(under(base, row.isDefault ? null : row.path)),
      ...(row.icon !== null ? { icon: row.icon } : {}),
    }),
  };
}

/**
 * The structure GitBook's `SiteStructure` describes: `sections` (sections and groups at the root,
 * groups nesting theirs, in their shared order) when the site has sections, else `siteSpaces`.
 */
export function buildSiteStructure(rows: SiteStructureRows, present: StructurePresenter): SiteStructureShape {
  if (rows.sections.length === 0) {
    const root = rows.siteSpaces.filter(({ siteSpace }) => siteSpace.sectionId === null);
    return { type: "siteSpaces", structure: root.map(({ siteSpace, space }) => present.siteSpace(siteSpace, space, present.rootUrl)) };
  }
  const sectionObjects = new Map<string, SiteSectionShape>();
  for (const section of rows.sections) {
    const url = present.sectionUrl(section);
    const variants = rows.siteSpaces.filter(({ siteSpace }) => siteSpace.sectionId === section.id).map(({ siteSpace, space }) => present.siteSpace(siteSpace, space, url));
    sectionObjects.set(section.id, present.section(section, variants));
  }
  type Item = { position: string; id: string; object: SiteSectionShape | SiteSectionGroupShape };
  const knownGroups = new Set(rows.groups.map((group) => group.id));
  const childrenOf = (parentId: string | null, seen: Set<string>): Array<SiteSectionShape | SiteSectionGroupShape> => {
    const items: Item[] = [
      ...rows.sections
        .filter((section) => (section.groupId !== null && knownGroups.has(section.groupId) ? section.groupId : null) === parentId)
        .map((section) => ({ position: section.position, id: section.id, object: sectionObjects.get(section.id)! })),
      ...rows.groups
        .filter((group) => (group.parentGroupId !== null && knownGroups.has(group.parentGroupId) ? group.parentGroupId : null) === parentId && !seen.has(group.id))
        .map((group) => ({ position: group.position, id: group.id, object: presentGroup(group, new Set([...seen, group.id])) })),
    ];
    items.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return items.map((item) => item.object);
  };
  const presentGroup = (group: SiteSectionGroupRow, seen: Set<string>): SiteSectionGroupShape => {
    const children = childrenOf(group.id, seen);
    return {
      object: "site-section-group",
      id: group.id,
      title: group.title,
      sections: children.filter((child): child is SiteSectionShape => child.object === "site-section"),
      ...(group.parentGroupId ? { sectionGroup: group.parentGroupId } : {}),
      draft: false,
      children,
      ...(group.icon !== null ? { icon: group.icon } : {}),
    };
  };
  return { type: "sections", structure: childrenOf(null, new Set()) };
}
