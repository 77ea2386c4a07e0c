import { z } from "@hono/zod-openapi";
import {
  createChangeRequest,
  getChangeRequest,
  listChangeRequestsForOrganization,
  listChangeRequestsForSpace,
  updateChangeRequestDetails,
} from "../domain/change-requests/change-requests";
import { editChangeRequestContent, mergeChangeRequestIntoMain, updateChangeRequestFromMain } from "../domain/change-requests/coordinated";
import { getReview, listRequestedReviewers, listReviews, removeRequestedReviewer, requestReviewers, submitReview } from "../domain/change-requests/reviews";
import { listOf, listQuery } from "../lib/pagination";
import { OptionalQuerySwitch } from "../schemas/common";
import {
  ChangeRequest,
  ChangeRequestReview,
  CreateChangeRequestBody,
  ListOrganizationChangeRequestsQuery,
  ListSpaceChangeRequestsQuery,
  RequestReviewersBody,
  RequestedReviewer,
  SubmitReviewBody,
  SyncChangeRequestResult,
  UpdateChangeRequestBody,
} from "../schemas/change-request";
import { UpdateChangeRequestContentBody, UpdateChangeRequestContentQuery } from "../schemas/change-request-content";
import { OrganizationParams, createRouter, errorResponses, jsonBody, jsonResponse, noContent, pathParam, userRoute } from "./shared";

const tags = ["change-requests"];
const SpaceParams = z.object({ spaceId: pathParam("spaceId", "The unique id of the space") });
const ChangeRequestParams = SpaceParams.extend({
  changeRequestId: pathParam("changeRequestId", "The unique id of the change request or its number in the space"),
});
const base = { tags };

export const changeRequestRoutes = createRouter()
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/spaces/{spaceId}/change-requests",
      operationId: "listChangeRequestsForSpace",
      summary: "List the space's change requests (status open by default), most recently updated first",
      request: { params: SpaceParams, query: ListSpaceChangeRequestsQuery.extend(listQuery) },
      responses: { 200: jsonResponse(listOf(ChangeRequest), "Change requests"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { page, limit, status, ...filters } = c.req.valid("query");
      return c.json(
        await listChangeRequestsForSpace(c.get("callerContext"), c.req.valid("param").spaceId, { ...filters, statuses: [status] }, { page, limit }),
        200,
      );
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/orgs/{organizationId}/change-requests",
      operationId: "listChangeRequestsForOrganization",
      summary: "List the change requests of the organization's live spaces",
      request: { params: OrganizationParams, query: ListOrganizationChangeRequestsQuery.extend(listQuery) },
      responses: { 200: jsonResponse(listOf(ChangeRequest), "Change requests"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { page, limit, status, ...filters } = c.req.valid("query");
      return c.json(
        await listChangeRequestsForOrganization(
          c.get("callerContext"),
          c.req.valid("param").organizationId,
          { ...filters, statuses: status },
          { page, limit },
        ),
        200,
      );
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "post",
      path: "/spaces/{spaceId}/change-requests",
      operationId: "createChangeRequest",
      summary: "Create a change request (a draft) from the space's active revision",
      request: { params: SpaceParams, body: jsonBody(CreateChangeRequestBody) },
      responses: { 201: jsonResponse(ChangeRequest, "Change request created"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const created = await createChangeRequest(c.get("callerContext"), c.req.valid("param").spaceId, c.req.valid("json"));
      c.header("Location", created.urls.location);
      return c.json(created, 201);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}",
      operationId: "getChangeRequestById",
      summary: "Get a change request by id or number",
      request: { params: ChangeRequestParams },
      responses: { 200: jsonResponse(ChangeRequest, "The change request"), ...errorResponses(404) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await getChangeRequest(c.get("callerContext"), spaceId, changeRequestId), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "patch",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}",
      operationId: "updateChangeRequestById",
      summary: "Update a change request's subject, description or status (draft, open, archived)",
      request: { params: ChangeRequestParams, body: jsonBody(UpdateChangeRequestBody) },
      responses: { 200: jsonResponse(ChangeRequest, "The change request"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await updateChangeRequestDetails(c.get("callerContext"), spaceId, changeRequestId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "post",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/merge",
      operationId: "mergeChangeRequest",
      summary: "Merge the change request into the space (three-way); conflicts are brought into it instead",
      request: { params: ChangeRequestParams },
      responses: { 200: jsonResponse(SyncChangeRequestResult(["merge", "conflicts"]), "Merge result"), ...errorResponses(403, 404, 409) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await mergeChangeRequestIntoMain(c.get("callerContext"), spaceId, changeRequestId), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "post",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/update",
      operationId: "updateChangeRequest",
      summary: "Bring the space's latest content into the change request (three-way)",
      request: { params: ChangeRequestParams },
      responses: { 200: jsonResponse(SyncChangeRequestResult(["update", "conflicts"]), "Update result"), ...errorResponses(403, 404, 409) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await updateChangeRequestFromMain(c.get("callerContext"), spaceId, changeRequestId), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "post",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
      operationId: "updateChangeRequestContent",
      summary: "Apply page and file changes to the change request, as one new revision, all or nothing",
      request: { params: ChangeRequestParams, query: UpdateChangeRequestContentQuery, body: jsonBody(UpdateChangeRequestContentBody) },
      responses: {
        200: jsonResponse(z.union([ChangeRequest, z.looseObject({ changeRequest: ChangeRequest })]), "The change request (and, with compat=false, what changed)"),
        ...errorResponses(400, 403, 404, 409),
      },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(
        await editChangeRequestContent(c.get("callerContext"), spaceId, changeRequestId, c.req.valid("json").changes, c.req.valid("query").compat),
        200,
      );
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "post",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
      operationId: "submitChangeRequestReview",
      summary: "Review the change request (approved or changes-requested)",
      request: { params: ChangeRequestParams, body: jsonBody(SubmitReviewBody) },
      responses: { 201: jsonResponse(ChangeRequestReview, "Review submitted"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      const review = await submitReview(c.get("callerContext"), spaceId, changeRequestId, c.req.valid("json").status);
      c.header("Location", review.urls.location);
      return c.json(review, 201);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
      operationId: "getReviewsByChangeRequestId",
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
      return c.json(await listReviews(c.get("callerContext"), spaceId, changeRequestId, outdated, page), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}",
      operationId: "getChangeRequestReviewById",
      summary: "Get a review of the change request",
      request: { params: ChangeRequestParams.extend({ reviewId: pathParam("reviewId", "The unique id of the review") }) },
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
      summary: "List the users asked to review the change request",
      request: { params: ChangeRequestParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(RequestedReviewer), "Requested reviewers"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await listRequestedReviewers(c.get("callerContext"), spaceId, changeRequestId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "post",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
      operationId: "requestReviewersForChangeRequest",
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
      summary: "Withdraw a review request",
      request: { params: ChangeRequestParams.extend({ userId: pathParam("userId", "The unique id of the user") }) },
      responses: { 204: noContent("Withdrawn (also when there was no such request)"), ...errorResponses(403, 404) },
    }),
    async (c) => {
      const { spaceId, changeRequestId, userId } = c.req.valid("param");
      await removeRequestedReviewer(c.get("callerContext"), spaceId, changeRequestId, userId);
      return c.body(null, 204);
    },
  );
