import { z } from "@hono/zod-openapi";
import { editChangeRequestContent, mergeChangeRequestIntoMain, updateChangeRequestFromMain } from "../../domain/change-requests/coordinated";
import { MAX_CONTENT_EDIT_BODY_BYTES } from "../../http/body-limit";
import { ChangeRequest, SyncChangeRequestResult } from "../../schemas/change-request";
import { UpdateChangeRequestContentBody, UpdateChangeRequestContentQuery } from "../../schemas/change-request-content";
import { ChangeRequestParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, userRoute } from "../shared";

/**
 * The routes that create a revision of a change request or of its space: content edits, update
 * from main, merge. Each runs in the space's SpaceCoordinator (domain/change-requests/coordinated.ts).
 */

const base = { tags: ["change-requests"] };

export const changeRequestContentRoutes = createRouter()
  .openapi(
    userRoute({
      ...base,
      method: "post",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
      operationId: "updateChangeRequestContent",
      permission: { content: "edit", on: "space" },
      maxBodyBytes: MAX_CONTENT_EDIT_BODY_BYTES,
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
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/update",
      operationId: "updateChangeRequest",
      permission: { content: "edit", on: "space" },
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
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/merge",
      operationId: "mergeChangeRequest",
      permission: { content: "merge", on: "space" },
      summary: "Merge the change request into the space (three-way); conflicts are brought into it instead",
      request: { params: ChangeRequestParams },
      responses: { 200: jsonResponse(SyncChangeRequestResult(["merge", "conflicts"]), "Merge result"), ...errorResponses(403, 404, 409) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await mergeChangeRequestIntoMain(c.get("callerContext"), spaceId, changeRequestId), 200);
    },
  );
