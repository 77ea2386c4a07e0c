import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent, mergeChangeRequest } from "../../helpers/content";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { type File, type LinkItem, type LinkReport, NO_SUCH_FILE, NO_SUCH_PAGE, PNG, type Page, backlinkPages, base64Of, download, f, linkSummary, orgId, outline, read, spaceContentPath, textBytes, useSuiteFixture, withoutDownloadUrls } from "../../helpers/suites/content";

/** Space content reads (the active revision, pages, files, backlinks, link reports), the spec check they rely on, and links to pages by path. */

useSuiteFixture();

describe("the spec check used here", () => {
  it("rejects content bodies GitBook's spec does not allow", () => {
    expect(() => expectSpecResponse("getCurrentRevision", 200, { object: "revision", id: "x" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("getPageById", 200, { id: "x" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("updateChangeRequestContent", 200, { changeRequest: { id: "x" }, changes: [] })).toThrow(/vs GitBook.s spec/);
  });
});

describe("space content reads (getCurrentRevision, listPages, getPageById, listFiles, getFileById, backlinks, links)", () => {
  const GUIDE = "# Guide\n\nWelcome to the guide.\n\n## Setup\n\nRead the [reference](./reference.md).\n\n![Logo](./logo.png)\n";
  const REFERENCE =
    "# Reference\n\nSee the [guide](./guide.md), the [app](https://docs.test/s/elsewhere), [an external page](https://example.com/page) " +
    `and [a missing page](/pages/${NO_SUCH_PAGE}).\n\nDownload the [notes](./notes.txt).\n`;
  const FILES = {
    logo: { ref: "logo.png", name: "logo.png", contentType: "image/png", bytes: PNG },
    notes: { ref: "notes.txt", name: "notes.txt", contentType: "text/plain", bytes: textBytes("Some notes\n") },
    data: { ref: "data.json", name: "data.json", contentType: "application/json", bytes: textBytes('{"a":1}') },
  };
  let spaceId: string;
  let initialRevision: string;
  let changeRequest: { id: string; number: number };
  let changeRequestRevision: string;
  const ids = {} as Record<"guide" | "reference" | "install" | "linux", string>;
  const files = {} as Record<keyof typeof FILES, File>;

  beforeAll(async () => {
    const space = await createSpace(f.admin, orgId, { title: "Reads" });
    spaceId = space.id;
    initialRevision = space.revision;
    // One change request with three edits (nesting needs the parent's id), merged once.
    changeRequest = await createChangeRequest(f.admin, spaceId, "Initial content");
    const first = await editContent(f.admin, spaceId, changeRequest.id, [
      // The pages come first: batch refs resolve whatever the order.
      { operation: "insert_page", ref: "guide", document: { markdown: GUIDE } },
      { operation: "insert_page", ref: "reference", document: { markdown: REFERENCE } },
      {
        operation: "insert_files",
        files: Object.values(FILES).map(({ bytes, ...file }) => ({ ...file, base64: base64Of(bytes) })),
      },
    ]);
    ids.guide = createdPage(first, "guide");
    ids.reference = createdPage(first, "reference");
    [files.logo, files.notes, files.data] = first.insertedFiles as unknown as [File, File, File];
    const second = await editContent(f.admin, spaceId, changeRequest.id, [
      { operation: "insert_page", ref: "install", into: ids.guide, document: { markdown: "# Install\n\nInstall it.\n" } },
    ]);
    ids.install = createdPage(second, "install");
    const third = await editContent(f.admin, spaceId, changeRequest.id, [
      { operation: "insert_page", ref: "linux", into: ids.install, document: { markdown: "# Linux\n\nOn Linux.\n" } },
    ]);
    ids.linux = createdPage(third, "linux");
    changeRequestRevision = third.changeRequest.revision;
    expect((await mergeChangeRequest(f.admin, spaceId, changeRequest.id)).result).toBe("merge");
  }, 60_000);

  const path = (suffix = "") => `${spaceContentPath(spaceId)}${suffix}`;
  const guideMarkdown = () => `Welcome to the guide.\n\n## Setup\n\nRead the [reference](/pages/${ids.reference}).\n\n![Logo](/files/${files.logo.id})\n`;

  it("reads a new space's revision as empty edits with no parents", async () => {
    const space = await createSpace(f.admin, orgId, { title: "Empty" });
    const revision = await read(f.read, spaceContentPath(space.id));
    expectSpecResponse("getCurrentRevision", 200, revision);
    expect(revision).toMatchObject({ object: "revision", id: space.revision, parents: [], pages: [], files: [], type: "edits" });
    expect(revision).not.toHaveProperty("mergedFrom");
    expect(await read(f.read, `${spaceContentPath(space.id)}/pages`)).toEqual({ pages: [] });
    expect(await read(f.read, `${spaceContentPath(space.id)}/files`)).toEqual({ items: [], count: 0 });
  });

  it("getCurrentRevision: the merge revision, its parents and change request, the nested page tree and the files", async () => {
    const revision = await read(f.read, path());
    expectSpecResponse("getCurrentRevision", 200, revision);
    const space = await read(f.read, `/v1/spaces/${spaceId}`);
    expect(revision).toMatchObject({ object: "revision", id: space.revision, type: "merge", parents: [initialRevision, changeRequestRevision] });
    expect(revision.mergedFrom).toMatchObject({ object: "change-request", id: changeRequest.id, number: changeRequest.number, status: "merged" });
    expect(outline(revision.pages)).toEqual([
      ["Guide", "guide", [["Install", "guide/install", [["Linux", "guide/install/linux", []]]]]],
      ["Reference", "reference", []],
    ]);
    const guide = revision.pages[0] as Page;
    expect(guide).toMatchObject({ id: ids.guide, slug: "guide", markdown: guideMarkdown(), hidden: false, noIndex: false });
    expect(guide.pages[0]!.pages[0]).toMatchObject({ id: ids.linux, markdown: "On Linux.\n" });
    expect(withoutDownloadUrls(revision.files).sort((a: File, b: File) => a.name.localeCompare(b.name))).toEqual([
      { id: files.data.id, name: "data.json", contentType: "application/json", size: 7 },
      { id: files.logo.id, name: "logo.png", contentType: "image/png", size: PNG.length },
      { id: files.notes.id, name: "notes.txt", contentType: "text/plain", size: 11 },
    ]);
  });

  it("accepts GitBook's metadata and computed switches, which change nothing here", async () => {
    const plain = await read(f.read, path("/pages"));
    for (const query of ["metadata=false", "computed=false", "metadata=true&computed=true"]) {
      expect(await read(f.read, path(`/pages?${query}`)), query).toEqual(plain);
      expect((await read(f.read, path(`?${query}`))).id, query).toBe((await read(f.read, path())).id);
    }
    expect(errorMessage(await call("GET", path("?metadata=nope"), { token: f.read.token }), 400)).toMatch(/'metadata'/);
    expect(errorMessage(await call("GET", path("/files?computed=1"), { token: f.read.token }), 400)).toMatch(/'computed'/);
  });

  it("listPages: the same page tree, as GitBook's spec says", async () => {
    const listed = await read(f.read, path("/pages"));
    expectSpecResponse("listPages", 200, listed);
    expect(Object.keys(listed)).toEqual(["pages"]);
    expect(listed.pages).toEqual((await read(f.read, path())).pages);
  });

  it("getPageById: markdown by default, a document on request, as GitBook's spec says", async () => {
    const page = await read<Page>(f.read, path(`/page/${ids.guide}`));
    expectSpecResponse("getPageById", 200, page);
    expect(page).toMatchObject({ id: ids.guide, title: "Guide", path: "guide", markdown: guideMarkdown() });
    expect(page).not.toHaveProperty("document");
    // With its child pages, exactly as in the tree.
    expect(page).toEqual((await read(f.read, path("/pages"))).pages[0]);
    expect(await read(f.read, path(`/page/${ids.guide}?format=markdown`))).toEqual(page);

    const asDocument = await read<Page>(f.read, path(`/page/${ids.guide}?format=document`));
    expectSpecResponse("getPageById", 200, asDocument);
    expect(asDocument).not.toHaveProperty("markdown");
    expect(asDocument.document?.object).toBe("document");
    const types = asDocument.document!.nodes.map((node) => node.type);
    expect(types).toContain("paragraph");
    expect(types).toContain("heading-2");
    // The leading `# Guide` became the title, not a heading of the body.
    expect(types).not.toContain("heading-1");

    // `evaluated` is accepted in each of GitBook's forms and changes nothing here.
    for (const evaluated of ["true", "false", "deterministic-only"]) {
      expect(await read(f.read, path(`/page/${ids.guide}?evaluated=${evaluated}`)), evaluated).toEqual(page);
    }
  });

  it("getPageById: 400 naming a bad query parameter, 404 for an unknown page", async () => {
    const cases: Array<[string, RegExp]> = [
      ["evaluated=maybe", /'evaluated'/],
      ["format=html", /'format'/],
      ["dereferenced=yes", /'dereferenced'/],
    ];
    await inParallel(cases, async ([query, parameter]) => {
      expect(errorMessage(await call("GET", path(`/page/${ids.guide}?${query}`), { token: f.read.token }), 400), query).toMatch(parameter);
    });
    errorMessage(await call("GET", path(`/page/${NO_SUCH_PAGE}`), { token: f.read.token }), 404);
    // A file id is not a page id.
    errorMessage(await call("GET", path(`/page/${files.logo.id}`), { token: f.read.token }), 404);
  });

  it("listFiles: walks every file with limit=1 (keyset pages), as GitBook's spec says", async () => {
    const seen: File[] = [];
    let page: string | undefined;
    let requests = 0;
    do {
      const query = new URLSearchParams({ limit: "1", ...(page ? { page } : {}) });
      const body = await read(f.read, path(`/files?${query}`));
      expectSpecResponse("listFiles", 200, body);
      expect(body.count).toBe(3);
      expect(body.items).toHaveLength(1);
      seen.push(...body.items);
      page = body.next?.page;
      requests += 1;
      expect(requests).toBeLessThanOrEqual(4);
    } while (page !== undefined);
    expect(requests).toBe(3);
    const expectedIds = Object.values(files)
      .map((file) => file.id)
      .sort();
    // Ordered by id, each file once.
    expect(seen.map((file) => file.id)).toEqual(expectedIds);
    const all = await read(f.read, path("/files"));
    expect(withoutDownloadUrls(all)).toEqual({ items: withoutDownloadUrls(seen), count: 3 });
    expect(errorMessage(await call("GET", path("/files?limit=-1"), { token: f.read.token }), 400)).toMatch(/'limit'/);
    expect(errorMessage(await call("GET", path("/files?page=garbage"), { token: f.read.token }), 400)).toMatch(/'page'/);
  });

  it("getFileById: the file with a working download URL, as GitBook's spec says; 404 for an unknown file", async () => {
    for (const [key, file] of Object.entries(files) as Array<[keyof typeof FILES, File]>) {
      const body = await read<File>(f.read, path(`/files/${file.id}`));
      expectSpecResponse("getFileById", 200, body);
      expect(withoutDownloadUrls(body)).toEqual(withoutDownloadUrls(file));
      const downloaded = await download(body.downloadURL);
      expect(downloaded.status, key).toBe(200);
      expect(downloaded.type, key).toBe(FILES[key].contentType);
      expect([...downloaded.bytes], key).toEqual([...FILES[key].bytes]);
    }
    errorMessage(await call("GET", path(`/files/${NO_SUCH_FILE}`), { token: f.read.token }), 404);
    // A page id is not a file id.
    errorMessage(await call("GET", path(`/files/${ids.guide}`), { token: f.read.token }), 404);
  });

  it("listSpaceFileBacklinks: the pages that link to a file", async () => {
    const logo = await read(f.read, path(`/files/${files.logo.id}/backlinks`));
    expect(logo).toEqual({ items: [expect.objectContaining({ kind: "page", page: ids.guide, space: spaceId })], count: 1 });
    expect(backlinkPages(await read(f.read, path(`/files/${files.notes.id}/backlinks`)))).toEqual([ids.reference]);
    expect(await read(f.read, path(`/files/${files.data.id}/backlinks`))).toEqual({ items: [], count: 0 });
    errorMessage(await call("GET", path(`/files/${NO_SUCH_FILE}/backlinks`), { token: f.read.token }), 404);
  });

  it("listPageLinksInSpace: a page's links with their status, a status filter, and stats", async () => {
    const reference = await read<LinkReport>(f.read, path(`/page/${ids.reference}/links`));
    expect(linkSummary(reference)).toEqual(
      [
        `ok link page:${ids.guide}`,
        "in-app link url:https://docs.test/s/elsewhere",
        "ok link url:https://example.com/page",
        `broken link page:${NO_SUCH_PAGE}`,
        `ok link file:${files.notes.id}`,
      ].sort(),
    );
    expect(reference.count).toBe(5);
    expect(reference.stats).toEqual({ total: 5, broken: { total: 1, changeRequest: 0 } });
    for (const item of reference.items) expect(item.locationReferences.map((location) => location.page)).toEqual([ids.reference]);

    const filters: Array<[string, string[]]> = [
      ["broken", [`broken link page:${NO_SUCH_PAGE}`]],
      ["in-app", ["in-app link url:https://docs.test/s/elsewhere"]],
      ["ok", [`ok link page:${ids.guide}`, "ok link url:https://example.com/page", `ok link file:${files.notes.id}`].sort()],
    ];
    for (const [status, expected] of filters) {
      const filtered = await read<LinkReport>(f.read, path(`/page/${ids.reference}/links?status=${status}`));
      expect(linkSummary(filtered), status).toEqual(expected);
      expect(filtered.count, status).toBe(expected.length);
      // The stats describe the page's links, whatever the filter.
      expect(filtered.stats, status).toEqual(reference.stats);
    }

    const guide = await read<LinkReport>(f.read, path(`/page/${ids.guide}/links`));
    expect(linkSummary(guide)).toEqual([`ok image file:${files.logo.id}`, `ok link page:${ids.reference}`].sort());
    expect(await read(f.read, path(`/page/${ids.linux}/links`))).toEqual({ items: [], count: 0, stats: { total: 0, broken: { total: 0, changeRequest: 0 } } });
    expect(errorMessage(await call("GET", path(`/page/${ids.guide}/links?status=fine`), { token: f.read.token }), 400)).toMatch(/'status'/);
    errorMessage(await call("GET", path(`/page/${NO_SUCH_PAGE}/links`), { token: f.read.token }), 404);
  });

  it("listSpaceLinks: the link report over every page, paginated", async () => {
    const report = await read<LinkReport>(f.read, `/v1/spaces/${spaceId}/links`);
    expect(report.count).toBe(7);
    expect(report.stats).toEqual({ total: 7, broken: { total: 1, changeRequest: 0 } });
    const reference = await read<LinkReport>(f.read, path(`/page/${ids.reference}/links`));
    const guide = await read<LinkReport>(f.read, path(`/page/${ids.guide}/links`));
    expect(linkSummary(report)).toEqual([...linkSummary(reference), ...linkSummary(guide)].sort());

    const walked: LinkItem[] = [];
    let page: string | undefined;
    let requests = 0;
    do {
      const query = new URLSearchParams({ limit: "3", ...(page ? { page } : {}) });
      const body = await read<LinkReport>(f.read, `/v1/spaces/${spaceId}/links?${query}`);
      expect(body.count).toBe(7);
      expect(body.stats).toEqual(report.stats);
      walked.push(...body.items);
      page = body.next?.page;
      requests += 1;
    } while (page !== undefined && requests < 5);
    expect(requests).toBe(3);
    expect(walked).toEqual(report.items);
  });

  it("listSpaceLinks: a link to a page deleted later becomes broken; URLs into this deployment are in-app", async () => {
    const space = await createSpace(f.admin, orgId, { title: "Links" });
    const inserted = await commitToMain(f.admin, space.id, [
      { operation: "insert_page", ref: "target", title: "Target", document: {} },
      {
        operation: "insert_page",
        ref: "linker",
        title: "Linker",
        document: {
          markdown:
            "[t](./target.md) [home](https://docs.test) [api](https://docs.test/v1/spaces) " +
            "[lookalike](https://docs.test.example.com/x) [ext](http://example.org/docs)\n",
        },
      },
      // A second page linking the same target: one item, two locations.
      { operation: "insert_page", ref: "second", title: "Second linker", document: { markdown: "Also [t](./target.md).\n" } },
    ]);
    const target = createdPage(inserted, "target");
    const linker = createdPage(inserted, "linker");
    const second = createdPage(inserted, "second");
    const linksPath = `/v1/spaces/${space.id}/links`;
    const expectedUrls = [
      "in-app link url:https://docs.test",
      "in-app link url:https://docs.test/v1/spaces",
      "ok link url:https://docs.test.example.com/x",
      "ok link url:http://example.org/docs",
    ];
    const before = await read<LinkReport>(f.read, linksPath);
    expect(linkSummary(before)).toEqual([`ok link page:${target}`, ...expectedUrls].sort());
    expect(before.stats).toEqual({ total: 5, broken: { total: 0, changeRequest: 0 } });
    const toTarget = before.items.find((item) => item.targetReference.page === target)!;
    expect(toTarget.locationReferences.map((location) => location.page).sort()).toEqual([linker, second].sort());

    await commitToMain(f.admin, space.id, [{ operation: "delete_page", page: target }]);
    const after = await read<LinkReport>(f.read, linksPath);
    expect(linkSummary(after)).toEqual([`broken link page:${target}`, ...expectedUrls].sort());
    expect(after.stats).toEqual({ total: 5, broken: { total: 1, changeRequest: 0 } });
    const broken = await read<LinkReport>(f.read, `${linksPath}?status=broken`);
    expect(broken.items).toEqual([
      expect.objectContaining({ status: "broken", targetReference: expect.objectContaining({ kind: "page", page: target }), locationReferences: expect.arrayContaining([expect.objectContaining({ page: linker }), expect.objectContaining({ page: second })]) }),
    ]);
  });
});

describe("links to pages by path", () => {
  it("resolves /pages/<path> and Git Sync-style relative links to stable page links when a body is stored", async () => {
    const space = await createSpace(f.admin, orgId, { title: "Paths" });
    const seeded = await commitToMain(f.admin, space.id, [
      { operation: "insert_page", ref: "guides", title: "Guides", document: { markdown: "Guides\n" } },
      { operation: "insert_page", ref: "top", title: "Top", document: { markdown: "Top\n" } },
    ]);
    const guides = createdPage(seeded, "guides");
    const top = createdPage(seeded, "top");
    const edit = await commitToMain(f.admin, space.id, [
      { operation: "insert_page", ref: "install", into: guides, title: "Install", document: { markdown: "Install\n" } },
      {
        operation: "insert_page",
        ref: "usage",
        into: guides,
        title: "Usage",
        document: {
          markdown: [
            "[abs](/pages/guides/install) [abs-md](/pages/top.md#intro) [sibling](./install.md)",
            "[up](../top.md) [dir](../guides/README.md) [missing](./nowhere.md) [gone](/pages/no/such)",
            "",
          ].join("\n"),
        },
      },
    ]);
    const install = createdPage(edit, "install");
    const usage = await call("GET", `/v1/spaces/${space.id}/content/page/${createdPage(edit, "usage")}`, { token: f.admin.token });
    expect(usage.status).toBe(200);
    expect(usage.body.markdown).toBe(
      [
        `[abs](/pages/${install}) [abs-md](/pages/${top}#intro) [sibling](/pages/${install})`,
        `[up](/pages/${top}) [dir](/pages/${guides}) [missing](./nowhere.md) [gone](/pages/no/such)`,
        "",
      ].join("\n"),
    );
    // The resolved links are page links of the index; the unresolved /pages/ one is broken.
    const links = await call("GET", `/v1/spaces/${space.id}/content/page/${createdPage(edit, "usage")}/links`, { token: f.admin.token });
    const targets = links.body.items.map((item: { status: string; targetReference: { kind: string; page?: string; url?: string } }) => [
      item.status,
      item.targetReference.page ?? item.targetReference.url,
    ]);
    expect(targets).toEqual(
      expect.arrayContaining([
        ["ok", install],
        ["ok", top],
        ["ok", guides],
        ["broken", "no/such"],
      ]),
    );
  });
});
