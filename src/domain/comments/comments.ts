import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext } from "../../context";
import { selectedOnce } from "../../db/list-select";
import { pageReads, sortedBy } from "../../db/keyset";
import { commentReactions, commentReplies, comments, type CommentRow } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertCommentAction } from "../../lib/permissions";
import type { CommentListFilters, PostCommentInput, UpdateCommentInput } from "../../schemas/comment";
import { readEntries } from "../revisions/entries";
import { assertLive } from "../spaces/spaces";
import { extrasOf, presentComment, selectCommentRecords, selectReactions, selectRepliers, type CommentRecord, type Viewer } from "./records";
import { commentNotFound, loadCommentScope, loadCommentScopeWith, placeComments, recountOpenComments, type CommentPlace, type CommentScope } from "./scope";
import { actionsOf, assertMayPost, assertUpdate, reactionWrites, storedBody } from "./writes";

/**
 * Comments on a space or in a change request (seed 4.5, 4.6): list, post, read, update (resolve,
 * edit, react) and delete. Every write that can change how many comments are open recounts the
 * place's counter in its own batch.
 */

type Format = Viewer["format"];

export function viewerOf(ctx: CallerContext, scope: CommentScope, format: Format): Viewer {
  return { callerId: ctx.caller.id, level: scope.space.level, format, urls: ctx.urls, path: scope.path };
}

/** The statements reading one comment with its reactions and repliers, for a batch. */
export function readComment(ctx: CallerContext, scope: CommentScope, commentId: string) {
  return [
    selectCommentRecords(ctx.db)
      .where(and(scope.where, eq(comments.id, commentId)))
      .limit(1),
    selectReactions(ctx.db, eq(commentReactions.targetId, commentId)),
    selectRepliers(ctx.db, eq(commentReplies.commentId, commentId)),
  ] as const;
}

/** Presents what `readComment`'s statements answered (the last three results of a batch). */
function presentRead(results: readonly unknown[], viewer: Viewer, commentId: string) {
  const [records, reactions, repliers] = results.slice(-3) as [CommentRecord[], unknown, unknown];
  const record = records[0];
  if (!record) throw commentNotFound(commentId);
  return presentComment(record, extrasOf(reactions, repliers), viewer);
}

/** The comment row in the place, or a 404. */
export async function findComment(ctx: CallerContext, scope: CommentScope, commentId: string): Promise<CommentRow> {
  const [row] = await ctx.db
    .select()
    .from(comments)
    .where(and(scope.where, eq(comments.id, commentId)))
    .limit(1);
  if (!row) throw commentNotFound(commentId);
  return row;
}

/** The list's select, built once (db/list-select.ts). */
const commentRows = selectedOnce(selectCommentRecords);

export async function listComments(ctx: RequesterContext, place: CommentPlace, filters: CommentListFilters, format: Format, request: PageRequest) {
  const { order } = filters;
  const page = pageReads(ctx.db, request, {
    from: comments,
    where: and(placeComments(place), ...filterConditions(filters)),
    select: commentRows(),
    sort: sortedBy(`postedAt:${order}`, order, [comments.postedAt, comments.id], (record: CommentRecord) => [record.comment.postedAt, record.comment.id]),
    // What every comment of the page carries, read for the page's rows in the same round trip.
    alongside: (page) => [
      selectReactions(ctx.db, inArray(commentReactions.targetId, page.select(comments.id))),
      selectRepliers(ctx.db, inArray(commentReplies.commentId, page.select(comments.id))),
    ],
  });
  const [scope, results] = await loadCommentScopeWith(ctx, place, page.reads);
  const viewer = viewerOf(scope.space.callerContext, scope, format);
  return page.answerWith(results, ([reactions, repliers]) => {
    const extras = extrasOf(reactions, repliers);
    return (record: CommentRecord) => presentComment(record, extras, viewer);
  });
}

function filterConditions(filters: CommentListFilters): Array<SQL | undefined> {
  return [
    filters.status === "all" ? undefined : eq(comments.status, filters.status),
    filters.targetPage ? eq(comments.pageId, filters.targetPage) : undefined,
    filters.authors ? inArray(comments.postedBy, filters.authors) : undefined,
  ];
}

export async function getComment(ctx: CallerContext, place: CommentPlace, commentId: string, format: Format) {
  const scope = await loadCommentScope(ctx, place);
  const results = await ctx.db.batch(readComment(ctx, scope, commentId));
  return presentRead(results, viewerOf(ctx, scope, format), commentId);
}

