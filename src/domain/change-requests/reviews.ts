import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { CallerContext, RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { selectedOnce } from "../../db/list-select";
import { pageReads, sortedBy } from "../../db/keyset";
import { insertChunks } from "../../db/limits";
import { changeRequestRequestedReviewers, changeRequestReviews, changeRequests, users } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertContentAction } from "../../lib/permissions";
import type { Urls } from "../../lib/urls";
import { nonMembers } from "../organizations/merge-rules";
import { assertLive } from "../spaces/spaces";
import { hasJoinedUser, joinedUser, joinedUserColumns } from "../users/joined";
import { presentUser } from "../users/users";
import { loadChangeRequestAccess, loadChangeRequestAccessWith, type ChangeRequestAccess } from "./change-requests";
import { changeRequestIdOf } from "./records";

/**
 * Reviews of a change request, and the reviewers asked for one. A review is outdated once the
 * same reviewer reviews again or is asked again; merge rules count only current approvals.
 */

const reviewer = alias(users, "reviewer");
const requester = alias(users, "requester");

/**
 * A review is outdated when its reviewer reviewed again, or was asked again, after it. The outer
 * columns are written with their table's name: Drizzle leaves it out in single-table selects, and
 * the subquery's own columns would then shadow them.
 */
const outer = (column: string) => sql.raw(`"change_request_reviews"."${column}"`);
const isOutdated = sql<number>`(EXISTS (SELECT 1 FROM ${changeRequestReviews} later WHERE later.change_request_id = ${outer("change_request_id")}
    AND later.reviewer_id = ${outer("reviewer_id")} AND (later.created_at > ${outer("created_at")}
    OR (later.created_at = ${outer("created_at")} AND later.id > ${outer("id")})))
  OR EXISTS (SELECT 1 FROM ${changeRequestRequestedReviewers} asked WHERE asked.change_request_id = ${outer("change_request_id")}
    AND asked.user_id = ${outer("reviewer_id")} AND asked.created_at > ${outer("created_at")}))`;
const reviewOutdated = sql<number>`${isOutdated}`.as("outdated");

function selectReviews(db: Database) {
  return db
    .select({
      review: changeRequestReviews,
      outdated: reviewOutdated,
      requestedBy: sql<string | null>`${changeRequestRequestedReviewers.requestedBy}`.as("requested_by_id"),
      ...joinedUserColumns(reviewer, "reviewerUser"),
      ...joinedUserColumns(requester, "requesterUser"),
    })
    .from(changeRequestReviews)
    .leftJoin(reviewer, eq(reviewer.id, changeRequestReviews.reviewerId))
    .leftJoin(
      changeRequestRequestedReviewers,
      and(
        eq(changeRequestRequestedReviewers.changeRequestId, changeRequestReviews.changeRequestId),
        eq(changeRequestRequestedReviewers.userId, changeRequestReviews.reviewerId),
      ),
    )
    .leftJoin(requester, eq(requester.id, changeRequestRequestedReviewers.requestedBy));
}

type ReviewRecord = Awaited<ReturnType<ReturnType<typeof selectReviews>["where"]>>[number];

function presentReview(record: ReviewRecord, spaceId: string, urls: Urls) {
  const { review } = record;
  const requestedBy = hasJoinedUser(record, "requesterUser") ? joinedUser(record, "requesterUser", "") : null;
  return {
    object: "change-request-review" as const,
    id: review.id,
    revision: review.revisionId,
    reviewer: presentUser(joinedUser(record, "reviewerUser", review.reviewerId), urls),
    ...(requestedBy ? { requestedBy: presentUser(requestedBy, urls) } : {}),
    status: review.status,
    outdated: Boolean(record.outdated),
    createdAt: review.createdAt,
    updatedAt: review.createdAt,
    urls: { location: urls.api(`/spaces/${spaceId}/change-requests/${review.changeRequestId}/reviews/${review.id}`) },
  };
}

