import { GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent, mergeChangeRequest, updateChangeRequest } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { ORIGIN, call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { type EditResult, type File, type LinkReport, NO_SUCH_FILE, NO_SUCH_PAGE, PNG, type Page, backlinkPages, base64Of, changeRequestContentPath, crPages, download, f, linkSummary, livePages, orgId, outline, read, spaceContentPath, textBytes, titles, useSuiteFixture, withoutDownloadUrls } from "../../helpers/suites/content";

/** Change request content reads (its own revision, pages, files and links, apart from main's), and GitBook's official client on content. */

useSuiteFixture();

describe("change request content reads (its own revision, apart from main's)", () => {
  let spaceId: string;
  let changeRequest: { id: string; number: number; revision: string };
  let mainRevision: string;
  let editRevision: string;
  const ids = {} as Record<"home" | "stale" | "keep" | "draft", string>;
  let mainFile: string;
  let draftFile: string;

  beforeAll(async () => {
    const space = await createSpace(f.admin, orgId, { title: "Change request reads" });
    spaceId = space.id;
    const main = await commitToMain(f.admin, spaceId, [
      { operation: "insert_files", files: [{ ref: "main.txt", name: "main.txt", contentType: "text/plain", base64: base64Of(textBytes("main")) }] },
      { operation: "insert_page", ref: "home", title: "Home", document: { markdown: "Home with [notes](./main.txt).\n" } },
      { operation: "insert_page", ref: "stale", title: "Stale", document: { markdown: `[gone](/pages/${NO_SUCH_PAGE})\n` } },
      { operation: "insert_page", ref: "keep", title: "Keep", document: { markdown: "Back [home](./home.md).\n" } },
    ]);
    ids.home = createdPage(main, "home");
    ids.stale = createdPage(main, "stale");
    ids.keep = createdPage(main, "keep");
    mainFile = main.insertedFiles[0]!.id;
    mainRevision = (await read(f.admin, `/v1/spaces/${spaceId}`)).revision;

    changeRequest = await createChangeRequest(f.admin, spaceId, "Pending");
    const edit = await editContent(f.admin, spaceId, changeRequest.id, [
      { operation: "update_page", page: ids.home, document: { markdown: "Updated home with [missing](/pages/alsoMissing000000000).\n" } },
      { operation: "insert_page", ref: "draft", title: "Draft", document: { markdown: `Draft links [home](/pages/${ids.home}) and ![pic](./draft.png).\n` } },
      { operation: "insert_files", files: [{ ref: "draft.png", name: "draft.png", contentType: "image/png", base64: base64Of(PNG) }] },
      { operation: "delete_page", page: ids.keep },
    ]);
    ids.draft = createdPage(edit, "draft");
    draftFile = edit.insertedFiles[0]!.id;
    editRevision = edit.changeRequest.revision;
  }, 60_000);

  const crPath = (suffix = "", by: "id" | "number" = "id") =>
    `${changeRequestContentPath(spaceId, by === "id" ? changeRequest.id : changeRequest.number)}${suffix}`;
  const mainPath = (suffix = "") => `${spaceContentPath(spaceId)}${suffix}`;

  it("getRevisionOfChangeRequestById: the change request's revision, while main keeps its own", async () => {
    const revision = await read(f.read, crPath());
    expectSpecResponse("getRevisionOfChangeRequestById", 200, revision);
    expect(revision).toMatchObject({ object: "revision", id: editRevision, parents: [mainRevision], type: "edits" });
    expect(outline(revision.pages)).toEqual([
      ["Home", "home", []],
      ["Stale", "stale", []],
      ["Draft", "draft", []],
    ]);
    expect(revision.files.map((file: File) => file.name).sort()).toEqual(["draft.png", "main.txt"]);
    expect((await read(f.read, `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}`)).revision).toBe(editRevision);

    const main = await read(f.read, mainPath());
    expect(main.id).toBe(mainRevision);
    expect(outline(main.pages)).toEqual([
      ["Home", "home", []],
      ["Stale", "stale", []],
      ["Keep", "keep", []],
    ]);
    expect(main.files.map((file: File) => file.id)).toEqual([mainFile]);
  });

  it("listPagesInChangeRequest: its page tree, as GitBook's spec says", async () => {
    const listed = await read(f.read, crPath("/pages"));
    expectSpecResponse("listPagesInChangeRequest", 200, listed);
    expect(listed.pages).toEqual((await read(f.read, crPath())).pages);
    // App URLs of its pages point into the change request.
    expect((listed.pages as Page[])[0]!.urls.app).toBe(`${ORIGIN}/s/${spaceId}/~/changes/${changeRequest.number}/home`);
  });

  it("getPageInChangeRequestById: its edits, which main does not have", async () => {
    const home = await read<Page>(f.read, crPath(`/page/${ids.home}`));
    expectSpecResponse("getPageInChangeRequestById", 200, home);
    expect(home.markdown).toBe("Updated home with [missing](/pages/alsoMissing000000000).\n");
    expect((await read<Page>(f.read, mainPath(`/page/${ids.home}`))).markdown).toBe(`Home with [notes](/files/${mainFile}).\n`);

    const draft = await read<Page>(f.read, crPath(`/page/${ids.draft}`));
    expect(draft.markdown).toBe(`Draft links [home](/pages/${ids.home}) and ![pic](/files/${draftFile}).\n`);
    errorMessage(await call("GET", mainPath(`/page/${ids.draft}`), { token: f.read.token }), 404);
    // Deleted in the change request only.
    errorMessage(await call("GET", crPath(`/page/${ids.keep}`), { token: f.read.token }), 404);
    expect((await read<Page>(f.read, mainPath(`/page/${ids.keep}`))).title).toBe("Keep");

    const asDocument = await read<Page>(f.read, crPath(`/page/${ids.draft}?format=document`));
    expectSpecResponse("getPageInChangeRequestById", 200, asDocument);
    expect(asDocument.document!.nodes.map((node) => node.type)).toContain("paragraph");
    expect(errorMessage(await call("GET", crPath(`/page/${ids.draft}?evaluated=nope`), { token: f.read.token }), 400)).toMatch(/'evaluated'/);
  });

  it("listFilesInChangeRequestById and getFileInChangeRequestById: its files, which main does not have", async () => {
    const listed = await read(f.read, crPath("/files"));
    expectSpecResponse("listFilesInChangeRequestById", 200, listed);
    expect(listed.count).toBe(2);
    expect(listed.items.map((file: File) => file.id)).toEqual([draftFile, mainFile].sort());
    expect((await read(f.read, mainPath("/files"))).items.map((file: File) => file.id)).toEqual([mainFile]);

    const draft = await read<File>(f.read, crPath(`/files/${draftFile}`));
    expectSpecResponse("getFileInChangeRequestById", 200, draft);
    expect(draft).toMatchObject({ id: draftFile, name: "draft.png", contentType: "image/png", size: PNG.length });
    expect([...(await download(draft.downloadURL)).bytes]).toEqual([...PNG]);
    errorMessage(await call("GET", mainPath(`/files/${draftFile}`), { token: f.read.token }), 404);
    // Main's file is in the change request too.
    expect((await read<File>(f.read, crPath(`/files/${mainFile}`))).name).toBe("main.txt");
    errorMessage(await call("GET", crPath(`/files/${NO_SUCH_FILE}`), { token: f.read.token }), 404);
  });

  it("listPageLinksInChangeRequest: stats.broken.changeRequest counts broken links in the pages it changed", async () => {
    const home = await read<LinkReport>(f.read, crPath(`/page/${ids.home}/links`));
    expect(linkSummary(home)).toEqual(["broken link page:alsoMissing000000000"]);
    expect(home.stats).toEqual({ total: 1, broken: { total: 1, changeRequest: 1 } });
    // Stale's broken link comes from main: the change request did not change that page.
    const stale = await read<LinkReport>(f.read, crPath(`/page/${ids.stale}/links`));
    expect(linkSummary(stale)).toEqual([`broken link page:${NO_SUCH_PAGE}`]);
    expect(stale.stats).toEqual({ total: 1, broken: { total: 1, changeRequest: 0 } });
    const draft = await read<LinkReport>(f.read, crPath(`/page/${ids.draft}/links`));
    expect(linkSummary(draft)).toEqual([`ok image file:${draftFile}`, `ok link page:${ids.home}`].sort());
    expect(draft.stats).toEqual({ total: 2, broken: { total: 0, changeRequest: 0 } });
    // On main, Home still has its old link only.
    const mainHome = await read<LinkReport>(f.read, mainPath(`/page/${ids.home}/links`));
    expect(linkSummary(mainHome)).toEqual([`ok link file:${mainFile}`]);
    expect((await read<LinkReport>(f.read, `/v1/spaces/${spaceId}/links`)).stats).toEqual({ total: 3, broken: { total: 1, changeRequest: 0 } });
    errorMessage(await call("GET", crPath(`/page/${ids.keep}/links`), { token: f.read.token }), 404);
  });

  it("listChangeRequestFileBacklinks and listChangeRequestPageBacklinks: the pages of its revision linking there", async () => {
    expect(backlinkPages(await read(f.read, crPath(`/files/${draftFile}/backlinks`)))).toEqual([ids.draft]);
    // Home no longer links main.txt in the change request; on main it does.
    expect(await read(f.read, crPath(`/files/${mainFile}/backlinks`))).toEqual({ items: [], count: 0 });
    expect(backlinkPages(await read(f.read, mainPath(`/files/${mainFile}/backlinks`)))).toEqual([ids.home]);
    // Keep linked Home but is deleted in the change request; Draft links it now.
    expect(backlinkPages(await read(f.read, crPath(`/page/${ids.home}/backlinks`)))).toEqual([ids.draft]);
    expect(await read(f.read, crPath(`/page/${ids.draft}/backlinks`))).toEqual({ items: [], count: 0 });
    errorMessage(await call("GET", crPath(`/page/${ids.keep}/backlinks`), { token: f.read.token }), 404);
    errorMessage(await call("GET", crPath(`/files/${NO_SUCH_FILE}/backlinks`), { token: f.read.token }), 404);
  });

  it("reads the same through the change request's number as through its id", async () => {
    const suffixes = [
      "",
      "/pages",
      "/files",
      `/files/${draftFile}`,
      `/files/${draftFile}/backlinks`,
      `/page/${ids.home}`,
      `/page/${ids.home}/links`,
      `/page/${ids.home}/backlinks`,
    ];
    await inParallel(suffixes, async (suffix) => {
      const [byId, byNumber] = await Promise.all([read(f.read, crPath(suffix, "id")), read(f.read, crPath(suffix, "number"))]);
      expect(withoutDownloadUrls(byNumber), suffix || "revision").toEqual(withoutDownloadUrls(byId));
    });
    errorMessage(await call("GET", changeRequestContentPath(spaceId, 999), { token: f.read.token }), 404);
  });

  it("keeps reading the main content it started from while main moves on, until it is updated", async () => {
    const space = await createSpace(f.admin, orgId, { title: "Moving main" });
    await commitToMain(f.admin, space.id, [{ operation: "insert_page", title: "Old", document: { markdown: "old\n" } }]);
    const edited = await createChangeRequest(f.admin, space.id, "Edited");
    await editContent(f.admin, space.id, edited.id, [{ operation: "insert_page", title: "Mine", document: {} }]);
    const untouched = await createChangeRequest(f.admin, space.id, "Untouched");
    const startedFrom = (await read(f.admin, `/v1/spaces/${space.id}`)).revision;
    await commitToMain(f.admin, space.id, [{ operation: "insert_page", title: "Later on main", document: {} }]);

    expect(titles(await livePages(space.id))).toEqual(["Old", "Later on main"]);
    expect(titles(await crPages(space.id, edited.id))).toEqual(["Old", "Mine"]);
    expect(titles(await crPages(space.id, untouched.id))).toEqual(["Old"]);
    const untouchedRevision = await read(f.read, changeRequestContentPath(space.id, untouched.id));
    expect(untouchedRevision).toMatchObject({ id: startedFrom, pages: [expect.objectContaining({ title: "Old", markdown: "old\n" })] });

    expect((await updateChangeRequest(f.admin, space.id, edited.id)).result).toBe("update");
    expect(titles(await crPages(space.id, edited.id)).sort()).toEqual(["Later on main", "Mine", "Old"]);
    // The update is a merge revision of the change request, after its edit and main's head.
    const updated = await read(f.read, changeRequestContentPath(space.id, edited.id));
    expect(updated.parents).toHaveLength(2);
    expect(updated.parents[1]).toBe((await read(f.admin, `/v1/spaces/${space.id}`)).revision);
  });

  it("main gets the change request's content once it is merged", async () => {
    const space = await createSpace(f.admin, orgId, { title: "Merge later" });
    const pending = await createChangeRequest(f.admin, space.id);
    const edit = await editContent(f.admin, space.id, pending.id, [
      { operation: "insert_page", ref: "n", title: "New", document: { markdown: "new\n" } },
      { operation: "insert_files", files: [{ name: "n.txt", contentType: "text/plain", base64: base64Of(textBytes("n")) }] },
    ]);
    const page = createdPage(edit, "n");
    expect(await livePages(space.id)).toEqual([]);
    errorMessage(await call("GET", `${spaceContentPath(space.id)}/page/${page}`, { token: f.read.token }), 404);
    await mergeChangeRequest(f.admin, space.id, pending.id);
    expect(titles(await livePages(space.id))).toEqual(["New"]);
    expect((await read<Page>(f.read, `${spaceContentPath(space.id)}/page/${page}`)).markdown).toBe("new\n");
    expect((await read(f.read, `${spaceContentPath(space.id)}/files`)).items.map((file: File) => file.name)).toEqual(["n.txt"]);
  });
});

describe("GitBook's official client", () => {
  let spaceId: string;
  let pageId: string;
  let fileId: string;

  beforeAll(async () => {
    const space = await createSpace(f.admin, orgId, { title: "Client" });
    spaceId = space.id;
    const edit = await commitToMain(f.admin, spaceId, [
      { operation: "insert_page", ref: "p", title: "Client page", document: { markdown: "## Hello\n\nFrom the client.\n" } },
      {
        operation: "insert_files",
        files: [
          { name: "a.txt", contentType: "text/plain", base64: base64Of(textBytes("a")) },
          { name: "b.txt", contentType: "text/plain", base64: base64Of(textBytes("bb")) },
        ],
      },
    ]);
    pageId = createdPage(edit, "p");
    fileId = edit.insertedFiles[0]!.id;
  }, 60_000);

  it("reads the space's content: getCurrentRevision, listPages, getPageById, listFiles, getFileById", async () => {
    const client = gitbookClient(f.read);
    const revision = await client.spaces.getCurrentRevision(spaceId);
    expect(revision.status).toBe(200);
    expect(revision.data.id).toBe((await read(f.read, `/v1/spaces/${spaceId}`)).revision);
    expect(revision.data.pages.map((page) => page.title)).toEqual(["Client page"]);

    const pages = await client.spaces.listPages(spaceId);
    expect(pages.data.pages.map((page) => page.id)).toEqual([pageId]);

    const page = await client.spaces.getPageById(spaceId, pageId);
    expect(page.data).toMatchObject({ id: pageId, title: "Client page", markdown: "## Hello\n\nFrom the client.\n" });
    const asDocument = await client.spaces.getPageById(spaceId, pageId, { format: "document" });
    expect((asDocument.data as unknown as Page).document!.nodes.map((node) => node.type)).toEqual(["heading-2", "paragraph"]);

    const firstFile = await client.spaces.listFiles(spaceId, { limit: 1 });
    expect(firstFile.data.count).toBe(2);
    expect(firstFile.data.items).toHaveLength(1);
    const secondFile = await client.spaces.listFiles(spaceId, { limit: 1, page: firstFile.data.next!.page });
    expect(secondFile.data.next).toBeUndefined();
    expect([firstFile.data.items[0]!.name, secondFile.data.items[0]!.name].sort()).toEqual(["a.txt", "b.txt"]);

    const file = await client.spaces.getFileById(spaceId, fileId);
    expect(file.data).toMatchObject({ id: fileId, name: "a.txt", contentType: "text/plain", size: 1 });

    const missing = await client.spaces.getPageById(spaceId, NO_SUCH_PAGE).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(GitBookAPIError);
    expect((missing as GitBookAPIError).code).toBe(404);
  });

  it("edits a change request and reads it: updateChangeRequestContent, listPagesInChangeRequest", async () => {
    const changeRequest = await createChangeRequest(f.edit, spaceId, "Through the client");
    const editor = gitbookClient(f.edit);
    const updated = await editor.spaces.updateChangeRequestContent(
      spaceId,
      changeRequest.id,
      { changes: [{ operation: "insert_page", ref: "c", title: "From the client", document: { markdown: "Hi.\n" } }] },
      { compat: false },
    );
    expect(updated.status).toBe(200);
    expectSpecResponse("updateChangeRequestContent", 200, updated.data);
    const result = updated.data as unknown as EditResult;
    expect(result.changeRequest.id).toBe(changeRequest.id);
    const created = createdPage(result, "c");

    // compat left to the client's default: the change request itself.
    const compat = await editor.spaces.updateChangeRequestContent(spaceId, changeRequest.id, {
      changes: [{ operation: "update_page", page: pageId, title: "Renamed by the client" }],
    });
    expect(compat.data).toMatchObject({ object: "change-request", id: changeRequest.id });

    const pages = await gitbookClient(f.read).spaces.listPagesInChangeRequest(spaceId, changeRequest.id);
    expect(pages.status).toBe(200);
    expect(pages.data.pages.map((page) => [page.id, page.title])).toEqual([
      [pageId, "Renamed by the client"],
      [created, "From the client"],
    ]);
    // Main is untouched.
    expect(titles(await livePages(spaceId))).toEqual(["Client page"]);

    const refused = await gitbookClient(f.read)
      .spaces.updateChangeRequestContent(spaceId, changeRequest.id, { changes: [{ operation: "delete_page", page: pageId }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GitBookAPIError);
    expect((refused as GitBookAPIError).code).toBe(403);
  });
});
