import { getConversationIssue, getConversationsIssuesCluster, listConversationIssues, listConversationsIssuesClusters } from "../../domain/conversations/reads";
import { ConversationIssueItem, ConversationsIssuesCluster, ListClustersQuery, ListConversationsIssuesQuery } from "../../schemas/conversation";
import { listOf } from "../../schemas/list";
import { ConversationIssueParams, ConversationsIssuesClusterParams, OrganizationParams } from "../params";
import { createRouter, errorResponses, jsonResponse, requesterOf, userRoute } from "../shared";

const tags = ["conversations"];

/** The issues the analysis derives from conversations, and the clusters it groups them in. */
export const conversationIssueRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/conversations-issues",
      operationId: "listConversationsIssues",
      permission: { organization: "viewConversations" },
      authenticatesInItsRead: true,
      summary: "List conversation issues, newest first, each with its conversation",
      tags,
      request: { params: OrganizationParams, query: ListConversationsIssuesQuery },
      responses: { 200: jsonResponse(listOf(ConversationIssueItem), "Conversation issues"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { cluster, conversation, page, limit } = c.req.valid("query");
      return c.json(await listConversationIssues(requesterOf(c), c.req.valid("param").organizationId, { cluster, conversation }, { page, limit }), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/conversations-issues/{issueId}",
      operationId: "getConversationIssueById",
      permission: { organization: "viewConversations" },
      summary: "Get a conversation issue by ID, with its conversation",
      tags,
      request: { params: ConversationIssueParams },
      responses: { 200: jsonResponse(ConversationIssueItem, "The issue and its conversation"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, issueId } = c.req.valid("param");
      return c.json(await getConversationIssue(c.get("callerContext"), organizationId, issueId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/conversations-clusters",
      operationId: "listConversationsIssuesClusters",
      permission: { organization: "viewConversations" },
      authenticatesInItsRead: true,
      summary: "List conversations issues clusters",
      description: "`orderBy` names the value the clusters are sorted on (ties by id); `order` its direction.",
      tags,
      request: { params: OrganizationParams, query: ListClustersQuery },
      responses: { 200: jsonResponse(listOf(ConversationsIssuesCluster), "Clusters of issues"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { order, orderBy, status, page, limit } = c.req.valid("query");
      return c.json(await listConversationsIssuesClusters(requesterOf(c), c.req.valid("param").organizationId, { order, orderBy, status }, { page, limit }), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/conversations-clusters/{clusterId}",
      operationId: "getConversationsIssuesCluster",
      permission: { organization: "viewConversations" },
      summary: "Get a conversations issues cluster by its identifier",
      tags,
      request: { params: ConversationsIssuesClusterParams },
      responses: { 200: jsonResponse(ConversationsIssuesCluster, "The cluster"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, clusterId } = c.req.valid("param");
      return c.json(await getConversationsIssuesCluster(c.get("callerContext"), organizationId, clusterId), 200);
    },
  );
