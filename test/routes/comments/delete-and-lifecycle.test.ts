import { env } from "cloudflare:test";
import { eq, inArray, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../../src/db/client";
import { commentReactions, commentReplies } from "../../../src/db/schema";
import { addMember, createOrganization, createUser, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import {
  PLACE_KINDS,
  commentOk,
  deleteComment,
  deleteReply,
  f,
  getComment,
  getReply,
  listComments,
  newPlace,
  openCounter,
  orgId,
  placeIn,
  postComment,
  putComment,
  readComment,
  replyOk,
  updateOk,
  useSuiteFixture,
} from "../../helpers/suites/comments";

/** Deleting comments and replies, and what becomes of comments when their space changes. */

useSuiteFixture();

/**
 * Rows left of a thread's replies and reactions, read from D1: the API cannot show what a deleted
 * comment leaves behind, and "nothing" is what must be proved.
 */
async function leftovers(commentId: string, replyIds: string[]) {
  const db = createDatabase(env.DB);
  const replies = await db.select().from(commentReplies).where(eq(commentReplies.commentId, commentId));
  const reactions = await db
    .select()
    .from(commentReactions)
    .where(or(eq(commentReactions.commentId, commentId), inArray(commentReactions.targetId, [commentId, ...replyIds])));
  return { replies: replies.length, reactions: reactions.length };
}

describe.each(PLACE_KINDS)("DELETE …/comments/{commentId} on a %s", (kind) => {
  it("deletes the comment with its replies and every reaction of the thread; twice is still 204", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.comment, place);
    const reply = await replyOk(f.edit, place, comment.id);
    await updateOk(f.admin, place, comment.id, { addedReactions: ["👍"] });
    await call("PUT", `${place.path}/comments/${comment.id}/replies/${reply.id}`, { token: f.admin.token, body: { addedReactions: ["🎉"] } });
    expect(await leftovers(comment.id, [reply.id])).toEqual({ replies: 1, reactions: 2 });
    expect(await openCounter(f.read, place)).toBe(1);

    for (let time = 0; time < 2; time += 1) {
      const response = await deleteComment(f.comment, place, comment.id);
      expect(response.status).toBe(204);
      expect(response.body).toBeUndefined();
    }
    expect(errorMessage(await getComment(f.read, place, comment.id), 404)).toBe(`Comment '${comment.id}' not found`);
    expect(errorMessage(await getReply(f.read, place, comment.id, reply.id), 404)).toMatch(/not found$/);
    expect(await leftovers(comment.id, [reply.id])).toEqual({ replies: 0, reactions: 0 });
    expect(await openCounter(f.read, place)).toBe(0);
  });

  it("lets space admins delete anyone's; refuses every other member (403) and changes nothing", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.comment, place);
    await inParallel(["create", "review", "edit", "read"] as const, async (role) => {
      expect(errorMessage(await deleteComment(f[role], place, comment.id), 403), role).toBe(
        "Deleting a comment needs the level 'admin' or higher on the space, or being its author with the level 'comment'",
      );
    });
    expect(errorMessage(await deleteComment(f.guest, place, comment.id), 404)).toMatch(/not found$/);
    expect(await readComment(f.comment, place, comment.id)).toEqual(comment);
    expect((await deleteComment(f.admin, place, comment.id)).status).toBe(204);
    expect((await listComments(f.read, place)).count).toBe(0);
  });

  it("keeps the counter exact when a resolved comment goes, and deletes nothing of another place", async () => {
    const place = await newPlace(kind);
    const [resolved, open] = [await commentOk(f.comment, place), await commentOk(f.comment, place)];
    await updateOk(f.comment, place, resolved.id, { resolved: true });
    expect(await openCounter(f.read, place)).toBe(1);
    expect((await deleteComment(f.comment, place, resolved.id)).status).toBe(204);
    expect(await openCounter(f.read, place)).toBe(1);
    const otherPlace = await placeIn(kind === "space" ? "change request" : "space", place.spaceId);
    expect((await deleteComment(f.admin, otherPlace, open.id)).status).toBe(204);
    expect((await readComment(f.read, place, open.id)).id).toBe(open.id);
  });

  it("no longer lets an author who dropped to 'read' delete, edit or resolve: read only reads", async () => {
    const place = await newPlace(kind);
    const author = await createUser("demoted");
    await addMember(f.admin, orgId, author, "comment");
    const comment = await commentOk(author, place);
    expect((await readComment(author, place, comment.id)).permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect((await call("PATCH", `/v1/orgs/${orgId}/members/${author.id}`, { token: f.admin.token, body: { role: "read" } })).status).toBe(200);
    expect((await readComment(author, place, comment.id)).permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    expect(errorMessage(await deleteComment(author, place, comment.id), 403)).toMatch(/^Deleting a comment/);
    expect(errorMessage(await putComment(author, place, comment.id, { resolved: true }), 403)).toMatch(/^Resolving a comment/);
    expect(errorMessage(await putComment(author, place, comment.id, { body: { markdown: "x" } }), 403)).toMatch(/^Editing a comment/);
  });
});

