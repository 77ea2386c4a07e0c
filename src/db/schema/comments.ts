import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { changeRequests } from "./change-requests";
import { timestamp } from "./columns";
import { spaces } from "./content";

/**
 * Discussions (seed 2.10): comments posted on a space or inside one of its change requests,
 * their replies, and emoji reactions to either. Deleting a comment deletes its replies and every
 * reaction of the thread (cascades); the space's purge deletes its comments, and so the rest.
 *
 * What a comment shows beyond its row is computed where it is read, never stored: its reactions
 * (grouped per emoji), `replies` and `repliers` (grouped per user). The counters that are stored,
 * the open comments of a space and of a change request, are recounted in SQL in the batch of every
 * write that changes them.
 */
export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    /** Null for a comment on the space itself; the change request it was posted in otherwise. */
    changeRequestId: text("change_request_id").references(() => changeRequests.id, { onDelete: "cascade" }),
    /** The revision the target was in when the comment was posted (`target.revision`). */
    revisionId: text("revision_id").notNull(),
    /** The page commented on, kept as given even once the page is deleted (`targetPage` filters on it). */
    pageId: text("page_id"),
    nodeId: text("node_id"),
    tableCellRecord: text("table_cell_record"),
    tableCellDefinition: text("table_cell_definition"),
    /** Markdown as written; null for an empty body (`{}`). */
    body: text("body"),
    postedBy: text("posted_by").notNull(),
    postedAt: timestamp("posted_at").notNull(),
    editedAt: timestamp("edited_at"),
    status: text("status", { enum: ["open", "resolved"] }).notNull(),
    resolvedAt: timestamp("resolved_at"),
    resolvedBy: text("resolved_by"),
  },
  (table) => [
    // Lists: a space's own comments or a change request's, in posting order (keyset).
    index("comments_list").on(table.spaceId, table.changeRequestId, table.postedAt, table.id),
    // The open-comment counters are recounted through this one.
    index("comments_status").on(table.spaceId, table.changeRequestId, table.status),
    index("comments_change_request").on(table.changeRequestId),
  ],
);

export type CommentRow = typeof comments.$inferSelect;

export const commentReplies = sqliteTable(
  "comment_replies",
  {
    id: text("id").primaryKey(),
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    body: text("body"),
    postedBy: text("posted_by").notNull(),
    postedAt: timestamp("posted_at").notNull(),
    editedAt: timestamp("edited_at"),
  },
  (table) => [index("comment_replies_list").on(table.commentId, table.postedAt, table.id)],
);

export type CommentReplyRow = typeof commentReplies.$inferSelect;

/**
 * One row per user, emoji and comment or reply reacted to (`targetId`): reacting twice is a no-op
 * (the primary key), so concurrent reactions never double count. `commentId` is the thread, for
 * the cascade; a reply's reactions are deleted with the reply, in the same batch.
 */
export const commentReactions = sqliteTable(
  "comment_reactions",
  {
    targetId: text("target_id").notNull(),
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    userId: text("user_id").notNull(),
    reactedAt: timestamp("reacted_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.targetId, table.emoji, table.userId] }), index("comment_reactions_comment").on(table.commentId)],
);

export type CommentReactionRow = typeof commentReactions.$inferSelect;
