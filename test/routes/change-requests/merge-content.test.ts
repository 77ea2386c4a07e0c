import { describe, expect, it } from "vitest";
import { changeRequestPages, commitToMain, createChangeRequest, createdPage, editContent, flattenPages, mainPages, mergeChangeRequest, updateChangeRequest } from "../../helpers/content";
import { MARKERS, admin, body, bodyOf, changeRequestRevision, findPage, getChangeRequest, getSpace, mainRevision, parentOf, setBody, spaceWith, update, useSuiteFixture } from "../../helpers/suites/merge";

/** Three-way merges of content: edits that do not overlap, conflicting line edits, deletions, moves and slugs. */

useSuiteFixture();

describe("merging change requests that do not overlap", () => {
  it("merges two change requests editing different pages, keeping both changes", async () => {
    const { spaceId, ids } = await spaceWith({ Alpha: body("alpha"), Beta: body("beta") });
    const seededHead = (await getSpace(spaceId)).revision;
    const first = await createChangeRequest(admin, spaceId, "edit alpha");
    const second = await createChangeRequest(admin, spaceId, "edit beta");
    const firstEdit = await editContent(admin, spaceId, first.id, [setBody(ids.Alpha!, body("alpha edited"))]);
    const secondEdit = await editContent(admin, spaceId, second.id, [setBody(ids.Beta!, body("beta edited"))]);

    const firstMerge = await mergeChangeRequest(admin, spaceId, first.id);
    expect(firstMerge.result).toBe("merge");
    const afterFirst = await mainRevision(spaceId);
    expect(afterFirst.id).toBe(firstMerge.revision);
    expect(afterFirst.type).toBe("merge");
    expect(afterFirst.parents).toEqual([seededHead, firstEdit.changeRequest.revision]);

    const secondMerge = await mergeChangeRequest(admin, spaceId, second.id);
    expect(secondMerge.result).toBe("merge");
    expect(secondMerge.revision).not.toBe(firstMerge.revision);
    const afterSecond = await mainRevision(spaceId);
    expect(afterSecond.id).toBe(secondMerge.revision);
    expect(afterSecond.parents).toEqual([firstMerge.revision, secondEdit.changeRequest.revision]);
    expect((await getSpace(spaceId)).revision).toBe(secondMerge.revision);

    const pages = await mainPages(admin, spaceId);
    expect(flattenPages(pages).map((page) => page.title)).toEqual(["Alpha", "Beta"]);
    expect(bodyOf(pages, ids.Alpha!)).toBe(body("alpha edited"));
    expect(bodyOf(pages, ids.Beta!)).toBe(body("beta edited"));
  });

  it("merges edits of different lines of the same page cleanly, keeping both", async () => {
    const { spaceId, ids } = await spaceWith({ Page: body("one", "two", "three", "four", "five") });
    const first = await createChangeRequest(admin, spaceId, "top");
    const second = await createChangeRequest(admin, spaceId, "bottom");
    await editContent(admin, spaceId, first.id, [setBody(ids.Page!, body("one (first)", "two", "three", "four", "five"))]);
    await editContent(admin, spaceId, second.id, [setBody(ids.Page!, body("one", "two", "three", "four", "five (second)"))]);

    expect((await mergeChangeRequest(admin, spaceId, first.id)).result).toBe("merge");
    expect((await mergeChangeRequest(admin, spaceId, second.id)).result).toBe("merge");

    const pages = await mainPages(admin, spaceId);
    expect(bodyOf(pages, ids.Page!)).toBe(body("one (first)", "two", "three", "four", "five (second)"));
    expect(bodyOf(pages, ids.Page!)).not.toContain(MARKERS.ours);
  });
});

