import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequestContext } from "../../context";
import { rowsInAnyOrder } from "../../db/json-rows";
import { selectedOnce } from "../../db/list-select";
import { siteSectionGroups, siteSections, siteSpaces, spaces, type OrganizationRow, type SiteRow, type SiteSectionGroupRow, type SiteSectionRow, type SiteSpaceRow, type SpaceRow } from "../../db/schema";
import type { Role } from "../../lib/roles";
import type { SiteStructureShape } from "../../schemas/site-structure";
import type { SiteSectionGroupObjectShape as SiteSectionGroupObject, SiteSectionObjectShape as SiteSectionObject, SiteSpaceObjectShape as SiteSpaceObject } from "../../schemas/site-structure-inputs";
import { levelOn } from "../content-tree/access";
import { grantedAmong } from "../content-tree/granted-levels";
import { joinsParentCollection, levelsFromParent, parentCollection, parentLevelColumns, parentLineageColumn } from "../content-tree/inherited-levels";
import { presentSpace } from "../spaces/present";
import { publishedUrl, sitePublishedBase, siteRootFor } from "./urls";
import type { Member } from "../organizations/access";

/**
 * A site's whole structure, read in one round trip (three indexed range reads of the site's rows):
 * its section groups, sections and site spaces with the spaces they publish. Presenting a section
 * group needs its whole subtree, a section its site spaces, and an order across groups needs every
 * group above: a site's structure is small (tens of items), so it is read whole rather than in
 * pieces, and the lists page through it by a keyset of their place in the structure.
 */

export interface SiteSpaceWithSpace {
  siteSpace: SiteSpaceRow;
  space: SpaceRow;
  /** What the space's parent collection gives it (`levelsFromParent`), and whose grants apply inside it (its lineage). */
  parent: { defaultLevel: Role | null; inheritedLevel: Role | null; lineage: string[] | null };
}

export type StructureNode = { type: "site-section"; row: SiteSectionRow } | { type: "site-section-group"; row: SiteSectionGroupRow };

/**
 * `Item` is what each site space is read with: its space (presenting the structure), or only what
 * URL resolution needs of it (domain/published).
 */
export class SiteStructure<Item extends { siteSpace: SiteSpaceRow } = SiteSpaceWithSpace> {
  readonly groups: Map<string, SiteSectionGroupRow>;
  readonly sections: Map<string, SiteSectionRow>;
  readonly siteSpaces: Map<string, Item>;
  /** Site spaces per scope (section id, or "" for the root), in order. */
  private readonly byScope = new Map<string, Item[]>();
  /** Sections and groups per parent (group id, or "" for the root), in their shared order. */
  private readonly byParent = new Map<string, StructureNode[]>();

  constructor(groups: SiteSectionGroupRow[], sections: SiteSectionRow[], siteSpaceRows: Item[]) {
    this.groups = new Map(groups.map((row) => [row.id, row]));
    this.sections = new Map(sections.map((row) => [row.id, row]));
    // Read in any order (structureReads): in position order here, as groups and sections below.
    const inOrder = [...siteSpaceRows].sort((a, b) => compareKeys(a.siteSpace.position, a.siteSpace.id, b.siteSpace.position, b.siteSpace.id));
    this.siteSpaces = new Map(inOrder.map((row) => [row.siteSpace.id, row]));
    for (const row of inOrder) push(this.byScope, row.siteSpace.sectionId ?? "", row);
    const nodes: StructureNode[] = [
      ...groups.map((row) => ({ type: "site-section-group" as const, row })),
      ...sections.map((row) => ({ type: "site-section" as const, row })),
    ];
    nodes.sort((a, b) => compareKeys(a.row.position, a.row.id, b.row.position, b.row.id));
    for (const node of nodes) push(this.byParent, parentOf(node) ?? "", node);
  }

  /** The sections and groups directly under a group (null: the root), in order. */
  childrenOf(groupId: string | null): StructureNode[] {
    return this.byParent.get(groupId ?? "") ?? [];
  }

