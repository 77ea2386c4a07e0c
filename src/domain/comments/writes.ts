import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext } from "../../context";
import type { Database } from "../../db/client";
import { commentReactions, commentReplies, comments } from "../../db/schema";
import { documentToMarkdown, markdownNestingProblem } from "../../formats/markdown";
import { badRequest } from "../../lib/errors";
import { assertCommentAction, assertContentAction, type CommentAction } from "../../lib/permissions";
import type { CommentBodyInputValue } from "../../schemas/comment";
import { assertLive } from "../spaces/spaces";
import type { CommentScope } from "./scope";

/** What comments and replies share when they are written: bodies, reactions, the checks. */

/**
 * A body as stored: markdown as written (refused when it nests too deep to render), a JSON
 * document as the markdown it converts to, and `{}` as null.
 */
export function storedBody(input: CommentBodyInputValue): string | null {
  if ("markdown" in input) {
    const problem = markdownNestingProblem(input.markdown);
    if (problem) throw badRequest(`Invalid body field 'body.markdown': ${problem}`);
    return input.markdown;
  }
  if ("document" in input) return documentToMarkdown(input.document);
  return null;
}

export interface ReactionChanges {
  addedReactions?: string[];
  removedReactions?: string[];
}

/** The actions an update needs the caller to be allowed, from the fields it gives. */
export function actionsOf(input: ReactionChanges & { body?: unknown; resolved?: boolean }): CommentAction[] {
  const actions: CommentAction[] = [];
  if (input.resolved !== undefined) actions.push("resolve");
  if (input.body !== undefined) actions.push("edit");
  // Reacting is replying's permission (GitBook: "react or send a reply"); so is an update with nothing in it.
  if (input.addedReactions?.length || input.removedReactions?.length || actions.length === 0) actions.push("reply");
  return actions;
}

/**
 * Checks everything an update asks for before anything is written: the space is live, the caller
 * may take every action, and no emoji is both added and removed.
 */
export function assertUpdate(scope: CommentScope, callerId: string, postedBy: string, actions: CommentAction[], input: ReactionChanges, what: "comment" | "reply") {
  assertLive(scope.space.row);
  for (const action of actions) assertCommentAction(scope.space.level, postedBy === callerId, action, what);
  const both = (input.addedReactions ?? []).find((emoji) => input.removedReactions?.includes(emoji));
  if (both) throw badRequest(`Invalid body field 'removedReactions': '${both}' is also in addedReactions`);
}

/** Whether the caller may post in the place: the space is live and they have the `comment` level. */
export function assertMayPost(scope: CommentScope) {
  assertLive(scope.space.row);
  assertContentAction(scope.space.level, "comment", "space");
}

/** A comment, or a reply in the comment `commentId`. */
export type ReactionTarget = { kind: "comment"; id: string } | { kind: "reply"; id: string; commentId: string };

/**
 * The caller's reactions added and withdrawn, for the update's batch. One row per user, emoji and
 * target: adding one again changes nothing (ON CONFLICT DO NOTHING, keeping when it was first
 * made). Each row is selected from the target's own table, so nothing is added to a comment or
 * reply deleted in the meantime.
 */
export function reactionWrites(ctx: CallerContext, target: ReactionTarget, input: ReactionChanges, now: string): BatchItem<"sqlite">[] {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const added = [...new Set(input.addedReactions ?? [])].map((emoji) =>
    db.insert(commentReactions).select(reactionRow(db, target, emoji, userId, now)).onConflictDoNothing(),
  );
  const removed = input.removedReactions?.length
    ? [db.delete(commentReactions).where(and(eq(commentReactions.targetId, target.id), eq(commentReactions.userId, userId), inArray(commentReactions.emoji, input.removedReactions)))]
    : [];
  return [...added, ...removed];
}

function reactionRow(db: Database, target: ReactionTarget, emoji: string, userId: string, now: string) {
  // In the table's column order: Drizzle's INSERT … SELECT requires it.
  const row = (commentId: typeof comments.id | typeof commentReplies.commentId) => ({
    targetId: sqlValue(target.id, "target_id"),
    commentId,
    emoji: sqlValue(emoji, "emoji"),
    userId: sqlValue(userId, "user_id"),
    reactedAt: sqlValue(now, "reacted_at"),
  });
  return target.kind === "comment"
    ? db.select(row(comments.id)).from(comments).where(eq(comments.id, target.id))
    : db.select(row(commentReplies.commentId)).from(commentReplies).where(eq(commentReplies.id, target.id));
}

/** A value as a named column of an INSERT … SELECT. */
export const sqlValue = <T>(value: T, name: string) => sql<T>`${value}`.as(name);
