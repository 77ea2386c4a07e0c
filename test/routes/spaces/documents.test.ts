import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent } from "../../helpers/content";
import { gitbookClient, gitbookClient0146 } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { PETSTORE_30_YAML, createSpec, runQueuedSpecJobs, uniqueSlug } from "../../helpers/openapi";
import { serverTiming } from "../../helpers/server-timing";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { type Page, f, orgId, read, spaceContentPath, useSuiteFixture } from "../../helpers/suites/content";

/**
 * Page bodies as JSON documents: getDocumentById (a body by its id, only for the space that uses
 * it) and getPageDocumentInRevisionById (a page's body at a revision, computed pages computed).
 */

useSuiteFixture();

describe("documents", () => {
  let spaceId: string;
  /** A space of the same organization with none of the first space's bodies. */
  let otherSpaceId: string;
  let pageId: string;
  let computedPageId: string;
  /** The revision with the first body, and the current one (the body rewritten). */
  let firstRevision: string;
  let current: string;
  let changeRequestId: string;
  const bodies = {} as Record<"first" | "current" | "draft", string>;

  const documentPath = (space: string, documentId: string, query = "") => `/v1/spaces/${space}/documents/${documentId}${query}`;
  const pageDocumentPath = (revisionId: string, page: string, query = "") => `/v1/spaces/${spaceId}/revisions/${revisionId}/page/${page}/document${query}`;
  const documentIdOf = async (path: string) => (await read<Page>(f.admin, path)).documentId!;

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Bodies" })).id;
    otherSpaceId = (await createSpace(f.admin, orgId, { title: "Elsewhere" })).id;
    const made = await commitToMain(f.admin, spaceId, [{ operation: "insert_page", ref: "p", title: "Page", document: { markdown: `First **body** of ${spaceId}.\n` } }]);
    pageId = createdPage(made, "p");
    firstRevision = (await read(f.admin, `/v1/spaces/${spaceId}`)).revision;
    bodies.first = await documentIdOf(`${spaceContentPath(spaceId)}/page/${pageId}`);
    await commitToMain(f.admin, spaceId, [{ operation: "update_page", page: pageId, document: { markdown: `Current body of ${spaceId}, with a [link](https://example.com).\n` } }]);
    current = (await read(f.admin, `/v1/spaces/${spaceId}`)).revision;
    bodies.current = await documentIdOf(`${spaceContentPath(spaceId)}/page/${pageId}`);
    changeRequestId = (await createChangeRequest(f.admin, spaceId)).id;
    await editContent(f.admin, spaceId, changeRequestId, [{ operation: "update_page", page: pageId, document: { markdown: `Drafted body of ${spaceId}.\n` } }]);
    bodies.draft = await documentIdOf(`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}`);

    const spec = await createSpec(f.admin.token, orgId, { text: PETSTORE_30_YAML }, uniqueSlug("bodies"));
    await runQueuedSpecJobs();
    const computed = await commitToMain(f.admin, spaceId, [
      {
        operation: "insert_page",
        ref: "api",
        title: "API",
        document: { markdown: "Stored hint.\n" },
        computed: { type: "builtin:openapi", dependencies: { spec: { ref: { kind: "openapi", spec: spec.slug } } }, props: { models: true } },
      },
    ]);
    computedPageId = createdPage(computed, "api");
  }, 60_000);

  it("getDocumentById: the body as the page read gives it with format=document, valid in both specs", async () => {
    const page = await read<Page>(f.read, `${spaceContentPath(spaceId)}/page/${pageId}?format=document`);
    const document = await read(f.read, documentPath(spaceId, bodies.current));
    expect(document).toEqual(page.document);
    expect(JSON.stringify(document)).toContain("https://example.com");
    expectSpecResponse("getDocumentById", 200, document);
    expectSpec0146Response("getDocumentById", 200, document);
    expect(await read(f.read, documentPath(spaceId, bodies.current, "?schema=next"))).toEqual(document);
  });

  it("reads any body a page of the space uses: a past revision's, a change request's", async () => {
    expect(JSON.stringify(await read(f.read, documentPath(spaceId, bodies.first)))).toContain("First");
    expect(JSON.stringify(await read(f.read, documentPath(spaceId, bodies.draft)))).toContain("Drafted");
  });

  it("never another space's body: the same id is a 404 through a space that does not use it", async () => {
    for (const documentId of [bodies.current, bodies.draft, "0".repeat(64)]) {
      expect(errorMessage(await call("GET", documentPath(otherSpaceId, documentId), { token: f.admin.token }), 404)).toBe(`Document '${documentId}' not found`);
    }
    const outsiderSpace = (await createSpace(f.outsider, f.outsiderOrganization.id)).id;
    errorMessage(await call("GET", documentPath(outsiderSpace, bodies.current), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", documentPath(spaceId, bodies.current), { token: f.outsider.token }), 404);
  });

  it("refuses a malformed id or schema with a 400 naming it", async () => {
    expect(errorMessage(await call("GET", documentPath(spaceId, "not%20an%20id"), { token: f.read.token }), 400)).toMatch(/documentId/);
    expect(errorMessage(await call("GET", documentPath(spaceId, bodies.current, "?schema=old"), { token: f.read.token }), 400)).toMatch(/schema/);
  });

  it("getPageDocumentInRevisionById: the page's body at each revision, a change request's too", async () => {
    const then = await read(f.read, pageDocumentPath(firstRevision, pageId));
    expect(JSON.stringify(then)).toContain("First");
    expectSpecResponse("getPageDocumentInRevisionById", 200, then);
    expectSpec0146Response("getPageDocumentInRevisionById", 200, then);
    expect(await read(f.read, pageDocumentPath(current, pageId, "?evaluated=true&dereferenced=reusable-contents"))).toEqual(await read(f.read, documentPath(spaceId, bodies.current)));
    const draftRevision = (await read(f.read, `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`)).revision;
    expect(JSON.stringify(await read(f.read, pageDocumentPath(draftRevision, pageId)))).toContain("Drafted");
    expect(errorMessage(await call("GET", pageDocumentPath(firstRevision, computedPageId), { token: f.read.token }), 404)).toBe(`Page '${computedPageId}' not found`);
    expect(errorMessage(await call("GET", pageDocumentPath(current, pageId, "?evaluated=maybe"), { token: f.read.token }), 400)).toMatch(/evaluated/);
  });

  it("a computed page's document is its generated reference, as the page read computes it", async () => {
    const head = (await read(f.read, `/v1/spaces/${spaceId}`)).revision;
    const document = await read(f.read, pageDocumentPath(head, computedPageId));
    const page = await read<Page>(f.read, `${spaceContentPath(spaceId)}/page/${computedPageId}?format=document`);
    expect(document).toEqual(page.document);
    expect(JSON.stringify(document)).toContain("/pets/{petId}");
    expectSpecResponse("getPageDocumentInRevisionById", 200, document);
  });

  it("through GitBook's clients, 0.202 and 0.146", async () => {
    const client = gitbookClient(f.read);
    expect((await client.spaces.getDocumentById(spaceId, bodies.first)).data.object).toBe("document");
    expect(JSON.stringify((await client.spaces.getPageDocumentInRevisionById(spaceId, current, pageId)).data)).toContain("Current body");
    const old = gitbookClient0146(f.read);
    expect((await old.spaces.getPageDocumentInRevisionById(spaceId, firstRevision, pageId)).data.nodes.length).toBeGreaterThan(0);
    await expect(old.spaces.getDocumentById(otherSpaceId, bodies.first)).rejects.toMatchObject({ code: 404 });
  });

  it("is a 404 to an outsider and a guest, a 401 without a token; cached reads cost one round trip", async () => {
    const paths = [documentPath(spaceId, bodies.current), pageDocumentPath(current, pageId)];
    await inParallel(paths, async (path) => {
      for (const who of ["outsider", "guest"] as const) errorMessage(await call("GET", path, { token: f[who].token }), 404);
      errorMessage(await call("GET", path), 401);
    });
    for (const path of paths) {
      const first = await call("GET", path, { token: f.read.token });
      expect(first.status).toBe(200);
      expect(serverTiming(await call("GET", path, { token: f.read.token })).d1.roundTrips, path).toBe(1);
      expect(serverTiming(await call("GET", path, { token: f.read.token, headers: { "Cache-Control": "no-cache" } })).d1.roundTrips, path).toBe(2);
      expect((await call("GET", path, { token: f.read.token, headers: { "If-None-Match": first.headers.get("etag")! } })).status).toBe(304);
    }
  });
});