  /** The site spaces of a section (null: the root), in order. */
  siteSpacesIn(sectionId: string | null): Item[] {
    return this.byScope.get(sectionId ?? "") ?? [];
  }

  /** Every section and group, depth first from the root (a group before what it holds). */
  depthFirst(): StructureNode[] {
    const out: StructureNode[] = [];
    const seen = new Set<string>();
    const walk = (groupId: string | null) => {
      for (const node of this.childrenOf(groupId)) {
        if (seen.has(node.row.id)) continue;
        seen.add(node.row.id);
        out.push(node);
        if (node.type === "site-section-group") walk(node.row.id);
      }
    };
    walk(null);
    return out;
  }

  /** Sections in structure order (root first, depth first through groups). */
  sectionsInOrder(): SiteSectionRow[] {
    return this.depthFirst().flatMap((node) => (node.type === "site-section" ? [node.row] : []));
  }

  /** Site spaces in structure order: by section in structure order (or the root's), then by position. */
  siteSpacesInOrder(): Item[] {
    if (this.sections.size === 0) return this.siteSpacesIn(null);
    return [...this.sectionsInOrder().flatMap((section) => this.siteSpacesIn(section.id)), ...this.siteSpacesIn(null)];
  }

  /**
   * A node's place in the structure as one string: the "position id" of every group above it and
   * its own, joined by U+0001 (below every character of a position or an id), so that comparing
   * two keys is comparing places depth first. Lists page by it.
   */
  keyOf(node: StructureNode): string {
    const own = `${node.row.position} ${node.row.id}`;
    const parent = parentOf(node);
    return parent === null ? own : `${this.groupKey(parent, 0)}\u0001${own}`;
  }

  private groupKey(groupId: string, depth: number): string {
    const group = this.groups.get(groupId);
    if (!group) return "";
    const own = `${group.position} ${group.id}`;
    if (group.parentGroupId === null || depth > this.groups.size) return own;
    return `${this.groupKey(group.parentGroupId, depth + 1)}\u0001${own}`;
  }

  /** A site space's place: its section's, then its own position and id. */
  siteSpaceKeyOf({ siteSpace }: Item): string {
    const own = `${siteSpace.position} ${siteSpace.id}`;
    const section = siteSpace.sectionId === null ? undefined : this.sections.get(siteSpace.sectionId);
    return section ? `${this.keyOf({ type: "site-section", row: section })}\u0001${own}` : own;
  }

  /** Whether `groupId` is `ancestorId` or inside it (following parents from `groupId` up). */
  isWithin(groupId: string | null, ancestorId: string): boolean {
    for (let id = groupId, steps = 0; id !== null && steps <= this.groups.size; steps++) {
      if (id === ancestorId) return true;
      id = this.groups.get(id)?.parentGroupId ?? null;
    }
    return false;
  }

  /** How deep a group is (1 at the root), and how tall the subtree under it is (1: no groups inside). */
  depthOf(groupId: string | null): number {
    let depth = 0;
    for (let id = groupId; id !== null && depth <= this.groups.size; depth++) id = this.groups.get(id)?.parentGroupId ?? null;
    return depth;
  }

  heightOf(groupId: string): number {
    const below = this.childrenOf(groupId).filter((node) => node.type === "site-section-group");
    return 1 + Math.max(0, ...below.map((node) => this.heightOf(node.row.id)));
  }
}

const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export const parentOf = (node: StructureNode): string | null => (node.type === "site-section" ? node.row.groupId : node.row.parentGroupId);

