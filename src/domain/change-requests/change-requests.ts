import { and, eq, exists, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { selectedOnce } from "../../db/list-select";
import { pageReads, sortedBy } from "../../db/keyset";
import { rawAll } from "../../db/raw";
import {
  changeRequestContributors,
  changeRequestRequestedReviewers,
  changeRequests,
  conversationsIssuesClusters,
  revisions,
  spaces,
  type ChangeRequestRow,
  type SpaceRow,
} from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertContentAction } from "../../lib/permissions";
import type { ChangeRequestListFilters, UpdateChangeRequestInput } from "../../schemas/change-request";
import { type ContentAccess } from "../content-tree/access";
import { grantedRankOnSpace, visibleTo } from "../content-tree/granted-levels";
import { joinsParentCollection, parentCollection } from "../content-tree/inherited-levels";
import { loadSpaceAccess, loadSpaceAccessWith } from "../content-tree/space-access";
import { loadOrganizationAccessWith } from "../organizations/access";
import { callerIdOf } from "../users/callers";
import { assertLive } from "../spaces/spaces";
import { recountChangeRequests } from "./counters";
import { changeRequestMatch, presentChangeRequest, selectChangeRequestRecords, type ChangeRequestRecord } from "./records";

/** Change requests with their space and users, for lists (built once: db/list-select.ts). */
const changeRequestRows = selectedOnce(selectChangeRequestRecords);

export const changeRequestNotFound = (idOrNumber: string) => notFound(`Change request '${idOrNumber}'`);

export interface ChangeRequestAccess {
  space: ContentAccess<SpaceRow>;
  record: ChangeRequestRecord;
  changeRequest: ChangeRequestRow;
}

/** The space (with the caller's level on it) and the change request, in one round trip. */
export async function loadChangeRequestAccess(ctx: RequesterContext, spaceId: string, idOrNumber: string): Promise<ChangeRequestAccess> {
  const [access] = await loadChangeRequestAccessWith(ctx, spaceId, idOrNumber, []);
  return access;
}

/**
 * `loadChangeRequestAccess` with more statements in the same batch (they name the change request
 * with `changeRequestIdOf`), whose results are used only once access is granted.
 */
export async function loadChangeRequestAccessWith(
  ctx: RequesterContext,
  spaceId: string,
  idOrNumber: string,
  alongside: readonly BatchItem<"sqlite">[],
): Promise<[ChangeRequestAccess, unknown[]]> {
  const [space, [records, ...others]] = await loadSpaceAccessWith(ctx, spaceId, [
    selectChangeRequestRecords(ctx.db).where(changeRequestMatch(spaceId, idOrNumber)).limit(1),
    ...alongside,
  ]);
  const [record] = records as ChangeRequestRecord[];
  if (!record) throw changeRequestNotFound(idOrNumber);
  return [{ space, record, changeRequest: record.changeRequest }, others];
}

export async function getChangeRequest(ctx: CallerContext, spaceId: string, idOrNumber: string) {
  const { record } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  return presentChangeRequest(record, ctx.urls);
}

/** A change request as it is now, for a caller whose access was already checked. */
export async function readChangeRequest(ctx: CallerContext, changeRequestId: string) {
  const [record] = await selectChangeRequestRecords(ctx.db).where(eq(changeRequests.id, changeRequestId)).limit(1);
  if (!record) throw changeRequestNotFound(changeRequestId);
  return presentChangeRequest(record as ChangeRequestRecord, ctx.urls);
}

/**
 * A new change request starts from the space's active revision, as a draft. Its number is the
 * space's next, taken in the same statement that inserts it (D1 runs one write at a time, so two
 * creations cannot take the same number), and the space's counters are recounted in the batch.
 */
