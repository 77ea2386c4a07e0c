import {
  getChangeRequest,
  listChangeRequestsForOrganization,
  listChangeRequestsForSpace,
  updateChangeRequestDetails,
} from "../../domain/change-requests/change-requests";
import { createChangeRequestWithTemplate } from "../../domain/templates/templates";
import {
  ChangeRequest,
  CreateChangeRequestBody,
  ListOrganizationChangeRequestsQuery,
  ListSpaceChangeRequestsQuery,
  UpdateChangeRequestBody,
} from "../../schemas/change-request";
import { listOf, listQuery } from "../../schemas/list";
import { ChangeRequestParams, OrganizationParams, SpaceParams } from "../params";
import { createRouter, created, createdResponse, errorResponses, jsonBody, jsonResponse, requesterOf, userRoute } from "../shared";

const base = { tags: ["change-requests"] };

export const changeRequestRoutes = createRouter()
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/spaces/{spaceId}/change-requests",
      operationId: "listChangeRequestsForSpace",
      permission: { content: "view", on: "space" },
      authenticatesInItsRead: true,
      summary: "List the space's change requests (status open by default), most recently updated first",
      request: { params: SpaceParams, query: ListSpaceChangeRequestsQuery.extend(listQuery) },
      responses: { 200: jsonResponse(listOf(ChangeRequest), "Change requests"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { page, limit, status, ...filters } = c.req.valid("query");
      return c.json(
        await listChangeRequestsForSpace(requesterOf(c), c.req.valid("param").spaceId, { ...filters, statuses: [status] }, { page, limit }),
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
      permission: { organization: "view", note: "Only change requests of spaces the caller can see are listed." },
      authenticatesInItsRead: true,
      summary: "List the change requests of the organization's live spaces",
      request: { params: OrganizationParams, query: ListOrganizationChangeRequestsQuery.extend(listQuery) },
      responses: { 200: jsonResponse(listOf(ChangeRequest), "Change requests"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { page, limit, status, ...filters } = c.req.valid("query");
      return c.json(
        await listChangeRequestsForOrganization(
          requesterOf(c),
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
      permission: { content: "edit", on: "space" },
      summary: "Create a change request (a draft) from the space's active revision, with a template applied to it when `template` is given",
      request: { params: SpaceParams, body: jsonBody(CreateChangeRequestBody) },
      responses: { 201: createdResponse(ChangeRequest, "Change request created"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const changeRequest = await createChangeRequestWithTemplate(c.get("callerContext"), c.req.valid("param").spaceId, c.req.valid("json"));
      return created(c, changeRequest, changeRequest.urls.location);
    },
  )
  .openapi(
    userRoute({
      ...base,
      method: "get",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}",
      operationId: "getChangeRequestById",
      permission: { content: "view", on: "space" },
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
      permission: { content: "edit", on: "space" },
      summary: "Update a change request's subject, description or status (draft, open, archived)",
      request: { params: ChangeRequestParams, body: jsonBody(UpdateChangeRequestBody) },
      responses: { 200: jsonResponse(ChangeRequest, "The change request"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await updateChangeRequestDetails(c.get("callerContext"), spaceId, changeRequestId, c.req.valid("json")), 200);
    },
  );
