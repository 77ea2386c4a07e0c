import type { CallerContext } from "../../context";
import type { CommentPlace } from "../../domain/comments/scope";
import { UpdateChangeRequestCommentReplyBody, UpdateCommentReplyBody } from "../../schemas/comment";
import { ChangeRequestParams, SpaceParams } from "../params";

/**
 * The two places comments are posted in, each with GitBook's operationIds: the space itself
 * (seed 4.6) and a change request (4.5). The routes are declared once for both; where GitBook's
 * spec makes them differ (a query parameter, a body schema), it is said here.
 */
export interface Place {
  tag: string;
  prefix: string;
  params: typeof SpaceParams | typeof ChangeRequestParams;
  /** Completes "… the comments <where>" in summaries. */
  where: string;
  placeOf: (params: { spaceId: string; changeRequestId?: string }) => CommentPlace;
  /** Whether posting a reply takes `format` (GitBook: only in a change request). */
  replyPostTakesFormat: boolean;
  replyUpdateBody: typeof UpdateCommentReplyBody | typeof UpdateChangeRequestCommentReplyBody;
  operations: Record<
    "list" | "post" | "get" | "update" | "delete" | "listReplies" | "postReply" | "getReply" | "updateReply" | "deleteReply" | "commenters",
    string
  >;
}

export const PLACES: Place[] = [
  {
    tag: "comments",
    prefix: "/spaces/{spaceId}",
    params: SpaceParams,
    where: "on the space (not those inside its change requests)",
    placeOf: ({ spaceId }) => ({ spaceId }),
    replyPostTakesFormat: false,
    replyUpdateBody: UpdateCommentReplyBody,
    operations: {
      list: "listCommentsInSpace",
      post: "postCommentInSpace",
      get: "getCommentInSpace",
      update: "updateCommentInSpace",
      delete: "deleteCommentInSpace",
      listReplies: "listCommentRepliesInSpace",
      postReply: "postCommentReplyInSpace",
      getReply: "getCommentReplyInSpace",
      updateReply: "updateCommentReplyInSpace",
      deleteReply: "deleteCommentReplyInSpace",
      commenters: "listCommentersInSpace",
    },
  },
  {
    tag: "change-request-comments",
    prefix: "/spaces/{spaceId}/change-requests/{changeRequestId}",
    params: ChangeRequestParams,
    where: "in the change request",
    placeOf: ({ spaceId, changeRequestId }) => ({ spaceId, changeRequestId: changeRequestId! }),
    replyPostTakesFormat: true,
    replyUpdateBody: UpdateChangeRequestCommentReplyBody,
    operations: {
      list: "listCommentsInChangeRequest",
      post: "postCommentInChangeRequest",
      get: "getCommentInChangeRequest",
      update: "updateCommentInChangeRequest",
      delete: "deleteCommentInChangeRequest",
      listReplies: "listCommentRepliesInChangeRequest",
      postReply: "postCommentReplyInChangeRequest",
      getReply: "getCommentReplyInChangeRequest",
      updateReply: "updateCommentReplyInChangeRequest",
      deleteReply: "deleteCommentReplyInChangeRequest",
      commenters: "listCommentersInChangeRequest",
    },
  },
];

export const callerOf = (c: { get(key: "callerContext"): CallerContext }) => c.get("callerContext");
