import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  changeRequestPages,
  commitToMain,
  createChangeRequest,
  createSpace,
  createdPage,
  editContent,
  flattenPages,
  mainPages,
  mergeChangeRequest,
  updateChangeRequest,
} from "../helpers/content";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";

/**
 * Updating a change request from main and merging it into main: three-way merges against the
 * main revision the change request last started from (revisionMergedAncestor), run one at a time
 * by the space's coordinator. Every test builds its own space; storage is shared by the file.
 */

const MARKERS = { ours: "<<<<<<< main", separator: "=======", theirs: ">>>>>>> change request" };

let admin: TestUser;
let organizationId: string;

beforeAll(async () => {
  admin = await createUser("merge-admin");
  organizationId = (await createOrganization(admin)).id;
});

type PageNode = Awaited<ReturnType<typeof mainPages>>[number];

const body = (...lines: string[]) => `${lines.join("\n")}\n`;

/** A new space whose main has one root page per entry of `pages` (title: the key). */
async function spaceWith(pages: Record<string, string>) {
  const space = await createSpace(admin, organizationId, { title: "Merges" });
  const refs = Object.keys(pages);
  const seeded = await commitToMain(
    admin,
    space.id,
    refs.map((title) => ({ operation: "insert_page", ref: title.toLowerCase(), title, document: { markdown: pages[title] } })),
  );
  const ids = Object.fromEntries(refs.map((title) => [title, createdPage(seeded, title.toLowerCase())]));
  return { spaceId: space.id, ids };
}

