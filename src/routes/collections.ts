import { z } from "@hono/zod-openapi";
import {
  createCollection,
  getCollection,
  listCollectionsInOrganization,
  updateCollection,
} from "../domain/collections/collections";
import { deleteCollection, moveCollection, transferCollection } from "../domain/collections/lifecycle";
import { listSpacesInCollection } from "../domain/spaces/spaces";
import { Collection, CollectionListFilters, CreateCollectionBody, UpdateCollectionBody } from "../schemas/collection";
import { MoveContentBody, TransferContentBody } from "../schemas/content";
import { listOf, listQuery } from "../schemas/list";
import { Space } from "../schemas/space";
import { CollectionParams, OrganizationParams } from "./params";
import { created, createdResponse, createRouter, errorResponses, jsonBody, jsonResponse, noContent, optionalJsonBody, requesterOf, userRoute } from "./shared";

const tags = ["collections"];

export const collectionRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/collections",
      operationId: "listCollectionsInOrganizationById",
      permission: { organization: "view", note: "Guests see only the collections shared with them." },
      authenticatesInItsRead: true,
      summary: "List an organization's collections",
      tags,
      request: { params: OrganizationParams, query: z.object({ ...listQuery, ...CollectionListFilters }) },
      responses: { 200: jsonResponse(listOf(Collection), "Collections"), ...errorResponses(400, 404) },
    }),
    async (c) =>
      c.json(await listCollectionsInOrganization(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/collections",
      operationId: "createCollection",
      permission: { organization: "createContent" },
      summary: "Create a collection, at the end of its parent (or of the top level)",
      tags,
      request: { params: OrganizationParams, body: optionalJsonBody(CreateCollectionBody) },
      responses: { 201: createdResponse(Collection, "Collection created"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const collection = await createCollection(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json"));
      return created(c, collection, collection.urls.location);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/collections/{collectionId}",
      operationId: "getCollectionById",
      permission: { content: "view", on: "collection" },
      summary: "Get a collection",
      tags,
      request: { params: CollectionParams },
      responses: { 200: jsonResponse(Collection, "The collection"), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await getCollection(c.get("callerContext"), c.req.valid("param").collectionId), 200),
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/collections/{collectionId}",
      operationId: "updateCollectionById",
      permission: { content: "admin", on: "collection" },
      summary: "Update a collection (collection admins)",
      tags,
      request: { params: CollectionParams, body: jsonBody(UpdateCollectionBody) },
      responses: { 200: jsonResponse(Collection, "The collection has been updated"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await updateCollection(c.get("callerContext"), c.req.valid("param").collectionId, c.req.valid("json")), 200),
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/collections/{collectionId}",
      operationId: "deleteCollectionById",
      permission: { content: "admin", on: "collection" },
      summary: "Delete a collection, its nested collections, and (restorably) their spaces",
      tags,
      request: { params: CollectionParams },
      responses: { 204: noContent("The collection is deleted (or did not exist)"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      await deleteCollection(c.get("callerContext"), c.req.valid("param").collectionId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/collections/{collectionId}/spaces",
      operationId: "listSpacesInCollectionById",
      permission: { content: "view", on: "collection" },
      authenticatesInItsRead: true,
      summary: "List the live spaces directly in a collection, in their order",
      tags,
      request: { params: CollectionParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(Space), "Spaces"), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await listSpacesInCollection(requesterOf(c), c.req.valid("param").collectionId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/collections/{collectionId}/move",
      operationId: "moveCollection",
      permission: { content: "admin", on: "collection" },
      summary: "Move a collection under another one (or to the top level), before or after a sibling",
      tags,
      request: { params: CollectionParams, body: jsonBody(MoveContentBody) },
      responses: { 200: jsonResponse(Collection, "Collection moved"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => c.json(await moveCollection(c.get("callerContext"), c.req.valid("param").collectionId, c.req.valid("json")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/collections/{collectionId}/transfer",
      operationId: "transferCollection",
      permission: { content: "admin", on: "collection" },
      summary: "Transfer a collection, with everything in it, to another organization the caller administers",
      tags,
      request: { params: CollectionParams, body: jsonBody(TransferContentBody) },
      responses: { 200: jsonResponse(Collection, "Collection transferred"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await transferCollection(c.get("callerContext"), c.req.valid("param").collectionId, c.req.valid("json").organization),
        200,
      ),
  );