export async function createChangeRequest(ctx: CallerContext, spaceId: string, input: { subject?: string; conversationsIssuesCluster?: string }) {
  const access = await loadSpaceAccess(ctx, spaceId);
  assertLive(access.row);
  assertContentAction(access.level, "edit", "space");
  const id = newId();
  const cluster = input.conversationsIssuesCluster;
  const [, , [record]] = await ctx.db.batch([
    ...insertChangeRequest(ctx.db, { id, spaceId, subject: input.subject, cluster, callerId: ctx.caller.id, now: nowIso() }),
    selectChangeRequestRecords(ctx.db).where(eq(changeRequests.id, id)).limit(1),
  ]);
  // The space is there (read above): nothing inserted means the cluster is not of its organization.
  if (!record && cluster !== undefined) throw unknownCluster(cluster);
  return presentChangeRequest(record as ChangeRequestRecord, ctx.urls);
}

/** A change request links only to a cluster of its own organization; any other id is this 400. */
export const unknownCluster = (clusterId: string) =>
  badRequest(`Invalid body field 'conversationsIssuesCluster': no conversations issues cluster '${clusterId}' in the space's organization`);

/** 400 unless `clusterId` is a conversations issues cluster of the organization (one query). */
export async function assertClusterOfOrganization(ctx: CallerContext, organizationId: string, clusterId: string): Promise<void> {
  const [known] = await ctx.db
    .select({ id: conversationsIssuesClusters.id })
    .from(conversationsIssuesClusters)
    .where(and(eq(conversationsIssuesClusters.id, clusterId), eq(conversationsIssuesClusters.organizationId, organizationId)))
    .limit(1);
  if (!known) throw unknownCluster(clusterId);
}

/** Whether `clusterId` is a cluster of the organization of `organizationId` (an SQL expression). */
const clusterOfOrganization = (clusterId: string, organizationId: SQL | string) =>
  sql`EXISTS (SELECT 1 FROM ${conversationsIssuesClusters} WHERE ${conversationsIssuesClusters.id} = ${clusterId} AND ${conversationsIssuesClusters.organizationId} = ${organizationId})`;

/**
 * The statements creating a change request at the space's active revision and recounting the
 * space's counters; also sent by the coordinator, in the batch of a template applied at creation.
 */
export function insertChangeRequest(db: Database, input: { id: string; spaceId: string; subject?: string; cluster?: string; callerId: string; now: string }) {
  const { id, spaceId, callerId, now } = input;
  // A cluster of another organization (or none) inserts nothing: the caller tells it apart.
  const linked = input.cluster === undefined ? sql`` : sql` AND ${clusterOfOrganization(input.cluster, sql`s.organization_id`)}`;
  return [
    rawAll(
      db,
      sql`INSERT INTO ${changeRequests} (id, space_id, organization_id, number, status, subject, created_by, created_at, updated_at,
          revision_id, revision_initial, revision_merged_ancestor, base_ordinal, head_ordinal, comments, cluster)
        SELECT ${id}, s.id, s.organization_id,
          (SELECT coalesce(max(number), 0) + 1 FROM ${changeRequests} WHERE space_id = s.id),
          'draft', ${input.subject ?? ""}, ${callerId}, ${now}, ${now}, s.revision_id, s.revision_id, s.revision_id,
          (SELECT r.ordinal FROM ${revisions} r WHERE r.id = s.revision_id), 0, 0, ${input.cluster ?? null}
        FROM ${spaces} s WHERE s.id = ${spaceId}${linked}`,
    ),
    recountChangeRequests(db, spaceId),
  ] as const;
}

