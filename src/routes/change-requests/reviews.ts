import { z } from "@hono/zod-openapi";
import { getReview, listRequestedReviewers, listReviews, removeRequestedReviewer, requestReviewers, submitReview } from "../../domain/change-requests/reviews";
import { ChangeRequestReview, RequestReviewersBody, RequestedReviewer, SubmitReviewBody } from "../../schemas/change-request";
import { OptionalQuerySwitch } from "../../schemas/common";
import { listOf, listQuery } from "../../schemas/list";
import { ChangeRequestParams, RequestedReviewerParams, ReviewParams } from "../params";
import { createRouter, created, createdResponse, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

/** A change request's reviews, and the users asked to review it. */

const base = { tags: ["change-requests"] };

export const changeRequestReviewRoutes = createRouter()
  .openapi(
    userRoute({
      ...base,
      method: "post",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
      operationId: "submitChangeRequestReview",
      permission: { content: "review", on: "space", note: "The author may not review their own change request." },
      summary: "Review the change request (approved or changes-requested)",
      request: { params: ChangeRequestParams, body: jsonBody(SubmitReviewBody) },
      responses: { 201: createdResponse(ChangeRequestReview, "Review submitted"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      const review = await submitReview(c.get("callerContext"), spaceId, changeRequestId, c.req.valid("json").status);
      return created(c, review, review.urls.location);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
      operationId: "getReviewsByChangeRequestId",
      permission: { content: "view", on: "space" },
      authenticatesInItsRead: true,
      summary: "List the reviews of the change request, newest first",
      request: {
        params: ChangeRequestParams,
        query: z.object({
          ...listQuery,
          outdated: OptionalQuerySwitch("Only outdated (true) or current (false) reviews"),
        }),
      },
      responses: { 200: jsonResponse(listOf(ChangeRequestReview), "Reviews"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      const { outdated, ...page } = c.req.valid("query");
      return c.json(await listReviews(requesterOf(c), spaceId, changeRequestId, outdated, page), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}",
      operationId: "getChangeRequestReviewById",
      permission: { content: "view", on: "space" },
      summary: "Get a review of the change request",
      request: { params: ReviewParams },
      responses: { 200: jsonResponse(ChangeRequestReview, "The review"), ...errorResponses(404) },
    }),
    async (c) => {
      const { spaceId, changeRequestId, reviewId } = c.req.valid("param");
      return c.json(await getReview(c.get("callerContext"), spaceId, changeRequestId, reviewId), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
      operationId: "getRequestedReviewersByChangeRequestId",
      permission: { content: "view", on: "space" },
      authenticatesInItsRead: true,
      summary: "List the users asked to review the change request",
      request: { params: ChangeRequestParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(RequestedReviewer), "Requested reviewers"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await listRequestedReviewers(requesterOf(c), spaceId, changeRequestId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "post",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
      operationId: "requestReviewersForChangeRequest",
      permission: { content: "edit", on: "space" },
      summary: "Ask members to review the change request (asking again makes their earlier review outdated)",
      request: { params: ChangeRequestParams, body: jsonBody(RequestReviewersBody) },
      responses: { 200: jsonResponse(z.object({ users: z.array(RequestedReviewer) }), "Requests sent"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await requestReviewers(c.get("callerContext"), spaceId, changeRequestId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "delete",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}",
      operationId: "removeRequestedReviewerFromChangeRequest",
      permission: { content: "edit", on: "space" },
      summary: "Withdraw a review request",
      request: { params: RequestedReviewerParams },
      responses: { 204: noContent("Withdrawn (also when there was no such request)"), ...errorResponses(403, 404) },
    }),
    async (c) => {
      const { spaceId, changeRequestId, userId } = c.req.valid("param");
      await removeRequestedReviewer(c.get("callerContext"), spaceId, changeRequestId, userId);
      return c.body(null, 204);
    },
  );
