import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { changeRequests, comments, spaces, type ChangeRequestRow, type SpaceRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { loadChangeRequestAccessWith } from "../change-requests/change-requests";
import { changeRequestIdOf, type ChangeRequestRecord } from "../change-requests/records";
import { type ContentAccess } from "../content-tree/access";
import { loadSpaceAccessWith } from "../content-tree/space-access";
import { changeRequestPoint, mainHeadPoint, type RevisionPoint } from "../revisions/points";

/**
 * Where comments live: on a space itself (seed 4.6: "comments posted directly on the space") or
 * inside one of its change requests (4.5). Each comment is read, listed and changed only under
 * the place it was posted in; under the other it is a 404.
 */

/** The place of a request's path: the space, and the change request (id or number) if any. */
export interface CommentPlace {
  spaceId: string;
  changeRequestId?: string;
}

export interface CommentScope {
  space: ContentAccess<SpaceRow>;
  changeRequest: ChangeRequestRow | null;
  /** Every comment of this place (and no other). */
  where: SQL;
  /** The revision a comment posted now targets: the space's active one, or the change request's. */
  revisionId: string;
  /** The content a posted comment's `page` must be in. */
  point: RevisionPoint;
  /** The place's API path, under which its comments' `urls.location` are. */
  path: string;
}

/** The caller's access to the place (404 when they cannot see the space or change request). */
export async function loadCommentScope(ctx: RequesterContext, place: CommentPlace): Promise<CommentScope> {
  const [scope] = await loadCommentScopeWith(ctx, place, []);
  return scope;
}

/**
 * `loadCommentScope` with more statements in the same batch (about the place's comments: they
 * name them with `placeComments`), whose results are used only once access is granted.
 */
export async function loadCommentScopeWith(ctx: RequesterContext, place: CommentPlace, alongside: readonly BatchItem<"sqlite">[]): Promise<[CommentScope, unknown[]]> {
  if (place.changeRequestId === undefined) {
    const [space, others] = await loadSpaceAccessWith(ctx, place.spaceId, alongside);
    const scope: CommentScope = {
      space,
      changeRequest: null,
      where: and(eq(comments.spaceId, space.row.id), isNull(comments.changeRequestId))!,
      revisionId: space.row.revisionId,
      point: mainHeadPoint(space.row.id, 0),
      path: `/spaces/${space.row.id}`,
    };
    return [scope, others];
  }
  const [{ space, changeRequest, record }, others] = await loadChangeRequestAccessWith(ctx, place.spaceId, place.changeRequestId, alongside);
  const scope: CommentScope = {
    space,
    changeRequest,
    where: and(eq(comments.spaceId, space.row.id), eq(comments.changeRequestId, changeRequest.id))!,
    revisionId: changeRequest.revisionId,
    point: changeRequestPoint(changeRequest, changeRequest.revisionMergedAncestor === (record as ChangeRequestRecord).spaceRevisionId),
    path: `/spaces/${space.row.id}/change-requests/${changeRequest.id}`,
  };
  return [scope, others];
}

/**
 * Every comment of the place, named from the request's path alone: for reads sent in the batch
 * of the place's access check, before the change request's id is known (`CommentScope.where`
 * once it is).
 */
export function placeComments(place: CommentPlace): SQL {
  return place.changeRequestId === undefined
    ? and(eq(comments.spaceId, place.spaceId), isNull(comments.changeRequestId))!
    : and(eq(comments.spaceId, place.spaceId), eq(comments.changeRequestId, changeRequestIdOf(place.spaceId, place.changeRequestId)))!;
}

export const commentNotFound = (commentId: string) => notFound(`Comment '${commentId}'`);
export const replyNotFound = (replyId: string) => notFound(`Comment reply '${replyId}'`);

/**
 * Recounts the place's open comments (the `comments` counter of the space or change request), for
 * the batch of a write that may change it: a count in SQL, so it is right whatever raced.
 */
export function recountOpenComments(db: Database, scope: CommentScope) {
  const open = sql<number>`(SELECT count(*) FROM ${comments} WHERE ${scope.where} AND ${comments.status} = 'open')`;
  return scope.changeRequest
    ? db.update(changeRequests).set({ comments: open }).where(eq(changeRequests.id, scope.changeRequest.id))
    : db.update(spaces).set({ comments: open }).where(eq(spaces.id, scope.space.row.id));
}
