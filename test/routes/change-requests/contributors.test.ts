import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, editContent, updateChangeRequest } from "../../helpers/content";
import { gitbookClient, gitbookClient0146, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { f, orgId, read, useSuiteFixture } from "../../helpers/suites/content";

/**
 * Contributors of a change request (GitBook's getContributorsByChangeRequestId): who edited its
 * content (each edit a revision) and who commented or replied in it, with counts and last times.
 */

useSuiteFixture();

type Contributor = { updatedAt: string; count: number; user: { id: string; object: string }; actionType: "edit" | "comment" };

describe("change request contributors", () => {
  let spaceId: string;
  let changeRequest: { id: string; number: number };
  const contributorsPath = (idOrNumber: string | number, space = spaceId) => `/v1/spaces/${space}/change-requests/${idOrNumber}/contributors`;

  const post = async (user: TestUser, path: string, markdown: string) => {
    const response = await call("POST", path, { token: user.token, body: { body: { markdown } } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.id as string;
  };

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Contributors" })).id;
    changeRequest = await createChangeRequest(f.admin, spaceId, "Shared work");
    const place = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}`;
    await editContent(f.admin, spaceId, changeRequest.id, [{ operation: "insert_page", title: "One", document: { markdown: "One.\n" } }]);
    await editContent(f.admin, spaceId, changeRequest.id, [{ operation: "insert_page", title: "Two", document: { markdown: "Two.\n" } }]);
    const question = await post(f.comment, `${place}/comments`, "Why two pages?");
    await post(f.comment, `${place}/comments/${question}/replies`, "Never mind.");
    await post(f.admin, `${place}/comments/${question}/replies`, "Two topics.");
    // Main moves on and the change request is updated: an update is not an edit of its content.
    await commitToMain(f.admin, spaceId, [{ operation: "insert_page", title: "Elsewhere", document: { markdown: "Main.\n" } }]);
    await updateChangeRequest(f.admin, spaceId, changeRequest.id);
    await editContent(f.edit, spaceId, changeRequest.id, [{ operation: "insert_page", title: "Three", document: { markdown: "Three.\n" } }]);
  }, 60_000);

  it("lists each user's edits and comments, with counts and last times, most recent first, valid in both specs", async () => {
    const body = await read<{ items: Contributor[]; count: number }>(f.read, contributorsPath(changeRequest.id));
    expect(body.items.map((item) => [item.user.id, item.actionType, item.count])).toEqual([
      [f.edit.id, "edit", 1],
      [f.admin.id, "comment", 1],
      [f.comment.id, "comment", 2],
      [f.admin.id, "edit", 2],
    ]);
    expect(body.count).toBe(4);
    const times = body.items.map((item) => item.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.items[0]!.user).toMatchObject({ object: "user", id: f.edit.id });
    expectSpecResponse("getContributorsByChangeRequestId", 200, body);
    expectSpec0146Response("getContributorsByChangeRequestId", 200, body);
  });

  it("by the change request's number too; a change request nobody touched has none", async () => {
    expect(await read(f.read, contributorsPath(changeRequest.number))).toEqual(await read(f.read, contributorsPath(changeRequest.id)));
    const untouched = await createChangeRequest(f.admin, spaceId, "Untouched");
    expect(await read(f.read, contributorsPath(untouched.id))).toEqual({ items: [], count: 0 });
  });

  it("through GitBook's clients, 0.202 and 0.146", async () => {
    expect((await gitbookClient(f.read).spaces.getContributorsByChangeRequestId(spaceId, changeRequest.id)).data.items).toHaveLength(4);
    const old = gitbookClient0146(f.read);
    expect((await old.spaces.getContributorsByChangeRequestId(spaceId, String(changeRequest.number))).data.count).toBe(4);
    await expect(old.spaces.getContributorsByChangeRequestId(spaceId, "noSuchChangeRequest0")).rejects.toMatchObject({ code: 404 });
  });

  it("is a 404 for a change request of another space, to an outsider and to a guest; a 401 without a token", async () => {
    const other = await createSpace(f.admin, orgId, { title: "Other" });
    expect(errorMessage(await call("GET", contributorsPath(changeRequest.id, other.id), { token: f.read.token }), 404)).toMatch(/Change request/);
    await inParallel(["outsider", "guest"] as const, async (who) => {
      errorMessage(await call("GET", contributorsPath(changeRequest.id), { token: f[who].token }), 404);
    });
    errorMessage(await call("GET", contributorsPath(changeRequest.id)), 401);
  });
});
