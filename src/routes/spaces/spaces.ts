import { z } from "@hono/zod-openapi";
import { deleteSpace, duplicateSpace, moveSpace, restoreSpace, transferSpace } from "../../domain/spaces/lifecycle";
import { createSpace, getSpace, listSpacesInOrganization, updateSpace } from "../../domain/spaces/spaces";
import { getSpaceThroughShareKey } from "../../domain/sites/space-share-url";
import { getSpaceForVisitor } from "../../domain/sites/visitor-space";
import { MoveContentBody, TransferContentBody } from "../../schemas/content";
import { listOf, listQuery } from "../../schemas/list";
import { CreateSpaceBody, GetSpaceQuery, Space, UpdateSpaceBody } from "../../schemas/space";
import { OrganizationParams, SpaceParams } from "../params";
import { created, createdResponse, createRouter, errorResponses, jsonBody, jsonResponse, noContent, optionalJsonBody, requesterOf, userRoute } from "../shared";

const tags = ["spaces"];

export const spaceRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/spaces",
      operationId: "listSpacesInOrganizationById",
      permission: { organization: "view", note: "Guests see only the spaces shared with them." },
      authenticatesInItsRead: true,
      summary: "List the live spaces of an organization, oldest first",
      tags,
      request: { params: OrganizationParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(Space), "Spaces"), ...errorResponses(400, 404) },
    }),
    async (c) =>
      c.json(await listSpacesInOrganization(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/spaces",
      operationId: "createSpace",
      permission: { organization: "createContent" },
      summary: "Create a space, at the end of its collection (or of the top level)",
      tags,
      request: { params: OrganizationParams, body: optionalJsonBody(CreateSpaceBody) },
      responses: { 201: createdResponse(Space, "Space created"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const space = await createSpace(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json"));
      return created(c, space, space.urls.location);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/spaces/{spaceId}",
      operationId: "getSpaceById",
      permission: { content: "view", on: "space" },
      authenticatesInItsRead: true,
      readsPublished: true,
      summary: "Get a space (a deleted one too, with its deletedAt); with a shareKey, its published URL in that share link's site",
      tags,
      request: { params: SpaceParams, query: GetSpaceQuery },
      responses: { 200: jsonResponse(Space, "The space"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { spaceId } = c.req.valid("param");
      const { shareKey } = c.req.valid("query");
      const visitor = c.get("visitorContext");
      if (visitor) return c.json(await getSpaceForVisitor(visitor, spaceId), 200);
      const space = shareKey === undefined ? await getSpace(requesterOf(c), spaceId) : await getSpaceThroughShareKey(requesterOf(c), spaceId, shareKey);
      return c.json(space, 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/spaces/{spaceId}",
      operationId: "updateSpaceById",
      permission: { content: "admin", on: "space" },
      summary: "Update a space's settings (space admins)",
      tags,
      request: { params: SpaceParams, body: jsonBody(UpdateSpaceBody) },
      responses: { 200: jsonResponse(Space, "The space has been updated"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => c.json(await updateSpace(c.get("callerContext"), c.req.valid("param").spaceId, c.req.valid("json")), 200),
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/spaces/{spaceId}",
      operationId: "deleteSpaceById",
      permission: { content: "admin", on: "space" },
      summary: "Delete a space; it can be restored for 7 days, then it is purged",
      tags,
      request: { params: SpaceParams },
      responses: { 204: noContent("The space is deleted (or did not exist)"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      await deleteSpace(c.get("callerContext"), c.req.valid("param").spaceId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/spaces/{spaceId}/duplicate",
      operationId: "duplicateSpace",
      permission: { content: "create", on: "space", note: "The level is the caller's where the copy goes: the original's collection, or the organization at the top level." },
      summary: "Duplicate a space, next to the original",
      tags,
      request: { params: SpaceParams },
      responses: { 201: createdResponse(Space, "Space duplicated"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const space = await duplicateSpace(c.get("callerContext"), c.req.valid("param").spaceId);
      return created(c, space, space.urls.location);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/spaces/{spaceId}/restore",
      operationId: "restoreSpace",
      permission: { content: "admin", on: "space" },
      summary: "Restore a space deleted in the last 7 days",
      tags,
      request: { params: SpaceParams },
      responses: { 200: jsonResponse(Space, "Space restored"), ...errorResponses(400, 403, 404, 410) },
    }),
    async (c) => c.json(await restoreSpace(c.get("callerContext"), c.req.valid("param").spaceId), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/spaces/{spaceId}/move",
      operationId: "moveSpace",
      permission: { content: "admin", on: "space" },
      summary: "Move a space into or out of a collection, before or after a sibling",
      tags,
      request: { params: SpaceParams, body: jsonBody(MoveContentBody) },
      responses: { 200: jsonResponse(Space, "Space moved"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => c.json(await moveSpace(c.get("callerContext"), c.req.valid("param").spaceId, c.req.valid("json")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/spaces/{spaceId}/transfer",
      operationId: "transferSpace",
      permission: { content: "admin", on: "space" },
      summary: "Transfer a space to another organization the caller administers",
      tags,
      request: { params: SpaceParams, body: jsonBody(TransferContentBody) },
      responses: { 200: jsonResponse(Space, "Space transferred"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) =>
      c.json(await transferSpace(c.get("callerContext"), c.req.valid("param").spaceId, c.req.valid("json").organization), 200),
  );