export async function postComment(ctx: CallerContext, place: CommentPlace, input: PostCommentInput) {
  const scope = await loadCommentScope(ctx, place);
  assertMayPost(scope);
  await assertTarget(ctx, scope, input);
  const body = storedBody(input.body);
  const id = newId();
  const results = await ctx.db.batch([
    ctx.db.insert(comments).values({
      id,
      spaceId: scope.space.row.id,
      changeRequestId: scope.changeRequest?.id ?? null,
      revisionId: scope.revisionId,
      pageId: input.page ?? null,
      nodeId: input.node ?? null,
      tableCellRecord: input.tableCell?.record ?? null,
      tableCellDefinition: input.tableCell?.definition ?? null,
      body,
      postedBy: ctx.caller.id,
      postedAt: nowIso(),
      editedAt: null,
      status: "open",
      resolvedAt: null,
      resolvedBy: null,
    }),
    recountOpenComments(ctx.db, scope),
    ...readComment(ctx, scope, id),
  ]);
  return presentRead(results, viewerOf(ctx, scope, "markdown"), id);
}

/**
 * A comment targets its place, and optionally a page of the place's current content; a node or
 * table cell is in a page, so it needs one. Node ids and cells are kept as given: page bodies are
 * markdown here, whose rendered documents have no stable node ids to check them against.
 */
async function assertTarget(ctx: CallerContext, scope: CommentScope, input: PostCommentInput) {
  for (const field of ["node", "tableCell"] as const) {
    if (input[field] !== undefined && input.page === undefined) throw badRequest(`Invalid body field '${field}': needs 'page', the page it is in`);
  }
  if (input.page === undefined) return;
  const pages = await readEntries(ctx.db, scope.point, { kind: "page", ids: [input.page] });
  if (pages.size === 0) {
    const where = scope.changeRequest ? "change request" : "space";
    throw badRequest(`Invalid body field 'page': no page '${input.page}' in the ${where}'s content`);
  }
}

/**
 * Resolves or reopens, edits the body, adds and withdraws the caller's reactions: every field
 * given is checked first (each has its own permission), then all are written in one batch with
 * the recount and the re-read that answers.
 */
export async function updateComment(ctx: CallerContext, place: CommentPlace, commentId: string, input: UpdateCommentInput) {
  const scope = await loadCommentScope(ctx, place);
  const row = await findComment(ctx, scope, commentId);
  assertUpdate(scope, ctx.caller.id, row.postedBy, actionsOf(input), input, "comment");
  const body = input.body === undefined ? undefined : storedBody(input.body);
  const now = nowIso();
  const writes: BatchItem<"sqlite">[] = [];
  if (input.resolved !== undefined) {
    // Conditional on the current status: resolving twice keeps who resolved it first, and when.
    writes.push(
      ctx.db
        .update(comments)
        .set(input.resolved ? { status: "resolved", resolvedAt: now, resolvedBy: ctx.caller.id } : { status: "open", resolvedAt: null, resolvedBy: null })
        .where(and(eq(comments.id, row.id), eq(comments.status, input.resolved ? "open" : "resolved"))),
      recountOpenComments(ctx.db, scope),
    );
  }
  if (body !== undefined) writes.push(ctx.db.update(comments).set({ body, editedAt: now }).where(eq(comments.id, row.id)));
  writes.push(...reactionWrites(ctx, { kind: "comment", id: row.id }, input, now));
  const results = await ctx.db.batch([...(writes as [BatchItem<"sqlite">]), ...readComment(ctx, scope, row.id)]);
  return presentRead(results, viewerOf(ctx, scope, "markdown"), row.id);
}

/** 204 whether or not it existed; its replies and every reaction of the thread go with it. */
export async function deleteComment(ctx: CallerContext, place: CommentPlace, commentId: string): Promise<void> {
  const scope = await loadCommentScope(ctx, place);
  assertLive(scope.space.row);
  const [row] = await ctx.db
    .select({ postedBy: comments.postedBy })
    .from(comments)
    .where(and(scope.where, eq(comments.id, commentId)))
    .limit(1);
  if (!row) return;
  assertCommentAction(scope.space.level, row.postedBy === ctx.caller.id, "delete", "comment");
  await ctx.db.batch([ctx.db.delete(comments).where(eq(comments.id, commentId)), recountOpenComments(ctx.db, scope)]);
}
