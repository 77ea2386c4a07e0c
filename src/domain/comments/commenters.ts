import { and, eq, sql } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { listPage, sortedBy } from "../../db/keyset";
import { commentReplies, comments, organizationMembers, users, type MemberRow, type UserRow } from "../../db/schema";
import type { PageRequest } from "../../lib/pagination";
import { presentMember } from "../members/members";
import { loadCommentScope, type CommentPlace } from "./scope";

/**
 * The members of the space's organization who have posted a comment or a reply in the place
 * (GitBook: "organization members who have posted at least one comment"), as Members, most
 * recently joined first like the member list. Someone who left the organization, or whose space
 * moved to another one, is no longer a member of it and is not listed.
 */
export async function listCommenters(ctx: CallerContext, place: CommentPlace, request: PageRequest) {
  const scope = await loadCommentScope(ctx, place);
  const posters = sql`SELECT ${comments.postedBy} FROM ${comments} WHERE ${scope.where}
    UNION SELECT ${commentReplies.postedBy} FROM ${commentReplies} INNER JOIN ${comments} ON ${comments.id} = ${commentReplies.commentId} WHERE ${scope.where}`;
  const member = organizationMembers;
  return listPage(ctx.db, request, {
    from: member,
    where: and(eq(member.organizationId, scope.space.row.organizationId), sql`${member.userId} IN (${posters})`),
    select: ctx.db.select({ member, user: users }).from(member).innerJoin(users, eq(users.id, member.userId)),
    sort: sortedBy("joinedAt:desc", "desc", [member.joinedAt, member.userId], (row: { member: MemberRow; user: UserRow }) => [row.member.joinedAt, row.member.userId]),
    present: (row) => presentMember(row, ctx.urls),
  });
}