/** Position order with the id as tie-breaker: the one order of siblings (SQLite BINARY = code units). */
export function compareKeys(positionA: string, idA: string, positionB: string, idB: string): number {
  if (positionA !== positionB) return positionA < positionB ? -1 : 1;
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

/**
 * The site-space columns under names of their own: D1 returns batched rows keyed by column name,
 * and the joined space's `id`, `title`, `created_at` would otherwise take their place.
 */
const siteSpaceColumns = Object.fromEntries(
  Object.entries(getTableColumns(siteSpaces)).map(([key, column]) => [key, sql`${column}`.mapWith(column).as(`site_space_${column.name}`)]),
) as { [K in keyof SiteSpaceRow]: SQL.Aliased<SiteSpaceRow[K]> };

/**
 * The three reads of a site's structure, built once (db/list-select.ts), each answering its rows
 * as one JSON text (db/json-rows.ts: a site of 100 sections or site spaces is 100 rows of a few
 * joined tables); `SiteStructure` puts them in order.
 */
const siteIdPlaceholder = sql.placeholder("siteId");
const groupsOfSite = selectedOnce((db) => db.select().from(siteSectionGroups).where(eq(siteSectionGroups.siteId, siteIdPlaceholder)));
const sectionsOfSite = selectedOnce((db) => db.select().from(siteSections).where(eq(siteSections.siteId, siteIdPlaceholder)));
const siteSpacesOfSite = selectedOnce((db) =>
  db
    .select({ siteSpace: siteSpaceColumns, space: spaces, parent: { ...parentLevelColumns, lineage: parentLineageColumn } })
    .from(siteSpaces)
    .innerJoin(spaces, eq(spaces.id, siteSpaces.spaceId))
    .leftJoin(parentCollection, joinsParentCollection)
    .where(eq(siteSpaces.siteId, siteIdPlaceholder)),
);

/** The three reads of a site's structure, to run alone or at the end of a batch of writes. */
export function structureReads(ctx: RequestContext, siteId: string): [BatchItem<"sqlite">, BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const values = { siteId };
  return [groupsOfSite(values), sectionsOfSite(values), siteSpacesOfSite(values)].map((read) => rowsInAnyOrder(ctx.db, read)) as [
    BatchItem<"sqlite">,
    BatchItem<"sqlite">,
    BatchItem<"sqlite">,
  ];
}

/** The structure from the results of `structureReads` (the last three results of a batch). */
export function structureFrom(results: unknown[]): SiteStructure {
  const [groups, sections, siteSpaceRows] = results.slice(-3) as [SiteSectionGroupRow[], SiteSectionRow[], SiteSpaceWithSpace[]];
  return new SiteStructure(groups, sections, siteSpaceRows);
}

/** The structure of one site: one round trip. */
export async function readSiteStructure(ctx: CallerContext, siteId: string): Promise<SiteStructure> {
  return structureFrom(await ctx.db.batch(structureReads(ctx, siteId)));
}

/**
 * Where the structure's parts are published, under the site's base (null while unpublished): the
 * default section at the base, others under their path; the default site space at its section's
 * URL (the base at the root), others under their path. Shared by the presenter and the space
 * read that resolves a share key (share-links.ts).
 */
const under = (url: string | null, path: string | null): string | null => (url === null ? null : path === null ? url : publishedUrl(url, `${path}/`));

export const sectionPublishedUrl = (base: string | null, section: SiteSectionRow | undefined): string | null =>
  section ? under(base, section.isDefault ? null : section.path) : base;

export const siteSpacePublishedUrl = (sectionUrl: string | null, siteSpace: SiteSpaceRow): string | null => under(sectionUrl, siteSpace.isDefault ? null : siteSpace.path);


/** Who the structure is presented to: their membership, and the site's published place (a share key carried in its URLs). */
export interface StructureViewer {
  member: Member;
  organization: OrganizationRow;
  site: SiteRow;
  shareKey?: string;
  /** What is granted to the viewer in the organization (`SiteAccess.grantsHeld`); none for a site's visitor. */
  grantsHeld?: ReadonlyMap<string, number>;
}

/**
 * Presents the parts of a structure for one caller (the Space objects carry the caller's level).
 * `urls.published`, while the site is published, is where GitBook puts them: the
 * default section at the site's base, others under their path; the default site space at its
 * section's URL, others under their path; a share key as the first segment under the site's base.
 */
export class StructurePresenter {
  private readonly member: Member;
  private readonly base: string | null;
  private readonly grantsHeld: ReadonlyMap<string, number>;

  constructor(
    private readonly ctx: RequestContext,
    private readonly structure: SiteStructure,
    viewer: StructureViewer,
  ) {
    this.member = viewer.member;
    this.grantsHeld = viewer.grantsHeld ?? new Map();
    this.base = viewer.site.published ? siteRootFor(sitePublishedBase(ctx.env, ctx.urls, viewer.organization, viewer.site), viewer.shareKey) : null;
  }

  private published(url: string | null): { published?: string } {
    return url === null ? {} : { published: url };
  }

  private sectionUrl(sectionId: string | null): string | null {
    return sectionPublishedUrl(this.base, sectionId === null ? undefined : this.structure.sections.get(sectionId));
  }

  siteSpace({ siteSpace, space, parent }: SiteSpaceWithSpace): SiteSpaceObject {
    // A site's viewer sees what it publishes: at least `read` on the space, whatever its own level.
    const granted = grantedAmong(this.grantsHeld, [space.id, ...(parent.lineage ?? [])]);
    const level = levelOn(this.member, [space.defaultLevel, ...levelsFromParent(parent)], space.createdBy, granted) ?? "read";
    return {
      object: "site-space",
      id: siteSpace.id,
      path: siteSpace.path,
      ...(siteSpace.sectionId ? { section: siteSpace.sectionId } : {}),
      space: presentSpace(space, level, this.ctx.urls),
      title: siteSpace.title ?? space.title,
      default: siteSpace.isDefault,
      ...(siteSpace.condition !== null ? { condition: siteSpace.condition } : {}),
      pageId: null,
      draft: false,
      hidden: false,
      urls: this.published(siteSpacePublishedUrl(this.sectionUrl(siteSpace.sectionId), siteSpace)),
    };
  }

  section(row: SiteSectionRow): SiteSectionObject {
    return {
      object: "site-section",
      id: row.id,
      title: row.title,
      ...(row.description !== null ? { description: row.description } : {}),
      default: row.isDefault,
      draft: false,
      path: row.path,
      ...(row.condition !== null ? { condition: row.condition } : {}),
      ...(row.groupId ? { sectionGroup: row.groupId } : {}),
      siteSpaces: this.structure.siteSpacesIn(row.id).map((item) => this.siteSpace(item)),
      urls: this.published(this.sectionUrl(row.id)),
      ...(row.icon !== null ? { icon: row.icon } : {}),
    };
  }

  group(row: SiteSectionGroupRow): SiteSectionGroupObject {
    const children = this.structure.childrenOf(row.id).map((node) => (node.type === "site-section" ? this.section(node.row) : this.group(node.row)));
    return {
      object: "site-section-group",
      id: row.id,
      title: row.title,
      sections: children.filter((child): child is SiteSectionObject => child.object === "site-section"),
      ...(row.parentGroupId ? { sectionGroup: row.parentGroupId } : {}),
      draft: false,
      children,
      ...(row.icon !== null ? { icon: row.icon } : {}),
    };
  }

  node(node: StructureNode): SiteSectionObject | SiteSectionGroupObject {
    return node.type === "site-section" ? this.section(node.row) : this.group(node.row);
  }
}

/**
 * The structure GitBook's `SiteStructure` describes: `sections` (sections and groups at the root,
 * groups nesting theirs, in their shared order) when the site has sections, else the root's
 * `siteSpaces`.
 */
export function presentSiteStructure(structure: SiteStructure, present: StructurePresenter): SiteStructureShape {
  if (structure.sections.size === 0) return { type: "siteSpaces", structure: structure.siteSpacesIn(null).map((item) => present.siteSpace(item)) };
  return { type: "sections", structure: structure.childrenOf(null).map((node) => present.node(node)) };
}
