import { env } from "cloudflare:test";
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
  updateChangeRequest,
} from "../helpers/content";
import { gitbookClient, organizationWithEveryRole, type TestUser } from "../helpers/fixtures";
import { ORIGIN, call, errorMessage, workerUnderTest } from "../helpers/http";
import { expectSpecResponse } from "../helpers/spec";
import { DOWNLOAD_PATH_PREFIX, DOWNLOAD_URL_LIFETIME_SECONDS, signDownloadUrl } from "../../src/lib/signed-urls";

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
/** The start of a PNG file: bytes that are not text. */
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);

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

  it("sets a new page's metadata from its frontmatter, over the fields", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      {
        operation: "insert_page",
        ref: "p",
        title: "Field",
        description: "field description",
        hidden: false,
        emoji: "1f600",
        document: { markdown: "---\ndescription: frontmatter description\nhidden: true\nnoIndex: true\nicon: rocket\n---\n# Heading title\n\nText.\n" },
      },
    ]);
    const page = await crPage(spaceId, changeRequestId, createdPage(result, "p"));
    expect(page).toMatchObject({
      title: "Heading title",
      slug: "heading-title",
      description: "frontmatter description",
      hidden: true,
      noIndex: true,
      icon: "rocket",
      emoji: "1f600",
      markdown: "Text.\n",
    });
    expectSpecResponse("getPageInChangeRequestById", 200, page);
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

  it("removes an emoji, icon or description set to an empty string", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const page = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [
        { operation: "insert_page", ref: "p", title: "Decorated", emoji: "1f389", icon: "gear", description: "About", document: {} },
      ]),
      "p",
    );
    expect(await crPage(spaceId, changeRequestId, page)).toMatchObject({ emoji: "1f389", icon: "gear", description: "About" });
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page, emoji: "", icon: "", description: "" }]);
    const plain = await crPage(spaceId, changeRequestId, page);
    expect(plain).not.toHaveProperty("emoji");
    expect(plain).not.toHaveProperty("icon");
    expect(plain).not.toHaveProperty("description");
    expect(plain.title).toBe("Decorated");
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
      // A has three children (C, A1, Dup): index 4 is past the end.
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

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): JSON documents", () => {
  it("takes a page body as a JSON document, the same one a page reads back with format=document", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    // Written as the document-to-markdown serializer writes it (`*` emphasis and bullets), so the
    // round trip is exact; other spellings are normalized to these.
    const markdown =
      "Intro with **bold**, *italic* and `code`.\n\n## Section\n\n* one\n* two\n\n> Quoted\n\n```js\nconst x = 1;\n```\n\n" +
      `See [the page](/pages/${NO_SUCH_PAGE}) and [the web](https://example.com/).\n`;
    const source = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "s", title: "Source", document: { markdown } }]),
      "s",
    );
    expect((await crPage(spaceId, changeRequestId, source)).markdown).toBe(markdown);
    const asDocument = await read<Page>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/page/${source}?format=document`);
    expect(asDocument.document!.nodes.map((node) => node.type)).toEqual(["paragraph", "heading-2", "list-unordered", "blockquote", "code", "paragraph"]);

    // Sent back as a JSON document, the body reads as the same markdown.
    const copy = createdPage(
      await editContent(f.admin, spaceId, changeRequestId, [{ operation: "insert_page", ref: "c", title: "Copy", document: { document: asDocument.document } }]),
      "c",
    );
    const copied = await crPage(spaceId, changeRequestId, copy);
    expect(copied.markdown).toBe(markdown);
    const copiedDocument = await read<Page>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/page/${copy}?format=document`);
    expect(copiedDocument.document).toEqual(asDocument.document);
    // The copy's links are links of the revision like any other.
    const links = await read<LinkReport>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/page/${copy}/links`);
    expect(linkSummary(links)).toEqual([`broken link page:${NO_SUCH_PAGE}`, "ok link url:https://example.com/"]);
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

  it("keeps files with identical bytes apart: each its own id, name and type", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const same = base64Of(textBytes("<p>same bytes</p>"));
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "page.html", contentType: "text/html", base64: same }] },
      { operation: "insert_files", files: [{ name: "page.txt", contentType: "text/plain", base64: same }] },
    ]);
    const [html, text] = result.insertedFiles as unknown as [File, File];
    expect(html.id).not.toBe(text.id);
    expect((await download(html.downloadURL)).type).toBe("text/html");
    expect((await download(text.downloadURL)).type).toBe("text/plain");
    const listed = await read<{ items: File[] }>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/files`);
    expect(listed.items.map((file) => `${file.name} ${file.contentType} ${file.size}`).sort()).toEqual(["page.html text/html 17", "page.txt text/plain 17"]);
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
      "other blob": altered((url) => (url.pathname = `${url.pathname.slice(0, -1)}${url.pathname.endsWith("0") ? "1" : "0"}`)),
    };
    for (const [what, url] of Object.entries(forgeries)) {
      const response = await workerUnderTest.fetch(url);
      expect(response.status, what).toBe(404);
      const body = (await response.json()) as { error: { code: number } };
      expect(body.error.code, what).toBe(404);
    }
  });

  it("answers 404 for a correctly signed URL once it has expired (URLs live an hour)", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "old.txt", contentType: "text/plain", base64: base64Of(textBytes("old")) }] },
    ]);
    const issued = new URL(result.insertedFiles[0]!.downloadURL);
    // It expires an hour after it was issued.
    expect(Number(issued.searchParams.get("expires")) - Math.floor(Date.now() / 1000)).toBeGreaterThan(DOWNLOAD_URL_LIFETIME_SECONDS - 60);
    expect(Number(issued.searchParams.get("expires")) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(DOWNLOAD_URL_LIFETIME_SECONDS);
    const target = { blobKey: issued.pathname.slice(DOWNLOAD_PATH_PREFIX.length), name: "old.txt", contentType: "text/plain" };
    const secret = (env as unknown as { SIGNING_SECRET: string }).SIGNING_SECRET;
    // Signed with the deployment's secret just now: valid (so the next one fails for its age only).
    const fresh = await signDownloadUrl(ORIGIN, secret, target);
    expect(new TextDecoder().decode((await download(fresh)).bytes)).toBe("old");
    const expired = await signDownloadUrl(ORIGIN, secret, target, Date.now() - (DOWNLOAD_URL_LIFETIME_SECONDS + 60) * 1000);
    expect((await download(expired)).status).toBe(404);
    // Signed with another secret: refused too.
    expect((await download(await signDownloadUrl(ORIGIN, "another-secret", target))).status).toBe(404);
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
      // GitBook's `url` source (fetching the bytes) is not supported: base64 is required.
      [{ operation: "insert_files", files: [{ name: "a.png", contentType: "image/png", url: "https://example.com/a.png" }] }, /'changes\[0\]\.files\[0\]\.base64'/],
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

// =============================================================================================
// 2. The space's content (its active revision)
// =============================================================================================

/** A page tree as [title, path, children] triples: the shape, without the noise. */
type Outline = Array<[string, string, Outline]>;
const outline = (pages: Page[]): Outline => pages.map((page) => [page.title, page.path, outline(page.pages)]);

/** Removes `downloadURL` everywhere: it carries an expiry in seconds, so two reads may differ. */
function withoutDownloadUrls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutDownloadUrls) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "downloadURL").map(([key, inner]) => [key, withoutDownloadUrls(inner)])) as T;
  }
  return value;
}

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

  it("listSpacePageLinks: a page's links with their status, a status filter, and stats", async () => {
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

// =============================================================================================
// 3. A change request's content
// =============================================================================================

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

  it("listChangeRequestPageLinks: stats.broken.changeRequest counts broken links in the pages it changed", async () => {
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

// =============================================================================================
// 4. GitBook's official client
// =============================================================================================

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

// =============================================================================================
// 5. Who may read
// =============================================================================================

describe("security of the content routes", () => {
  let routes: Array<[string, string]>;

  beforeAll(async () => {
    const space = await createSpace(f.admin, orgId, { title: "Guarded" });
    const main = await commitToMain(f.admin, space.id, [
      { operation: "insert_page", ref: "p", title: "Guarded page", document: {} },
      { operation: "insert_files", files: [{ name: "g.txt", contentType: "text/plain", base64: base64Of(textBytes("g")) }] },
    ]);
    const page = createdPage(main, "p");
    const file = main.insertedFiles[0]!.id;
    const changeRequest = await createChangeRequest(f.admin, space.id);
    const s = spaceContentPath(space.id);
    const c = changeRequestContentPath(space.id, changeRequest.id);
    routes = [
      ["getCurrentRevision", s],
      ["listPages", `${s}/pages`],
      ["listFiles", `${s}/files`],
      ["getFileById", `${s}/files/${file}`],
      ["listSpaceFileBacklinks", `${s}/files/${file}/backlinks`],
      ["getPageById", `${s}/page/${page}`],
      ["listSpacePageLinks", `${s}/page/${page}/links`],
      ["listSpaceLinks", `/v1/spaces/${space.id}/links`],
      ["getRevisionOfChangeRequestById", c],
      ["listPagesInChangeRequest", `${c}/pages`],
      ["listFilesInChangeRequestById", `${c}/files`],
      ["getFileInChangeRequestById", `${c}/files/${file}`],
      ["listChangeRequestFileBacklinks", `${c}/files/${file}/backlinks`],
      ["getPageInChangeRequestById", `${c}/page/${page}`],
      ["listChangeRequestPageLinks", `${c}/page/${page}/links`],
      ["listChangeRequestPageBacklinks", `${c}/page/${page}/backlinks`],
    ];
  }, 60_000);

  it("is a 404 to an outsider and to a guest on every read route", async () => {
    await inParallel(routes, async ([operation, path]) => {
      for (const who of ["outsider", "guest"] as const) {
        const response = await call("GET", path, { token: f[who].token });
        expect(response.status, `${operation} as ${who}: ${JSON.stringify(response.body)}`).toBe(404);
        errorMessage(response, 404);
      }
    });
  });

  it("lets every member with a role read every route, the read role included", async () => {
    await inParallel(["read", "comment", "edit", "review", "create", "admin"] as const, async (role) => {
      for (const [operation, path] of routes) {
        const response = await call("GET", path, { token: f[role].token });
        expect(response.status, `${operation} as ${role}: ${JSON.stringify(response.body)}`).toBe(200);
      }
    });
  });

  it("answers 404 for an unknown space or change request on every read route", async () => {
    const unknown = routes.map(([operation, path]): [string, string] => [
      operation,
      path.replace(/\/v1\/spaces\/[^/]+/, "/v1/spaces/noSuchSpace000000000"),
    ]);
    const unknownChangeRequest = routes
      .filter(([, path]) => path.includes("/change-requests/"))
      .map(([operation, path]): [string, string] => [operation, path.replace(/\/change-requests\/[^/]+/, "/change-requests/noSuchChangeRequest0")]);
    await inParallel([...unknown, ...unknownChangeRequest], async ([operation, path]) => {
      const response = await call("GET", path, { token: f.admin.token });
      expect(response.status, `${operation} ${path}`).toBe(404);
    });
  });
});

describe("duplicating a space with content", () => {
  it("gives the copy the original's pages and files, sharing the stored bytes", async () => {
    const space = await createSpace(f.admin, orgId, { title: "With content" });
    await commitToMain(f.admin, space.id, [
      { operation: "insert_page", ref: "parent", title: "Parent", document: { markdown: "Parent body\n" } },
      { operation: "insert_page", into: undefined, title: "Other", document: { markdown: "Links to [parent](./parent.md)\n" } },
      { operation: "insert_files", files: [{ name: "a.txt", contentType: "text/plain", base64: btoa("shared bytes") }] },
    ]);
    const copy = await call("POST", `/v1/spaces/${space.id}/duplicate`, { token: f.admin.token });
    expect(copy.status).toBe(201);

    const read = async (spaceId: string) => ({
      pages: flattenPages(await mainPages(f.admin, spaceId)).map((page) => [page.id, page.path, page.markdown]),
      files: (await call("GET", `/v1/spaces/${spaceId}/content/files`, { token: f.admin.token })).body.items,
    });
    const [original, duplicated] = [await read(space.id), await read(copy.body.id)];
    expect(duplicated.pages).toEqual(original.pages);
    expect(duplicated.files.map((file: { id: string; size: number }) => [file.id, file.size])).toEqual(
      original.files.map((file: { id: string; size: number }) => [file.id, file.size]),
    );
    // The same R2 object serves both: the download URLs name one blob key.
    const blobKey = (url: string) => new URL(url).pathname;
    expect(blobKey(duplicated.files[0].downloadURL)).toBe(blobKey(original.files[0].downloadURL));
    expect(await (await workerUnderTest.fetch(duplicated.files[0].downloadURL)).text()).toBe("shared bytes");

    // Later edits of either space leave the other alone.
    const page = original.pages[0]![0] as string;
    await commitToMain(f.admin, copy.body.id, [{ operation: "update_page", page, document: { markdown: "Changed in the copy\n" } }]);
    expect((await read(space.id)).pages).toEqual(original.pages);
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
