import { and, eq, sql } from "drizzle-orm";
import type { RequesterContext } from "../../context";
import { pageReads, sortedBy } from "../../db/keyset";
import { commentReplies, comments, organizationMembers, spaces } from "../../db/schema";
import type { PageRequest } from "../../lib/pagination";
import { memberRows, presentMember, type MemberWithUser } from "../members/members";
import { loadCommentScopeWith, placeComments, type CommentPlace } from "./scope";

/**
 * The members of the space's organization who have posted a comment or a reply in the place
 * (GitBook: "organization members who have posted at least one comment"), as Members, most
 * recently joined first like the member list. Someone who left the organization, or whose space
 * moved to another one, is no longer a member of it and is not listed.
 */
export async function listCommenters(ctx: RequesterContext, place: CommentPlace, request: PageRequest) {
  const inPlace = placeComments(place);
  const posters = sql`SELECT ${comments.postedBy} FROM ${comments} WHERE ${inPlace}
    UNION SELECT ${commentReplies.postedBy} FROM ${commentReplies} INNER JOIN ${comments} ON ${comments.id} = ${commentReplies.commentId} WHERE ${inPlace}`;
  const member = organizationMembers;
  // The space's organization, in SQL: the page is read in the batch of the place's access check.
  const organizationId = sql`(SELECT ${spaces.organizationId} FROM ${spaces} WHERE ${spaces.id} = ${place.spaceId})`;
  const page = pageReads(ctx.db, request, {
    from: member,
    where: and(eq(member.organizationId, organizationId), sql`${member.userId} IN (${posters})`),
    select: memberRows(),
    sort: sortedBy("joinedAt:desc", "desc", [member.joinedAt, member.userId], (row: MemberWithUser) => [row.member.joinedAt, row.member.userId]),
  });
  const [, results] = await loadCommentScopeWith(ctx, place, page.reads);
  return page.answer(results, (row) => presentMember(row, ctx.urls));
}
