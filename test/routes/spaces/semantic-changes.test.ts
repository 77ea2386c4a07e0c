import { beforeAll, describe, expect, it } from "vitest";
import { createChangeRequest, createSpace, createdPage, editContent, mergeChangeRequest, updateChangeRequest } from "../../helpers/content";
import { gitbookClient, gitbookClient0146 } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { serverTiming } from "../../helpers/server-timing";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";
import { expectSpec0146Response, expectSpec0146Schema } from "../../helpers/spec-0146";
import { base64Of, f, orgId, read, textBytes, useSuiteFixture } from "../../helpers/suites/content";

/**
 * What changed (GitBook's getRevisionSemanticChanges, getChangeRequestChanges): a merge against
 * main before it, a change request's edits one by one and together, an update from main; limits,
 * errors, and what a read costs.
 */

useSuiteFixture();

type Change = { type: string; page?: { id: string; title: string; path?: string }; file?: { id: string; name: string }; attributes?: Record<string, { before?: unknown; after?: unknown }>; parent?: { before?: { id: string }; after?: { id: string } } };
type Changes = { changes: Change[]; more?: number; mergedFrom?: { id: string } };

/**
 * The body against both specs. GitBook's page_edited cannot validate as published: its `attributes`
 * is a oneOf of three shapes that any non-empty object matches (none forbids the others' keys), so
 * those changes are checked against the document attributes' schema on their own.
 */
function expectSpecChanges(operationId: string, body: Changes) {
  const edits = body.changes.filter((change) => change.type === "page_edited");
  const rest = { ...body, changes: body.changes.filter((change) => change.type !== "page_edited") };
  expectSpecResponse(operationId, 200, rest);
  expectSpec0146Response(operationId, 200, rest);
  for (const edit of edits) {
    for (const check of [expectSpecSchema, expectSpec0146Schema]) {
      check("ChangedRevisionPage", edit.page);
      check("RevisionPageDocumentChangeAttributes", edit.attributes);
    }
  }
}

const summary = (body: Changes) => body.changes.map((change) => `${change.type} ${change.page?.title ?? change.file?.name}`);

