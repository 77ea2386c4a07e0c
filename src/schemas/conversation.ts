import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, EntityId, Timestamp } from "./common";
import { listOrder, listQuery } from "./list";

/**
 * Support conversations, their issues and the clusters of issues (seed 2.16, 4.14; GitBook's spec
 * 0.146, the only version that has them). Limits on what one ingest may carry are ours (GitBook
 * states none); docs/decisions.md, "Support conversations", says why these.
 */
export const CONVERSATION_LIMITS = {
  /** Conversations in one ingest (the array variant). */
  conversations: 100,
  /** Parts (messages) in one conversation. */
  parts: 200,
  /** Characters in one part's body. */
  partBody: 32_768,
  /** Characters in all of one conversation's part bodies together (a D1 row holds at most 2 MB). */
  conversationBodies: 262_144,
  /** Entries of `metadata.attributes`, and the length of their keys and values. */
  attributes: 50,
  attributeKey: 100,
  attributeValue: 1_000,
} as const;

/** The whole request; bodies beyond it are a 413 before they are parsed. */
export const MAX_INGEST_BODY_BYTES = 2 * 1024 * 1024;

export const ConversationPartMessage = z
  .strictObject({
    type: z.literal("message"),
    role: z.enum(["user", "assistant", "team-member"]),
    body: z.string().max(CONVERSATION_LIMITS.partBody).openapi({ description: "Markdown or HTML body of the message." }),
  })
  .openapi("ConversationPartMessage", { description: "A message posted in the conversation by a user or a team member." });

export const ConversationPart = ConversationPartMessage;

export const ConversationMetadata = z
  .strictObject({
    url: z.string().max(2048).optional().openapi({ description: "URL to the conversation" }),
    attributes: z
      .record(z.string().min(1).max(CONVERSATION_LIMITS.attributeKey), z.string().max(CONVERSATION_LIMITS.attributeValue))
      .refine((attributes) => Object.keys(attributes).length <= CONVERSATION_LIMITS.attributes, {
        message: `Too big: expected at most ${CONVERSATION_LIMITS.attributes} attributes`,
      })
      .optional(),
    createdAt: z.iso.datetime({ offset: true }).optional().openapi({ description: "Date of the conversation creation" }),
  })
  .openapi("ConversationMetadata");

export const ConversationInput = z
  .strictObject({
    id: z.string().min(1).max(255).openapi({ description: "The unique identifier for the conversation, relative to the source in which it was created." }),
    metadata: ConversationMetadata.optional(),
    subject: z.string().max(512).optional().openapi({ description: "The subject of the conversation." }),
    parts: z
      .array(ConversationPart)
      .max(CONVERSATION_LIMITS.parts)
      .refine((parts) => parts.reduce((total, part) => total + part.body.length, 0) <= CONVERSATION_LIMITS.conversationBodies, {
        message: `Too big: expected the parts' bodies to have at most ${CONVERSATION_LIMITS.conversationBodies} characters together`,
      }),
  })
  .openapi("ConversationInput");

export type ConversationInputValue = z.infer<typeof ConversationInput>;

const EXAMPLE_CONVERSATION = {
  id: "ticket-4711",
  subject: "API key",
  metadata: { url: "https://support.example.com/tickets/4711", createdAt: "2026-11-20T09:30:00.000Z", attributes: { plan: "pro" } },
  parts: [
    { type: "message", role: "user", body: "Hi team,\n\nWhere do I find my API key?\n\nThanks,\nAda" },
    { type: "message", role: "team-member", body: "It is under Settings → API tokens." },
  ],
};

export const IngestConversationBody = z
  .union([ConversationInput, z.array(ConversationInput).min(1).max(CONVERSATION_LIMITS.conversations)])
  .openapi({ example: EXAMPLE_CONVERSATION as ConversationInputValue });

export const ConversationSource = z.string().openapi("ConversationSource", {
  description: "Where the conversation comes from: `integration:api:<userId>` for conversations ingested through the API by that user, `email` for email.",
});

export const Conversation = z
  .object({
    object: z.literal("conversation"),
    id: z.string(),
    subject: z.string().optional(),
    createdAt: Timestamp,
    processedAt: Timestamp.optional(),
    source: ConversationSource,
    urls: z.object({ location: AbsoluteUrl, source: AbsoluteUrl.optional() }),
  })
  .openapi("Conversation");

export const ConversationDetail = z.object({
  conversation: Conversation,
  parts: z.array(ConversationPart),
  metadata: ConversationMetadata,
});

export const ConversationIssue = z
  .object({
    object: z.literal("conversation-issue"),
    id: z.string(),
    title: z.string(),
    summary: z.string(),
    createdAt: Timestamp,
    ingestedAt: Timestamp,
    conversation: z.string(),
    cluster: z.string().optional(),
    urls: z.object({ location: AbsoluteUrl }),
  })
  .openapi("ConversationIssue");

export const ConversationIssueItem = z.object({ issue: ConversationIssue, conversation: Conversation });

export const ConversationsIssuesCluster = z
  .object({
    object: z.literal("issues-cluster"),
    id: z.string(),
    label: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    icon: z.string().max(50),
    summary: z.string(),
    weeklyPulse: z.array(z.number()).length(13).openapi({ description: "Issues per week over the past 13 weeks, oldest first, ending with the current week (weeks start on Monday, UTC)" }),
    sources: z.record(z.string(), z.number()).openapi({ description: "The number of issues of the cluster per source" }),
    stats: z.object({
      issues: z.number(),
      conversations: z.number(),
      tasksTotal: z.number(),
      tasksBacklog: z.number(),
      tasksStarted: z.number(),
      tasksCompleted: z.number(),
      tasksCancelled: z.number(),
    }),
    urls: z.object({ location: AbsoluteUrl, app: AbsoluteUrl }),
  })
  .openapi("ConversationsIssuesCluster");

export const ListConversationsQuery = z.object({
  ...listQuery,
  source: z.string().max(300).optional().openapi({ description: "Filter conversations by their source identifier" }),
});

export const ListConversationsIssuesQuery = z.object({
  ...listQuery,
  cluster: EntityId.optional().openapi({ description: "Filter conversation issues by cluster identifier." }),
  conversation: EntityId.optional().openapi({ description: "Filter conversation issues by conversation identifier." }),
});

export const ClustersOrderBy = z.enum(["updatedAt", "issues", "conversations", "tasksTotal", "tasksBacklog", "tasksStarted"]);
export type ClustersOrderByValue = z.infer<typeof ClustersOrderBy>;

export const ListClustersQuery = z.object({
  ...listQuery,
  order: listOrder,
  orderBy: ClustersOrderBy.default("updatedAt"),
  status: z.enum(["pending", "analysing"]).optional().openapi({ description: "Filter by status" }),
});