describe("conflicting line edits", () => {
  it("brings a conflict into the change request instead of merging, then merges the resolution", async () => {
    const { spaceId, ids } = await spaceWith({ Page: body("line 1", "line 2", "line 3") });
    const first = await createChangeRequest(admin, spaceId, "first");
    const second = await createChangeRequest(admin, spaceId, "second");
    await editContent(admin, spaceId, first.id, [setBody(ids.Page!, body("line 1", "line 2 from first", "line 3"))]);
    const secondEdit = await editContent(admin, spaceId, second.id, [setBody(ids.Page!, body("line 1", "line 2 from second", "line 3"))]);
    expect((await mergeChangeRequest(admin, spaceId, first.id)).result).toBe("merge");
    const head = (await getSpace(spaceId)).revision;
    expect((await getChangeRequest(spaceId, second.id)).outdated).toBe(true);

    const conflicted = await mergeChangeRequest(admin, spaceId, second.id);
    expect(conflicted.result).toBe("conflicts");
    expect(conflicted.revision).not.toBe(head);
    expect(conflicted.revision).not.toBe(secondEdit.changeRequest.revision);

    // Main is untouched by the merge that conflicted.
    expect((await getSpace(spaceId)).revision).toBe(head);
    expect((await mainRevision(spaceId)).id).toBe(head);
    expect(bodyOf(await mainPages(admin, spaceId), ids.Page!)).toBe(body("line 1", "line 2 from first", "line 3"));

    // The change request was updated: its new revision carries both versions, main's first.
    const changeRequest = await getChangeRequest(spaceId, second.id);
    expect(changeRequest.revision).toBe(conflicted.revision);
    expect(changeRequest.status).toBe("draft");
    expect(changeRequest.revisionMergedAncestor).toBe(head);
    expect(changeRequest.outdated).toBe(false);
    expect(changeRequest.revisionMerged).toBeUndefined();
    const revision = await changeRequestRevision(spaceId, second.id);
    expect(revision.id).toBe(conflicted.revision);
    expect(revision.type).toBe("update");
    expect(revision.parents).toEqual([secondEdit.changeRequest.revision, head]);
    expect(bodyOf(await changeRequestPages(admin, spaceId, second.id), ids.Page!)).toBe(
      body("line 1", MARKERS.ours, "line 2 from first", MARKERS.separator, "line 2 from second", MARKERS.theirs, "line 3"),
    );

    // Resolved by editing the page, it merges.
    await editContent(admin, spaceId, second.id, [setBody(ids.Page!, body("line 1", "line 2 from both", "line 3"))]);
    const merged = await mergeChangeRequest(admin, spaceId, second.id);
    expect(merged.result).toBe("merge");
    expect((await getSpace(spaceId)).revision).toBe(merged.revision);
    expect((await mainRevision(spaceId)).parents[0]).toBe(head);
    expect(bodyOf(await mainPages(admin, spaceId), ids.Page!)).toBe(body("line 1", "line 2 from both", "line 3"));
    expect((await getChangeRequest(spaceId, second.id)).status).toBe("merged");
  });

  it("reports the same conflict on update, leaving main alone", async () => {
    const { spaceId, ids } = await spaceWith({ Page: body("a", "b", "c") });
    const changeRequest = await createChangeRequest(admin, spaceId);
    await editContent(admin, spaceId, changeRequest.id, [setBody(ids.Page!, body("a", "b cr", "c"))]);
    await commitToMain(admin, spaceId, [setBody(ids.Page!, body("a", "b main", "c"))]);
    const head = (await getSpace(spaceId)).revision;

    const updated = await updateChangeRequest(admin, spaceId, changeRequest.id);
    expect(updated.result).toBe("conflicts");
    expect((await getSpace(spaceId)).revision).toBe(head);
    expect(bodyOf(await mainPages(admin, spaceId), ids.Page!)).toBe(body("a", "b main", "c"));
    expect(bodyOf(await changeRequestPages(admin, spaceId, changeRequest.id), ids.Page!)).toBe(
      body("a", MARKERS.ours, "b main", MARKERS.separator, "b cr", MARKERS.theirs, "c"),
    );
    expect(await getChangeRequest(spaceId, changeRequest.id)).toMatchObject({ revision: updated.revision, outdated: false, revisionMergedAncestor: head });
  });
});

