import type { RequesterContext } from "../../context";
import { pageReads } from "../../db/keyset";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction, type OrganizationAction } from "../../lib/permissions";
import { loadOrganizationAccessWith, type OrganizationAccess } from "./access";

/**
 * A page of an organization's own rows (its invite links, invitations, OpenAPI specs,
 * translations), read in the round trip of the access check and shown only to a member whose role
 * may take `action`; each row presented with the caller's access.
 */
export async function listOrganizationRows<Row, Item>(
  ctx: RequesterContext,
  organizationId: string,
  request: PageRequest,
  list: Parameters<typeof pageReads<Row>>[2] & { action: OrganizationAction; present: (row: Row, access: OrganizationAccess) => Item },
) {
  const page = pageReads(ctx.db, request, list);
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  assertOrganizationAction(access.membership, list.action);
  return page.answer(results, (row) => list.present(row, access));
}
