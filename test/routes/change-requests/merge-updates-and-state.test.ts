import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { changeRequestPages, commitToMain, createChangeRequest, createSpace, createdPage, editContent, flattenPages, mainPages, mergeChangeRequest, updateChangeRequest } from "../../helpers/content";
import { call, errorMessage } from "../../helpers/http";
import { MARKERS, type PageNode, admin, body, bodyOf, changeRequestRevision, findPage, getChangeRequest, getSpace, mainRevision, organizationId, setBody, spaceWith, update, useSuiteFixture } from "../../helpers/suites/merge";

/** Updating a change request from main, its state around merges, and concurrent merges and updates. */

useSuiteFixture();

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
