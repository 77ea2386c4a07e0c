import { asc, count, eq, max, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { commentReactions, commentReplies, comments, users, type CommentReactionRow, type CommentReplyRow, type CommentRow } from "../../db/schema";
import { markdownToDocument } from "../../formats/markdown";
import { commentPermissions } from "../../lib/permissions";
import type { Role } from "../../lib/roles";
import type { Urls } from "../../lib/urls";
import type { CommentObject, CommentReplyObject } from "../../schemas/comment";
import { joinedUser, joinedUserColumns } from "../users/joined";
import { presentUser } from "../users/users";

/**
 * Comments and replies as the API shows them. A comment is read with its poster and resolver
 * (joined), its reactions and its repliers (two grouped reads sent in the same batch, for one
 * comment or a whole page of them), so no read is made per comment. Joined columns get names of
 * their own: D1 returns batched rows keyed by column name (docs/architecture.md, "D1 limits").
 */

const poster = alias(users, "poster");
const resolver = alias(users, "resolver");
const reactor = alias(users, "reactor");
const replier = alias(users, "replier");

export type CommentRecord = { comment: CommentRow } & Record<string, unknown>;
export type ReplyRecord = { reply: CommentReplyRow } & Record<string, unknown>;
type ReactionRecord = { reaction: CommentReactionRow } & Record<string, unknown>;
type ReplierRecord = { commentId: string; userId: string; replies: number; lastReplyAt: string } & Record<string, unknown>;

export function selectCommentRecords(db: Database) {
  return db
    .select({ comment: comments, ...joinedUserColumns(poster, "poster"), ...joinedUserColumns(resolver, "resolver") })
    .from(comments)
    .leftJoin(poster, eq(poster.id, comments.postedBy))
    .leftJoin(resolver, eq(resolver.id, comments.resolvedBy));
}

export function selectReplyRecords(db: Database) {
  return db.select({ reply: commentReplies, ...joinedUserColumns(poster, "poster") }).from(commentReplies).leftJoin(poster, eq(poster.id, commentReplies.postedBy));
}

/** The reactions to the comments or replies `targets` selects, in the order they were made. */
export function selectReactions(db: Database, targets: SQL) {
  return db
    .select({ reaction: commentReactions, ...joinedUserColumns(reactor, "reactor") })
    .from(commentReactions)
    .leftJoin(reactor, eq(reactor.id, commentReactions.userId))
    .where(targets)
    .orderBy(asc(commentReactions.reactedAt), asc(commentReactions.emoji), asc(commentReactions.userId));
}

/** Who replied to the comments `threads` selects: per comment and user, how often and when last. */
export function selectRepliers(db: Database, threads: SQL) {
  return db
    .select({
      commentId: commentReplies.commentId,
      userId: commentReplies.postedBy,
      replies: count().as("reply_count"),
      lastReplyAt: max(commentReplies.postedAt).as("last_reply_at"),
      ...joinedUserColumns(replier, "replier"),
    })
    .from(commentReplies)
    .leftJoin(replier, eq(replier.id, commentReplies.postedBy))
    .where(threads)
    .groupBy(commentReplies.commentId, commentReplies.postedBy);
}

/** How a caller sees comments: their level on the space decides the `permissions` objects. */
export interface Viewer {
  callerId: string;
  level: Role;
  format: "markdown" | "document";
  urls: Urls;
  /** The API path of the place the comments are in. */
  path: string;
}

/** What the grouped reads of a batch answered, by comment or reply id. */
export interface Extras {
  reactions: Map<string, ReactionRecord[]>;
  repliers: Map<string, ReplierRecord[]>;
}

export function extrasOf(reactions: unknown, repliers: unknown = []): Extras {
  return { reactions: groupBy(reactions as ReactionRecord[], (row) => row.reaction.targetId), repliers: groupBy(repliers as ReplierRecord[], (row) => row.commentId) };
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

export function presentComment(record: CommentRecord, extras: Extras, viewer: Viewer): CommentObject {
  const { comment: row } = record;
  const repliers = (extras.repliers.get(row.id) ?? [])
    .map((entry) => ({ updatedAt: entry.lastReplyAt, count: Number(entry.replies), user: presentUser(joinedUser(entry, "replier", entry.userId), viewer.urls) }))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  const resolved = row.status === "resolved" && row.resolvedAt !== null;
  return {
    object: "comment",
    ...presentPost(record, row, extras, viewer),
    replies: repliers.reduce((total, entry) => total + entry.count, 0),
    repliers,
    target: {
      ...(row.nodeId ? { node: { id: row.nodeId } } : {}),
      ...(row.tableCellRecord && row.tableCellDefinition ? { tableCell: { record: row.tableCellRecord, definition: row.tableCellDefinition } } : {}),
      ...(row.changeRequestId ? { changeRequest: row.changeRequestId } : {}),
      ...(row.pageId ? { page: { id: row.pageId } } : {}),
      space: row.spaceId,
      revision: row.revisionId,
    },
    urls: { location: viewer.urls.api(`${viewer.path}/comments/${row.id}`) },
    ...(resolved
      ? {
          status: "resolved" as const,
          resolvedAt: row.resolvedAt!,
          resolvedBy: presentUser(joinedUser(record, "resolver", row.resolvedBy ?? ""), viewer.urls),
        }
      : { status: "open" as const }),
  };
}

export function presentReply(record: ReplyRecord, extras: Extras, viewer: Viewer): CommentReplyObject {
  const { reply: row } = record;
  return {
    object: "comment-reply",
    ...presentPost(record, row, extras, viewer),
    urls: { location: viewer.urls.api(`${viewer.path}/comments/${row.commentId}/replies/${row.id}`) },
  };
}

/** What a comment and a reply both show: who posted what when, its reactions, and what the caller may do with it. */
function presentPost(record: Record<string, unknown>, row: CommentRow | CommentReplyRow, extras: Extras, viewer: Viewer) {
  return {
    id: row.id,
    postedBy: presentUser(joinedUser(record, "poster", row.postedBy), viewer.urls),
    postedAt: row.postedAt,
    ...(row.editedAt ? { editedAt: row.editedAt } : {}),
    reactions: presentReactions(extras.reactions.get(row.id) ?? [], viewer.urls),
    body: presentBody(row.body, viewer.format),
    permissions: commentPermissions(viewer.level, row.postedBy === viewer.callerId),
  };
}

/** One entry per emoji, in the order each was first used, with who reacted when (oldest first). */
function presentReactions(rows: readonly ReactionRecord[], urls: Urls) {
  const byEmoji = groupBy(rows, (row) => row.reaction.emoji);
  return [...byEmoji].map(([emoji, reactions]) => ({
    emoji,
    count: reactions.length,
    users: reactions.map((row) => ({ user: presentUser(joinedUser(row, "reactor", row.reaction.userId), urls), reactedAt: row.reaction.reactedAt })),
  }));
}

/**
 * Markdown as written, or the document it renders to: rendered `untrusted`, since any member
 * with the `comment` level writes these (no raw HTML or script link gets through). `{}` when empty.
 */
function presentBody(markdown: string | null, format: Viewer["format"]): CommentObject["body"] {
  if (markdown === null) return {};
  return format === "document" ? { document: markdownToDocument(markdown, { untrusted: true }) } : { markdown };
}
