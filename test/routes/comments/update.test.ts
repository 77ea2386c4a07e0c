import { describe, expect, it } from "vitest";
import { gitbookClient } from "../../helpers/fixtures";
import { errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import {
  NO_SUCH_ID,
  PLACE_KINDS,
  commentOk,
  f,
  markdown,
  newPlace,
  openCounter,
  putComment,
  reactionsOf,
  readComment,
  tick,
  updateOk,
  useSuiteFixture,
} from "../../helpers/suites/comments";

/** PUT …/comments/{commentId}: resolving and reopening, editing the body, reactions; who may do which. */

useSuiteFixture();

const LESSER = ["create", "review", "edit", "comment"] as const;

describe.each(PLACE_KINDS)("resolving a comment on a %s", (kind) => {
  it("resolves with who and when, reopens, and keeps the open-comment counter exact", async () => {
    const place = await newPlace(kind);
    const [first, second] = [await commentOk(f.comment, place), await commentOk(f.edit, place)];
    expect(await openCounter(f.read, place)).toBe(2);
    const resolved = await updateOk(f.comment, place, first.id, { resolved: true });
    expect(resolved).toMatchObject({ status: "resolved", resolvedBy: { id: f.comment.id } });
    expect(Date.parse(resolved.status === "resolved" ? resolved.resolvedAt : "")).toBeGreaterThanOrEqual(Date.parse(first.postedAt));
    expect(resolved.editedAt).toBeUndefined();
    expect(await openCounter(f.read, place)).toBe(1);

    // Resolving again changes nothing: the first resolution is kept.
    await tick();
    expect(await updateOk(f.admin, place, first.id, { resolved: true })).toEqual({ ...resolved, permissions: expect.any(Object) });
    expect(await openCounter(f.read, place)).toBe(1);

    // A space admin resolves anyone's comment.
    await updateOk(f.admin, place, second.id, { resolved: true });
    expect(await openCounter(f.read, place)).toBe(0);

    const reopened = await updateOk(f.edit, place, second.id, { resolved: false });
    expect(reopened.status).toBe("open");
    expect(reopened).not.toHaveProperty("resolvedAt");
    expect(reopened).not.toHaveProperty("resolvedBy");
    expect(await updateOk(f.edit, place, second.id, { resolved: false })).toEqual(reopened);
    expect(await openCounter(f.read, place)).toBe(1);
  });

  it("refuses everyone else below admin (403 naming the level), changing nothing", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.comment, place);
    await inParallel([...LESSER.filter((role) => role !== "comment"), "read"] as const, async (role) => {
      expect(errorMessage(await putComment(f[role], place, comment.id, { resolved: true }), 403), role).toBe(
        "Resolving a comment needs the level 'admin' or higher on the space, or being its author with the level 'comment'",
      );
    });
    expect(errorMessage(await putComment(f.guest, place, comment.id, { resolved: true }), 404)).toMatch(/not found$/);
    expect(errorMessage(await putComment(f.outsider, place, comment.id, { resolved: true }), 404)).toMatch(/not found$/);
    expect(await readComment(f.comment, place, comment.id)).toEqual(comment);
    expect(await openCounter(f.read, place)).toBe(1);
  });
});

describe.each(PLACE_KINDS)("editing a comment on a %s", (kind) => {
  it("replaces the body for its author and sets editedAt; a document is stored as markdown", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.comment, place, markdown("Frist"));
    await tick();
    const edited = await updateOk(f.comment, place, comment.id, markdown("First"));
    expect(edited.body).toEqual({ markdown: "First" });
    expect(Date.parse(edited.editedAt!)).toBeGreaterThan(Date.parse(comment.postedAt));
    expect({ ...edited, body: comment.body, editedAt: undefined }).toEqual({ ...comment, editedAt: undefined });
    const emptied = await updateOk(f.comment, place, comment.id, { body: {} });
    expect(emptied.body).toEqual({});
  });

  it("is for the author only: admins included, everyone else gets a 403 and nothing changes", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.comment, place);
    await inParallel(["admin", ...LESSER.filter((role) => role !== "comment"), "read"] as const, async (role) => {
      expect(errorMessage(await putComment(f[role], place, comment.id, markdown("Hijacked")), 403), role).toBe(
        "Editing a comment is for its author only, with the level 'comment' or higher on the space",
      );
    });
    expect(await readComment(f.comment, place, comment.id)).toEqual(comment);
  });

  it("checks every field before writing any: one refused field refuses the request", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.comment, place);
    expect(errorMessage(await putComment(f.admin, place, comment.id, { resolved: true, addedReactions: ["👍"], ...markdown("x") }), 403)).toMatch(/^Editing a comment/);
    expect(await readComment(f.comment, place, comment.id)).toEqual(comment);
    expect(await openCounter(f.read, place)).toBe(1);
  });
});