async function getSpace(spaceId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function getChangeRequest(spaceId: string, changeRequestId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Main's current revision (id, parents, type). */
async function mainRevision(spaceId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}/content`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string; parents: string[]; type: string };
}

/** The change request's current revision (id, parents, type). */
async function changeRequestRevision(spaceId: string, changeRequestId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string; parents: string[]; type: string };
}

function findPage(pages: PageNode[], id: string): PageNode | undefined {
  return flattenPages(pages).find((page) => page.id === id);
}

/** The id of the page's parent (null at the top level), or undefined when the page is not in the tree. */
function parentOf(pages: PageNode[], id: string, parentId: string | null = null): string | null | undefined {
  for (const page of pages) {
    if (page.id === id) return parentId;
    const found = parentOf(page.pages, id, page.id);
    if (found !== undefined) return found;
  }
  return undefined;
}

function bodyOf(pages: PageNode[], id: string): string | undefined {
  return findPage(pages, id)?.markdown;
}

const update = (pageId: string, fields: Record<string, unknown>) => ({ operation: "update_page", page: pageId, ...fields });
const setBody = (pageId: string, markdown: string) => update(pageId, { document: { markdown } });

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

describe("updating a change request from main", () => {
  it("brings main's changes in, then merges", async () => {
    const { spaceId, ids } = await spaceWith({ Page: body("one", "two", "three") });
    const changeRequest = await createChangeRequest(admin, spaceId, "behind");
    const edit = await editContent(admin, spaceId, changeRequest.id, [setBody(ids.Page!, body("one (cr)", "two", "three"))]);
    const mainEdit = await commitToMain(admin, spaceId, [
      setBody(ids.Page!, body("one", "two", "three (main)")),
      { operation: "insert_page", ref: "new", title: "New", document: { markdown: body("new in main") } },
    ]);
    const newPage = createdPage(mainEdit, "new");
    const head = (await getSpace(spaceId)).revision;
    expect(await getChangeRequest(spaceId, changeRequest.id)).toMatchObject({ outdated: true, revision: edit.changeRequest.revision });
    expect(findPage(await changeRequestPages(admin, spaceId, changeRequest.id), newPage)).toBeUndefined();

    const updated = await updateChangeRequest(admin, spaceId, changeRequest.id);
    expect(updated.result).toBe("update");
    expect(updated.revision).not.toBe(edit.changeRequest.revision);
    expect(updated.revision).not.toBe(head);
    const revision = await changeRequestRevision(spaceId, changeRequest.id);
    expect(revision.id).toBe(updated.revision);
    expect(revision.type).toBe("update");
    expect(revision.parents).toContain(head);
    expect(revision.parents).toContain(edit.changeRequest.revision);
    expect(await getChangeRequest(spaceId, changeRequest.id)).toMatchObject({
      revision: updated.revision,
      revisionMergedAncestor: head,
      outdated: false,
      status: "draft",
    });
    const changeRequestTree = await changeRequestPages(admin, spaceId, changeRequest.id);
    expect(bodyOf(changeRequestTree, newPage)).toBe(body("new in main"));
    expect(bodyOf(changeRequestTree, ids.Page!)).toBe(body("one (cr)", "two", "three (main)"));
    // Main is not touched by an update.
    expect((await getSpace(spaceId)).revision).toBe(head);
    expect(bodyOf(await mainPages(admin, spaceId), ids.Page!)).toBe(body("one", "two", "three (main)"));

    // Already up to date: the same revision again.
    expect(await updateChangeRequest(admin, spaceId, changeRequest.id)).toEqual({ revision: updated.revision, result: "update" });
    expect((await getChangeRequest(spaceId, changeRequest.id)).revision).toBe(updated.revision);

    const merged = await mergeChangeRequest(admin, spaceId, changeRequest.id);
    expect(merged.result).toBe("merge");
    expect(await mainRevision(spaceId)).toMatchObject({ id: merged.revision, parents: [head, updated.revision] });
    const pages = await mainPages(admin, spaceId);
    expect(bodyOf(pages, ids.Page!)).toBe(body("one (cr)", "two", "three (main)"));
    expect(flattenPages(pages).map((page) => page.title)).toEqual(["Page", "New"]);
  });

  it("returns the change request's own revision when main has not moved", async () => {
    const { spaceId, ids } = await spaceWith({ Page: body("text") });
    const changeRequest = await createChangeRequest(admin, spaceId, "fresh");
    expect(await updateChangeRequest(admin, spaceId, changeRequest.id)).toEqual({ revision: changeRequest.revision, result: "update" });
    const edit = await editContent(admin, spaceId, changeRequest.id, [setBody(ids.Page!, body("text edited"))]);
    expect(await updateChangeRequest(admin, spaceId, changeRequest.id)).toEqual({ revision: edit.changeRequest.revision, result: "update" });
    expect((await changeRequestRevision(spaceId, changeRequest.id)).type).toBe("edits");
  });

  it("takes the change request's title when both sides retitled a page, as a conflict", async () => {
    const { spaceId, ids } = await spaceWith({ Original: body("text") });
    const changeRequest = await createChangeRequest(admin, spaceId, "retitle");
    await editContent(admin, spaceId, changeRequest.id, [update(ids.Original!, { title: "CR title" })]);
    await commitToMain(admin, spaceId, [update(ids.Original!, { title: "Main title", description: "set in main" })]);

    const updated = await updateChangeRequest(admin, spaceId, changeRequest.id);
    expect(updated.result).toBe("conflicts");
    const changeRequestPage = findPage(await changeRequestPages(admin, spaceId, changeRequest.id), ids.Original!)!;
    expect(changeRequestPage.title).toBe("CR title");
    expect((changeRequestPage as PageNode & { description?: string }).description).toBe("set in main");
    // A field conflict does not touch the body.
    expect(changeRequestPage.markdown).toBe(body("text"));
    expect(findPage(await mainPages(admin, spaceId), ids.Original!)!.title).toBe("Main title");

    expect((await mergeChangeRequest(admin, spaceId, changeRequest.id)).result).toBe("merge");
    const mainPage = findPage(await mainPages(admin, spaceId), ids.Original!)!;
    expect(mainPage.title).toBe("CR title");
    expect((mainPage as PageNode & { description?: string }).description).toBe("set in main");
  });
});

describe("change request state around merges", () => {
  it("tracks outdated, and records the merge", async () => {
    const { spaceId, ids } = await spaceWith({ Page: body("text"), Other: body("other") });
    const seededHead = (await getSpace(spaceId)).revision;
    const changeRequest = await createChangeRequest(admin, spaceId, "tracked");
    const bystander = await createChangeRequest(admin, spaceId, "bystander");
    const fresh = await getChangeRequest(spaceId, changeRequest.id);
    expect(fresh).toMatchObject({ status: "draft", outdated: false, revisionMergedAncestor: seededHead, revisionInitial: seededHead });
    expect(fresh.revisionMerged).toBeUndefined();
    expect(fresh.mergedBy).toBeUndefined();

    // Editing the change request does not make it outdated; main moving does.
    await editContent(admin, spaceId, changeRequest.id, [setBody(ids.Page!, body("text edited"))]);
    expect((await getChangeRequest(spaceId, changeRequest.id)).outdated).toBe(false);
    await commitToMain(admin, spaceId, [setBody(ids.Other!, body("other edited"))]);
    const movedHead = (await getSpace(spaceId)).revision;
    expect(await getChangeRequest(spaceId, changeRequest.id)).toMatchObject({ outdated: true, revisionMergedAncestor: seededHead });
    expect((await getChangeRequest(spaceId, bystander.id)).outdated).toBe(true);

    await updateChangeRequest(admin, spaceId, changeRequest.id);
    expect(await getChangeRequest(spaceId, changeRequest.id)).toMatchObject({ outdated: false, revisionMergedAncestor: movedHead });
    expect((await getChangeRequest(spaceId, bystander.id)).outdated).toBe(true);

    const patched = await call("PATCH", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}`, { token: admin.token, body: { status: "open" } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.status).toBe("open");

    const merged = await mergeChangeRequest(admin, spaceId, changeRequest.id);
    expect(merged.result).toBe("merge");
    const after = await getChangeRequest(spaceId, changeRequest.id);
    expect(after).toMatchObject({ status: "merged", revisionMerged: merged.revision, outdated: false });
    expect(after.mergedBy?.id).toBe(admin.id);
    expect(typeof after.mergedAt).toBe("string");
    expect((await getSpace(spaceId)).revision).toBe(merged.revision);
    // Still not outdated once main moves past its merge.
    await commitToMain(admin, spaceId, [setBody(ids.Other!, body("other edited again"))]);
    expect((await getChangeRequest(spaceId, changeRequest.id)).outdated).toBe(false);
    expect((await getChangeRequest(spaceId, changeRequest.number.toString())).revisionMerged).toBe(merged.revision);

    const mergeAgain = await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/merge`, { token: admin.token });
    errorMessage(mergeAgain, 409);
    const updateAgain = await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/update`, { token: admin.token });
    errorMessage(updateAgain, 409);
    const editAgain = await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content`, {
      token: admin.token,
      body: { changes: [setBody(ids.Page!, body("too late"))] },
    });
    errorMessage(editAgain, 409);
    // The refused operations changed nothing.
    expect((await getChangeRequest(spaceId, changeRequest.id)).revisionMerged).toBe(merged.revision);
    expect(bodyOf(await mainPages(admin, spaceId), ids.Page!)).toBe(body("text edited"));

    expect(await getSpace(spaceId)).toMatchObject({ changeRequests: 5, changeRequestsOpen: 0, changeRequestsDraft: 1 });

    // An archived change request can be neither updated nor merged.
    const archived = await call("PATCH", `/v1/spaces/${spaceId}/change-requests/${bystander.id}`, { token: admin.token, body: { status: "archived" } });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    errorMessage(await call("POST", `/v1/spaces/${spaceId}/change-requests/${bystander.id}/merge`, { token: admin.token }), 409);
    errorMessage(await call("POST", `/v1/spaces/${spaceId}/change-requests/${bystander.id}/update`, { token: admin.token }), 409);
    expect(await getChangeRequest(spaceId, bystander.id)).toMatchObject({ status: "archived", revision: bystander.revision });
    expect(await getSpace(spaceId)).toMatchObject({ changeRequests: 5, changeRequestsOpen: 0, changeRequestsDraft: 0 });
    // Nor can a merged one's status change.
    errorMessage(await call("PATCH", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}`, { token: admin.token, body: { status: "open" } }), 409);
  });
});

