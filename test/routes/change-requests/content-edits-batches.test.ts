import { describe, expect, it } from "vitest";
import { createdPage, editContent } from "../../helpers/content";
import { ORIGIN, call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { type EditResult, type LinkReport, NO_SUCH_PAGE, PNG, backlinkPages, base64Of, byTitle, changeRequestContentPath, changeRequestPath, changeRequestSnapshot, crPage, crPages, f, linkSummary, postChanges, read, spaceWithChangeRequest, textBytes, titles, useSuiteFixture } from "../../helpers/suites/content";

/** Change request content edits (updateChangeRequestContent) as batches: refs across a batch, all or nothing, the answer, revisions and limits. */

useSuiteFixture();

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): batch refs", () => {
  it("resolves links and images to pages and files of the same batch, whatever their order", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    // The linking page comes first: its targets are inserted after it.
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      {
        operation: "insert_page",
        ref: "first",
        title: "First",
        document: { markdown: "See [the other](./otherref.md), [again](otherref) and [away](https://example.com/otherref.md).\n\n![a](./fileref)\n" },
      },
      { operation: "insert_page", ref: "otherref", title: "Other", document: { markdown: "Back to [first](./first.md).\n" } },
      { operation: "insert_files", files: [{ ref: "fileref", name: "pic.png", contentType: "image/png", base64: base64Of(PNG) }] },
    ]);
    const first = createdPage(result, "first");
    const other = createdPage(result, "otherref");
    const file = result.insertedFiles[0]!.id;
    expect((await crPage(spaceId, changeRequestId, first)).markdown).toBe(
      `See [the other](/pages/${other}), [again](/pages/${other}) and [away](https://example.com/otherref.md).\n\n![a](/files/${file})\n`,
    );
    expect((await crPage(spaceId, changeRequestId, other)).markdown).toBe(`Back to [first](/pages/${first}).\n`);

    // The resolved links are real links of the revision: backlinks find them.
    const base = changeRequestContentPath(spaceId, changeRequestId);
    expect(backlinkPages(await read(f.admin, `${base}/page/${other}/backlinks`))).toEqual([first]);
    expect(backlinkPages(await read(f.admin, `${base}/page/${first}/backlinks`))).toEqual([other]);
    expect(backlinkPages(await read(f.admin, `${base}/files/${file}/backlinks`))).toEqual([first]);
    const links = await read<LinkReport>(f.admin, `${base}/page/${first}/links`);
    expect(linkSummary(links)).toEqual([`ok image file:${file}`, `ok link page:${other}`, "ok link url:https://example.com/otherref.md"].sort());
  });

  it("resolves refs in an updated page's body and in link definitions, leaving titles and other URLs alone", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const existing = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "e", title: "Existing", document: {} }]),
      "e",
    );
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      {
        operation: "update_page",
        page: existing,
        document: { markdown: 'Read [it][def] and [titled](./fresh.md "fresh.md") or [code](`fresh`).\n\n[def]: ./fresh\n' },
      },
      { operation: "insert_page", ref: "fresh", title: "Fresh", document: {} },
    ]);
    const fresh = createdPage(result, "fresh");
    expect((await crPage(spaceId, changeRequestId, existing)).markdown).toBe(
      `Read [it][def] and [titled](/pages/${fresh} "fresh.md") or [code](\`fresh\`).\n\n[def]: /pages/${fresh}\n`,
    );
    expect(backlinkPages(await read(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/page/${fresh}/backlinks`))).toEqual([existing]);
  });

  it("refuses a ref used twice or naming an existing page's path (400 naming the ref), changing nothing", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", title: "Existing", document: {} }]);
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const file = (ref: string) => ({ ref, name: "f.png", contentType: "image/png", base64: base64Of(PNG) });
    const cases: Array<[unknown[], RegExp]> = [
      [
        [
          { operation: "insert_page", ref: "same", document: {} },
          { operation: "insert_page", ref: "same", document: {} },
        ],
        /'changes\[1\]\.ref'/,
      ],
      [[{ operation: "insert_page", ref: "same", document: {} }, { operation: "insert_files", files: [file("same")] }], /'changes\[1\]\.files\[0\]\.ref'/],
      [[{ operation: "insert_files", files: [file("twice"), file("twice")] }], /'changes\[0\]\.files\[1\]\.ref'/],
      [[{ operation: "insert_page", ref: "existing", document: {} }], /'changes\[0\]\.ref'/],
      [[{ operation: "insert_page", ref: "../escape", document: {} }], /'changes\[0\]\.ref'/],
    ];
    for (const [changes, field] of cases) {
      expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, changes), 400), JSON.stringify(changes)).toMatch(field);
    }
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });
});

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): the batch and its answer", () => {
  it("is all or nothing: a batch whose third change is invalid changes nothing", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const page = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "p", title: "Page", document: { markdown: "body\n" } }]),
      "p",
    );
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const response = await postChanges(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", title: "New", document: { markdown: "new\n" } },
      { operation: "update_page", page, title: "Renamed", document: { markdown: "changed\n" } },
      { operation: "update_page", page: NO_SUCH_PAGE, title: "Nope" },
      { operation: "insert_files", files: [{ name: "x.txt", contentType: "text/plain", base64: base64Of(textBytes("x")) }] },
    ]);
    expect(errorMessage(response, 400)).toMatch(/'changes\[2\]\.page'/);
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
    expect((await crPage(spaceId, changeRequestId, page)).markdown).toBe("body\n");
  });

  it("answers with the change request by default and with compat=true, as GitBook's spec says", async () => {
    const { spaceId, changeRequestId, changeRequest } = await spaceWithChangeRequest();
    const byDefault = await postChanges(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", title: "One", document: {} }]);
    expect(byDefault.status, JSON.stringify(byDefault.body)).toBe(200);
    expectSpecResponse("updateChangeRequestContent", 200, byDefault.body);
    expect(byDefault.body).toMatchObject({ object: "change-request", id: changeRequestId, number: changeRequest.number });
    expect(byDefault.body).not.toHaveProperty("changes");
    expect(byDefault.body.revision).not.toBe(changeRequest.revision);
    // It is the change request as read right after.
    expect(byDefault.body).toEqual(await read(f.admin, changeRequestPath(spaceId, changeRequestId)));

    const explicit = await postChanges(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", title: "Two", document: {} }], true);
    expect(explicit.status, JSON.stringify(explicit.body)).toBe(200);
    expectSpecResponse("updateChangeRequestContent", 200, explicit.body);
    expect(explicit.body.id).toBe(changeRequestId);
    expect(explicit.body.revision).not.toBe(byDefault.body.revision);
    expect(titles(await crPages(spaceId, changeRequestId))).toEqual(["One", "Two"]);
  });

  it("answers {changeRequest, changes, insertedFiles} with compat=false, as GitBook's spec says", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const existing = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "e", title: "Existing", document: {} }]),
      "e",
    );
    const response = await postChanges(
      f.admin,
      spaceId,
      changeRequestId,
      [
        { operation: "insert_page", ref: "new", title: "New", document: {} },
        { operation: "insert_page", title: "No ref", document: {} },
        { operation: "update_page", page: existing, title: "Existing, renamed" },
        { operation: "insert_files", files: [{ name: "f.txt", contentType: "text/plain", base64: base64Of(textBytes("f")) }] },
      ],
      false,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("updateChangeRequestContent", 200, response.body);
    const body = response.body as EditResult & { changeRequest: { id: string; revision: string } };
    expect(body.changeRequest).toEqual(await read(f.admin, changeRequestPath(spaceId, changeRequestId)));
    const created = createdPage(body, "new");
    const noRef = byTitle(await crPages(spaceId, changeRequestId), "No ref").id;
    const location = (pageId: string) => `${ORIGIN}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}`;
    expect(body.changes).toEqual([
      { object: "created_page", ref: "new", page: { object: "page", id: created, urls: { location: location(created) } } },
      { object: "created_page", page: { object: "page", id: noRef, urls: { location: location(noRef) } } },
      { object: "updated_page", page: { object: "page", id: existing, urls: { location: location(existing) } } },
    ]);
    expect(body.insertedFiles).toEqual([expect.objectContaining({ name: "f.txt", contentType: "text/plain", size: 1 })]);
    // Each page's location is where its stored content is read.
    const fetched = await call("GET", new URL(location(existing)).pathname, { token: f.admin.token });
    expect(fetched.body).toMatchObject({ id: existing, title: "Existing, renamed" });
  });

  it("lists a page touched twice in one batch once, as GitBook's spec says ('deduplicated')", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const page = createdPage(await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "p", title: "P", document: {} }]), "p");
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "update_page", page, title: "P1" },
      { operation: "update_page", page, description: "twice" },
    ]);
    expect(result.changes.map((change) => [change.object, change.page.id])).toEqual([["updated_page", page]]);
    expect(await crPage(spaceId, changeRequestId, page)).toMatchObject({ title: "P1", description: "twice" });
  });

  it("makes each successful edit a new revision of the change request whose parent is the previous one", async () => {
    const { spaceId, changeRequestId, changeRequest, space } = await spaceWithChangeRequest();
    // A new change request reads main's revision.
    expect(changeRequest.revision).toBe(space.revision);
    const revisionOf = () => read(f.admin, changeRequestContentPath(spaceId, changeRequestId));
    expect((await revisionOf()).id).toBe(space.revision);

    const first = await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", title: "One", document: {} }]);
    const second = await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", title: "Two", document: {} }]);
    expect(new Set([space.revision, first.changeRequest.revision, second.changeRequest.revision]).size).toBe(3);
    const revision = await revisionOf();
    expectSpecResponse("getRevisionOfChangeRequestById", 200, revision);
    expect(revision).toMatchObject({ object: "revision", id: second.changeRequest.revision, parents: [first.changeRequest.revision], type: "edits" });
    // The earlier revision's parent is the one the change request started from; main did not move.
    expect((await read(f.admin, `/v1/spaces/${spaceId}`)).revision).toBe(space.revision);
    // A refused edit makes no revision.
    errorMessage(await postChanges(f.admin, spaceId, changeRequestId, [{ operation: "delete_page", page: NO_SUCH_PAGE }]), 400);
    expect((await revisionOf()).id).toBe(second.changeRequest.revision);
  });

  it("applies concurrent edits one after the other: none lost, each its own revision", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const results = await Promise.all(
      ["One", "Two", "Three", "Four"].map((title) => editContent(f.edit, spaceId, changeRequestId, [{ operation: "insert_page", title, document: {} }])),
    );
    const revisions = new Set(results.map((result) => result.changeRequest.revision));
    expect(revisions.size).toBe(4);
    expect(titles(await crPages(spaceId, changeRequestId)).sort()).toEqual(["Four", "One", "Three", "Two"]);
    // The change request ends on one of them, whose parent is another of them.
    const revision = await read(f.admin, changeRequestContentPath(spaceId, changeRequestId));
    expect(revisions.has(revision.id)).toBe(true);
    expect(revisions.has(revision.parents[0])).toBe(true);
  });

  it("accepts 50 changes and refuses 51, an empty batch, an unknown operation and malformed bodies (400)", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const insert = (index: number) => ({ operation: "insert_page", title: `Page ${index}`, document: {} });
    const bad: Array<[unknown, RegExp]> = [
      [{ changes: Array.from({ length: 51 }, (_, index) => insert(index)) }, /'changes'/],
      [{ changes: [] }, /'changes'/],
      [{}, /'changes'/],
      [{ changes: [{ operation: "revert_page", page: "abc" }] }, /'changes\[0\]\.operation'/],
      [{ changes: [{ operation: "rename_everything" }] }, /'changes\[0\]\.operation'/],
      [{ changes: [{ title: "no operation", document: {} }] }, /'changes\[0\]\.operation'/],
      [{ changes: [{ operation: "insert_page" }] }, /'changes\[0\]\.document'/],
      [{ changes: [{ operation: "insert_page", document: { markdown: "x", extra: true } }] }, /'changes\[0\]\.document'/],
      [{ changes: [{ operation: "update_page", page: "x", hidden: "yes" }] }, /'changes\[0\]\.hidden'/],
      [{ changes: [{ operation: "update_page", page: "x", emoji: "not an emoji" }] }, /'changes\[0\]\.emoji'/],
      [{ changes: [{ operation: "insert_page", title: "", document: {} }] }, /'changes\[0\]\.title'/],
      // Broken frontmatter is refused rather than published as text.
      [{ changes: [{ operation: "insert_page", document: { markdown: "---\ntitle: open\n" } }] }, /'changes\[0\]\.document\.markdown'/],
      [{ changes: [{ operation: "insert_page", document: { markdown: "---\nhidden: maybe\n---\n" } }] }, /'changes\[0\]\.document\.markdown'/],
    ];
    await inParallel(bad, async ([body, field]) => {
      const response = await call("POST", `${changeRequestContentPath(spaceId, changeRequestId)}?compat=false`, { token: f.admin.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body).slice(0, 200)).toMatch(field);
    });
    errorMessage(await call("POST", changeRequestContentPath(spaceId, changeRequestId), { token: f.admin.token, body: "{not json" }), 400);
    expect(
      errorMessage(
        await call("POST", `${changeRequestContentPath(spaceId, changeRequestId)}?compat=maybe`, { token: f.admin.token, body: { changes: [insert(0)] } }),
        400,
      ),
    ).toMatch(/'compat'/);
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);

    // 50 is GitBook's limit, and is accepted.
    const fifty = await editContent(f.admin, spaceId, changeRequestId, Array.from({ length: 50 }, (_, index) => insert(index)));
    expect(fifty.changes).toHaveLength(50);
    expect(await crPages(spaceId, changeRequestId)).toHaveLength(50);
  });
});
