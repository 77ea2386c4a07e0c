import { GitBookAPIError } from "@gitbook/api";
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
} from "../helpers/content";
import { gitbookClient, organizationWithEveryRole, type TestUser } from "../helpers/fixtures";
import { ORIGIN, call, errorMessage, workerUnderTest, type ApiResponse } from "../helpers/http";
import { expectSpecResponse } from "../helpers/spec";

/*
 * Content routes (seed 4.2 and 4.4) through HTTP and GitBook's official client: editing a change
 * request's content (updateChangeRequestContent: insert/update/delete pages, insert files, batch
 * refs, all or nothing), and reading content, of the space's active revision and of a change
 * request (revision, pages, page, files, file, backlinks, link reports), with the signed download
 * URLs of files. Storage is shared by the file: read-only describes build their content once in
 * beforeAll; every test that changes content makes its own space.
 */

type Fixture = Awaited<ReturnType<typeof organizationWithEveryRole>>;
type Page = {
  id: string;
  title: string;
  slug: string;
  path: string;
  markdown?: string;
  document?: { object: string; nodes: Array<{ type: string }> };
  description?: string;
  emoji?: string;
  icon?: string;
  hidden: boolean;
  noIndex: boolean;
  documentId?: string;
  urls: { app: string };
  pages: Page[];
};
type File = { id: string; name: string; contentType: string; size: number; downloadURL: string };
type EditResult = Awaited<ReturnType<typeof editContent>>;
type LinkItem = {
  status: "ok" | "broken" | "in-app";
  relation: string;
  targetReference: { kind: string; page?: string; file?: string; url?: string };
  locationReferences: Array<{ kind: string; page: string }>;
};
type LinkReport = { items: LinkItem[]; count: number; next?: { page: string }; stats: { total: number; broken: { total: number; changeRequest: number } } };

/** Well-formed ids that name nothing. */
const NO_SUCH_PAGE = "noSuchPage0000000000";
const NO_SUCH_FILE = "noSuchFile0000000000";

let f: Fixture;
let orgId: string;

beforeAll(async () => {
  f = await organizationWithEveryRole();
  orgId = f.organization.id;
}, 60_000);

// ---------------------------------------------------------------------------------------------
// Paths and small helpers
// ---------------------------------------------------------------------------------------------

const changeRequestPath = (spaceId: string, changeRequestId: string | number) => `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`;
const spaceContentPath = (spaceId: string) => `/v1/spaces/${spaceId}/content`;
const changeRequestContentPath = (spaceId: string, changeRequestId: string | number) => `${changeRequestPath(spaceId, changeRequestId)}/content`;

/** POSTs a batch as `user`; `compat` undefined leaves the query out (GitBook's default, true). */
const postChanges = (user: TestUser, spaceId: string, changeRequestId: string | number, changes: unknown[], compat?: boolean) =>
  call("POST", `${changeRequestContentPath(spaceId, changeRequestId)}${compat === undefined ? "" : `?compat=${compat}`}`, {
    token: user.token,
    body: { changes },
  });