export async function updateChangeRequestDetails(ctx: CallerContext, spaceId: string, idOrNumber: string, input: UpdateChangeRequestInput) {
  const { space, changeRequest } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  assertLive(space.row);
  assertContentAction(space.level, "edit", "space");
  if (input.status !== undefined && changeRequest.status === "merged") {
    throw conflict(`Change request '${idOrNumber}' is merged: its status cannot change`);
  }
  const cluster = input.conversationsIssuesCluster;
  if (typeof cluster === "string") await assertClusterOfOrganization(ctx, space.row.organizationId, cluster);
  const [updated, , [record]] = await ctx.db.batch([
    ctx.db
      .update(changeRequests)
      .set({
        ...(input.subject !== undefined ? { subject: input.subject } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(cluster !== undefined ? { cluster } : {}),
        updatedAt: nowIso(),
      })
      // A merge may have landed since the read above: it is never undone by a status change.
      .where(and(eq(changeRequests.id, changeRequest.id), input.status !== undefined ? ne(changeRequests.status, "merged") : undefined))
      .returning({ id: changeRequests.id }),
    recountChangeRequests(ctx.db, spaceId),
    selectChangeRequestRecords(ctx.db).where(eq(changeRequests.id, changeRequest.id)).limit(1),
  ]);
  if (updated.length === 0) throw conflict(`Change request '${idOrNumber}' is merged: its status cannot change`);
  return presentChangeRequest(record as ChangeRequestRecord, ctx.urls);
}

export async function listChangeRequestsForSpace(ctx: RequesterContext, spaceId: string, filters: ChangeRequestListFilters, request: PageRequest) {
  const page = changeRequestPage(ctx, eq(changeRequests.spaceId, spaceId), filters, request);
  const [, results] = await loadSpaceAccessWith(ctx, spaceId, page.reads);
  return page.answer(results, (record) => presentChangeRequest(record, ctx.urls));
}

/** The change requests of the live spaces the caller sees: every one of their organization, or for a guest those granted to them. */
export async function listChangeRequestsForOrganization(
  ctx: RequesterContext,
  organizationId: string,
  filters: ChangeRequestListFilters,
  request: PageRequest,
) {
  const inLiveSpaces = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(spaces)
      .leftJoin(parentCollection, joinsParentCollection)
      .where(and(eq(spaces.id, changeRequests.spaceId), isNull(spaces.deletedAt), visibleTo(callerIdOf(ctx), organizationId, grantedRankOnSpace(callerIdOf(ctx))))),
  );
  const scope = and(eq(changeRequests.organizationId, organizationId), inLiveSpaces, filters.space ? eq(changeRequests.spaceId, filters.space) : undefined)!;
  const page = changeRequestPage(ctx, scope, filters, request);
  const [, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  return page.answer(results, (record) => presentChangeRequest(record, ctx.urls));
}

/** A page of the change requests in `scope`, to read in the batch of the access check. */
function changeRequestPage(ctx: RequestContext, scope: SQL, filters: ChangeRequestListFilters, request: PageRequest) {
  const sortColumn = filters.orderBy === "createdAt" ? changeRequests.createdAt : changeRequests.updatedAt;
  return pageReads(ctx.db, request, {
    from: changeRequests,
    where: and(scope, ...filterConditions(filters)),
    select: changeRequestRows(),
    sort: sortedBy(`${filters.orderBy}:desc`, "desc", [sortColumn, changeRequests.id], (record: ChangeRequestRecord) => [record.changeRequest[filters.orderBy], record.changeRequest.id]),
  });
}

/** F1: status, creator, contributor, requested reviewer, conversations issues cluster (under either name). */
function filterConditions(filters: ChangeRequestListFilters): Array<SQL | undefined> {
  return [
    inArray(changeRequests.status, filters.statuses),
    filters.creator ? eq(changeRequests.createdBy, filters.creator) : undefined,
    // Two names of one filter: each given one narrows the list, so two different clusters list nothing.
    ...[filters.conversationsIssuesCluster, filters.topic].map((cluster) => (cluster ? eq(changeRequests.cluster, cluster) : undefined)),
    filters.contributor
      ? sql`EXISTS (SELECT 1 FROM ${changeRequestContributors} c WHERE c.change_request_id = ${changeRequests.id} AND c.user_id = ${filters.contributor})`
      : undefined,
    filters.requestedReviewer
      ? sql`EXISTS (SELECT 1 FROM ${changeRequestRequestedReviewers} r WHERE r.change_request_id = ${changeRequests.id} AND r.user_id = ${filters.requestedReviewer})`
      : undefined,
  ];
}