describe("concurrent merges and updates", () => {
  it("serializes 20 operations on one space without losing an update", async () => {
    const PAGES = 10;
    const pageBody = (index: number, lines: Record<number, string> = {}) =>
      body(...[1, 2, 3, 4, 5].map((line) => lines[line] ?? `P${index} line ${line}`));
    const space = await createSpace(admin, organizationId, { title: "Busy" });
    const spaceId = space.id;
    const seeded = await commitToMain(
      admin,
      spaceId,
      Array.from({ length: PAGES }, (_, index) => ({ operation: "insert_page", ref: `p${index}`, title: `P${index}`, document: { markdown: pageBody(index) } })),
    );
    const pageIds = Array.from({ length: PAGES }, (_, index) => createdPage(seeded, `p${index}`));
    const seededHead = (await getSpace(spaceId)).revision;

    // Change requests 0..17: two per page P0..P8, one on line 1 and one on line 5 (no conflict).
    // Change requests 18 and 19: both change line 3 of P9 (one of them conflicts).
    const plan = Array.from({ length: 20 }, (_, index) => {
      const page = index < 18 ? Math.floor(index / 2) : 9;
      const line = index < 18 ? (index % 2 === 0 ? 1 : 5) : 3;
      return { index, page, line, text: `P${page} line ${line} by cr-${index}`, open: index % 3 === 0, updateFirst: [1, 4, 7, 10, 13, 16].includes(index) };
    });
    const changeRequests = await Promise.all(plan.map(({ index }) => createChangeRequest(admin, spaceId, `cr-${index}`)));
    expect(new Set(changeRequests.map((changeRequest) => changeRequest.number)).size).toBe(20);
    await Promise.all(
      plan.map(({ index, page, line, text }) =>
        editContent(admin, spaceId, changeRequests[index]!.id, [setBody(pageIds[page]!, pageBody(page, { [line]: text }))]),
      ),
    );
    for (const { index, open } of plan) {
      if (!open) continue;
      const patched = await call("PATCH", `/v1/spaces/${spaceId}/change-requests/${changeRequests[index]!.id}`, { token: admin.token, body: { status: "open" } });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    }
    const opened = plan.filter((item) => item.open).length;
    // 20 change requests plus the one that seeded the pages.
    expect(await getSpace(spaceId)).toMatchObject({ changeRequests: 21, changeRequestsOpen: opened, changeRequestsDraft: 20 - opened });

    const outcomes = await Promise.all(
      plan.map(async ({ index, updateFirst }) => {
        const id = changeRequests[index]!.id;
        const updated = updateFirst ? await updateChangeRequest(admin, spaceId, id) : undefined;
        const merged = await mergeChangeRequest(admin, spaceId, id);
        return { index, updated, merged };
      }),
    );

    for (const { updated } of outcomes) if (updated) expect(updated.result).toBe("update");
    for (const { index, merged } of outcomes) {
      expect(["merge", "conflicts"]).toContain(merged.result);
      if (index < 18) expect(merged.result, `cr-${index}`).toBe("merge");
    }
    const contested = outcomes.filter(({ index }) => index >= 18);
    expect(contested.map(({ merged }) => merged.result).sort()).toEqual(["conflicts", "merge"]);
    const winner = contested.find(({ merged }) => merged.result === "merge")!.index;
    const loser = contested.find(({ merged }) => merged.result === "conflicts")!.index;

    // Every change is in main: nothing was merged on top of a stale head.
    const pages = await mainPages(admin, spaceId);
    for (let page = 0; page < 9; page++) {
      expect(bodyOf(pages, pageIds[page]!), `P${page}`).toBe(pageBody(page, { 1: `P${page} line 1 by cr-${page * 2}`, 5: `P${page} line 5 by cr-${page * 2 + 1}` }));
    }
    expect(bodyOf(pages, pageIds[9]!)).toBe(pageBody(9, { 3: `P9 line 3 by cr-${winner}` }));
    expect(flattenPages(pages)).toHaveLength(PAGES);
    // The one that lost the race has both versions to resolve.
    expect(bodyOf(await changeRequestPages(admin, spaceId, changeRequests[loser]!.id), pageIds[9]!)).toBe(
      pageBody(9, { 3: [MARKERS.ours, `P9 line 3 by cr-${winner}`, MARKERS.separator, `P9 line 3 by cr-${loser}`, MARKERS.theirs].join("\n") }),
    );

    // Nineteen distinct merge revisions, each recorded on its change request.
    const mergeRevisions = outcomes.filter(({ merged }) => merged.result === "merge").map(({ merged }) => merged.revision);
    expect(new Set(mergeRevisions).size).toBe(19);
    const records = await Promise.all(changeRequests.map((changeRequest) => getChangeRequest(spaceId, changeRequest.id)));
    for (const { index, merged } of outcomes) {
      if (merged.result === "merge") expect(records[index]).toMatchObject({ status: "merged", revisionMerged: merged.revision, outdated: false });
      else expect(records[index]).toMatchObject({ status: plan[index]!.open ? "open" : "draft", revision: merged.revision });
    }
    const head = await mainRevision(spaceId);
    // The loser was updated to main as it was then: outdated exactly if merges landed after it.
    expect([...mergeRevisions, seededHead]).toContain(records[loser].revisionMergedAncestor);
    expect(records[loser].outdated).toBe(records[loser].revisionMergedAncestor !== head.id);
    expect((await getSpace(spaceId)).revision).toBe(head.id);
    expect(mergeRevisions).toContain(head.id);
    expect(head.type).toBe("merge");
    expect(mergeRevisions).toContain(head.parents[0]);
    const headOwner = outcomes.find(({ merged }) => merged.revision === head.id)!;
    expect(head.parents[1]).toBe(records[headOwner.index].revision);

    // Main's chain: each revision's first parent is the one before it.
    const { results: chain } = await env.DB.prepare("SELECT id, parents, ordinal, type, merged_from FROM revisions WHERE space_id = ? AND line = 'main' ORDER BY ordinal")
      .bind(spaceId)
      .all<{ id: string; parents: string; ordinal: number; type: string; merged_from: string | null }>();
    expect(chain.map((revision) => revision.ordinal)).toEqual(chain.map((_, index) => index));
    expect(chain).toHaveLength(21);
    expect(chain[1]!.id).toBe(seededHead);
    expect(chain.at(-1)!.id).toBe(head.id);
    for (let index = 1; index < chain.length; index++) expect(JSON.parse(chain[index]!.parents)[0]).toBe(chain[index - 1]!.id);
    expect(chain.slice(2).map((revision) => revision.id).sort()).toEqual([...mergeRevisions].sort());
    const mergedIds = outcomes.filter(({ merged }) => merged.result === "merge").map(({ index }) => changeRequests[index]!.id);
    expect(chain.slice(2).map((revision) => revision.merged_from).sort()).toEqual(mergedIds.sort());

    // The counters agree with the lists by status.
    const count = async (status: string) => {
      const response = await call("GET", `/v1/spaces/${spaceId}/change-requests?status=${status}&limit=100`, { token: admin.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.items).toHaveLength(response.body.count);
      return response.body.count as number;
    };
    const [openCount, draftCount, mergedCount] = await Promise.all([count("open"), count("draft"), count("merged")]);
    expect(mergedCount).toBe(20);
    expect(openCount).toBe(plan[loser]!.open ? 1 : 0);
    expect(draftCount).toBe(plan[loser]!.open ? 0 : 1);
    expect(await getSpace(spaceId)).toMatchObject({ changeRequests: 21, changeRequestsOpen: openCount, changeRequestsDraft: draftCount });
  });
});
