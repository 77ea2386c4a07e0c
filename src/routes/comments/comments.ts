import { z } from "@hono/zod-openapi";
import { deleteComment, getComment, listComments, postComment, updateComment } from "../../domain/comments/comments";
import { listCommenters } from "../../domain/comments/commenters";
import type { CommentPlace } from "../../domain/comments/scope";
import { Comment, FormatQuery, ListCommentsQuery, PostCommentBody, UpdateCommentBody } from "../../schemas/comment";
import { listOf, listQuery } from "../../schemas/list";
import { OrganizationMember } from "../../schemas/member";
import { CommentParam } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";
import { PLACES, callerOf } from "./places";

/** Comments of a space (seed 4.6) and of a change request (4.5), and who posted them: declared once per place. */

export const commentRoutes = createRouter();

for (const place of PLACES) {
  const base = { tags: [place.tag] };
  const params = z.object(place.params.shape);
  const withComment = z.object({ ...place.params.shape, ...CommentParam });
  const comments = `${place.prefix}/comments`;
  const placeOf = (c: { req: { valid(target: "param"): { spaceId: string; changeRequestId?: string } } }): CommentPlace => place.placeOf(c.req.valid("param"));

  commentRoutes
    .openapi(
      userRoute({
        ...base,
        method: "get",
        path: comments,
        operationId: place.operations.list,
        permission: { content: "view", on: "space" },
        authenticatesInItsRead: true,
        summary: `List the comments ${place.where}, newest first by default (status, page and author filters)`,
        request: { params, query: ListCommentsQuery.extend(listQuery) },
        responses: { 200: jsonResponse(listOf(Comment), "Comments"), ...errorResponses(400, 404) },
      }),
      async (c) => {
        const { page, limit, format, ...filters } = c.req.valid("query");
        return c.json(await listComments(requesterOf(c), placeOf(c), filters, format, { page, limit }), 200);
      },
    )
    .openapi(
      userRoute({
        ...base,
        method: "post",
        path: comments,
        operationId: place.operations.post,
        permission: { content: "comment", on: "space" },
        summary: `Post a comment ${place.where}, optionally on one of its pages`,
        request: { params, body: jsonBody(PostCommentBody) },
        responses: { 200: jsonResponse(Comment, "The comment was posted"), ...errorResponses(400, 403, 404, 409) },
      }),
      async (c) => c.json(await postComment(callerOf(c), placeOf(c), c.req.valid("json")), 200),
    )
    .openapi(
      userRoute({
        ...base,
        method: "get",
        path: `${comments}/{commentId}`,
        operationId: place.operations.get,
        permission: { content: "view", on: "space" },
        summary: "Get a comment, with its reactions and repliers",
        request: { params: withComment, query: FormatQuery },
        responses: { 200: jsonResponse(Comment, "The comment"), ...errorResponses(400, 404) },
      }),
      async (c) => c.json(await getComment(callerOf(c), placeOf(c), c.req.valid("param").commentId, c.req.valid("query").format), 200),
    )
    .openapi(
      userRoute({
        ...base,
        method: "put",
        path: `${comments}/{commentId}`,
        operationId: place.operations.update,
        permission: {
          content: "comment",
          on: "space",
          note: "Editing the body is for the comment's author; resolving and reopening, for its author and space admins.",
        },
        summary: "Resolve or reopen a comment, edit its body, add or withdraw the caller's reactions",
        request: { params: withComment, body: jsonBody(UpdateCommentBody) },
        responses: { 200: jsonResponse(Comment, "The comment"), ...errorResponses(400, 403, 404, 409) },
      }),
      async (c) => c.json(await updateComment(callerOf(c), placeOf(c), c.req.valid("param").commentId, c.req.valid("json")), 200),
    )
    .openapi(
      userRoute({
        ...base,
        method: "delete",
        path: `${comments}/{commentId}`,
        operationId: place.operations.delete,
        permission: { content: "moderateComments", on: "space", note: "The comment's author may too, with the level `comment`." },
        summary: "Delete a comment, its replies and their reactions",
        request: { params: withComment },
        responses: { 204: noContent("Deleted (also when there was no such comment)"), ...errorResponses(403, 404, 409) },
      }),
      async (c) => {
        await deleteComment(callerOf(c), placeOf(c), c.req.valid("param").commentId);
        return c.body(null, 204);
      },
    )
    .openapi(
      userRoute({
        ...base,
        method: "get",
        path: `${place.prefix}/commenters`,
        operationId: place.operations.commenters,
        permission: { content: "view", on: "space" },
        authenticatesInItsRead: true,
        summary: `List the members who posted a comment or reply ${place.where}`,
        request: { params, query: z.object(listQuery) },
        responses: { 200: jsonResponse(listOf(OrganizationMember), "Commenters"), ...errorResponses(400, 404) },
      }),
      async (c) => c.json(await listCommenters(requesterOf(c), placeOf(c), c.req.valid("query")), 200),
    );
}
