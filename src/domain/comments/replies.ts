import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext } from "../../context";
import { selectedOnce } from "../../db/list-select";
import { pageReads, sortedBy } from "../../db/keyset";
import { commentReactions, commentReplies, comments } from "../../db/schema";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertCommentAction } from "../../lib/permissions";
import type { UpdateCommentReplyInput } from "../../schemas/comment";
import { assertLive } from "../spaces/spaces";
import { findComment, viewerOf } from "./comments";
import { extrasOf, presentReply, selectReactions, selectReplyRecords, type ReplyRecord, type Viewer } from "./records";
import { commentNotFound, loadCommentScope, loadCommentScopeWith, placeComments, replyNotFound, type CommentPlace, type CommentScope } from "./scope";
import { actionsOf, assertMayPost, assertUpdate, reactionWrites, sqlValue, storedBody } from "./writes";

/** The list's select, built once (db/list-select.ts). */
const replyRows = selectedOnce(selectReplyRecords);

/**
 * Replies to a comment: listed oldest first (a conversation reads in order), posted by anyone who
 * may comment, edited by their author, deleted by their author or a space admin, reacted to.
 */

type Format = Viewer["format"];

/** The reply, in its comment, in the place: the comment's own check is the join. */
function selectReply(ctx: CallerContext, scope: CommentScope, commentId: string, replyId: string) {
  return selectReplyRecords(ctx.db)
    .innerJoin(comments, eq(comments.id, commentReplies.commentId))
    .where(and(scope.where, eq(comments.id, commentId), eq(commentReplies.id, replyId)))
    .limit(1);
}

/** The statements reading one reply with its reactions, for a batch. */
function readReply(ctx: CallerContext, scope: CommentScope, commentId: string, replyId: string) {
  return [selectReply(ctx, scope, commentId, replyId), selectReactions(ctx.db, eq(commentReactions.targetId, replyId))] as const;
}

function presentRead(results: readonly unknown[], viewer: Viewer, replyId: string) {
  const [records, reactions] = results.slice(-2) as [ReplyRecord[], unknown];
  const record = records[0];
  if (!record) throw replyNotFound(replyId);
  return presentReply(record, extrasOf(reactions), viewer);
}

export async function listReplies(ctx: RequesterContext, place: CommentPlace, commentId: string, format: Format, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: commentReplies,
    where: eq(commentReplies.commentId, commentId),
    select: replyRows(),
    sort: sortedBy("postedAt:asc", "asc", [commentReplies.postedAt, commentReplies.id], (record: ReplyRecord) => [record.reply.postedAt, record.reply.id]),
    alongside: (rows) => [selectReactions(ctx.db, inArray(commentReactions.targetId, rows.select(commentReplies.id)))],
  });
  // The comment, in the place (a 404 otherwise), read in the same batch.
  const comment = ctx.db.select({ id: comments.id }).from(comments).where(and(placeComments(place), eq(comments.id, commentId))).limit(1);
  const [scope, [found, ...results]] = await loadCommentScopeWith(ctx, place, [comment, ...page.reads]);
  if ((found as unknown[]).length === 0) throw commentNotFound(commentId);
  const viewer = viewerOf(scope.space.callerContext, scope, format);
  return page.answerWith(results, ([reactions]) => {
    const extras = extrasOf(reactions);
    return (record: ReplyRecord) => presentReply(record, extras, viewer);
  });
}

export async function getReply(ctx: CallerContext, place: CommentPlace, commentId: string, replyId: string, format: Format) {
  const scope = await loadCommentScope(ctx, place);
  const results = await ctx.db.batch(readReply(ctx, scope, commentId, replyId));
  return presentRead(results, viewerOf(ctx, scope, format), replyId);
}

/**
 * A new reply, selected from its comment in the INSERT itself: a comment deleted in the meantime
 * gets no orphan reply (the re-read then finds nothing: 404).
 */
export async function postReply(ctx: CallerContext, place: CommentPlace, commentId: string, body: Parameters<typeof storedBody>[0], format: Format) {
  const scope = await loadCommentScope(ctx, place);
  assertMayPost(scope);
  const comment = await findComment(ctx, scope, commentId);
  const markdown = storedBody(body);
  const id = newId();
  const results = await ctx.db.batch([
    ctx.db.insert(commentReplies).select(
      ctx.db
        .select({
          id: sqlValue(id, "id"),
          commentId: comments.id,
          body: sqlValue(markdown, "body"),
          postedBy: sqlValue(ctx.caller.id, "posted_by"),
          postedAt: sqlValue(nowIso(), "posted_at"),
          editedAt: sqlValue(null, "edited_at"),
        })
        .from(comments)
        .where(eq(comments.id, comment.id)),
    ),
    ...readReply(ctx, scope, comment.id, id),
  ]);
  return presentRead(results, viewerOf(ctx, scope, format), id);
}

export async function updateReply(ctx: CallerContext, place: CommentPlace, commentId: string, replyId: string, input: UpdateCommentReplyInput) {
  const scope = await loadCommentScope(ctx, place);
  const [record] = await selectReply(ctx, scope, commentId, replyId);
  if (!record) throw replyNotFound(replyId);
  const { reply } = record;
  assertUpdate(scope, ctx.caller.id, reply.postedBy, actionsOf(input), input, "reply");
  const now = nowIso();
  const writes: BatchItem<"sqlite">[] = [];
  if (input.body !== undefined) writes.push(ctx.db.update(commentReplies).set({ body: storedBody(input.body), editedAt: now }).where(eq(commentReplies.id, reply.id)));
  writes.push(...reactionWrites(ctx, { kind: "reply", id: reply.id, commentId: reply.commentId }, input, now));
  const results = await ctx.db.batch([...(writes as [BatchItem<"sqlite">]), ...readReply(ctx, scope, reply.commentId, reply.id)]);
  return presentRead(results, viewerOf(ctx, scope, "markdown"), reply.id);
}

/** 204 whether or not it existed; its reactions go with it, in the same batch. */
export async function deleteReply(ctx: CallerContext, place: CommentPlace, commentId: string, replyId: string): Promise<void> {
  const scope = await loadCommentScope(ctx, place);
  assertLive(scope.space.row);
  const [record] = await selectReply(ctx, scope, commentId, replyId);
  if (!record) return;
  assertCommentAction(scope.space.level, record.reply.postedBy === ctx.caller.id, "delete", "reply");
  await ctx.db.batch([
    ctx.db.delete(commentReactions).where(eq(commentReactions.targetId, replyId)),
    ctx.db.delete(commentReplies).where(eq(commentReplies.id, replyId)),
  ]);
}
