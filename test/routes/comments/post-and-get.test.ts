import { describe, expect, it } from "vitest";
import { commitToMain, createSpace, editContent } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import {
  NO_SUCH_ID,
  PLACE_KINDS,
  type Comment,
  commentOk,
  commentPath,
  f,
  getComment,
  listComments,
  markdown,
  newPlace,
  openCounter,
  orgId,
  placeIn,
  postComment,
  readComment,
  useSuiteFixture,
} from "../../helpers/suites/comments";

/** Posting a comment (bodies, targets, the 400s) and reading one back, on a space and in a change request. */

useSuiteFixture();

const PARAGRAPH = {
  object: "document",
  data: {},
  nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "From the editor", marks: [] }] }] }],
};

describe.each(PLACE_KINDS)("POST …/comments on a %s", (kind) => {
  it("posts an open comment by the caller, 200 with the Comment, and counts it as open", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.comment, place, markdown("Is this *still* true?"));
    expect(comment).toMatchObject({ object: "comment", status: "open", replies: 0, repliers: [], reactions: [], body: { markdown: "Is this *still* true?" } });
    expect(comment.postedBy.id).toBe(f.comment.id);
    expect(comment.editedAt).toBeUndefined();
    expect(comment.target.space).toBe(place.spaceId);
    expect(comment.target.changeRequest).toBe(place.changeRequestId);
    expect(comment.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect(new URL(comment.urls.location).pathname).toBe(commentPath(place, comment.id));
    expect(await openCounter(f.read, place)).toBe(1);
    expect(await readComment(f.read, place, comment.id)).toEqual({ ...comment, permissions: { view: true, edit: false, reply: false, delete: false } });
  });

  it("targets the revision the place shows when it is posted", async () => {
    const place = await newPlace(kind);
    const current = place.changeRequestId
      ? (await call("GET", place.path, { token: f.read.token })).body.revision
      : (await call("GET", `/v1/spaces/${place.spaceId}`, { token: f.read.token })).body.revision;
    expect((await commentOk(f.edit, place)).target.revision).toBe(current);
  });

  it("stores markdown as written, a JSON document as its markdown, and `{}` as an empty body", async () => {
    const place = await newPlace(kind);
    const written = "Line one  \n<b>bold</b> & `code`\n\n- a\n- b\n";
    expect((await commentOk(f.comment, place, markdown(written))).body).toEqual({ markdown: written });
    expect((await commentOk(f.comment, place, { body: { document: PARAGRAPH } })).body).toEqual({ markdown: "From the editor\n" });
    const empty = await commentOk(f.comment, place, { body: {} });
    expect(empty.body).toEqual({});
    expect((await readComment(f.comment, place, empty.id, "?format=document")).body).toEqual({});
    expect((await commentOk(f.comment, place, markdown(""))).body).toEqual({ markdown: "" });
  });

  it("attaches it to a page of the place's content, a node of it, or a table cell", async () => {
    const place = await newPlace(kind);
    const pageId = await pageIn(place.spaceId, place.changeRequestId);
    const onPage = await commentOk(f.comment, place, { ...markdown("Here"), page: pageId });
    expect(onPage.target.page).toEqual({ id: pageId });
    const onNode = await commentOk(f.comment, place, { ...markdown("This line"), page: pageId, node: "k3" });
    expect(onNode.target).toMatchObject({ page: { id: pageId }, node: { id: "k3" } });
    const onCell = await commentOk(f.comment, place, { ...markdown("This cell"), page: pageId, tableCell: { record: "row1", definition: "col1" } });
    expect(onCell.target.tableCell).toEqual({ record: "row1", definition: "col1" });
  });

  it("refuses bodies and targets it cannot keep, naming the field and the limit (400), and posts nothing", async () => {
    const place = await newPlace(kind);
    const pageId = await pageIn(place.spaceId, place.changeRequestId);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^Invalid body field 'body'/],
      [{ body: { markdown: "x", document: PARAGRAPH } }, /^Invalid body field 'body/],
      [{ body: { markdown: "x".repeat(64 * 1024 + 1) } }, /^Invalid body field 'body\.markdown': .*65536/],
      [{ body: { markdown: ">".repeat(200) + " deep" } }, /^Invalid body field 'body\.markdown': nests more than 90 levels/],
      [{ ...markdown("x"), node: "k1" }, /^Invalid body field 'node': needs 'page'/],
      [{ ...markdown("x"), tableCell: { record: "r", definition: "d" } }, /^Invalid body field 'tableCell': needs 'page'/],
      [{ ...markdown("x"), page: pageId, tableCell: { record: "r" } }, /^Invalid body field 'tableCell\.definition'/],
      [{ ...markdown("x"), page: NO_SUCH_ID }, new RegExp(`^Invalid body field 'page': no page '${NO_SUCH_ID}' in the ${kind}'s content$`)],
      [{ ...markdown("x"), page: "bad id!" }, /^Invalid body field 'page'/],
      [{ ...markdown("x"), resolved: true }, /^Invalid body field 'resolved': not a field this operation accepts$/],
    ];
    await inParallel(cases, async ([body, message]) => {
      expect(errorMessage(await postComment(f.comment, place, body), 400), JSON.stringify(body).slice(0, 80)).toMatch(message);
    });
    expect((await listComments(f.read, place)).count).toBe(0);
    expect(await openCounter(f.read, place)).toBe(0);
  });

  it("refuses readers (403) and hides the place from guests and other organizations (404)", async () => {
    const place = await newPlace(kind);
    expect(errorMessage(await postComment(f.read, place), 403)).toBe("This action (comment) needs the level 'comment' or higher on the space");
    expect(errorMessage(await postComment(f.guest, place), 404)).toMatch(/not found$/);
    expect(errorMessage(await postComment(f.outsider, place), 404)).toMatch(/not found$/);
    await inParallel(["comment", "edit", "review", "create", "admin"] as const, (role) => commentOk(f[role], place));
    expect(await openCounter(f.read, place)).toBe(5);
  });
});