export async function submitReview(ctx: CallerContext, spaceId: string, idOrNumber: string, status: "approved" | "changes-requested") {
  const { space, changeRequest } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  assertLive(space.row);
  assertContentAction(space.level, "review", "space");
  if (changeRequest.createdBy === ctx.caller.id) throw forbidden("The author of a change request cannot review it");
  assertInProgress(changeRequest);
  const id = newId();
  const [, [record]] = await ctx.db.batch([
    ctx.db.insert(changeRequestReviews).values({
      id,
      changeRequestId: changeRequest.id,
      reviewerId: ctx.caller.id,
      status,
      revisionId: changeRequest.revisionId,
      createdAt: nowIso(),
    }),
    selectReviews(ctx.db).where(eq(changeRequestReviews.id, id)).limit(1),
  ]);
  return presentReview(record!, spaceId, ctx.urls);
}

export async function listReviews(ctx: RequesterContext, spaceId: string, idOrNumber: string, outdated: boolean | undefined, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: changeRequestReviews,
    where: and(
      eq(changeRequestReviews.changeRequestId, changeRequestIdOf(spaceId, idOrNumber)),
      outdated === undefined ? undefined : outdated ? isOutdated : sql`NOT ${isOutdated}`,
    ),
    select: reviewRows(),
    sort: sortedBy("createdAt:desc", "desc", [changeRequestReviews.createdAt, changeRequestReviews.id], (record: ReviewRecord) => [record.review.createdAt, record.review.id]),
  });
  const [, results] = await loadChangeRequestAccessWith(ctx, spaceId, idOrNumber, page.reads);
  return page.answer(results, (record) => presentReview(record, spaceId, ctx.urls));
}

export async function getReview(ctx: CallerContext, spaceId: string, idOrNumber: string, reviewId: string) {
  const { changeRequest } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  const [record] = await selectReviews(ctx.db)
    .where(and(eq(changeRequestReviews.id, reviewId), eq(changeRequestReviews.changeRequestId, changeRequest.id)))
    .limit(1);
  if (!record) throw notFound(`Review '${reviewId}'`);
  return presentReview(record, spaceId, ctx.urls);
}

/** The users whose latest review of the change request is a current approval. */
export async function currentApprovers(db: Database, changeRequestId: string): Promise<Set<string>> {
  const rows = await db
    .select({ reviewerId: changeRequestReviews.reviewerId, status: changeRequestReviews.status, outdated: reviewOutdated })
    .from(changeRequestReviews)
    .where(eq(changeRequestReviews.changeRequestId, changeRequestId));
  return new Set(rows.filter((row) => row.status === "approved" && !row.outdated).map((row) => row.reviewerId));
}

export function assertInProgress(changeRequest: ChangeRequestAccess["changeRequest"]) {
  if (changeRequest.status === "merged" || changeRequest.status === "archived") {
    throw conflict(`Change request '${changeRequest.id}' is ${changeRequest.status}`);
  }
}

// Requested reviewers

function selectRequested(db: Database) {
  return db
    .select({
      request: changeRequestRequestedReviewers,
      ...joinedUserColumns(reviewer, "reviewerUser"),
      ...joinedUserColumns(requester, "requesterUser"),
    })
    .from(changeRequestRequestedReviewers)
    .leftJoin(reviewer, eq(reviewer.id, changeRequestRequestedReviewers.userId))
    .leftJoin(requester, eq(requester.id, changeRequestRequestedReviewers.requestedBy));
}

/** The lists' selects, built once (db/list-select.ts). */
const reviewRows = selectedOnce(selectReviews);
const requestedRows = selectedOnce(selectRequested);

type RequestedRecord = Awaited<ReturnType<ReturnType<typeof selectRequested>["where"]>>[number];

