import { describe, expect, it } from "vitest";
import { gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import {
  NO_SUCH_ID,
  PLACE_KINDS,
  commentOk,
  f,
  getReply,
  ids,
  listReplies,
  markdown,
  newPlace,
  ok,
  postReply,
  putReply,
  reactionsOf,
  readComment,
  replyOk,
  repliesPath,
  replyPath,
  tick,
  useSuiteFixture,
} from "../../helpers/suites/comments";

/** Replies to a comment: post, list, get, edit, react; the comment's `replies` and `repliers`. */

useSuiteFixture();

describe.each(PLACE_KINDS)("replies to a comment on a %s", (kind) => {
  it("posts a reply by the caller, read back as GitBook's CommentReply, oldest first in the list", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    const reply = await replyOk(f.comment, place, comment.id, markdown("Agreed."));
    expect(reply).toMatchObject({ object: "comment-reply", body: { markdown: "Agreed." }, reactions: [], postedBy: { id: f.comment.id } });
    expect(reply.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect(new URL(reply.urls.location).pathname).toBe(replyPath(place, comment.id, reply.id));
    const read = ok(await getReply(f.read, place, comment.id, reply.id), place.operations.getReply);
    expect(read).toEqual({ ...reply, permissions: { view: true, edit: false, reply: false, delete: false } });
    await tick();
    const later = await replyOk(f.admin, place, comment.id, { body: {} });
    expect(later.body).toEqual({});
    expect(ids(await listReplies(f.read, place, comment.id))).toEqual([reply.id, later.id]);
  });

  it("counts replies on the comment, and who replied how often and when last (most recent first)", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    await replyOk(f.comment, place, comment.id);
    await tick();
    await replyOk(f.admin, place, comment.id);
    await tick();
    const last = await replyOk(f.comment, place, comment.id);
    const read = await readComment(f.read, place, comment.id);
    expect(read.replies).toBe(3);
    expect(read.repliers.map((entry) => [entry.user.id, entry.count])).toEqual([
      [f.comment.id, 2],
      [f.admin.id, 1],
    ]);
    expect(read.repliers[0]!.updatedAt).toBe(last.postedAt);
    // A reply is not an edit of the comment, and leaves its status alone.
    expect(read.editedAt).toBeUndefined();
    expect(read.status).toBe("open");
  });

  it("pages through many replies with the keyset cursor", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    const posted: string[] = [];
    for (let index = 0; index < 7; index += 1) posted.push((await replyOk(f.comment, place, comment.id, markdown(`Reply ${index}`))).id);
    const walked = await walkList(repliesPath(place, comment.id), { limit: 3 }, { token: f.read.token, operationId: place.operations.listReplies, expectedCount: 7 });
    expect(walked.map((item) => item.id)).toEqual(posted);
    const documents = await listReplies(f.read, place, comment.id, "?format=document&limit=1");
    expect(Object.keys(documents.items[0]!.body)).toEqual(["document"]);
  });

  it("accepts replies to a resolved comment, and from every role from 'comment' up; refuses readers (403)", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    ok(await call("PUT", `${place.path}/comments/${comment.id}`, { token: f.admin.token, body: { resolved: true } }), place.operations.update);
    await inParallel(["admin", "create", "review", "edit", "comment"] as const, (role) => replyOk(f[role], place, comment.id));
    expect(errorMessage(await postReply(f.read, place, comment.id), 403)).toBe("This action (comment) needs the level 'comment' or higher on the space");
    expect(errorMessage(await postReply(f.guest, place, comment.id), 404)).toMatch(/not found$/);
    expect((await readComment(f.read, place, comment.id)).replies).toBe(5);
  });

  it("answers 404 for a missing comment or reply, or one of another comment, and 400 for bad bodies", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    const other = await commentOk(f.edit, place);
    const reply = await replyOk(f.comment, place, comment.id);
    expect(errorMessage(await postReply(f.comment, place, NO_SUCH_ID), 404)).toBe(`Comment '${NO_SUCH_ID}' not found`);
    expect(errorMessage(await call("GET", repliesPath(place, NO_SUCH_ID), { token: f.read.token }), 404)).toBe(`Comment '${NO_SUCH_ID}' not found`);
    expect(errorMessage(await getReply(f.read, place, other.id, reply.id), 404)).toBe(`Comment reply '${reply.id}' not found`);
    expect(errorMessage(await getReply(f.read, place, comment.id, NO_SUCH_ID), 404)).toBe(`Comment reply '${NO_SUCH_ID}' not found`);
    expect(errorMessage(await putReply(f.comment, place, other.id, reply.id, { addedReactions: ["👍"] }), 404)).toBe(`Comment reply '${reply.id}' not found`);
    expect(errorMessage(await postReply(f.comment, place, comment.id, {}), 400)).toMatch(/^Invalid body field 'body'/);
    expect(errorMessage(await postReply(f.comment, place, comment.id, { ...markdown("x"), page: "p" }), 400)).toBe("Invalid body field 'page': not a field this operation accepts");
    expect(errorMessage(await postReply(f.comment, place, comment.id, markdown("y".repeat(65537))), 400)).toMatch(/^Invalid body field 'body\.markdown': .*65536/);
    expect((await listReplies(f.read, place, comment.id)).count).toBe(1);
  });
});