describe.each(PLACE_KINDS)("GET …/comments/{commentId} on a %s", (kind) => {
  it("answers the comment in markdown by default, and as a document rendered safely with format=document", async () => {
    const place = await newPlace(kind);
    const text = "Read [the guide](https://example.com) <script>alert(1)</script> [x](javascript:alert(2)) ![i](data:image/png;base64,AA)\n\n<div onclick=\"x()\">Hello</div>\n";
    const comment = await commentOk(f.comment, place, markdown(text));
    expect((await readComment(f.read, place, comment.id)).body).toEqual({ markdown: text });
    expect((await readComment(f.read, place, comment.id, "?format=markdown")).body).toEqual({ markdown: text });
    const rendered = await readComment(f.read, place, comment.id, "?format=document");
    const json = JSON.stringify(rendered.body);
    expect(json).toContain('"document"');
    expect(json).toContain("https://example.com");
    expect(json).toContain("Hello");
    for (const unsafe of ["script", "alert", "javascript:", "data:", "onclick", "<div"]) expect(json).not.toContain(unsafe);
  });

  it("is read only in the place it was posted in (404 in the space's other place or another space), also by change request number", async () => {
    const place = await newPlace(kind);
    const comment = await commentOk(f.comment, place);
    const otherPlace = await placeIn(kind === "space" ? "change request" : "space", place.spaceId);
    expect(errorMessage(await getComment(f.read, otherPlace, comment.id), 404)).toBe(`Comment '${comment.id}' not found`);
    expect(errorMessage(await getComment(f.read, await newPlace(kind), comment.id), 404)).toBe(`Comment '${comment.id}' not found`);
    expect(errorMessage(await getComment(f.read, place, NO_SUCH_ID), 404)).toBe(`Comment '${NO_SUCH_ID}' not found`);
    expect(errorMessage(await getComment(f.read, place, comment.id, "?format=html"), 400)).toMatch(/^Invalid query parameter 'format'/);
    expect((await listComments(f.read, otherPlace)).count).toBe(0);
    if (place.changeRequestId) {
      const number = (await call("GET", place.path, { token: f.read.token })).body.number;
      const byNumber = await call("GET", `/v1/spaces/${place.spaceId}/change-requests/${number}/comments/${comment.id}`, { token: f.read.token });
      expect(byNumber.body).toEqual(await readComment(f.read, place, comment.id));
    }
  });

  it("stays readable after the page it is on is deleted", async () => {
    const space = await createSpace(f.admin, orgId);
    const edit = await commitToMain(f.admin, space.id, [{ operation: "insert_page", title: "Soon gone", document: { markdown: "Soon gone.\n" } }]);
    const pageId = edit.changes[0]!.page.id;
    const place = await placeIn("space", space.id);
    const comment = await commentOk(f.comment, place, { ...markdown("On a page"), page: pageId });
    await commitToMain(f.admin, space.id, [{ operation: "delete_page", page: pageId }]);
    expect((await readComment(f.read, place, comment.id)).target.page).toEqual({ id: pageId });
    expect((await listComments(f.read, place, `?targetPage=${pageId}`)).count).toBe(1);
  });
});

describe("the official client", () => {
  it("posts and gets comments on a space and in a change request", async () => {
    const client = gitbookClient(f.comment);
    const space = await newPlace("space");
    const { data: posted } = await client.spaces.postCommentInSpace(space.spaceId, { body: { markdown: "From the client" } });
    expectSpecResponse("postCommentInSpace", 200, posted);
    const { data: read } = await client.spaces.getCommentInSpace(space.spaceId, posted.id, { format: "document" });
    expect((read.body as { document: { nodes: unknown[] } }).document.nodes).toHaveLength(1);

    const cr = await newPlace("change request");
    const { data: inCr } = await client.spaces.postCommentInChangeRequest(cr.spaceId, cr.changeRequestId!, { body: { markdown: "In the CR" } });
    expect(inCr.target.changeRequest).toBe(cr.changeRequestId);
    const { data: again }: { data: Comment } = await client.spaces.getCommentInChangeRequest(cr.spaceId, cr.changeRequestId!, inCr.id);
    expect(again).toEqual(inCr);
  });
});

/** A page of the place's current content: merged into the space, or added in the change request. */
async function pageIn(spaceId: string, changeRequestId?: string): Promise<string> {
  const changes = [{ operation: "insert_page", title: "Commented", document: { markdown: "Comment on me.\n" } }];
  const edit = changeRequestId ? await editContent(f.admin, spaceId, changeRequestId, changes) : await commitToMain(f.admin, spaceId, changes);
  return edit.changes.find((change) => change.object === "created_page")!.page.id;
}
