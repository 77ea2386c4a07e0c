import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawAll } from "../../db/raw";
import { collections, spaces } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { positionAfter, positionBetween } from "../../lib/ordering";
import type { ContentPointerValue } from "../../schemas/content";

/**
 * Where spaces and collections sit among their siblings (the items of one organization with the
 * same parent, spaces and collections in one order). Placing an item reads at most two sibling
 * rows through the (organization, parent, position) indexes and writes the item alone.
 */

export interface TreeItem {
  kind: "space" | "collection";
  id: string;
  organizationId: string;
  parentId: string | null;
}

interface SiblingRow {
  kind: "space" | "collection";
  id: string;
  position: string;
}

/** Live siblings under `parentId` (null: the top level); deleted spaces have no place until restored. */
function siblings(organizationId: string, parentId: string | null): SQL {
  return sql`SELECT 'space' AS kind, id, position FROM ${spaces}
      WHERE organization_id = ${organizationId} AND parent_id IS ${parentId} AND deleted_at IS NULL
    UNION ALL
    SELECT 'collection' AS kind, id, position FROM ${collections}
      WHERE organization_id = ${organizationId} AND parent_id IS ${parentId}`;
}

function selectLastSibling(db: Database, organizationId: string, parentId: string | null) {
  return rawAll<SiblingRow>(db, 
    sql`SELECT kind, id, position FROM (${siblings(organizationId, parentId)}) ORDER BY position DESC, id DESC LIMIT 1`,
  );
}

/** The position after the last item under `parentId`. */
export async function positionAtEnd(db: Database, organizationId: string, parentId: string | null): Promise<string> {
  const [last] = await selectLastSibling(db, organizationId, parentId);
  return positionAfter(last?.position ?? null);
}

/**
 * The new position of `item` moved under `parentId`, before or after a sibling there (or at the
 * end). A pointer that is not a live sibling under `parentId`, or the item itself, is a 400; a
 * move that would leave the item where it is, a 409.
 */
export async function positionForMove(
  db: Database,
  item: TreeItem,
  parentId: string | null,
  position: { before?: ContentPointerValue; after?: ContentPointerValue } | undefined,
): Promise<string> {
  const staysUnderSameParent = item.parentId === parentId;
  const pointer = position?.before ?? position?.after;
  if (!pointer) {
    const [last] = await selectLastSibling(db, item.organizationId, parentId);
    if (staysUnderSameParent && last?.id === item.id) throw unchanged();
    return positionAfter(last?.position ?? null);
  }

  const pointerId = pointer.type === "space" ? pointer.space : pointer.collection;
  if (pointerId === item.id) throw badRequest("Invalid body field 'position': an item cannot be placed relative to itself");
  const side = position?.before !== undefined ? "before" : "after";
  const { target, neighbour } = await pointerAndNeighbour(db, item.organizationId, parentId, pointerId, side);
  if (target?.kind !== pointer.type) {
    throw badRequest(`Invalid body field 'position': no ${pointer.type} '${pointerId}' next to which to place it in the target parent`);
  }
  if (staysUnderSameParent && neighbour?.id === item.id) throw unchanged();
  return side === "before"
    ? positionBetween(neighbour?.position ?? null, target.position)
    : positionBetween(target.position, neighbour?.position ?? null);
}

/** The position right after `siblingId` (a live item under `parentId`), for a copy placed next to its original. */
export async function positionRightAfter(db: Database, organizationId: string, parentId: string | null, siblingId: string) {
  const { target, neighbour } = await pointerAndNeighbour(db, organizationId, parentId, siblingId, "after");
  return positionBetween(target?.position ?? null, neighbour?.position ?? null);
}

/** The pointer among the siblings under `parentId`, and its neighbour on `side`: one round trip. */
async function pointerAndNeighbour(
  db: Database,
  organizationId: string,
  parentId: string | null,
  pointerId: string,
  side: "before" | "after",
): Promise<{ target?: SiblingRow; neighbour?: SiblingRow }> {
  const all = siblings(organizationId, parentId);
  const pointerPosition = sql`(SELECT position FROM (${all}) WHERE id = ${pointerId})`;
  const [[target], [neighbour]] = await db.batch([
    rawAll<SiblingRow>(db, sql`SELECT kind, id, position FROM (${all}) WHERE id = ${pointerId}`),
    rawAll<SiblingRow>(db, 
      side === "before"
        ? sql`SELECT kind, id, position FROM (${all}) WHERE position < ${pointerPosition} ORDER BY position DESC, id DESC LIMIT 1`
        : sql`SELECT kind, id, position FROM (${all}) WHERE position > ${pointerPosition} ORDER BY position ASC, id ASC LIMIT 1`,
    ),
  ]);
  return { target, neighbour };
}

const unchanged = () => conflict("The move would not change anything: the item is already there");
