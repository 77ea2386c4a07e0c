import { and, eq, inArray, sql } from "drizzle-orm";
import type { RequesterContext } from "../../context";
import { rawAll } from "../../db/raw";
import { commentReplies, comments, revisions, users, type UserRow } from "../../db/schema";
import { presentUser } from "../users/users";
import { loadChangeRequestAccessWith } from "./change-requests";
import { changeRequestIdOf } from "./records";

/**
 * Who contributed to a change request (GitBook's `getContributorsByChangeRequestId`): one item
 * per user and kind of contribution, `edit` (the revisions of content they made on its line: each
 * edit is one) and `comment` (the comments and replies they posted in it), with how many and
 * when last, most recent first. Counted from what is stored, in the batch of the access check
 * (the change request named by `changeRequestIdOf`, its results used only once access is granted):
 * the change request's revisions and discussion, each an indexed range of it.
 */

export interface Contribution {
  userId: string;
  actionType: "edit" | "comment";
  count: number;
  updatedAt: string;
}

export async function listChangeRequestContributors(ctx: RequesterContext, spaceId: string, idOrNumber: string) {
  const changeRequestId = changeRequestIdOf(spaceId, idOrNumber);
  const ofLine = and(eq(revisions.spaceId, spaceId), eq(revisions.line, changeRequestId), eq(revisions.type, "edits"));
  // A comment, or a reply to one, posted in the change request: who and when.
  const posts = sql`SELECT c.posted_by AS user_id, c.posted_at AS at FROM ${comments} c WHERE c.space_id = ${spaceId} AND c.change_request_id = ${changeRequestId}
    UNION ALL SELECT r.posted_by, r.posted_at FROM ${commentReplies} r JOIN ${comments} c ON c.id = r.comment_id
    WHERE c.space_id = ${spaceId} AND c.change_request_id = ${changeRequestId}`;
  const editors = sql`SELECT created_by FROM ${revisions} WHERE space_id = ${spaceId} AND line = ${changeRequestId} AND type = 'edits'`;
  const [, results] = await loadChangeRequestAccessWith(ctx, spaceId, idOrNumber, [
    ctx.db
      .select({ userId: revisions.createdBy, count: sql<number>`count(*)`, updatedAt: sql<string>`max(${revisions.createdAt})` })
      .from(revisions)
      .where(ofLine)
      .groupBy(revisions.createdBy),
    rawAll<{ user_id: string; count: number; updated_at: string }>(ctx.db, sql`SELECT user_id, count(*) AS count, max(at) AS updated_at FROM (${posts}) GROUP BY user_id`),
    ctx.db
      .select()
      .from(users)
      .where(inArray(users.id, sql`(${editors} UNION SELECT user_id FROM (${posts}))`)),
  ]);
  const [edits, commented, people] = results as [Array<{ userId: string; count: number; updatedAt: string }>, Array<{ user_id: string; count: number; updated_at: string }>, UserRow[]];
  const contributions: Contribution[] = [
    ...edits.map((row) => ({ userId: row.userId, actionType: "edit" as const, count: Number(row.count), updatedAt: row.updatedAt })),
    ...commented.map((row) => ({ userId: row.user_id, actionType: "comment" as const, count: Number(row.count), updatedAt: row.updated_at })),
  ];
  const byId = new Map(people.map((user) => [user.id, user]));
  const items = contributions
    .filter((contribution) => byId.has(contribution.userId))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.userId.localeCompare(b.userId) || a.actionType.localeCompare(b.actionType))
    .map((contribution) => ({ updatedAt: contribution.updatedAt, count: contribution.count, user: presentUser(byId.get(contribution.userId)!, ctx.urls), actionType: contribution.actionType }));
  return { items, count: items.length };
}
