import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, editContent } from "../../helpers/content";
import { addMember, createUser, gitbookClient, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import {
  PLACE_KINDS,
  type Comment,
  type Place,
  commentOk,
  commentsPath,
  f,
  ids,
  listComments,
  markdown,
  newPlace,
  ok,
  orgId,
  placeIn,
  replyOk,
  tick,
  updateOk,
  useSuiteFixture,
} from "../../helpers/suites/comments";

/** The comment lists (order, status, page and author filters, pages of them) and the commenters. */

useSuiteFixture();

describe.each(PLACE_KINDS)("GET …/comments on a %s", (kind) => {
  let place: Place;
  let pageId: string;
  /** In posting order: by comment, edit, admin, comment (on the page), edit (on the page, resolved). */
  let posted: Comment[];

  beforeAll(async () => {
    place = await newPlace(kind);
    const changes = [{ operation: "insert_page", title: "Listed", document: { markdown: "Listed.\n" } }];
    const edit = place.changeRequestId ? await editContent(f.admin, place.spaceId, place.changeRequestId, changes) : await commitToMain(f.admin, place.spaceId, changes);
    pageId = edit.changes.find((change) => change.object === "created_page")!.page.id;
    posted = [];
    for (const [user, onPage] of [[f.comment, false], [f.edit, false], [f.admin, false], [f.comment, true], [f.edit, true]] as const) {
      posted.push(await commentOk(user, place, { ...markdown(`By ${user.email}`), ...(onPage ? { page: pageId } : {}) }));
      await tick();
    }
    await updateOk(f.admin, place, posted[4]!.id, { resolved: true });
  });

  const idsOf = (...indexes: number[]) => indexes.map((index) => posted[index]!.id);

  it("lists them newest first by default, oldest first with order=asc, every status by default", async () => {
    const list = await listComments(f.read, place);
    expect(list.count).toBe(5);
    expect(ids(list)).toEqual(idsOf(4, 3, 2, 1, 0));
    expect(list.next).toBeUndefined();
    expect(ids(await listComments(f.read, place, "?order=asc"))).toEqual(idsOf(0, 1, 2, 3, 4));
    expect(ids(await listComments(f.read, place, "?status=all"))).toEqual(idsOf(4, 3, 2, 1, 0));
  });

  it("filters by status, by page and by authors (repeated or comma-separated), together", async () => {
    const cases: Array<[string, string[]]> = [
      ["?status=open", idsOf(3, 2, 1, 0)],
      ["?status=resolved", idsOf(4)],
      [`?targetPage=${pageId}`, idsOf(4, 3)],
      [`?targetPage=${pageId}&status=open`, idsOf(3)],
      [`?authors=${f.comment.id}`, idsOf(3, 0)],
      [`?authors=${f.comment.id}&authors=${f.admin.id}&order=asc`, idsOf(0, 2, 3)],
      [`?authors=${f.comment.id},${f.edit.id}&status=open`, idsOf(3, 1, 0)],
      [`?authors=${f.read.id}`, []],
      ["?targetPage=noSuchPage", []],
    ];
    await inParallel(cases, async ([query, expected]) => {
      const list = await listComments(f.read, place, query);
      expect(ids(list), query).toEqual(expected);
      expect(list.count, query).toBe(expected.length);
    });
  });

  it("pages through them with the keyset cursor, in each order and under a filter", async () => {
    const token = f.read.token;
    const desc = await walkList<Comment>(commentsPath(place), { limit: 2 }, { token, operationId: place.operations.list, expectedCount: 5 });
    expect(desc.map((item) => item.id)).toEqual(idsOf(4, 3, 2, 1, 0));
    const asc = await walkList<Comment>(commentsPath(place), { limit: 2, order: "asc", status: "open" }, { token, operationId: place.operations.list, expectedCount: 4 });
    expect(asc.map((item) => item.id)).toEqual(idsOf(0, 1, 2, 3));
    // A cursor made under one order is refused under the other.
    const first = await listComments(f.read, place, "?limit=2");
    expect(errorMessage(await call("GET", `${commentsPath(place)}?order=asc&page=${first.next!.page}`, { token }), 400)).toMatch(/page/);
    expect((await listComments(f.read, place, "?limit=0")).count).toBe(5);
  });

  it("carries each comment's reactions, replies and repliers, and answers bodies as documents with format=document", async () => {
    const other = await newPlace(kind);
    const comment = await commentOk(f.comment, other, markdown("**Bold** claim"));
    await updateOk(f.edit, other, comment.id, { addedReactions: ["👍"] });
    await replyOk(f.admin, other, comment.id);
    const [item] = (await listComments(f.read, other, "?format=document")).items;
    expect(item!.reactions.map((reaction) => [reaction.emoji, reaction.count])).toEqual([["👍", 1]]);
    expect(item!.replies).toBe(1);
    expect(item!.repliers[0]!.user.id).toBe(f.admin.id);
    expect(JSON.stringify(item!.body)).toContain('"bold"');
  });

  it("refuses bad filters, naming the parameter (400)", async () => {
    const tooMany = Array.from({ length: 51 }, (_, index) => `user${index}`).join(",");
    const cases: Array<[string, RegExp]> = [
      ["?status=closed", /^Invalid query parameter 'status'/],
      ["?order=newest", /^Invalid query parameter 'order'/],
      ["?format=html", /^Invalid query parameter 'format'/],
      [`?authors=${tooMany}`, /^Invalid query parameter 'authors': .*50/],
      ["?authors=not%20an%20id", /^Invalid query parameter 'authors\[0\]'/],
      ["?limit=1001", /^Invalid query parameter 'limit'/],
    ];
    await inParallel(cases, async ([query, message]) => {
      expect(errorMessage(await call("GET", `${commentsPath(place)}${query}`, { token: f.read.token }), 400), query).toMatch(message);
    });
  });

  it("is hidden from guests and other organizations (404)", async () => {
    await inParallel([f.guest, f.outsider], async (user) => {
      expect(errorMessage(await call("GET", commentsPath(place), { token: user.token }), 404)).toMatch(/not found$/);
    });
  });
});

describe("the space's comments and its change requests' comments", () => {
  it("are listed apart: the space's list holds only comments posted on the space itself", async () => {
    const space = await newPlace("space");
    const cr = await placeIn("change request", space.spaceId);
    const onSpace = await commentOk(f.comment, space);
    const inCr = await commentOk(f.comment, cr);
    expect(ids(await listComments(f.read, space))).toEqual([onSpace.id]);
    expect(ids(await listComments(f.read, cr))).toEqual([inCr.id]);
  });
});

describe.each(PLACE_KINDS)("GET …/commenters on a %s", (kind) => {
  it("lists the members who posted a comment or a reply there, each once, as Members", async () => {
    const place = await newPlace(kind);
    const first = await commentOk(f.comment, place);
    await commentOk(f.comment, place);
    await replyOk(f.edit, place, first.id);
    await commentOk(f.comment, await newPlace(kind));
    const list = ok(await call("GET", `${place.path}/commenters`, { token: f.read.token }), place.operations.commenters);
    expect(list.items.map((member: { id: string }) => member.id).sort()).toEqual([f.comment.id, f.edit.id].sort());
    expect(list.items.find((member: { id: string }) => member.id === f.comment.id)).toMatchObject({ object: "member", role: "comment", user: { id: f.comment.id } });
    expect(list.count).toBe(2);
  });

  it("pages through them, and leaves out whoever is no longer a member of the space's organization", async () => {
    const place = await newPlace(kind);
    const leaving: TestUser = await createUser("leaving");
    await addMember(f.admin, orgId, leaving, "comment");
    for (const user of [f.comment, f.edit, f.review, leaving]) await commentOk(user, place);
    expect((await call("DELETE", `/v1/orgs/${orgId}/members/${leaving.id}`, { token: f.admin.token })).status).toBe(205);
    const walked = await walkList(`${place.path}/commenters`, { limit: 2 }, { token: f.read.token, operationId: place.operations.commenters, expectedCount: 3 });
    expect(walked.map((member) => member.id).sort()).toEqual([f.comment.id, f.edit.id, f.review.id].sort());
  });
});

describe("the official client", () => {
  it("lists comments and commenters in both places", async () => {
    const client = gitbookClient(f.read);
    const space = await newPlace("space");
    const comment = await commentOk(f.comment, space);
    const { data: list } = await client.spaces.listCommentsInSpace(space.spaceId, { status: "open", authors: [f.comment.id, f.edit.id], format: "markdown" });
    expectSpecResponse("listCommentsInSpace", 200, list);
    expect(list.items.map((item) => item.id)).toEqual([comment.id]);
    const { data: commenters } = await client.spaces.listCommentersInSpace(space.spaceId, { limit: 5 });
    expect(commenters.items.map((member) => member.id)).toEqual([f.comment.id]);

    const cr = await newPlace("change request");
    const inCr = await commentOk(f.edit, cr);
    const { data: crList } = await client.spaces.listCommentsInChangeRequest(cr.spaceId, cr.changeRequestId!, { order: "asc", authors: [f.edit.id] });
    expect(crList.items.map((item) => item.id)).toEqual([inCr.id]);
    const { data: crCommenters } = await client.spaces.listCommentersInChangeRequest(cr.spaceId, cr.changeRequestId!);
    expectSpecResponse("listCommentersInChangeRequest", 200, crCommenters);
    expect(crCommenters.items.map((member) => member.id)).toEqual([f.edit.id]);
  });
});