function presentRequested(record: RequestedRecord, urls: Urls) {
  const { request } = record;
  return {
    object: "change-request-requested-reviewer" as const,
    revision: request.revisionId,
    requestedBy: presentUser(joinedUser(record, "requesterUser", request.requestedBy), urls),
    createdAt: request.createdAt,
    kind: "user" as const,
    user: presentUser(joinedUser(record, "reviewerUser", request.userId), urls),
  };
}

export async function requestReviewers(
  ctx: CallerContext,
  spaceId: string,
  idOrNumber: string,
  input: { users: string[]; subject?: string; description?: unknown },
) {
  const { space, changeRequest } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  assertLive(space.row);
  assertContentAction(space.level, "edit", "space");
  assertInProgress(changeRequest);
  const userIds = [...new Set(input.users)];
  if (userIds.includes(changeRequest.createdBy)) throw badRequest("Invalid body field 'users': the author cannot review their own change request");
  const [unknown] = await nonMembers(ctx, space.row.organizationId, userIds, { excludeGuests: true });
  if (unknown) throw badRequest(`Invalid body field 'users': user '${unknown}' is not a member of this organization who can see the space`);
  const now = nowIso();
  const rows = userIds.map((userId) => ({ changeRequestId: changeRequest.id, userId, requestedBy: ctx.caller.id, revisionId: changeRequest.revisionId, createdAt: now }));
  // Up to 50 users: the rows go in statements under D1's 100 bound parameters (the update takes
  // the proposed row's values, `excluded`, so it binds none of its own).
  const upserts = insertChunks(changeRequestRequestedReviewers, rows).map((chunk) =>
    ctx.db
      .insert(changeRequestRequestedReviewers)
      .values(chunk)
      .onConflictDoUpdate({
        target: [changeRequestRequestedReviewers.changeRequestId, changeRequestRequestedReviewers.userId],
        set: { requestedBy: sql`excluded.requested_by`, revisionId: sql`excluded.revision_id`, createdAt: sql`excluded.created_at` },
      }),
  );
  const [first, ...more] = upserts;
  const results = await ctx.db.batch([
    first!,
    ...more,
    ctx.db
      .update(changeRequests)
      .set({
        ...(input.subject !== undefined ? { subject: input.subject } : {}),
        ...(input.description !== undefined ? { description: input.description as never } : {}),
        updatedAt: now,
      })
      .where(eq(changeRequests.id, changeRequest.id)),
    selectRequested(ctx.db).where(
      and(eq(changeRequestRequestedReviewers.changeRequestId, changeRequest.id), eq(changeRequestRequestedReviewers.createdAt, now)),
    ),
  ]);
  const records = results.at(-1) as RequestedRecord[];
  return { users: records.map((record) => presentRequested(record, ctx.urls)) };
}

export async function listRequestedReviewers(ctx: RequesterContext, spaceId: string, idOrNumber: string, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: changeRequestRequestedReviewers,
    where: eq(changeRequestRequestedReviewers.changeRequestId, changeRequestIdOf(spaceId, idOrNumber)),
    select: requestedRows(),
    sort: sortedBy("createdAt:desc", "desc", [changeRequestRequestedReviewers.createdAt, changeRequestRequestedReviewers.userId], (record: RequestedRecord) => [record.request.createdAt, record.request.userId]),
  });
  const [, results] = await loadChangeRequestAccessWith(ctx, spaceId, idOrNumber, page.reads);
  return page.answer(results, (record) => presentRequested(record, ctx.urls));
}

export async function removeRequestedReviewer(ctx: CallerContext, spaceId: string, idOrNumber: string, userId: string) {
  const { space, changeRequest } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  assertLive(space.row);
  assertContentAction(space.level, "edit", "space");
  await ctx.db
    .delete(changeRequestRequestedReviewers)
    .where(and(eq(changeRequestRequestedReviewers.changeRequestId, changeRequest.id), eq(changeRequestRequestedReviewers.userId, userId)));
}