describe("semantic changes", () => {
  let spaceId: string;
  let initial: string;
  let firstMerge: { revision: string; changeRequestId: string };
  let secondMerge: string;
  let draft: { id: string; first: string; second: string };
  let updated: { id: string; revision: string };
  const ids = {} as Record<"alpha" | "beta" | "gamma" | "delta" | "draft", string>;

  const revisionChanges = (revisionId: string, query = "") => `/v1/spaces/${spaceId}/revisions/${revisionId}/changes${query}`;
  const changeRequestChanges = (changeRequestId: string, query = "") => `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/changes${query}`;

  beforeAll(async () => {
    const space = await createSpace(f.admin, orgId, { title: "Changes" });
    spaceId = space.id;
    initial = space.revision;

    const first = await createChangeRequest(f.admin, spaceId, "First");
    const one = await editContent(f.admin, spaceId, first.id, [
      { operation: "insert_page", ref: "alpha", title: "Alpha", document: { markdown: "Alpha.\n" } },
      { operation: "insert_page", ref: "beta", title: "Beta", document: { markdown: "Beta.\n" } },
      { operation: "insert_page", ref: "gamma", title: "Gamma", document: { markdown: "Gamma.\n" } },
      { operation: "insert_files", files: [{ name: "notes.txt", contentType: "text/plain", base64: base64Of(textBytes("notes")) }] },
    ]);
    for (const ref of ["alpha", "beta", "gamma"] as const) ids[ref] = createdPage(one, ref);
    firstMerge = { revision: (await mergeChangeRequest(f.admin, spaceId, first.id)).revision, changeRequestId: first.id };

    // Opened on the first merge; main moves on under it before it updates.
    const behind = await createChangeRequest(f.admin, spaceId, "Behind");

    const second = await createChangeRequest(f.admin, spaceId, "Second");
    await editContent(f.admin, spaceId, second.id, [
      { operation: "update_page", page: ids.alpha, title: "Alpha two", slug: "alpha-two", emoji: "1f600", document: { markdown: "Alpha, rewritten.\n" } },
      { operation: "update_page", page: ids.beta, into: ids.alpha },
      { operation: "delete_page", page: ids.gamma },
    ]);
    secondMerge = (await mergeChangeRequest(f.admin, spaceId, second.id)).revision;

    const drafting = await createChangeRequest(f.admin, spaceId, "Draft");
    const edit1 = await editContent(f.admin, spaceId, drafting.id, [{ operation: "insert_page", ref: "draft", title: "Draft", document: { markdown: "Draft.\n" } }]);
    ids.draft = createdPage(edit1, "draft");
    const edit2 = await editContent(f.admin, spaceId, drafting.id, [{ operation: "update_page", page: ids.alpha, description: "Described" }]);
    draft = { id: drafting.id, first: edit1.changeRequest.revision, second: edit2.changeRequest.revision };

    const own = await editContent(f.admin, spaceId, behind.id, [{ operation: "insert_page", ref: "delta", title: "Delta", document: { markdown: "Delta.\n" } }]);
    ids.delta = createdPage(own, "delta");
    updated = { id: behind.id, revision: (await updateChangeRequest(f.admin, spaceId, behind.id)).revision };
  }, 90_000);

  it("a merge: the pages and files it added, with the change request it merged, valid in both specs", async () => {
    const body = await read<Changes>(f.read, revisionChanges(firstMerge.revision));
    expect(summary(body)).toEqual(["page_created Alpha", "page_created Beta", "page_created Gamma", "file_created notes.txt"]);
    expect(body.mergedFrom?.id).toBe(firstMerge.changeRequestId);
    expect(body.changes[0]!.page).toEqual({ id: ids.alpha, type: "document", title: "Alpha", path: "alpha" });
    expect(body.more).toBeUndefined();
    expectSpecChanges("getRevisionSemanticChanges", body);
  });

  it("edits, moves and deletions, with the attributes before and after", async () => {
    const body = await read<Changes>(f.read, revisionChanges(secondMerge));
    expect(summary(body)).toEqual(["page_edited Alpha two", "page_moved Beta", "page_deleted Gamma"]);
    const [edited, moved, deleted] = body.changes as [Change, Change, Change];
    expect(Object.keys(edited.attributes!).sort()).toEqual(["document", "emoji", "slug", "title"]);
    expect(edited.attributes!.title).toEqual({ before: "Alpha", after: "Alpha two" });
    expect(edited.attributes!.emoji).toEqual({ after: "1f600" });
    expect(moved.page!.path).toBe("alpha-two/beta");
    expect(moved.parent).toEqual({ after: { id: ids.alpha, type: "document", title: "Alpha two", path: "alpha-two" } });
    expect(deleted.page).toEqual({ id: ids.gamma, type: "document", title: "Gamma", path: "gamma" });
    expectSpecChanges("getRevisionSemanticChanges", body);
  });

  it("limit: at most that many, `more` counting the others; 0 counts them all", async () => {
    const limited = await read<Changes>(f.read, revisionChanges(firstMerge.revision, "?limit=2"));
    expect(summary(limited)).toEqual(["page_created Alpha", "page_created Beta"]);
    expect(limited.more).toBe(2);
    expect(await read(f.read, revisionChanges(firstMerge.revision, "?limit=0"))).toMatchObject({ changes: [], more: 4 });
    for (const limit of ["-1", "1001", "ten"]) expect(errorMessage(await call("GET", revisionChanges(firstMerge.revision, `?limit=${limit}`), { token: f.read.token }), 400)).toMatch(/'limit'/);
  });

  it("the space's first revision has no changes; a change request's revisions, each against its parent", async () => {
    expect(await read(f.read, revisionChanges(initial))).toEqual({ changes: [] });
    expect(summary(await read(f.read, revisionChanges(draft.first)))).toEqual(["page_created Draft"]);
    const second = await read<Changes>(f.read, revisionChanges(draft.second));
    expect(summary(second)).toEqual(["page_edited Alpha two"]);
    expect(second.changes[0]!.attributes).toEqual({ description: { after: "Described" } });
  });

  it("an update from main: what main brought in since its parent, besides its own", async () => {
    // Between its own edit (on the first merge) and the update: main's second merge.
    expect(summary(await read(f.read, revisionChanges(updated.revision)))).toEqual(["page_edited Alpha two", "page_moved Beta", "page_deleted Gamma"]);
  });

  it("getChangeRequestChanges: everything the change request changed against its base, valid in both specs", async () => {
    const body = await read<Changes>(f.read, changeRequestChanges(draft.id));
    expect(summary(body)).toEqual(["page_edited Alpha two", "page_created Draft"]);
    expectSpecChanges("getChangeRequestChanges", body);
    // After an update, its base is main's head: only its own page is a change.
    expect(summary(await read(f.read, changeRequestChanges(updated.id)))).toEqual(["page_created Delta"]);
    expect(summary(await read(f.read, changeRequestChanges(firstMerge.changeRequestId)))).toHaveLength(4);
  });

  it("through GitBook's clients, 0.202 and 0.146", async () => {
    const client = gitbookClient(f.read);
    expect((await client.spaces.getRevisionSemanticChanges(spaceId, secondMerge, { limit: 1 })).data.more).toBe(2);
    expect((await client.spaces.getChangeRequestChanges(spaceId, draft.id)).data.changes).toHaveLength(2);
    const old = gitbookClient0146(f.read);
    expect((await old.spaces.getRevisionSemanticChanges(spaceId, firstMerge.revision)).data.changes).toHaveLength(4);
    await expect(old.spaces.getChangeRequestChanges(spaceId, "noSuchChangeRequest0")).rejects.toMatchObject({ code: 404 });
  });

  it("a revision or change request of no such id, or another space's, is a 404; outsiders and guests get 404s", async () => {
    const elsewhere = await createSpace(f.admin, orgId, { title: "Elsewhere" });
    errorMessage(await call("GET", `/v1/spaces/${elsewhere.id}/revisions/${secondMerge}/changes`, { token: f.read.token }), 404);
    errorMessage(await call("GET", revisionChanges("noSuchRevision000000"), { token: f.read.token }), 404);
    errorMessage(await call("GET", changeRequestChanges("noSuchChangeRequest0"), { token: f.read.token }), 404);
    await inParallel([revisionChanges(secondMerge), changeRequestChanges(draft.id)], async (path) => {
      for (const who of ["outsider", "guest"] as const) errorMessage(await call("GET", path, { token: f[who].token }), 404);
      errorMessage(await call("GET", path), 401);
    });
  });

  it("costs what changed: access, the parent and one batch when read; one round trip when cached", async () => {
    const cases: Array<[string, number]> = [
      [revisionChanges(secondMerge), 3],
      [changeRequestChanges(draft.id), 2],
    ];
    for (const [path, reading] of cases) {
      await read(f.read, path);
      expect(serverTiming(await call("GET", path, { token: f.read.token })).d1.roundTrips, path).toBe(1);
      expect(serverTiming(await call("GET", path, { token: f.read.token, headers: { "Cache-Control": "no-cache" } })).d1.roundTrips, path).toBe(reading);
    }
  });
});