describe.each(PLACE_KINDS)("DELETE …/replies/{commentReplyId} on a %s", (kind) => {
  it("deletes a reply and its reactions for its author or an admin; twice is 204; others get 403", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    const [mine, theirs] = [await replyOk(f.comment, place, comment.id), await replyOk(f.review, place, comment.id)];
    await call("PUT", `${place.path}/comments/${comment.id}/replies/${mine.id}`, { token: f.admin.token, body: { addedReactions: ["👍"] } });
    await inParallel(["create", "edit", "read"] as const, async (role) => {
      expect(errorMessage(await deleteReply(f[role], place, comment.id, mine.id), 403), role).toBe(
        "Deleting a reply needs the level 'admin' or higher on the space, or being its author with the level 'comment'",
      );
    });
    for (let time = 0; time < 2; time += 1) expect((await deleteReply(f.comment, place, comment.id, mine.id)).status).toBe(204);
    expect((await deleteReply(f.admin, place, comment.id, theirs.id)).status).toBe(204);
    expect(await leftovers(comment.id, [mine.id, theirs.id])).toEqual({ replies: 0, reactions: 0 });
    const read = await readComment(f.read, place, comment.id);
    expect([read.replies, read.repliers]).toEqual([0, []]);
  });
});

describe("comments when their space changes", () => {
  it("stay readable while the space is deleted, refuse writes (409) until it is restored", async () => {
    const place = await newPlace("space");
    const comment = await commentOk(f.comment, place);
    expect((await call("DELETE", `/v1/spaces/${place.spaceId}`, { token: f.admin.token })).status).toBe(204);
    expect((await readComment(f.read, place, comment.id)).id).toBe(comment.id);
    const refusals = [
      postComment(f.comment, place),
      putComment(f.comment, place, comment.id, { addedReactions: ["👍"] }),
      deleteComment(f.comment, place, comment.id),
      call("POST", `${place.path}/comments/${comment.id}/replies`, { token: f.comment.token, body: { body: {} } }),
    ];
    for (const response of await Promise.all(refusals)) expect(errorMessage(response, 409)).toMatch(/is deleted: restore it first$/);
    expect((await call("POST", `/v1/spaces/${place.spaceId}/restore`, { token: f.admin.token })).status).toBe(200);
    await updateOk(f.comment, place, comment.id, { resolved: true });
    expect(await openCounter(f.read, place)).toBe(0);
  });

  it("are not copied by a duplicate, and follow a transferred space to its new organization", async () => {
    const place = await newPlace("space");
    const cr = await placeIn("change request", place.spaceId);
    const comment = await commentOk(f.comment, place);
    await commentOk(f.comment, cr);
    const copy = await call("POST", `/v1/spaces/${place.spaceId}/duplicate`, { token: f.admin.token });
    expect(copy.status).toBe(201);
    expect(copy.body.comments).toBe(0);
    expect((await listComments(f.admin, await placeIn("space", copy.body.id))).count).toBe(0);

    const target = await createOrganization(f.admin);
    const newcomer = await createUser("newcomer");
    await addMember(f.admin, target.id, newcomer, "read");
    const moved = await call("POST", `/v1/spaces/${place.spaceId}/transfer`, { token: f.admin.token, body: { organization: target.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.comments).toBe(1);
    const list = await listComments(newcomer, place);
    expect(list.items.map((item) => item.id)).toEqual([comment.id]);
    expect((await listComments(newcomer, cr)).count).toBe(1);
    // The old organization's members no longer see them, and are no longer its commenters.
    expect(errorMessage(await getComment(f.comment, place, comment.id), 404)).toMatch(/not found$/);
    const commenters = await call("GET", `${place.path}/commenters`, { token: newcomer.token });
    expect(commenters.body.count).toBe(0);
  });

  it("in a change request outlive its merge", async () => {
    const place = await newPlace("change request");
    const comment = await commentOk(f.comment, place);
    expect((await call("POST", `${place.path}/merge`, { token: f.admin.token })).status).toBe(200);
    expect((await listComments(f.read, place)).items.map((item) => item.id)).toEqual([comment.id]);
    await commentOk(f.comment, place);
    expect(await openCounter(f.read, place)).toBe(2);
  });
});

describe("the official client", () => {
  it("deletes comments and replies in both places (204, also when already gone)", async () => {
    const client = gitbookClient(f.comment);
    const space = await newPlace("space");
    const comment = await commentOk(f.comment, space);
    const reply = await replyOk(f.comment, space, comment.id);
    await client.spaces.deleteCommentReplyInSpace(space.spaceId, comment.id, reply.id);
    await client.spaces.deleteCommentInSpace(space.spaceId, comment.id);
    await client.spaces.deleteCommentInSpace(space.spaceId, comment.id);
    expect((await listComments(f.read, space)).count).toBe(0);

    const cr = await newPlace("change request");
    const inCr = await commentOk(f.comment, cr);
    const crReply = await replyOk(f.comment, cr, inCr.id);
    await client.spaces.deleteCommentReplyInChangeRequest(cr.spaceId, cr.changeRequestId!, inCr.id, crReply.id);
    await client.spaces.deleteCommentInChangeRequest(cr.spaceId, cr.changeRequestId!, inCr.id);
    expect(await openCounter(f.read, cr)).toBe(0);
  });
});
