import { z } from "@hono/zod-openapi";
import { listChangeRequestContributors } from "../../domain/change-requests/contributors";
import { Timestamp } from "../../schemas/common";
import { listOf } from "../../schemas/list";
import { User } from "../../schemas/user";
import { ChangeRequestParams } from "../params";
import { createRouter, errorResponses, jsonResponse, requesterOf, userRoute } from "../shared";

/** Who edited a change request and who discussed it (GitBook's `getContributorsByChangeRequestId`). */

const ChangeRequestContributor = z
  .object({
    updatedAt: Timestamp.openapi({ description: "When they last contributed this way" }),
    count: z.number().int().openapi({ description: "How many edits (revisions), or comments and replies" }),
    user: User,
    actionType: z.enum(["edit", "comment"]),
  })
  .openapi("ChangeRequestUserContributor");

export const changeRequestContributorRoutes = createRouter().openapi(
  userRoute({
    tags: ["change-request-contributors"],
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/contributors",
    operationId: "getContributorsByChangeRequestId",
    permission: { content: "view", on: "space" },
    authenticatesInItsRead: true,
    summary: "Who edited the change request and who commented in it, most recent first",
    request: { params: ChangeRequestParams },
    responses: { 200: jsonResponse(listOf(ChangeRequestContributor), "Contributors on the change request"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    return c.json(await listChangeRequestContributors(requesterOf(c), spaceId, changeRequestId), 200);
  },
);
