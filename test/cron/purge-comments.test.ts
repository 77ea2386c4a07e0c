import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { purgeDeletedSpaces } from "../../src/cron/purge-deleted-spaces";
import { createDatabase } from "../../src/db/client";
import { commentReactions, commentReplies, comments } from "../../src/db/schema";
import { createChangeRequest, createSpace } from "../helpers/content";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call } from "../helpers/http";

/**
 * The purge removes a deleted space's comments (on the space and in its change requests) with
 * their replies and reactions, and leaves every other space's alone. D1 is read directly: what
 * the purge leaves behind is what the API can no longer show.
 */

const DAY = 24 * 60 * 60 * 1000;
const db = createDatabase(env.DB);

/** A comment with a reply, both reacted to, in `place` (a space's or a change request's path). */
async function thread(user: TestUser, place: string) {
  const comment = await call("POST", `${place}/comments`, { token: user.token, body: { body: { markdown: "Thread" } } });
  expect(comment.status).toBe(200);
  const reply = await call("POST", `${place}/comments/${comment.body.id}/replies`, { token: user.token, body: { body: {} } });
  expect(reply.status).toBe(200);
  await call("PUT", `${place}/comments/${comment.body.id}`, { token: user.token, body: { addedReactions: ["👍"] } });
  await call("PUT", `${place}/comments/${comment.body.id}/replies/${reply.body.id}`, { token: user.token, body: { addedReactions: ["👍"] } });
  return comment.body.id as string;
}

async function rowsOf(commentIds: string[]) {
  return {
    comments: (await db.select().from(comments).where(inArray(comments.id, commentIds))).length,
    replies: (await db.select().from(commentReplies).where(inArray(commentReplies.commentId, commentIds))).length,
    reactions: (await db.select().from(commentReactions).where(inArray(commentReactions.commentId, commentIds))).length,
  };
}

it("removes a purged space's comments, replies and reactions, and no other space's", async () => {
  const admin = await createUser("purge-comments");
  const organizationId = (await createOrganization(admin)).id;
  const doomed = await createSpace(admin, organizationId);
  const kept = await createSpace(admin, organizationId);
  const changeRequest = await createChangeRequest(admin, doomed.id);
  const doomedThreads = [await thread(admin, `/v1/spaces/${doomed.id}`), await thread(admin, `/v1/spaces/${doomed.id}/change-requests/${changeRequest.id}`)];
  const keptThreads = [await thread(admin, `/v1/spaces/${kept.id}`)];
  expect(await rowsOf(doomedThreads)).toEqual({ comments: 2, replies: 2, reactions: 4 });

  expect((await call("DELETE", `/v1/spaces/${doomed.id}`, { token: admin.token })).status).toBe(204);
  // Deleted but restorable: the comments are all still there.
  expect(await rowsOf(doomedThreads)).toEqual({ comments: 2, replies: 2, reactions: 4 });

  const result = await purgeDeletedSpaces(db, env.BLOBS, new Date(Date.now() + 8 * DAY));
  expect(result.purged).toContain(doomed.id);
  expect(await rowsOf(doomedThreads)).toEqual({ comments: 0, replies: 0, reactions: 0 });
  expect(await db.select().from(comments).where(eq(comments.spaceId, doomed.id))).toEqual([]);
  expect(await rowsOf(keptThreads)).toEqual({ comments: 1, replies: 1, reactions: 2 });
  const list = await call("GET", `/v1/spaces/${kept.id}/comments`, { token: admin.token });
  expect(list.body.items.map((item: { id: string }) => item.id)).toEqual(keptThreads);
});
