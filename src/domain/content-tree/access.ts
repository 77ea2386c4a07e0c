import { and, eq, getTableColumns } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext } from "../../context";
import { collections, organizationMembers, spaces, type CollectionRow, type MemberRow } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { assertContentAction, assertOrganizationAction, contentLevel, type Membership } from "../../lib/permissions";
import { higherRole, type Role } from "../../lib/roles";
import { membershipOf, noteMemberActivity, type Member } from "../organizations/access";
import { callerIdOf, identifyCallerWith } from "../users/callers";
import { grantedOnCollection } from "./granted-levels";
import { selectCollectionChain, type AncestorRow } from "./tree";

/** A space or collection as the caller may see it, with the caller's level on it. */
export interface ContentAccess<Row> {
  /** The request, its caller identified (by the loader's own batch when it came with a token only). */
  callerContext: CallerContext;
  row: Row;
  member: Member;
  membership: Membership;
  /** Never null: content the caller has no level on is a 404, exactly like content that does not exist. */
  level: Role;
  /** The default levels that apply to the content, its own first, then its parents' (innermost first). */
  levels: Array<Role | null>;
  /** The highest role granted to the caller (or a team of theirs) on the content or a collection above it. */
  granted: Role | null;
}

export const spaceNotFound = (spaceId: string) => notFound(`Space '${spaceId}'`);
export const collectionNotFound = (collectionId: string) => notFound(`Collection '${collectionId}'`);

/**
 * The caller's level from their membership, the content's levels (innermost first) and what is
 * granted to them on it (`granted`: content-tree/granted-levels.ts); null when they are not an
 * active member of the owning organization or have no level on it. The highest of what their
 * role gives and what is granted applies: a member (not a guest) administers the content they
 * created, whatever its default levels; a guest has what is granted, nothing else.
 */
export function levelOn(member: Member | null | undefined, levels: ReadonlyArray<Role | null>, createdBy: string | null, granted: Role | null): Role | null {
  if (!member || member.disabled) return null;
  const byRole = member.role !== null && member.userId === createdBy ? "admin" : contentLevel(member.role, levels);
  return higherRole(byRole, granted);
}

/**
 * The caller's membership columns for a join with a space or collection, without organization_id:
 * D1 returns batched rows as objects keyed by column name, so a name both tables have would
 * collapse and shift every column after it. The organization id is the content's own.
 */
const { organizationId: _sameAsContent, ...memberColumns } = getTableColumns(organizationMembers);

function asMember(columns: Omit<MemberRow, "organizationId"> | null, organizationId: string): MemberRow | null {
  return columns ? { ...columns, organizationId } : null;
}

const callerMembership = (ctx: RequesterContext, organizationId: typeof spaces.organizationId | typeof collections.organizationId) =>
  and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, callerIdOf(ctx)));

/**
 * A collection, the caller's membership and the collection's chain: one round trip, with the
 * caller's own lookup when the request came with a token only.
 */
export async function loadCollectionAccess(ctx: RequesterContext, collectionId: string): Promise<ContentAccess<CollectionRow>> {
  const [access] = await loadCollectionAccessWith(ctx, collectionId, []);
  return access;
}

/** `loadCollectionAccess` with more statements in the same batch, whose results are used only once access is granted. */
export async function loadCollectionAccessWith(
  ctx: RequesterContext,
  collectionId: string,
  alongside: readonly BatchItem<"sqlite">[],
): Promise<[ContentAccess<CollectionRow>, unknown[]]> {
  const [callerContext, [rows, chainRows, ...others]] = await identifyCallerWith(ctx, [
    ctx.db
      .select({ collection: collections, member: memberColumns, granted: grantedOnCollection(callerIdOf(ctx)) })
      .from(collections)
      .leftJoin(organizationMembers, callerMembership(ctx, collections.organizationId))
      .where(eq(collections.id, collectionId))
      .limit(1),
    selectCollectionChain(ctx.db, collectionId),
    ...alongside,
  ]);
  const [row] = rows as Array<{ collection: CollectionRow; member: Omit<MemberRow, "organizationId"> | null; granted: Role | null }>;
  const chain = chainRows as AncestorRow[];
  const member = row && asMember(row.member, row.collection.organizationId);
  const levels = levelsOf(chain);
  const granted = row?.granted ?? null;
  const level = levelOn(member, levels, row?.collection.createdBy ?? null, granted);
  if (!row || !member || level === null) throw collectionNotFound(collectionId);
  noteMemberActivity(ctx, member);
  return [{ callerContext, row: row.collection, member, membership: membershipOf(member), level, levels, granted }, others];
}

/** The caller's grants on a collection, as they stand when the statement runs (after a move in the same batch, the new ones). */
export const selectGrantedOnCollection = (ctx: CallerContext, collectionId: string) =>
  ctx.db.select({ granted: grantedOnCollection(ctx.caller.id) }).from(collections).where(eq(collections.id, collectionId)).limit(1);

/**
 * The caller's level on a collection named in a request body (`parent`), which must belong to
 * `organizationId` and be visible to them: a 400 naming `field` otherwise. One query.
 */
export async function levelOnReferencedCollection(ctx: CallerContext, member: Member, collectionId: string, field: string): Promise<Placement & { level: Role }> {
  const [chain, [grantedRow]] = await runBatch(ctx.db, [selectCollectionChain(ctx.db, collectionId), selectGrantedOnCollection(ctx, collectionId)]) as [AncestorRow[], Array<{ granted: Role | null }>];
  const granted = grantedRow?.granted ?? null;
  const level = chain[0]?.organizationId === member.organizationId ? levelOn(member, levelsOf(chain), chain[0].createdBy, granted) : null;
  if (level === null) throw badRequest(`Invalid body field '${field}': no collection '${collectionId}' in this organization`);
  return { level, chain, granted };
}

/** Where content goes: the collection chain there (innermost first; empty at the top level) and what is granted to the caller there. */
export interface Placement {
  chain: AncestorRow[];
  granted: Role | null;
}

/**
 * Checks that the caller may put content under `parentId` (the `create` level on that collection,
 * or the organization's `createContent` at the top level) and returns the placement there: the
 * collection chain (innermost first) and what is granted to the caller on it. Serves create,
 * duplicate and move alike.
 */
export async function placementFor(ctx: CallerContext, member: Member, membership: Membership, parentId: string | null): Promise<Placement> {
  if (parentId === null) {
    assertOrganizationAction(membership, "createContent");
    return { chain: [], granted: null };
  }
  const { level, ...placement } = await levelOnReferencedCollection(ctx, member, parentId, "parent");
  assertContentAction(level, "create", "collection it goes into");
  return placement;
}

export const levelsOf = (chain: readonly AncestorRow[]) => chain.map((collection) => collection.defaultLevel);
