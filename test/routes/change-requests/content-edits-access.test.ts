import { describe, expect, it } from "vitest";
import { editContent, mergeChangeRequest } from "../../helpers/content";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { base64Of, changeRequestPath, changeRequestSnapshot, crPages, f, livePages, postChanges, read, spaceContentPath, spaceWithChangeRequest, textBytes, titles, useSuiteFixture } from "../../helpers/suites/content";

/** Change request content edits (updateChangeRequestContent): who may edit, and in which states of the space and change request. */

useSuiteFixture();

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): who may edit, and when", () => {
  const attempt = (title = "Attempt") => [{ operation: "insert_page", title, document: {} }];

  it("refuses every edit while the space is locked (403), changing nothing, and edits again once it is live", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    await editContent(f.admin, spaceId, changeRequestId, attempt("Before the lock"));
    const locked = await call("PATCH", `/v1/spaces/${spaceId}`, { token: f.admin.token, body: { editMode: "locked" } });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, attempt()), 403)).toMatch(/locked/);
    const file = { name: "x.txt", contentType: "text/plain", base64: base64Of(textBytes("x")) };
    errorMessage(await postChanges(f.edit, spaceId, changeRequestId, [{ operation: "insert_files", files: [file] }], false), 403);
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);

    const live = await call("PATCH", `/v1/spaces/${spaceId}`, { token: f.admin.token, body: { editMode: "live" } });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    await editContent(f.admin, spaceId, changeRequestId, attempt("After the lock"));
    expect(titles(await crPages(spaceId, changeRequestId))).toEqual(["Before the lock", "After the lock"]);
  });

  it("refuses a merged change request (409), changing neither it nor main", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    await editContent(f.admin, spaceId, changeRequestId, attempt("Merged page"));
    await mergeChangeRequest(f.admin, spaceId, changeRequestId);
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const mainBefore = await read(f.admin, spaceContentPath(spaceId));
    expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, attempt()), 409)).toMatch(/merged/);
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
    expect((await read(f.admin, spaceContentPath(spaceId))).id).toBe(mainBefore.id);
    expect(titles(await livePages(spaceId))).toEqual(["Merged page"]);
  });

  it("refuses a change request of a deleted space (409) until the space is restored", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const deleted = await call("DELETE", `/v1/spaces/${spaceId}`, { token: f.admin.token });
    expect(deleted.status).toBe(204);
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, attempt()), 409)).toMatch(/deleted/);
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
    const restored = await call("POST", `/v1/spaces/${spaceId}/restore`, { token: f.admin.token });
    expect(restored.status).toBe(200);
    await editContent(f.admin, spaceId, changeRequestId, attempt("Restored"));
    expect(titles(await crPages(spaceId, changeRequestId))).toEqual(["Restored"]);
  });

  it("refuses an archived change request (409) until it is reopened", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const archive = await call("PATCH", changeRequestPath(spaceId, changeRequestId), { token: f.admin.token, body: { status: "archived" } });
    expect(archive.status, JSON.stringify(archive.body)).toBe(200);
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    expect(errorMessage(await postChanges(f.edit, spaceId, changeRequestId, attempt()), 409)).toMatch(/archived/);
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);

    const reopen = await call("PATCH", changeRequestPath(spaceId, changeRequestId), { token: f.admin.token, body: { status: "open" } });
    expect(reopen.status, JSON.stringify(reopen.body)).toBe(200);
    await editContent(f.edit, spaceId, changeRequestId, attempt("Reopened"));
    expect(titles(await crPages(spaceId, changeRequestId))).toEqual(["Reopened"]);
  });

  it("refuses the read and comment roles (403), changing nothing", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    await inParallel(["read", "comment"] as const, async (role) => {
      expect(errorMessage(await postChanges(f[role], spaceId, changeRequestId, attempt(role)), 403), role).toMatch(/edit/);
    });
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });

  it("lets the edit, review, create and admin roles edit", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    for (const role of ["edit", "review", "create", "admin"] as const) {
      const result = await editContent(f[role], spaceId, changeRequestId, attempt(role));
      expect(result.changes.map((change) => change.object), role).toEqual(["created_page"]);
    }
    expect(titles(await crPages(spaceId, changeRequestId))).toEqual(["edit", "review", "create", "admin"]);
  });

  it("is a 404 for a guest, an outsider, and an unknown change request or space, changing nothing", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const other = await spaceWithChangeRequest("Other");
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    await inParallel(["guest", "outsider"] as const, async (who) => {
      errorMessage(await postChanges(f[who], spaceId, changeRequestId, attempt(who)), 404);
    });
    errorMessage(await postChanges(f.admin, spaceId, "noSuchChangeRequest0", attempt()), 404);
    // A change request is only reached through its own space.
    errorMessage(await postChanges(f.admin, spaceId, other.changeRequestId, attempt()), 404);
    errorMessage(await postChanges(f.admin, "noSuchSpace000000000", changeRequestId, attempt()), 404);
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
    expect(await crPages(other.spaceId, other.changeRequestId)).toEqual([]);
  });

  it("takes the change request's number in place of its id", async () => {
    const { spaceId, changeRequestId, changeRequest } = await spaceWithChangeRequest();
    const result = await editContent(f.edit, spaceId, String(changeRequest.number), attempt("By number"));
    expect(result.changeRequest.id).toBe(changeRequestId);
    expect(titles(await crPages(spaceId, changeRequestId))).toEqual(["By number"]);
  });
});
