import { ingestConversations } from "../../domain/conversations/ingest";
import { getConversation, listConversations } from "../../domain/conversations/reads";
import { Conversation, ConversationDetail, IngestConversationBody, ListConversationsQuery, MAX_INGEST_BODY_BYTES } from "../../schemas/conversation";
import { listOf } from "../../schemas/list";
import { ConversationParams, OrganizationParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["conversations"];

export const conversationRoutes = createRouter()
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/conversations",
      operationId: "ingestConversation",
      permission: { organization: "ingestConversations" },
      summary: "Ingest conversations",
      description:
        "One conversation or an array of them. A conversation is identified by its `id` within its source, which is the caller (`integration:api:<userId>`): ingesting an id again updates that conversation. Each is analysed in the background into an issue, assigned to a cluster of similar issues.",
      maxBodyBytes: MAX_INGEST_BODY_BYTES,
      tags,
      request: { params: OrganizationParams, body: jsonBody(IngestConversationBody) },
      responses: { 204: noContent("Conversations ingested"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      await ingestConversations(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json"));
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/conversations",
      operationId: "listConversations",
      permission: { organization: "viewConversations" },
      authenticatesInItsRead: true,
      summary: "List conversations, newest first",
      tags,
      request: { params: OrganizationParams, query: ListConversationsQuery },
      responses: { 200: jsonResponse(listOf(Conversation), "Conversations"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { source, page, limit } = c.req.valid("query");
      return c.json(await listConversations(requesterOf(c), c.req.valid("param").organizationId, { source }, { page, limit }), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/conversations/{conversationId}",
      operationId: "getConversationById",
      permission: { organization: "viewConversations" },
      summary: "Get a conversation by ID, with its parts and metadata",
      tags,
      request: { params: ConversationParams },
      responses: { 200: jsonResponse(ConversationDetail, "The conversation"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, conversationId } = c.req.valid("param");
      return c.json(await getConversation(c.get("callerContext"), organizationId, conversationId), 200);
    },
  );