describe("deletions", () => {
  it("keeps a page the change request edited and main deleted, as a conflict", async () => {
    const { spaceId, ids } = await spaceWith({ Kept: body("kept"), Doomed: body("doomed", "text") });
    const changeRequest = await createChangeRequest(admin, spaceId, "edit doomed");
    await editContent(admin, spaceId, changeRequest.id, [setBody(ids.Doomed!, body("doomed", "text edited"))]);
    await commitToMain(admin, spaceId, [{ operation: "delete_page", page: ids.Doomed }]);
    const head = (await getSpace(spaceId)).revision;
    expect(findPage(await mainPages(admin, spaceId), ids.Doomed!)).toBeUndefined();

    const conflicted = await mergeChangeRequest(admin, spaceId, changeRequest.id);
    expect(conflicted.result).toBe("conflicts");
    expect((await getSpace(spaceId)).revision).toBe(head);
    expect(findPage(await mainPages(admin, spaceId), ids.Doomed!)).toBeUndefined();
    // The edited page survives in the change request, now based on main without it.
    const changeRequestTree = await changeRequestPages(admin, spaceId, changeRequest.id);
    expect(bodyOf(changeRequestTree, ids.Doomed!)).toBe(body("doomed", "text edited"));
    expect(flattenPages(changeRequestTree).map((page) => page.title)).toEqual(["Kept", "Doomed"]);
    expect(await getChangeRequest(spaceId, changeRequest.id)).toMatchObject({ outdated: false, revisionMergedAncestor: head, status: "draft" });

    // Merged as it is, the edit wins back the page.
    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(bodyOf(pages, ids.Doomed!)).toBe(body("doomed", "text edited"));
    expect(parentOf(pages, ids.Doomed!)).toBeNull();
  });

  it("merges a deletion of a page main left alone, alongside main's other changes", async () => {
    const { spaceId, ids } = await spaceWith({ Stay: body("stay"), Go: body("go") });
    const changeRequest = await createChangeRequest(admin, spaceId, "delete go");
    const edit = await editContent(admin, spaceId, changeRequest.id, [{ operation: "delete_page", page: ids.Go }]);
    expect(edit.changes).toEqual([{ object: "deleted_page", page: ids.Go }]);
    await commitToMain(admin, spaceId, [setBody(ids.Stay!, body("stay edited in main"))]);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(flattenPages(pages).map((page) => page.id)).toEqual([ids.Stay]);
    expect(bodyOf(pages, ids.Stay!)).toBe(body("stay edited in main"));
  });

  it("keeps main's edit of a page the change request deleted, as a conflict on update", async () => {
    const { spaceId, ids } = await spaceWith({ Stay: body("stay"), Edited: body("edited") });
    const changeRequest = await createChangeRequest(admin, spaceId, "delete edited");
    await editContent(admin, spaceId, changeRequest.id, [{ operation: "delete_page", page: ids.Edited }]);
    expect(findPage(await changeRequestPages(admin, spaceId, changeRequest.id), ids.Edited!)).toBeUndefined();
    await commitToMain(admin, spaceId, [setBody(ids.Edited!, body("edited in main"))]);
    const head = (await getSpace(spaceId)).revision;

    const updated = await updateChangeRequest(admin, spaceId, changeRequest.id);
    expect(updated.result).toBe("conflicts");
    const changeRequestTree = await changeRequestPages(admin, spaceId, changeRequest.id);
    expect(bodyOf(changeRequestTree, ids.Edited!)).toBe(body("edited in main"));
    expect(await getChangeRequest(spaceId, changeRequest.id)).toMatchObject({ outdated: false, revisionMergedAncestor: head });

    // Nothing left to merge for that page: main keeps its edit.
    const merged = await mergeChangeRequest(admin, spaceId, changeRequest.id);
    expect(merged.result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(bodyOf(pages, ids.Edited!)).toBe(body("edited in main"));
    expect(flattenPages(pages).map((page) => page.id)).toEqual([ids.Stay, ids.Edited]);
  });

  it("keeps a child main edited under a parent the change request deleted, at the root", async () => {
    const { spaceId, ids } = await spaceWith({ Parent: body("parent"), Other: body("other") });
    const child = createdPage(
      await commitToMain(admin, spaceId, [{ operation: "insert_page", ref: "child", into: ids.Parent, title: "Child", document: { markdown: body("child") } }]),
      "child",
    );
    const changeRequest = await createChangeRequest(admin, spaceId, "delete parent");
    const edit = await editContent(admin, spaceId, changeRequest.id, [{ operation: "delete_page", page: ids.Parent }]);
    expect(edit.changes.map((change) => change.page).sort()).toEqual([ids.Parent, child].sort());
    await commitToMain(admin, spaceId, [setBody(child, body("child edited in main"))]);

    const conflicted = await mergeChangeRequest(admin, spaceId, changeRequest.id);
    expect(conflicted.result).toBe("conflicts");
    const changeRequestTree = await changeRequestPages(admin, spaceId, changeRequest.id);
    expect(findPage(changeRequestTree, ids.Parent!)).toBeUndefined();
    expect(parentOf(changeRequestTree, child)).toBeNull();
    expect(bodyOf(changeRequestTree, child)).toBe(body("child edited in main"));

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(findPage(pages, ids.Parent!)).toBeUndefined();
    expect(parentOf(pages, child)).toBeNull();
    expect(bodyOf(pages, child)).toBe(body("child edited in main"));
    expect(flattenPages(pages).map((page) => page.title).sort()).toEqual(["Child", "Other"]);
  });
});

describe("moves", () => {
  it("merges a move from the change request with main's body edit", async () => {
    const { spaceId, ids } = await spaceWith({ A: body("a", "text"), B: body("b") });
    const changeRequest = await createChangeRequest(admin, spaceId, "move a");
    await editContent(admin, spaceId, changeRequest.id, [update(ids.A!, { into: ids.B, at: 0 })]);
    await commitToMain(admin, spaceId, [setBody(ids.A!, body("a", "text edited in main"))]);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(parentOf(pages, ids.A!)).toBe(ids.B);
    expect(findPage(pages, ids.A!)!.path).toBe("b/a");
    expect(bodyOf(pages, ids.A!)).toBe(body("a", "text edited in main"));
    expect(pages.map((page) => page.id)).toEqual([ids.B]);
  });

  it("takes the change request's place for a page both sides moved, as a conflict", async () => {
    const { spaceId, ids } = await spaceWith({ A: body("a"), B: body("b"), C: body("c") });
    const changeRequest = await createChangeRequest(admin, spaceId, "a under b");
    await editContent(admin, spaceId, changeRequest.id, [update(ids.A!, { into: ids.B })]);
    await commitToMain(admin, spaceId, [update(ids.A!, { into: ids.C })]);
    const head = (await getSpace(spaceId)).revision;

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("conflicts");
    expect((await getSpace(spaceId)).revision).toBe(head);
    expect(parentOf(await mainPages(admin, spaceId), ids.A!)).toBe(ids.C);
    expect(parentOf(await changeRequestPages(admin, spaceId, changeRequest.id), ids.A!)).toBe(ids.B);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(parentOf(pages, ids.A!)).toBe(ids.B);
    expect(findPage(pages, ids.C!)!.pages).toEqual([]);
  });

  it("puts a page moved into a parent main deleted at the root", async () => {
    const { spaceId, ids } = await spaceWith({ A: body("a"), B: body("b"), C: body("c") });
    const changeRequest = await createChangeRequest(admin, spaceId, "a under b");
    await editContent(admin, spaceId, changeRequest.id, [update(ids.A!, { into: ids.B })]);
    await commitToMain(admin, spaceId, [{ operation: "delete_page", page: ids.B }]);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("conflicts");
    const changeRequestTree = await changeRequestPages(admin, spaceId, changeRequest.id);
    expect(findPage(changeRequestTree, ids.B!)).toBeUndefined();
    expect(parentOf(changeRequestTree, ids.A!)).toBeNull();
    expect(bodyOf(changeRequestTree, ids.A!)).toBe(body("a"));

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(parentOf(pages, ids.A!)).toBeNull();
    expect(findPage(pages, ids.B!)).toBeUndefined();
    expect(flattenPages(pages).map((page) => page.title).sort()).toEqual(["A", "C"]);
  });

  it("puts a page the change request created under a parent main deleted at the root", async () => {
    const { spaceId, ids } = await spaceWith({ A: body("a"), B: body("b") });
    const changeRequest = await createChangeRequest(admin, spaceId, "child of b");
    const edit = await editContent(admin, spaceId, changeRequest.id, [
      { operation: "insert_page", ref: "new", into: ids.B, title: "New", document: { markdown: body("new") } },
    ]);
    const created = createdPage(edit, "new");
    await commitToMain(admin, spaceId, [{ operation: "delete_page", page: ids.B }]);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("conflicts");
    expect(findPage(await mainPages(admin, spaceId), created)).toBeUndefined();
    const changeRequestTree = await changeRequestPages(admin, spaceId, changeRequest.id);
    expect(parentOf(changeRequestTree, created)).toBeNull();
    expect(bodyOf(changeRequestTree, created)).toBe(body("new"));
    expect(changeRequestTree.map((page) => page.id)).toEqual([ids.A, created]);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(pages.map((page) => page.id)).toEqual([ids.A, created]);
    expect(bodyOf(pages, created)).toBe(body("new"));
  });

  it("puts a page main moved under a parent the change request deleted at the root", async () => {
    const { spaceId, ids } = await spaceWith({ A: body("a"), B: body("b") });
    const changeRequest = await createChangeRequest(admin, spaceId, "delete b");
    await editContent(admin, spaceId, changeRequest.id, [{ operation: "delete_page", page: ids.B }]);
    await commitToMain(admin, spaceId, [update(ids.A!, { into: ids.B })]);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("conflicts");
    expect(parentOf(await mainPages(admin, spaceId), ids.A!)).toBe(ids.B);
    const changeRequestTree = await changeRequestPages(admin, spaceId, changeRequest.id);
    expect(flattenPages(changeRequestTree).map((page) => page.id)).toEqual([ids.A]);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(flattenPages(pages).map((page) => page.id)).toEqual([ids.A]);
    expect(parentOf(pages, ids.A!)).toBeNull();
  });

  it("breaks a cycle made by moves on both sides, losing no page", async () => {
    const { spaceId, ids } = await spaceWith({ A: body("a"), B: body("b"), C: body("c") });
    const changeRequest = await createChangeRequest(admin, spaceId, "a under b");
    await editContent(admin, spaceId, changeRequest.id, [update(ids.A!, { into: ids.B })]);
    await commitToMain(admin, spaceId, [update(ids.B!, { into: ids.A })]);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("conflicts");
    const changeRequestTree = await changeRequestPages(admin, spaceId, changeRequest.id);
    expect(flattenPages(changeRequestTree).map((page) => page.title).sort()).toEqual(["A", "B", "C"]);
    // One of the two is put back at the root, the other stays under it.
    const roots = [ids.A, ids.B].filter((id) => parentOf(changeRequestTree, id!) === null);
    expect(roots).toHaveLength(1);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const pages = await mainPages(admin, spaceId);
    expect(flattenPages(pages).map((page) => page.title).sort()).toEqual(["A", "B", "C"]);
    expect(parentOf(pages, roots[0]!)).toBeNull();
  });
});

describe("slugs", () => {
  it("gives a page the merge brings in the next free slug when main has a sibling with its slug", async () => {
    const { spaceId } = await spaceWith({ A: body("a") });
    const changeRequest = await createChangeRequest(admin, spaceId, "adds Same");
    await editContent(admin, spaceId, changeRequest.id, [{ operation: "insert_page", title: "Same", document: { markdown: body("theirs") } }]);
    await commitToMain(admin, spaceId, [{ operation: "insert_page", title: "Same", document: { markdown: body("ours") } }]);

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const same = flattenPages(await mainPages(admin, spaceId)).filter((page) => page.title === "Same");
    // Main's page keeps its path; the one merged in gets the next free slug, as an edit would.
    // (Both were appended after A on their side, so their order is by id.)
    expect(same.map((page) => [page.path, page.markdown]).sort()).toEqual([
      ["same", body("ours")],
      ["same-2", body("theirs")],
    ]);
  });
});
