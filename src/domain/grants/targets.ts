import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext } from "../../context";
import { collections, spaces, type CollectionRow, type ContentKind, type SpaceRow } from "../../db/schema";
import { assertContentAction, type Membership } from "../../lib/permissions";
import { loadCollectionAccessWith, type ContentAccess } from "../content-tree/access";
import { loadSpaceAccessWith } from "../content-tree/space-access";
import type { Member } from "../organizations/access";
import { loadSiteAccessWith } from "../sites/access";
import { assertLive } from "../spaces/spaces";

/**
 * What grants are given on: a space, a collection or a site, each named as its routes name it.
 * Every grant operation starts here: the content's access (one round trip, with what the
 * operation reads riding in its batch), then the caller's right to see or change its grants.
 */
export type GrantTarget =
  | { kind: "space"; spaceId: string }
  | { kind: "collection"; collectionId: string }
  | { kind: "site"; organizationId: string; siteId: string };

export interface TargetAccess {
  callerContext: CallerContext;
  kind: ContentKind;
  contentId: string;
  organizationId: string;
  member: Member;
  membership: Membership;
  /** The space's or collection's access (its levels, its creator): what the aggregate list computes levels from. */
  content?: ContentAccess<SpaceRow> | ContentAccess<CollectionRow>;
}

export const contentIdOf = (target: GrantTarget): string =>
  target.kind === "space" ? target.spaceId : target.kind === "collection" ? target.collectionId : target.siteId;

/** The organization of the target as SQL, for statements that ride in its access batch (the access decides before they are used). */
export function organizationOf(target: GrantTarget): SQL | string {
  if (target.kind === "site") return target.organizationId;
  const [table, id] = target.kind === "space" ? [spaces, target.spaceId] : [collections, target.collectionId];
  return sql`(SELECT ${table.organizationId} FROM ${table} WHERE ${eq(table.id, id)})`;
}

/**
 * Loads the target as the caller may act on it, with `alongside` in the same batch: a 404 when they
 * cannot see it, a 403 when they may not `view` (list) or `manage` (change) its grants. The
 * grants of a space or collection are its administrators' (`viewPermissions`,
 * `managePermissions`); a site's, those who may manage the site (`manageSites`). A deleted
 * space's grants are kept, and changed only once it is restored (409, like every write to it).
 */
export async function loadGrantTargetWith(
  ctx: RequesterContext,
  target: GrantTarget,
  purpose: "view" | "manage",
  alongside: readonly BatchItem<"sqlite">[],
): Promise<[TargetAccess, unknown[]]> {
  const action = purpose === "view" ? "viewPermissions" : "managePermissions";
  if (target.kind === "site") {
    const [access, others] = await loadSiteAccessWith(ctx, target.organizationId, target.siteId, "manageSites", undefined, alongside);
    const { callerContext, member, membership } = access;
    return [{ callerContext, kind: "site", contentId: target.siteId, organizationId: target.organizationId, member, membership }, others];
  }
  if (target.kind === "space") {
    const [access, others] = await loadSpaceAccessWith(ctx, target.spaceId, alongside);
    assertContentAction(access.level, action, "space");
    if (purpose === "manage") assertLive(access.row);
    return [{ ...common(access), kind: "space", contentId: target.spaceId, content: access }, others];
  }
  const [access, others] = await loadCollectionAccessWith(ctx, target.collectionId, alongside);
  assertContentAction(access.level, action, "collection");
  return [{ ...common(access), kind: "collection", contentId: target.collectionId, content: access }, others];
}

const common = ({ callerContext, member, membership, row }: ContentAccess<SpaceRow | CollectionRow>) => ({
  callerContext,
  member,
  membership,
  organizationId: row.organizationId,
});

/** `loadGrantTargetWith` with nothing alongside. */
export async function loadGrantTarget(ctx: RequesterContext, target: GrantTarget, purpose: "view" | "manage"): Promise<TargetAccess> {
  return (await loadGrantTargetWith(ctx, target, purpose, []))[0];
}
