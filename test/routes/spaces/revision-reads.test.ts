import { GitBookAPIError } from "@gitbook/api";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CallerContext } from "../../../src/context";
import { createDatabase } from "../../../src/db/client";
import { users } from "../../../src/db/schema";
import { listPages } from "../../../src/domain/content-reads/reads";
import { resolveContent } from "../../../src/domain/content-reads/revision-content";
import { createUrls } from "../../../src/lib/urls";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent, mergeChangeRequest } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { ORIGIN, call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { type File, NO_SUCH_FILE, type Page, base64Of, download, f, orgId, outline, read, spaceContentPath, textBytes, useSuiteFixture } from "../../helpers/suites/content";

/**
 * Any revision of a space by its id (GitBook's getRevisionById, listPagesInRevisionById,
 * getPageInRevisionById, listFilesInRevisionById, getFileInRevisionById): main's first and past
 * revisions read as they were, a change request's revisions with its own changes, a merge.
 */

useSuiteFixture();

describe("revision reads by id", () => {
  let spaceId: string;
  let initial: string;
  /** The merge that added Home (version one) and a.txt; main moved on since. */
  let firstMerge: string;
  let firstChangeRequest: { id: string; number: number };
  /** The merge that rewrote Home and added Later: the space's current revision. */
  let current: string;
  let changeRequest: { id: string };
  /** The change request's first edit, and its second (its head). */
  let draftRevision: string;
  let draftHead: string;
  const ids = {} as Record<"home" | "later" | "draft", string>;
  let fileId: string;

  const revisionPath = (revisionId: string, suffix = "") => `/v1/spaces/${spaceId}/revisions/${revisionId}${suffix}`;

  beforeAll(async () => {
    const space = await createSpace(f.admin, orgId, { title: "Revisions" });
    spaceId = space.id;
    initial = space.revision;

    const first = await createChangeRequest(f.admin, spaceId, "First");
    firstChangeRequest = first;
    const one = await editContent(f.admin, spaceId, first.id, [
      { operation: "insert_page", ref: "home", title: "Home", document: { markdown: "Version one.\n" } },
      { operation: "insert_files", files: [{ ref: "a.txt", name: "a.txt", contentType: "text/plain", base64: base64Of(textBytes("first bytes")) }] },
    ]);
    ids.home = createdPage(one, "home");
    fileId = one.insertedFiles[0]!.id;
    firstMerge = (await mergeChangeRequest(f.admin, spaceId, first.id)).revision;

    const second = await createChangeRequest(f.admin, spaceId, "Second");
    const two = await editContent(f.admin, spaceId, second.id, [
      { operation: "update_page", page: ids.home, document: { markdown: "Version two.\n" } },
      { operation: "insert_page", ref: "later", title: "Later", document: { markdown: "Added later.\n" } },
    ]);
    ids.later = createdPage(two, "later");
    current = (await mergeChangeRequest(f.admin, spaceId, second.id)).revision;

    changeRequest = await createChangeRequest(f.admin, spaceId, "Draft");
    const draft = await editContent(f.admin, spaceId, changeRequest.id, [
      { operation: "update_page", page: ids.home, document: { markdown: "Drafted home.\n" } },
      { operation: "insert_page", ref: "draft", title: "Draft", document: { markdown: "A draft.\n" } },
      { operation: "delete_page", page: ids.later },
    ]);
    ids.draft = createdPage(draft, "draft");
    draftRevision = draft.changeRequest.revision;
    const again = await editContent(f.admin, spaceId, changeRequest.id, [{ operation: "update_page", page: ids.draft, document: { markdown: "The draft, edited.\n" } }]);
    draftHead = again.changeRequest.revision;
  }, 60_000);

  it("getRevisionById: the space's first revision, empty, though main has content now", async () => {
    const revision = await read(f.read, revisionPath(initial));
    expectSpecResponse("getRevisionById", 200, revision);
    expect(revision).toMatchObject({ object: "revision", id: initial, parents: [], type: "edits", pages: [], files: [] });
    expect(revision.urls.app).toBe(`${ORIGIN}/s/${spaceId}/~/revisions/${initial}`);
    const pages = await read(f.read, revisionPath(initial, "/pages"));
    expectSpecResponse("listPagesInRevisionById", 200, pages);
    expect(pages).toEqual({ pages: [] });
    errorMessage(await call("GET", revisionPath(initial, `/page/${ids.home}`), { token: f.read.token }), 404);
    errorMessage(await call("GET", revisionPath(initial, `/files/${fileId}`), { token: f.read.token }), 404);
  });

  it("reads a past revision of main as it was: its pages, a page, its files, a file; a merge names what it merged", async () => {
    const revision = await read(f.read, revisionPath(firstMerge));
    expectSpecResponse("getRevisionById", 200, revision);
    expect(revision).toMatchObject({ id: firstMerge, type: "merge", mergedFrom: { id: firstChangeRequest.id, number: firstChangeRequest.number } });
    expect(outline(revision.pages)).toEqual([["Home", "home", []]]);
    expect((revision.pages as Page[])[0]!.markdown).toBe("Version one.\n");
    expect(revision.files.map((file: File) => file.id)).toEqual([fileId]);

    const pages = await read(f.read, revisionPath(firstMerge, "/pages"));
    expectSpecResponse("listPagesInRevisionById", 200, pages);
    expect(pages.pages).toEqual(revision.pages);
    expect((pages.pages as Page[])[0]!.urls.app).toBe(`${ORIGIN}/s/${spaceId}/~/revisions/${firstMerge}/home`);

    const home = await read<Page>(f.read, revisionPath(firstMerge, `/page/${ids.home}`));
    expectSpecResponse("getPageInRevisionById", 200, home);
    expect(home).toMatchObject({ id: ids.home, title: "Home", markdown: "Version one.\n" });
    const asDocument = await read<Page>(f.read, revisionPath(firstMerge, `/page/${ids.home}?format=document`));
    expectSpecResponse("getPageInRevisionById", 200, asDocument);
    expect(asDocument.document!.nodes.map((node) => node.type)).toEqual(["paragraph"]);
    errorMessage(await call("GET", revisionPath(firstMerge, `/page/${ids.later}`), { token: f.read.token }), 404);

    const files = await read(f.read, revisionPath(firstMerge, "/files"));
    expectSpecResponse("listFilesInRevisionById", 200, files);
    expect(files).toMatchObject({ count: 1, items: [{ id: fileId, name: "a.txt" }] });
    const file = await read<File>(f.read, revisionPath(firstMerge, `/files/${fileId}`));
    expectSpecResponse("getFileInRevisionById", 200, file);
    expect(file).toMatchObject({ id: fileId, name: "a.txt", contentType: "text/plain", size: 11 });
    expect(new TextDecoder().decode((await download(file.downloadURL)).bytes)).toBe("first bytes");
    errorMessage(await call("GET", revisionPath(firstMerge, `/files/${NO_SUCH_FILE}`), { token: f.read.token }), 404);
  });

  it("reads the space's current revision by id as the space's content reads it", async () => {
    const revision = await read(f.read, revisionPath(current));
    expectSpecResponse("getRevisionById", 200, revision);
    expect(revision).toMatchObject({ id: current, type: "merge" });
    expect(revision.parents[0]).toBe(firstMerge);
    expect(outline(revision.pages)).toEqual([
      ["Home", "home", []],
      ["Later", "later", []],
    ]);
    const live = await read(f.read, `${spaceContentPath(spaceId)}/pages`);
    expect(revision.pages.map((page: Page) => page.markdown)).toEqual(live.pages.map((page: Page) => page.markdown));
    expect((await read<Page>(f.read, revisionPath(current, `/page/${ids.home}`))).markdown).toBe("Version two.\n");
  });

  it("reads a change request's revisions by id: each with its own changes over its base, main untouched", async () => {
    const head = await read(f.read, revisionPath(draftHead));
    expectSpecResponse("getRevisionById", 200, head);
    expect(head).toMatchObject({ id: draftHead, type: "edits", parents: [draftRevision] });
    expect(outline(head.pages)).toEqual([
      ["Home", "home", []],
      ["Draft", "draft", []],
    ]);
    expect(head.pages.map((page: Page) => page.markdown)).toEqual(["Drafted home.\n", "The draft, edited.\n"]);
    expect(head.files.map((file: File) => file.id)).toEqual([fileId]);
    // The same content the change request's own content route reads.
    const viaChangeRequest = await read(f.read, `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content/pages`);
    expect(head.pages.map((page: Page) => [page.id, page.markdown])).toEqual(viaChangeRequest.pages.map((page: Page) => [page.id, page.markdown]));

    // Its first edit, no longer its head, as it was then.
    expect((await read<Page>(f.read, revisionPath(draftRevision, `/page/${ids.draft}`))).markdown).toBe("A draft.\n");
    const first = await read(f.read, revisionPath(draftRevision, "/pages"));
    expectSpecResponse("listPagesInRevisionById", 200, first);
    expect(first.pages.map((page: Page) => page.markdown)).toEqual(["Drafted home.\n", "A draft.\n"]);
    errorMessage(await call("GET", revisionPath(draftRevision, `/page/${ids.later}`), { token: f.read.token }), 404);

    // Main still has what it had.
    expect(outline((await read(f.read, `${spaceContentPath(spaceId)}/pages`)).pages)).toEqual([
      ["Home", "home", []],
      ["Later", "later", []],
    ]);
  });

  it("works with GitBook's official client", async () => {
    const client = gitbookClient(f.read);
    const revision = await client.spaces.getRevisionById(spaceId, firstMerge);
    expect(revision.status).toBe(200);
    expect(revision.data.pages.map((page) => page.title)).toEqual(["Home"]);
    const pages = await client.spaces.listPagesInRevisionById(spaceId, draftHead);
    expect(pages.data.pages.map((page) => page.title)).toEqual(["Home", "Draft"]);
    const page = await client.spaces.getPageInRevisionById(spaceId, firstMerge, ids.home);
    expect(page.data).toMatchObject({ id: ids.home, markdown: "Version one.\n" });
    const files = await client.spaces.listFilesInRevisionById(spaceId, firstMerge, { limit: 1 });
    expect(files.data.items.map((file) => file.id)).toEqual([fileId]);
    const file = await client.spaces.getFileInRevisionById(spaceId, firstMerge, fileId);
    expect(file.data).toMatchObject({ id: fileId, name: "a.txt" });
    const missing = await client.spaces.getRevisionById(spaceId, "noSuchRevision000000").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(GitBookAPIError);
    expect((missing as GitBookAPIError).code).toBe(404);
  });

  it("has a strong ETag, answered 304, the same for every reader", async () => {
    const path = revisionPath(firstMerge, "/pages");
    const first = await call("GET", path, { token: f.read.token });
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const revalidated = await call("GET", path, { token: f.read.token, headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeUndefined();
    expect((await call("GET", path, { token: f.admin.token })).headers.get("etag")).toBe(etag);
    expect((await call("GET", revisionPath(current, "/pages"), { token: f.read.token, headers: { "If-None-Match": etag! } })).status).toBe(200);
  });

  it("reads the current revision again at its ordinals when main moved before the read ran", async () => {
    const space = await createSpace(f.admin, orgId, { title: "Racing" });
    const page = createdPage(await commitToMain(f.admin, space.id, [{ operation: "insert_page", ref: "p", title: "P", document: { markdown: "Before.\n" } }]), "p");
    const revisionId = (await read(f.read, `/v1/spaces/${space.id}`)).revision as string;
    const db = createDatabase(env.DB);
    const [caller] = await db.select().from(users).where(eq(users.id, f.read.id));
    const ctx: CallerContext = { db, env, urls: createUrls(ORIGIN, env.APP_URL), defer: () => {}, readAfter: () => {}, caller: caller! };

    const resolved = await resolveContent(ctx, { kind: "revision", spaceId: space.id, revisionId });
    expect(resolved.point.main.isHead).toBe(true);
    await commitToMain(f.admin, space.id, [{ operation: "update_page", page, document: { markdown: "After.\n" } }]);
    // Through the open rows, the read sees the newer revision and says so (it is not cached)...
    const raced = await listPages(ctx, resolved);
    expect(raced.atRevision).toBe(false);
    expect(raced.value.pages[0]!.markdown).toBe("After.\n");
    // ...so the route reads the revision at its ordinals, which is what it was.
    const exact = await listPages(ctx, { ...resolved, point: resolved.atOrdinals! });
    expect(exact.atRevision).toBe(true);
    expect(exact.value.pages[0]!.markdown).toBe("Before.\n");
    expect((await read(f.read, `/v1/spaces/${space.id}/revisions/${revisionId}/pages`)).pages[0].markdown).toBe("Before.\n");
  });

  describe("security", () => {
    const routes = () => [
      ["getRevisionById", revisionPath(firstMerge)],
      ["listPagesInRevisionById", revisionPath(firstMerge, "/pages")],
      ["getPageInRevisionById", revisionPath(firstMerge, `/page/${ids.home}`)],
      ["listFilesInRevisionById", revisionPath(firstMerge, "/files")],
      ["getFileInRevisionById", revisionPath(firstMerge, `/files/${fileId}`)],
    ];

    it("is 401 without a token, 404 to an outsider and to a guest, 200 to every role", async () => {
      await inParallel(routes(), async ([operation, path]) => {
        errorMessage(await call("GET", path!), 401);
        for (const who of ["outsider", "guest"] as const) {
          const response = await call("GET", path!, { token: f[who].token });
          expect(response.status, `${operation} as ${who}`).toBe(404);
          errorMessage(response, 404);
        }
        for (const role of ["read", "comment", "edit", "review", "create", "admin"] as const) {
          expect((await call("GET", path!, { token: f[role].token })).status, `${operation} as ${role}`).toBe(200);
        }
      });
    });

    it("is 404 for an unknown revision, another space's revision, an unknown space", async () => {
      const other = await createSpace(f.admin, orgId, { title: "Other" });
      await inParallel(routes(), async ([operation, path]) => {
        const unknown = await call("GET", path!.replace(firstMerge, "noSuchRevision000000"), { token: f.admin.token });
        expect(errorMessage(unknown, 404), operation).toMatch(/Revision 'noSuchRevision000000'/);
        const elsewhere = await call("GET", path!.replace(spaceId, other.id), { token: f.admin.token });
        expect(errorMessage(elsewhere, 404), operation).toMatch(new RegExp(`Revision '${firstMerge}'`));
        const noSpace = await call("GET", path!.replace(spaceId, "noSuchSpace000000000"), { token: f.admin.token });
        expect(errorMessage(noSpace, 404), operation).toMatch(/Space 'noSuchSpace000000000'/);
      });
      // The other space's own revision read through this space is unknown here too.
      errorMessage(await call("GET", revisionPath(other.revision), { token: f.admin.token }), 404);
    });

    it("is 400 for a bad query, naming the field", async () => {
      expect(errorMessage(await call("GET", revisionPath(firstMerge, `/page/${ids.home}?format=nope`), { token: f.read.token }), 400)).toMatch(/'format'/);
      expect(errorMessage(await call("GET", revisionPath(firstMerge, "/files?limit=-1"), { token: f.read.token }), 400)).toMatch(/'limit'/);
    });
  });
});
