import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { generateNKeysBetween } from "fractional-indexing";
import type { CallerContext } from "../../context";
import { runBatch } from "../../db/batch";
import { isUniqueViolation } from "../../db/errors";
import { rawAll } from "../../db/raw";
import { siteSectionGroups, siteSections, siteSpaces, spaces, type SpaceRow } from "../../db/schema";
import { ApiError, badRequest } from "../../lib/errors";
import { positionBetween } from "../../lib/ordering";
import { collectionChainColumn, type AncestorRow } from "../content-tree/tree";
import { structureFrom, structureReads, type SiteStructure } from "./structure";

/**
 * What the structure's writes share: every write is one batch (one transaction) that ends with the
 * structure's own reads, so the answer is the structure as the write left it, in the same round
 * trip; defaults are repaired in that batch by statements that only act when a scope has none.
 */

/**
 * Runs the writes and answers the structure after them, in one round trip. A unique path taken
 * meanwhile (by a concurrent write) is a 409 naming `pathField`.
 */
export async function writeStructure(ctx: CallerContext, siteId: string, writes: BatchItem<"sqlite">[], pathField = "path"): Promise<SiteStructure> {
  const results = await runBatch(ctx.db, [...writes, ...structureReads(ctx, siteId)]).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new PathTaken(`Invalid body field '${pathField}': the path is already taken (a concurrent change took it; retry)`);
    throw error;
  });
  return structureFrom(results);
}

/** A path made unique in memory was taken meanwhile by a concurrent write (409). */
export class PathTaken extends ApiError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * Runs an add whose paths are chosen from the structure it reads: when a concurrent add took the
 * same path in between, it runs again on the new structure (a few times), instead of failing.
 */
export async function retryingOnPathTaken<T>(add: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await add();
    } catch (error) {
      if (!(error instanceof PathTaken) || attempt >= attempts) throw error;
    }
  }
}

/** The SQL order of sections in the structure (depth first through groups), as a key expression. */
const GROUP_KEYS = (siteId: string) => sql`WITH RECURSIVE group_keys(id, k, depth) AS (
    SELECT id, position || ' ' || id, 0 FROM ${siteSectionGroups} WHERE site_id = ${siteId} AND parent_group_id IS NULL
    UNION ALL
    SELECT child.id, group_keys.k || char(1) || child.position || ' ' || child.id, group_keys.depth + 1
    FROM ${siteSectionGroups} child JOIN group_keys ON child.parent_group_id = group_keys.id
    WHERE group_keys.depth < 64
  )`;

/**
 * Makes the first section in structure order the site's default when the site has sections and
 * none is default (after the default was deleted, or the first section was added). Acts on one
 * row at most; safe to run in any batch, and concurrently (the batch is a transaction).
 */
export function ensureDefaultSection(ctx: CallerContext, siteId: string) {
  return rawAll(
    ctx.db,
    sql`UPDATE ${siteSections} SET is_default = 1 WHERE id = (
      ${GROUP_KEYS(siteId)}
      SELECT s.id FROM ${siteSections} s LEFT JOIN group_keys ON group_keys.id = s.group_id WHERE s.site_id = ${siteId}
      ORDER BY COALESCE(group_keys.k || char(1), '') || s.position || ' ' || s.id LIMIT 1
    ) AND NOT EXISTS (SELECT 1 FROM ${siteSections} WHERE site_id = ${siteId} AND is_default = 1)`,
  );
}

/** The same for a scope's site spaces (a section, or the root when `sectionId` is null): the first by position. */
export function ensureDefaultSiteSpace(ctx: CallerContext, siteId: string, sectionId: string | null) {
  return rawAll(
    ctx.db,
    sql`UPDATE ${siteSpaces} SET is_default = 1 WHERE id = (
      SELECT id FROM ${siteSpaces} WHERE site_id = ${siteId} AND section_id IS ${sectionId} ORDER BY position, id LIMIT 1
    ) AND NOT EXISTS (SELECT 1 FROM ${siteSpaces} WHERE site_id = ${siteId} AND section_id IS ${sectionId} AND is_default = 1)`,
  );
}

/** Makes `siteSpaceId` the default of its scope: clear the old flag first, then set (the partial unique index holds throughout). */
export function setDefaultSiteSpace(ctx: CallerContext, siteId: string, sectionId: string | null, siteSpaceId: string): BatchItem<"sqlite">[] {
  const inScope = sectionId === null ? isNull(siteSpaces.sectionId) : eq(siteSpaces.sectionId, sectionId);
  return [
    ctx.db.update(siteSpaces).set({ isDefault: false }).where(and(eq(siteSpaces.siteId, siteId), inScope, eq(siteSpaces.isDefault, true))),
    ctx.db.update(siteSpaces).set({ isDefault: true }).where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId))),
  ];
}

export type PlaceBound = { side: "before" | "after"; id: string };

/**
 * The key for an item placed among `siblings` (in order; the item itself is skipped): at the end,
 * or right before or after the sibling `bound.id` (which must be among them: callers check).
 * Between two keys that are equal (two concurrent moves to one place) there is no key: the
 * neighbour taken is the nearest with a different key, so the item lands next to the tie.
 */
export function positionAmong(siblings: ReadonlyArray<{ id: string; position: string }>, itemId: string, bound?: PlaceBound): string {
  const others = siblings.filter((sibling) => sibling.id !== itemId);
  if (!bound) return positionBetween(others.at(-1)?.position ?? null, null);
  const index = others.findIndex((sibling) => sibling.id === bound.id);
  const target = others[index]!;
  if (bound.side === "before") {
    const lower = others.slice(0, index).reverse().find((sibling) => sibling.position < target.position);
    return positionBetween(lower?.position ?? null, target.position);
  }
  const upper = others.slice(index + 1).find((sibling) => sibling.position > target.position);
  return positionBetween(target.position, upper?.position ?? null);
}

/** `count` keys in order after `last` (null: from the start). */
export const positionsAfter = (last: string | null, count: number) => generateNKeysBetween(last, null, count);

/** `count` keys in order strictly between two keys (either may be null: open-ended). */
export const positionsBetween = (lower: string | null, upper: string | null, count: number) => generateNKeysBetween(lower, upper, count);

export interface LiveSpace {
  space: SpaceRow;
  chain: AncestorRow[];
}

/** A live (not deleted) space of the organization, or a 400 naming `field`: a site never points elsewhere. */
export async function liveSpaceOf(ctx: CallerContext, organizationId: string, spaceId: string, field: string): Promise<LiveSpace> {
  const [row] = await ctx.db
    .select({ space: spaces, chain: collectionChainColumn(spaces.parentId) })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt)))
    .limit(1);
  if (!row) throw badRequest(`Invalid body field '${field}': no space '${spaceId}' in this organization`);
  return row;
}

/** A position of `bound` must name a sibling: a 400 for anything else. */
export const invalidPosition = (message: string) => badRequest(`Invalid body field 'position': ${message}`);

/** The bound of a move body's `position` (`before` or `after`, not both: 400), with the pointer given. */
export function boundFrom<P>(position: { before?: P; after?: P } | undefined, idOf: (pointer: P) => string): (PlaceBound & { pointer: P }) | undefined {
  if (position?.before !== undefined && position.after !== undefined) throw invalidPosition("give either 'before' or 'after', not both");
  const pointer = position?.before ?? position?.after;
  if (pointer === undefined) return undefined;
  return { side: position?.before !== undefined ? "before" : "after", id: idOf(pointer), pointer };
}