describe.each(PLACE_KINDS)("reactions to a comment on a %s", (kind) => {
  it("adds one per user and emoji, idempotently, counted per emoji with who reacted when", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    const first = await updateOk(f.comment, place, comment.id, { addedReactions: ["👍", "🎉"] });
    expect(reactionsOf(first)).toEqual({ "👍": [f.comment.id], "🎉": [f.comment.id] });
    await tick();
    // The same emoji again, and its code points in hex (1f44d is 👍), change nothing.
    const again = await updateOk(f.comment, place, comment.id, { addedReactions: ["👍", "1f44d"] });
    expect(again.reactions).toEqual(first.reactions);
    await tick();
    const second = await updateOk(f.admin, place, comment.id, { addedReactions: ["👍"] });
    expect(reactionsOf(second)).toEqual({ "👍": [f.comment.id, f.admin.id], "🎉": [f.comment.id] });
    const thumbs = second.reactions.find((reaction) => reaction.emoji === "👍")!;
    expect(thumbs.count).toBe(2);
    expect(thumbs.users[0]!.reactedAt < thumbs.users[1]!.reactedAt).toBe(true);
    // Reacting is not editing: the comment's body and editedAt are untouched.
    expect(second.editedAt).toBeUndefined();
    expect(second.body).toEqual(comment.body);
  });

  it("withdraws only the caller's own reactions; withdrawing one never made changes nothing", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    await updateOk(f.comment, place, comment.id, { addedReactions: ["👍", "🎉"] });
    await updateOk(f.review, place, comment.id, { addedReactions: ["👍"] });
    const after = await updateOk(f.comment, place, comment.id, { removedReactions: ["👍", "🚀"] });
    expect(reactionsOf(after)).toEqual({ "🎉": [f.comment.id], "👍": [f.review.id] });
    const cleared = await updateOk(f.comment, place, comment.id, { removedReactions: ["🎉"] });
    expect(reactionsOf(cleared)).toEqual({ "👍": [f.review.id] });
  });

  it("lets every role from 'comment' up react, refuses readers (403), and refuses bad emoji lists (400)", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.edit, place);
    await inParallel(["admin", ...LESSER] as const, (role) => updateOk(f[role], place, comment.id, { addedReactions: ["❤️"] }));
    expect(errorMessage(await putComment(f.read, place, comment.id, { addedReactions: ["❤️"] }), 403)).toBe(
      "Replying or reacting to a comment needs the level 'comment' or higher on the space",
    );
    expect(errorMessage(await putComment(f.read, place, comment.id, {}), 403)).toMatch(/needs the level 'comment'/);
    const cases: Array<[unknown, RegExp]> = [
      [{ addedReactions: ["not an emoji"] }, /^Invalid body field 'addedReactions\[0\]': must be an emoji/],
      [{ addedReactions: Array.from({ length: 21 }, () => "👍") }, /^Invalid body field 'addedReactions': .*20/],
      [{ addedReactions: ["👍"], removedReactions: ["👍"] }, /^Invalid body field 'removedReactions': '👍' is also in addedReactions$/],
      [{ addedReactions: "👍" }, /^Invalid body field 'addedReactions'/],
      [{ resolved: "yes" }, /^Invalid body field 'resolved'/],
      [{ emoji: "👍" }, /^Invalid body field 'emoji': not a field this operation accepts$/],
    ];
    await inParallel(cases, async ([body, message]) => {
      expect(errorMessage(await putComment(f.comment, place, comment.id, body), 400), JSON.stringify(body)).toMatch(message);
    });
    expect(reactionsOf(await readComment(f.read, place, comment.id))["❤️"]).toHaveLength(5);
  });

  it("answers 404 for a comment that does not exist, and an empty PUT returns the comment unchanged", async () => {
    const place = await newPlace(kind);
    expect(errorMessage(await putComment(f.comment, place, NO_SUCH_ID, { addedReactions: ["👍"] }), 404)).toBe(`Comment '${NO_SUCH_ID}' not found`);
    const comment = await commentOk(f.comment, place);
    expect(await updateOk(f.comment, place, comment.id, {})).toEqual(comment);
  });
});

describe("each comment's permissions object", () => {
  it("says exactly what the caller may do, by level and authorship", async () => {
    const place = await newPlace("space");
    const comment = await commentOk(f.comment, place);
    const expected = {
      admin: { view: true, edit: false, reply: true, delete: true },
      create: { view: true, edit: false, reply: true, delete: false },
      review: { view: true, edit: false, reply: true, delete: false },
      edit: { view: true, edit: false, reply: true, delete: false },
      comment: { view: true, edit: true, reply: true, delete: true },
      read: { view: true, edit: false, reply: false, delete: false },
    } as const;
    await inParallel(Object.keys(expected) as Array<keyof typeof expected>, async (role) => {
      expect((await readComment(f[role], place, comment.id)).permissions, role).toEqual(expected[role]);
    });
  });
});

describe("the official client", () => {
  it("updates comments on a space and in a change request", async () => {
    const client = gitbookClient(f.comment);
    const space = await newPlace("space");
    const comment = await commentOk(f.comment, space);
    const { data } = await client.spaces.updateCommentInSpace(space.spaceId, comment.id, { resolved: true, addedReactions: ["👍"] });
    expectSpecResponse("updateCommentInSpace", 200, data);
    expect(data.status).toBe("resolved");

    const cr = await newPlace("change request");
    const inCr = await commentOk(f.comment, cr);
    const { data: edited } = await client.spaces.updateCommentInChangeRequest(cr.spaceId, cr.changeRequestId!, inCr.id, { body: { markdown: "Edited" } });
    expectSpecResponse("updateCommentInChangeRequest", 200, edited);
    expect(edited.body).toEqual({ markdown: "Edited" });
  });
});
