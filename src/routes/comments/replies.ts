import { z } from "@hono/zod-openapi";
import { deleteReply, getReply, listReplies, postReply, updateReply } from "../../domain/comments/replies";
import type { CommentPlace } from "../../domain/comments/scope";
import { CommentReply, FormatQuery, PostCommentReplyBody } from "../../schemas/comment";
import { listOf, listQuery } from "../../schemas/list";
import { CommentParam, CommentReplyParam } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";
import { PLACES, callerOf } from "./places";

/** Replies to a comment, in both places comments are posted in. */

export const replyRoutes = createRouter();

for (const place of PLACES) {
  const base = { tags: [place.tag] };
  const withComment = z.object({ ...place.params.shape, ...CommentParam });
  const withReply = z.object({ ...place.params.shape, ...CommentParam, ...CommentReplyParam });
  const replies = `${place.prefix}/comments/{commentId}/replies`;
  type Params = { spaceId: string; changeRequestId?: string; commentId: string; commentReplyId?: string };
  const placeOf = (c: { req: { valid(target: "param"): Params } }): CommentPlace => place.placeOf(c.req.valid("param"));
  const ids = (c: { req: { valid(target: "param"): Params } }) => c.req.valid("param");

  replyRoutes
    .openapi(
      userRoute({
        ...base,
        method: "get",
        path: replies,
        operationId: place.operations.listReplies,
        permission: { content: "view", on: "space" },
        authenticatesInItsRead: true,
        summary: "List the replies to a comment, oldest first",
        request: { params: withComment, query: FormatQuery.extend(listQuery) },
        responses: { 200: jsonResponse(listOf(CommentReply), "Replies"), ...errorResponses(400, 404) },
      }),
      async (c) => {
        const { format, ...page } = c.req.valid("query");
        return c.json(await listReplies(requesterOf(c), placeOf(c), ids(c).commentId, format, page), 200);
      },
    )
    .openapi(
      userRoute({
        ...base,
        method: "post",
        path: replies,
        operationId: place.operations.postReply,
        permission: { content: "comment", on: "space" },
        summary: "Reply to a comment",
        request: { params: withComment, ...(place.replyPostTakesFormat ? { query: FormatQuery } : {}), body: jsonBody(PostCommentReplyBody) },
        responses: { 200: jsonResponse(CommentReply, "The reply was posted"), ...errorResponses(400, 403, 404, 409) },
      }),
      async (c) => {
        // Validated by the route when it declares `format`; the space's route does not take it.
        const format = place.replyPostTakesFormat && c.req.query("format") === "document" ? "document" : "markdown";
        return c.json(await postReply(callerOf(c), placeOf(c), ids(c).commentId, c.req.valid("json").body, format), 200);
      },
    )
    .openapi(
      userRoute({
        ...base,
        method: "get",
        path: `${replies}/{commentReplyId}`,
        operationId: place.operations.getReply,
        permission: { content: "view", on: "space" },
        summary: "Get a reply to a comment",
        request: { params: withReply, query: FormatQuery },
        responses: { 200: jsonResponse(CommentReply, "The reply"), ...errorResponses(400, 404) },
      }),
      async (c) => {
        const { commentId, commentReplyId } = ids(c);
        return c.json(await getReply(callerOf(c), placeOf(c), commentId, commentReplyId!, c.req.valid("query").format), 200);
      },
    )
    .openapi(
      userRoute({
        ...base,
        method: "put",
        path: `${replies}/{commentReplyId}`,
        operationId: place.operations.updateReply,
        permission: { content: "comment", on: "space", note: "Editing the body is for the reply's author." },
        summary: "Edit a reply's body, add or withdraw the caller's reactions to it",
        request: { params: withReply, body: jsonBody(place.replyUpdateBody) },
        responses: { 200: jsonResponse(CommentReply, "The reply"), ...errorResponses(400, 403, 404, 409) },
      }),
      async (c) => {
        const { commentId, commentReplyId } = ids(c);
        return c.json(await updateReply(callerOf(c), placeOf(c), commentId, commentReplyId!, c.req.valid("json")), 200);
      },
    )
    .openapi(
      userRoute({
        ...base,
        method: "delete",
        path: `${replies}/{commentReplyId}`,
        operationId: place.operations.deleteReply,
        permission: { content: "moderateComments", on: "space", note: "The reply's author may too, with the level `comment`." },
        summary: "Delete a reply and its reactions",
        request: { params: withReply },
        responses: { 204: noContent("Deleted (also when there was no such reply)"), ...errorResponses(403, 404, 409) },
      }),
      async (c) => {
        const { commentId, commentReplyId } = ids(c);
        await deleteReply(callerOf(c), placeOf(c), commentId, commentReplyId!);
        return c.body(null, 204);
      },
    );
}
