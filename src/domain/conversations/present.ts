import type { ConversationIssueRow, ConversationRow, ConversationsIssuesClusterRow } from "../../db/schema";
import type { Urls } from "../../lib/urls";
import { pulseWeeks, weeklyPulse } from "./weeks";

/** Rows of the conversations tables as GitBook's objects (0.146: Conversation, ConversationIssue, ConversationsIssuesCluster). */

const base = (organizationId: string) => `/orgs/${organizationId}`;

/** `metadata.url` is any string the source gave; it is the conversation's `urls.source` only when it is an absolute http(s) URL. */
function sourceUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** What a Conversation object is made of: the row without its parts (lists never read those). */
export type ConversationSummaryRow = Omit<ConversationRow, "parts">;

export function presentConversation(row: ConversationSummaryRow, urls: Urls) {
  const source = sourceUrl(row.metadata.url);
  return {
    object: "conversation" as const,
    id: row.id,
    ...(row.subject ? { subject: row.subject } : {}),
    createdAt: row.createdAt,
    ...(row.processedAt ? { processedAt: row.processedAt } : {}),
    source: row.source,
    urls: { location: urls.api(`${base(row.organizationId)}/conversations/${row.id}`), ...(source ? { source } : {}) },
  };
}

export function presentConversationDetail(row: ConversationRow, urls: Urls) {
  return { conversation: presentConversation(row, urls), parts: row.parts, metadata: row.metadata };
}

export function presentIssue(row: Pick<ConversationIssueRow, "id" | "organizationId" | "conversationId" | "title" | "summary" | "clusterId" | "createdAt" | "ingestedAt">, urls: Urls) {
  return {
    object: "conversation-issue" as const,
    id: row.id,
    title: row.title,
    summary: row.summary,
    createdAt: row.createdAt,
    ingestedAt: row.ingestedAt,
    conversation: row.conversationId,
    ...(row.clusterId ? { cluster: row.clusterId } : {}),
    urls: { location: urls.api(`${base(row.organizationId)}/conversations-issues/${row.id}`) },
  };
}

/**
 * `stats.tasks*` are 0: GitBook counts the tasks of its agents there, which this deployment has
 * none of (docs/decisions.md). `weeklyPulse` is computed against the time of the read.
 */
export function presentCluster(row: ConversationsIssuesClusterRow, urls: Urls, weeks = pulseWeeks(new Date())) {
  return {
    object: "issues-cluster" as const,
    id: row.id,
    label: row.label,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    icon: row.icon,
    summary: row.summary,
    weeklyPulse: weeklyPulse(row.weeks, weeks),
    sources: Object.fromEntries(Object.entries(row.sources).filter(([, count]) => count > 0)),
    stats: {
      issues: row.issues,
      conversations: row.conversations,
      tasksTotal: 0,
      tasksBacklog: 0,
      tasksStarted: 0,
      tasksCompleted: 0,
      tasksCancelled: 0,
    },
    urls: {
      location: urls.api(`${base(row.organizationId)}/conversations-clusters/${row.id}`),
      app: urls.app(`/o/${row.organizationId}/conversations/clusters/${row.id}`),
    },
  };
}