describe.each(PLACE_KINDS)("updating a reply on a %s", (kind) => {
  it("edits the body for its author (editedAt), and nobody else's (403)", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    const reply = await replyOk(f.comment, place, comment.id, markdown("Tpyo"));
    await tick();
    const edited = ok(await putReply(f.comment, place, comment.id, reply.id, markdown("Typo")), place.operations.updateReply);
    expect(edited.body).toEqual({ markdown: "Typo" });
    expect(Date.parse(edited.editedAt)).toBeGreaterThan(Date.parse(reply.postedAt));
    await inParallel(["admin", "edit", "read"] as const, async (role) => {
      expect(errorMessage(await putReply(f[role], place, comment.id, reply.id, markdown("Mine now")), 403), role).toBe(
        "Editing a reply is for its author only, with the level 'comment' or higher on the space",
      );
    });
    expect(ok(await getReply(f.comment, place, comment.id, reply.id), place.operations.getReply)).toEqual(edited);
  });

  it("adds and withdraws reactions to the reply, one per user and emoji, apart from the comment's", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    const reply = await replyOk(f.comment, place, comment.id);
    await inParallel(["admin", "edit", "comment"] as const, (role) => putReply(f[role], place, comment.id, reply.id, { addedReactions: ["🎉", "🎉"] }));
    const removed = ok(await putReply(f.edit, place, comment.id, reply.id, { removedReactions: ["🎉"] }), place.operations.updateReply);
    expect(reactionsOf(removed)["🎉"]!.sort()).toEqual([f.admin.id, f.comment.id].sort());
    expect((await readComment(f.read, place, comment.id)).reactions).toEqual([]);
    const listed = await listReplies(f.read, place, comment.id);
    expect(listed.items[0]!.reactions).toEqual(removed.reactions);
    expect(errorMessage(await putReply(f.read, place, comment.id, reply.id, { addedReactions: ["🎉"] }), 403)).toMatch(/needs the level 'comment'/);
  });

  it("has no status: `resolved` is a 400 naming the field", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    const reply = await replyOk(f.comment, place, comment.id);
    const message = errorMessage(await putReply(f.comment, place, comment.id, reply.id, { resolved: true }), 400);
    // GitBook's spec gives the change request's reply update the comment's schema, so the field is known there.
    expect(message).toBe(
      kind === "space" ? "Invalid body field 'resolved': not a field this operation accepts" : "Invalid body field 'resolved': a reply cannot be resolved: resolve its comment",
    );
  });
});

describe("the official client", () => {
  it("lists, posts, gets and updates replies in both places", async () => {
    const client = gitbookClient(f.comment);
    const space = await newPlace("space");
    const comment = await commentOk(f.edit, space);
    const { data: reply } = await client.spaces.postCommentReplyInSpace(space.spaceId, comment.id, { body: { markdown: "Via the client" } });
    expectSpecResponse("postCommentReplyInSpace", 200, reply);
    const { data: list } = await client.spaces.listCommentRepliesInSpace(space.spaceId, comment.id, { limit: 10 });
    expect(list.items.map((item) => item.id)).toEqual([reply.id]);
    const { data: read } = await client.spaces.getCommentReplyInSpace(space.spaceId, comment.id, reply.id);
    expect(read).toEqual(reply);
    const { data: updated } = await client.spaces.updateCommentReplyInSpace(space.spaceId, comment.id, reply.id, { addedReactions: ["👍"] });
    expect(updated.reactions[0]!.emoji).toBe("👍");

    const cr = await newPlace("change request");
    const crComment = await commentOk(f.edit, cr);
    const { data: crReply } = await client.spaces.postCommentReplyInChangeRequest(cr.spaceId, cr.changeRequestId!, crComment.id, { body: { markdown: "**Yes**" } }, { format: "document" });
    expectSpecResponse("postCommentReplyInChangeRequest", 200, crReply);
    expect(Object.keys(crReply.body)).toEqual(["document"]);
    const { data: crList } = await client.spaces.listCommentRepliesInChangeRequest(cr.spaceId, cr.changeRequestId!, crComment.id, { format: "markdown" });
    expect(crList.items[0]!.body).toEqual({ markdown: "**Yes**" });
    const { data: crRead } = await client.spaces.getCommentReplyInChangeRequest(cr.spaceId, cr.changeRequestId!, crComment.id, crReply.id);
    expect(crRead.id).toBe(crReply.id);
    const { data: crUpdated } = await client.spaces.updateCommentReplyInChangeRequest(cr.spaceId, cr.changeRequestId!, crComment.id, crReply.id, { body: { markdown: "Yes" } });
    expectSpecResponse("updateCommentReplyInChangeRequest", 200, crUpdated);
  });
});