/** A GET as `user` that must answer 200; returns the body. */
async function read<T = any>(user: TestUser, path: string): Promise<T> {
  const response = await call("GET", path, { token: user.token });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

/** A new space with one draft change request, both made by the admin. */
async function spaceWithChangeRequest(title = "Docs") {
  const space = await createSpace(f.admin, orgId, { title });
  const changeRequest = await createChangeRequest(f.admin, space.id);
  return { spaceId: space.id, space, changeRequestId: changeRequest.id, changeRequest };
}

/**
 * What a refused edit must leave as it was: the change request's revision, its page tree (with
 * bodies) and its files. Download URLs carry an expiry, so files are compared by id.
 */
async function changeRequestSnapshot(spaceId: string, changeRequestId: string) {
  const [changeRequest, pages, files] = await Promise.all([
    read(f.admin, changeRequestPath(spaceId, changeRequestId)),
    changeRequestPages(f.admin, spaceId, changeRequestId),
    read(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/files?limit=1000`),
  ]);
  return { revision: changeRequest.revision as string, pages, files: files.items.map((file: File) => file.id) };
}

const byTitle = (pages: Page[], title: string): Page => {
  const page = flattenPages(pages as any).find((candidate) => candidate.title === title);
  if (!page) throw new Error(`no page titled '${title}'`);
  return page as unknown as Page;
};
const titles = (pages: Page[]) => pages.map((page) => page.title);

/** The pages of a change request / of main, typed as this file reads them. */
const crPages = async (spaceId: string, changeRequestId: string) => (await changeRequestPages(f.admin, spaceId, changeRequestId)) as unknown as Page[];
const livePages = async (spaceId: string) => (await mainPages(f.admin, spaceId)) as unknown as Page[];

const crPage = (spaceId: string, changeRequestId: string, pageId: string) =>
  read<Page>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/page/${pageId}`);

/** Base64 of bytes, as a client sends them in `insert_files`. */
function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
const textBytes = (text: string) => new TextEncoder().encode(text);

/** Runs independent requests (refusals, reads: none changes anything) at once. */
async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  await Promise.all(items.map(run));
}

/** The bytes and headers a download URL answers with, fetched from the Worker itself. */
async function download(url: string) {
  const response = await workerUnderTest.fetch(url);
  return { status: response.status, type: response.headers.get("content-type"), bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Ids of the pages a backlink list names, sorted. */
const backlinkPages = (body: { items: Array<{ kind: string; page: string }> }) => body.items.map((item) => item.page).sort();

/** A link report's items as `status target` strings, sorted: compact to compare. */
const linkSummary = (report: LinkReport) =>
  report.items
    .map((item) => `${item.status} ${item.relation} ${item.targetReference.kind}:${item.targetReference.page ?? item.targetReference.file ?? item.targetReference.url}`)
    .sort();

describe("the spec check used here", () => {
  it("rejects content bodies GitBook's spec does not allow", () => {
    expect(() => expectSpecResponse("getCurrentRevision", 200, { object: "revision", id: "x" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("getPageById", 200, { id: "x" })).toThrow(/vs GitBook.s spec/);
    expect(() => expectSpecResponse("updateChangeRequestContent", 200, { changeRequest: { id: "x" }, changes: [] })).toThrow(/vs GitBook.s spec/);
  });
});

// =============================================================================================
// 1. updateChangeRequestContent
// =============================================================================================

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): insert_page", () => {
  it("takes the title from the frontmatter, else a leading heading (removed from the body), else `title`, else 'Untitled'", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "field", title: "From Field", document: { markdown: "Body of field.\n" } },
      // GitBook: frontmatter and a leading heading take precedence over `title` (as Git Sync).
      { operation: "insert_page", ref: "front", title: "Ignored", document: { markdown: "---\ntitle: From Frontmatter\n---\n\nBody of front.\n" } },
      { operation: "insert_page", ref: "heading", title: "Ignored too", document: { markdown: "# From *Heading*\n\nBody of heading.\n\n# Second H1 stays\n" } },
      { operation: "insert_page", ref: "none", document: { markdown: "Just text.\n" } },
      { operation: "insert_page", ref: "empty", document: {} },
    ]);
    const pages = await crPages(spaceId, changeRequestId);
    expect(pages.map((page) => [page.title, page.slug, page.markdown])).toEqual([
      ["From Field", "from-field", "Body of field.\n"],
      ["From Frontmatter", "from-frontmatter", "Body of front.\n"],
      ["From Heading", "from-heading", "Body of heading.\n\n# Second H1 stays\n"],
      ["Untitled", "untitled", "Just text.\n"],
      ["Untitled", "untitled-2", ""],
    ]);
    // Each created page is reported with its ref, in batch order.
    expect(pages.map((page) => page.id)).toEqual(["field", "front", "heading", "none", "empty"].map((ref) => createdPage(result, ref)));
    expect(pages.every((page) => page.pages.length === 0 && page.path === page.slug)).toBe(true);
  });

  it("derives slugs from titles, de-duplicated among siblings only", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const first = await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "guide", title: "Guide", document: {} }]);
    const guide = createdPage(first, "guide");
    await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", title: "Guide", document: {} },
      { operation: "insert_page", title: "Guide", document: {} },
      // Under another parent the slug is free again.
      { operation: "insert_page", title: "Guide", into: guide, document: {} },
      { operation: "insert_page", title: "  Café Über: the 2nd ÉDITION!  ", document: {} },
      { operation: "insert_page", title: "???", document: {} },
    ]);
    const pages = await crPages(spaceId, changeRequestId);
    expect(pages.map((page) => page.slug)).toEqual(["guide", "guide-2", "guide-3", "cafe-uber-the-2nd-edition", "page"]);
    expect(pages[0]!.pages.map((page) => [page.slug, page.path])).toEqual([["guide", "guide/guide"]]);
  });

  it("takes an explicit slug, and refuses one a sibling already has (400 naming changes[i].slug), changing nothing", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", title: "Intro", slug: "start-here", document: {} }]);
    expect((await crPages(spaceId, changeRequestId)).map((page) => page.slug)).toEqual(["start-here"]);
    const before = await changeRequestSnapshot(spaceId, changeRequestId);

    // Taken by a page already in the change request...
    const taken = await postChanges(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", title: "Fine", document: {} },
      { operation: "insert_page", title: "Other", slug: "start-here", document: {} },
    ]);
    expect(errorMessage(taken, 400)).toMatch(/'changes\[1\]\.slug'/);
    // ...or by a page inserted earlier in the same batch.
    const inBatch = await postChanges(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", title: "A", slug: "same", document: {} },
      { operation: "insert_page", title: "B", slug: "same", document: {} },
    ]);
    expect(errorMessage(inBatch, 400)).toMatch(/'changes\[1\]\.slug'/);
    // Not a URL path segment: refused by validation.
    expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", slug: "a/b", document: {} }]), 400)).toMatch(
      /'changes\[0\]\.slug'/,
    );
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });

  it("places pages `into` a parent and `at` an index among the siblings, in order", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const first = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "a", title: "A", document: {} },
      { operation: "insert_page", ref: "b", title: "B", document: {} },
      { operation: "insert_page", ref: "c", title: "C", document: {} },
    ]);
    const a = createdPage(first, "a");
    await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", title: "X", at: 0, document: {} },
      // Indexes count the siblings as they are when the change applies (X is already first).
      { operation: "insert_page", title: "Y", at: 2, document: {} },
      { operation: "insert_page", title: "Child 1", into: a, document: {} },
      { operation: "insert_page", title: "Child 0", into: a, at: 0, document: {} },
      // `at` equal to the number of siblings is the end.
      { operation: "insert_page", title: "End", at: 5, document: {} },
    ]);
    const pages = await crPages(spaceId, changeRequestId);
    expect(titles(pages)).toEqual(["X", "A", "Y", "B", "C", "End"]);
    const parent = byTitle(pages, "A");
    expect(parent.id).toBe(a);
    expect(parent.pages.map((page) => [page.title, page.path])).toEqual([
      ["Child 0", "a/child-0"],
      ["Child 1", "a/child-1"],
    ]);
    // The page read on its own has the same children.
    expect((await crPage(spaceId, changeRequestId, a)).pages.map((page) => page.title)).toEqual(["Child 0", "Child 1"]);
  });

  it("refuses `into` an unknown page and `at` beyond the siblings (400 naming the field), changing nothing", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const first = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "a", title: "A", document: {} },
      { operation: "insert_page", title: "B", document: {} },
    ]);
    const a = createdPage(first, "a");
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const cases: Array<[unknown[], RegExp]> = [
      [[{ operation: "insert_page", title: "Lost", into: NO_SUCH_PAGE, document: {} }], /'changes\[0\]\.into'/],
      [[{ operation: "insert_page", title: "Ok", document: {} }, { operation: "insert_page", title: "Far", at: 4, document: {} }], /'changes\[1\]\.at'/],
      [[{ operation: "insert_page", title: "Far", at: 3, document: {} }], /'changes\[0\]\.at'/],
      // A has no children yet: only index 0 is possible there.
      [[{ operation: "insert_page", title: "Deep", into: a, at: 1, document: {} }], /'changes\[0\]\.at'/],
      [[{ operation: "insert_page", title: "Negative", at: -1, document: {} }], /'changes\[0\]\.at'/],
      [[{ operation: "insert_page", title: "Bad id", into: "not an id!", document: {} }], /'changes\[0\]\.into'/],
    ];
    for (const [changes, field] of cases) {
      expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, changes), 400), JSON.stringify(changes)).toMatch(field);
    }
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });
});

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): update_page", () => {
  it("replaces the body with a markdown document, a leading heading renaming the page but not its slug", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const page = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "p", title: "Old", document: { markdown: "old body\n" } }]),
      "p",
    );
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "update_page", page, document: { markdown: "# New title\n\nnew body\n\n- one\n- two\n" } },
    ]);
    expect(result.changes).toEqual([{ object: "updated_page", page: expect.objectContaining({ object: "page", id: page }) }]);
    const updated = await crPage(spaceId, changeRequestId, page);
    expect(updated).toMatchObject({ title: "New title", slug: "old", markdown: "new body\n\n- one\n- two\n" });
  });

  it("applies frontmatter metadata (description, hidden, noIndex, icon, emoji), which wins over the fields", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const inserted = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "front", title: "Front", document: { markdown: "before\n" } },
      { operation: "insert_page", ref: "fields", title: "Fields", document: { markdown: "kept\n" } },
    ]);
    const front = createdPage(inserted, "front");
    const fields = createdPage(inserted, "fields");
    await editContent(f.admin, spaceId, changeRequestId, [
      {
        operation: "update_page",
        page: front,
        title: "Field title",
        description: "from the field",
        hidden: false,
        noIndex: false,
        icon: "field-icon",
        emoji: "1f600",
        document: { markdown: "---\ndescription: from the frontmatter\nhidden: true\nnoIndex: true\nicon: book\nemoji: 1f389\n---\n\nBody\n" },
      },
      // Without a document, the fields alone apply.
      { operation: "update_page", page: fields, description: "only a field", hidden: true, emoji: "1f680" },
    ]);
    const updatedFront = await crPage(spaceId, changeRequestId, front);
    expect(updatedFront).toMatchObject({
      // No title in the frontmatter nor a heading: the field's title applies.
      title: "Field title",
      description: "from the frontmatter",
      hidden: true,
      noIndex: true,
      icon: "book",
      emoji: "1f389",
      markdown: "Body\n",
    });
    const updatedFields = await crPage(spaceId, changeRequestId, fields);
    expect(updatedFields).toMatchObject({ title: "Fields", description: "only a field", hidden: true, noIndex: false, emoji: "1f680", markdown: "kept\n" });
    expectSpecResponse("getPageInChangeRequestById", 200, updatedFront);
  });

  it("keeps the body on a metadata-only update, renaming title and slug independently", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const page = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "p", title: "Before", document: { markdown: "Body stays.\n" } }]),
      "p",
    );
    const before = await crPage(spaceId, changeRequestId, page);
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page, title: "After" }]);
    const renamed = await crPage(spaceId, changeRequestId, page);
    expect(renamed).toMatchObject({ title: "After", slug: "before", markdown: "Body stays.\n", documentId: before.documentId });
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page, slug: "moved-url" }]);
    expect(await crPage(spaceId, changeRequestId, page)).toMatchObject({ title: "After", slug: "moved-url", path: "moved-url", markdown: "Body stays.\n" });
  });

  it("moves a page with into/at, into=null to the root, and refuses a move into itself or its own pages", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const top = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "a", title: "A", document: {} },
      { operation: "insert_page", ref: "b", title: "B", document: {} },
      { operation: "insert_page", ref: "c", title: "C", document: {} },
      { operation: "insert_page", ref: "dup", title: "Dup", document: {} },
    ]);
    const [a, b, c, dup] = ["a", "b", "c", "dup"].map((ref) => createdPage(top, ref)) as [string, string, string, string];
    const children = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_page", ref: "a1", title: "A1", into: a, document: {} },
      { operation: "insert_page", ref: "a2", title: "A2", into: a, document: {} },
      { operation: "insert_page", title: "Dup", into: a, document: {} },
    ]);
    const a1 = createdPage(children, "a1");
    const a2 = createdPage(children, "a2");
    const a1x = createdPage(await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "x", title: "A1x", into: a1, document: {} }]), "x");

    // Into another parent at an index; the page keeps its children and body.
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page: c, into: a, at: 0 }]);
    let pages = await crPages(spaceId, changeRequestId);
    expect(titles(pages)).toEqual(["A", "B", "Dup"]);
    expect(titles(byTitle(pages, "A").pages)).toEqual(["C", "A1", "A2", "Dup"]);
    expect(byTitle(pages, "C").path).toBe("a/c");

    // into=null: to the root, at the end when no `at` is given.
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page: a2, into: null }]);
    // `at` alone: a new place among the same siblings.
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page: b, at: 0 }]);
    pages = await crPages(spaceId, changeRequestId);
    expect(titles(pages)).toEqual(["B", "A", "Dup", "A2"]);
    expect(titles(byTitle(pages, "A").pages)).toEqual(["C", "A1", "Dup"]);
    expect(byTitle(pages, "A2").path).toBe("a2");
    expect(byTitle(pages, "A1x").path).toBe("a/a1/a1x");

    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ page: a, into: a1x }, /'changes\[0\]\.into'/],
      [{ page: a, into: a1 }, /'changes\[0\]\.into'/],
      [{ page: a, into: a }, /'changes\[0\]\.into'/],
      [{ page: a, into: NO_SUCH_PAGE }, /'changes\[0\]\.into'/],
      [{ page: NO_SUCH_PAGE, title: "x" }, /'changes\[0\]\.page'/],
      // A has three children besides nothing else: index 4 is past the end.
      [{ page: b, into: a, at: 4 }, /'changes\[0\]\.at'/],
      // Under A a sibling already has the slug 'dup'.
      [{ page: dup, into: a }, /'changes\[0\]\.slug'/],
    ];
    for (const [change, field] of refusals) {
      const response = await postChanges(f.admin, spaceId, changeRequestId, [{ operation: "update_page", ...change }]);
      expect(errorMessage(response, 400), JSON.stringify(change)).toMatch(field);
    }
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });
});

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): delete_page", () => {
  it("deletes a page with its subpages, listing each as deleted_page; main keeps them until merged", async () => {
    const space = await createSpace(f.admin, orgId);
    const top = await commitToMain(f.admin, space.id, [
      { operation: "insert_page", ref: "p", title: "Parent", document: {} },
      { operation: "insert_page", ref: "s", title: "Sibling", document: {} },
    ]);
    const parent = createdPage(top, "p");
    const child = createdPage(await commitToMain(f.admin, space.id, [{ operation: "insert_page", ref: "c", title: "Child", into: parent, document: {} }]), "c");
    const grandchild = createdPage(
      await commitToMain(f.admin, space.id, [{ operation: "insert_page", ref: "g", title: "Grandchild", into: child, document: {} }]),
      "g",
    );
    const changeRequest = await createChangeRequest(f.admin, space.id);

    const result = await editContent(f.admin, space.id, changeRequest.id, [{ operation: "delete_page", page: parent }]);
    expect(result.changes).toHaveLength(3);
    expect(result.changes.every((change) => change.object === "deleted_page")).toBe(true);
    expect(result.changes.map((change) => change.page).sort()).toEqual([parent, child, grandchild].sort());
    expectSpecResponse("updateChangeRequestContent", 200, result);

    expect(titles(await crPages(space.id, changeRequest.id))).toEqual(["Sibling"]);
    await inParallel([parent, child, grandchild], async (pageId) => {
      errorMessage(await call("GET", `${changeRequestContentPath(space.id, changeRequest.id)}/page/${pageId}`, { token: f.admin.token }), 404);
    });
    // Main is unaffected until the change request is merged.
    expect(flattenPages((await mainPages(f.admin, space.id)) as any).map((page) => page.title)).toEqual(["Parent", "Child", "Grandchild", "Sibling"]);
    expect(errorMessage(await postChanges(f.admin, space.id, changeRequest.id, [{ operation: "delete_page", page: parent }]), 400)).toMatch(
      /'changes\[0\]\.page'/,
    );
    await mergeChangeRequest(f.admin, space.id, changeRequest.id);
    expect(titles(await livePages(space.id))).toEqual(["Sibling"]);
  });
});

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): insert_files", () => {
  /** Every byte value, so an encoding slip anywhere shows. */
  const binary = Uint8Array.from({ length: 300 }, (_, index) => (index * 7) % 256);

  it("stores base64 files: listed with name, size and type, downloadable byte for byte through a signed URL", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      {
        operation: "insert_files",
        files: [
          { name: "bytes.bin", contentType: "application/octet-stream", base64: base64Of(binary) },
          { name: "hello world.txt", contentType: "text/plain", base64: base64Of(textBytes("héllo\n")) },
        ],
      },
    ]);
    expectSpecResponse("updateChangeRequestContent", 200, result);
    expect(result.changes).toEqual([]);
    expect(result.insertedFiles).toHaveLength(2);
    expect(result.insertedFiles.map(({ downloadURL: _url, id: _id, ...file }: any) => file)).toEqual([
      { name: "bytes.bin", contentType: "application/octet-stream", size: 300 },
      { name: "hello world.txt", contentType: "text/plain", size: 7 },
    ]);
    const [bin, txt] = result.insertedFiles as unknown as [File, File];

    const listed = await read<{ items: File[]; count: number }>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/files`);
    expectSpecResponse("listFilesInChangeRequestById", 200, listed);
    expect(listed.count).toBe(2);
    expect(listed.items.map(({ downloadURL: _url, ...file }) => file).sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(
      [bin, txt].map(({ downloadURL: _url, ...file }) => file).sort((x, y) => (x.id < y.id ? -1 : 1)),
    );
    // Not on main until merged.
    expect((await read(f.admin, `${spaceContentPath(spaceId)}/files`)).items).toEqual([]);

    const binDownload = await download(bin.downloadURL);
    expect(binDownload.status).toBe(200);
    expect(binDownload.type).toBe("application/octet-stream");
    expect([...binDownload.bytes]).toEqual([...binary]);
    // The URL read from the file itself (a later request, a new signature) works as well.
    const txtFile = await read<File>(f.read, `${changeRequestContentPath(spaceId, changeRequestId)}/files/${txt.id}`);
    expectSpecResponse("getFileInChangeRequestById", 200, txtFile);
    expect(new URL(txtFile.downloadURL).origin).toBe(ORIGIN);
    const txtDownload = await download(txtFile.downloadURL);
    expect(txtDownload.status).toBe(200);
    expect(txtDownload.type).toBe("text/plain");
    expect(new TextDecoder().decode(txtDownload.bytes)).toBe("héllo\n");
  });

  it("answers 404 for a download URL whose signature, expiry, name or type was altered", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "secret.txt", contentType: "text/plain", base64: base64Of(textBytes("secret")) }] },
    ]);
    const original = result.insertedFiles[0]!.downloadURL;
    expect((await download(original)).status).toBe(200);

    const altered = (change: (url: URL) => void) => {
      const url = new URL(original);
      change(url);
      return url.toString();
    };
    const signature = new URL(original).searchParams.get("signature")!;
    const expires = Number(new URL(original).searchParams.get("expires"));
    const forgeries = {
      signature: altered((url) => url.searchParams.set("signature", `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)),
      "later expiry": altered((url) => url.searchParams.set("expires", String(expires + 3600))),
      "past expiry": altered((url) => url.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 60))),
      name: altered((url) => url.searchParams.set("name", "other.txt")),
      type: altered((url) => url.searchParams.set("type", "text/html")),
      "no signature": altered((url) => url.searchParams.delete("signature")),
      "other blob": altered((url) => (url.pathname = `${url.pathname.slice(0, -1)}0`)),
    };
    for (const [what, url] of Object.entries(forgeries)) {
      const response = await workerUnderTest.fetch(url);
      expect(response.status, what).toBe(404);
      const body = (await response.json()) as { error: { code: number } };
      expect(body.error.code, what).toBe(404);
    }
  });

  it("accepts a file of exactly 1 MiB, and refuses one byte more (400 naming the file's base64)", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const mebibyte = new Uint8Array(1024 * 1024).fill(0x61);
    const accepted = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "big.bin", contentType: "application/octet-stream", base64: base64Of(mebibyte) }] },
    ]);
    expect(accepted.insertedFiles[0]).toMatchObject({ name: "big.bin", size: 1024 * 1024 });
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const tooBig = new Uint8Array(1024 * 1024 + 1).fill(0x62);
    const response = await postChanges(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "ok.txt", contentType: "text/plain", base64: base64Of(textBytes("ok")) }] },
      { operation: "insert_files", files: [{ name: "bigger.bin", contentType: "application/octet-stream", base64: base64Of(tooBig) }] },
    ]);
    expect(errorMessage(response, 400)).toMatch(/'changes\[1\]\.files\[0\]\.base64'/);
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });

  it("answers 400 naming the field for a bad file", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const file = { name: "a.txt", contentType: "text/plain", base64: base64Of(textBytes("a")) };
    const cases: Array<[unknown, RegExp]> = [
      [{ operation: "insert_files", files: [{ ...file, base64: "not base64!" }] }, /'changes\[0\]\.files\[0\]\.base64'/],
      [{ operation: "insert_files", files: [{ ...file, contentType: "text" }] }, /'changes\[0\]\.files\[0\]\.contentType'/],
      [{ operation: "insert_files", files: [{ ...file, name: "" }] }, /'changes\[0\]\.files\[0\]\.name'/],
      [{ operation: "insert_files", files: [] }, /'changes\[0\]\.files'/],
    ];
    await inParallel(cases, async ([change, field]) => {
      expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, [change]), 400), JSON.stringify(change)).toMatch(field);
    });
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });
});

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
      { operation: "insert_files", files: [{ ref: "fileref", name: "pic.png", contentType: "image/png", base64: base64Of(binary()) }] },
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

  function binary() {
    return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  }

  it("refuses a ref used twice or naming an existing page's path (400 naming the ref), changing nothing", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", title: "Existing", document: {} }]);
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const file = (ref: string) => ({ ref, name: "f.png", contentType: "image/png", base64: base64Of(binary()) });
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
    // BUG: GitBook's spec (ChangeRequestContentUpdate.changes) says "One entry per affected page
    // (deduplicated), in the order the pages were first touched by the batch", but
    // src/domain/change-requests/edit-content.ts (EditBatch.updatePage/insertPage/deletePage)
    // pushes one entry per change, so this page is listed twice.
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
