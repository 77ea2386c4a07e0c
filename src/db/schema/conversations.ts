import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { json, timestamp } from "./columns";
import { organizations } from "./organizations";

/**
 * Support conversations (seed 2.16, GitBook 0.146), the issues the analysis job derives from them
 * and the clusters of similar issues (domain/conversations). The similarity model's state is kept
 * per organization in rows that writes only ever increment or decrement, so concurrent jobs never
 * lose an update: document frequencies (`conversation_terms`, `conversation_corpora`) and each
 * cluster's centroid (`conversation_cluster_terms`).
 */

export interface ConversationPartRow {
  type: "message";
  role: "user" | "assistant" | "team-member";
  body: string;
}

export interface ConversationMetadataRow {
  url?: string;
  attributes?: Record<string, string>;
  createdAt?: string;
}

export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** `integration:api:<userId>` (who ingested it) or `email`; see docs/decisions.md. */
    source: text("source").notNull(),
    /** The id the source gave the conversation (`ConversationInput.id`): unique within the source. */
    externalId: text("external_id").notNull(),
    subject: text("subject"),
    parts: json<ConversationPartRow[]>("parts").notNull(),
    metadata: json<ConversationMetadataRow>("metadata").notNull(),
    /** SHA-256 of what was ingested: an identical re-ingest changes nothing and queues nothing. */
    contentHash: text("content_hash").notNull(),
    /** Counts the ingests that changed it; each analysis job carries the revision it was sent for. */
    revision: integer("revision").notNull(),
    /** The last revision whose analysis was written: a job at or below it is a redelivery. */
    processedRevision: integer("processed_revision").notNull(),
    /** `metadata.createdAt`, else when it was first ingested. */
    createdAt: timestamp("created_at").notNull(),
    ingestedAt: timestamp("ingested_at").notNull(),
    processedAt: timestamp("processed_at"),
  },
  (table) => [
    uniqueIndex("conversations_source_external").on(table.organizationId, table.source, table.externalId),
    index("conversations_list").on(table.organizationId, table.createdAt, table.id),
    index("conversations_by_source").on(table.organizationId, table.source, table.createdAt, table.id),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;

export const conversationsIssuesClusters = sqliteTable(
  "conversations_issues_clusters",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    summary: text("summary").notNull(),
    icon: text("icon").notNull(),
    issues: integer("issues").notNull(),
    conversations: integer("conversations").notNull(),
    /** Issues per source: `{source: count}`. */
    sources: json<Record<string, number>>("sources").notNull(),
    /** Issues per week, keyed by the week's Monday (`YYYY-MM-DD`, UTC); read as `weeklyPulse`. */
    weeks: json<Record<string, number>>("weeks").notNull(),
    /** The squared length of the centroid (the sum of its issues' unit vectors), for cosines. */
    normSquared: real("norm_squared").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    index("conversations_clusters_updated").on(table.organizationId, table.updatedAt, table.id),
    index("conversations_clusters_issues").on(table.organizationId, table.issues, table.id),
    index("conversations_clusters_conversations").on(table.organizationId, table.conversations, table.id),
  ],
);

export type ConversationsIssuesClusterRow = typeof conversationsIssuesClusters.$inferSelect;

/** One issue per conversation (`ordinal` 0), re-derived when the conversation changes. */
export const conversationIssues = sqliteTable(
  "conversation_issues",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** SHA-256 of title and summary: a re-ingest that leaves them as they were keeps the cluster. */
    textHash: text("text_hash").notNull(),
    /** The cluster it counts in; null while it is being (re)assigned. */
    clusterId: text("cluster_id").references(() => conversationsIssuesClusters.id, { onDelete: "set null" }),
    /** Its unit TF-IDF vector as added to the cluster's centroid, so removing it subtracts exactly that. */
    vector: json<Record<string, number>>("vector"),
    /** The week and source it was counted under in its cluster. */
    week: text("week").notNull(),
    source: text("source").notNull(),
    createdAt: timestamp("created_at").notNull(),
    ingestedAt: timestamp("ingested_at").notNull(),
  },
  (table) => [
    uniqueIndex("conversation_issues_conversation").on(table.conversationId, table.ordinal),
    index("conversation_issues_list").on(table.organizationId, table.createdAt, table.id),
    index("conversation_issues_cluster").on(table.organizationId, table.clusterId, table.createdAt, table.id),
  ],
);

export type ConversationIssueRow = typeof conversationIssues.$inferSelect;

/** How many of the organization's clustered issues contain each term (the IDF's document frequency). */
export const conversationTerms = sqliteTable(
  "conversation_terms",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    issues: integer("issues").notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.term] })],
);

/** How many issues of the organization are clustered (the IDF's N). */
export const conversationCorpora = sqliteTable("conversation_corpora", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  issues: integer("issues").notNull(),
});

/** A cluster's centroid as postings: the sum of its issues' weights per term. */
export const conversationClusterTerms = sqliteTable(
  "conversation_cluster_terms",
  {
    clusterId: text("cluster_id")
      .notNull()
      .references(() => conversationsIssuesClusters.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull(),
    term: text("term").notNull(),
    weight: real("weight").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clusterId, table.term] }),
    // The candidate search: the postings of a new issue's terms, across the organization's clusters.
    index("conversation_cluster_terms_term").on(table.organizationId, table.term),
  ],
);
