import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent } from "../../helpers/content";
import { gitbookClient, gitbookClient0146 } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { serverTiming } from "../../helpers/server-timing";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { type Page, changeRequestContentPath, f, orgId, read, spaceContentPath, useSuiteFixture } from "../../helpers/suites/content";

/**
 * Pages by path (GitBook's getPageByPath, getPageInRevisionByPath, getPageInChangeRequestByPath):
 * the page read by id, found by its slugs, for the space's current revision, any revision by id
 * and a change request; paths sent raw or encoded; one page's cost, whatever the space holds.
 */

useSuiteFixture();

describe("pages by path", () => {
  let spaceId: string;
  /** The revision before the rename of Guide to Handbook; the space's current one after it. */
  let beforeRename: string;
  let current: string;
  let changeRequestId: string;
  const ids = {} as Record<"guide" | "install" | "linux" | "other", string>;

  const spacePath = (pagePath: string, query = "") => `${spaceContentPath(spaceId)}/path/${pagePath}${query}`;

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Paths" })).id;
    const top = await commitToMain(f.admin, spaceId, [
      { operation: "insert_page", ref: "guide", title: "Guide", document: { markdown: "The guide.\n" } },
      { operation: "insert_page", ref: "other", title: "Other", document: { markdown: "Other.\n" } },
    ]);
    ids.guide = createdPage(top, "guide");
    ids.other = createdPage(top, "other");
    const child = await commitToMain(f.admin, spaceId, [{ operation: "insert_page", ref: "install", title: "Install", into: ids.guide, document: { markdown: "# Install\n\nRun it.\n" } }]);
    ids.install = createdPage(child, "install");
    const grandchild = await commitToMain(f.admin, spaceId, [{ operation: "insert_page", ref: "linux", title: "Linux", into: ids.install, document: { markdown: "On Linux.\n" } }]);
    ids.linux = createdPage(grandchild, "linux");
    beforeRename = (await read(f.admin, `/v1/spaces/${spaceId}`)).revision;
    await commitToMain(f.admin, spaceId, [{ operation: "update_page", page: ids.guide, title: "Handbook", slug: "handbook" }]);
    current = (await read(f.admin, `/v1/spaces/${spaceId}`)).revision;
    changeRequestId = (await createChangeRequest(f.admin, spaceId)).id;
    await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "update_page", page: ids.install, into: ids.other },
      { operation: "delete_page", page: ids.linux },
    ]);
  }, 60_000);

  it("getPageByPath: the page read by id, found by its path, raw or encoded, valid in both specs", async () => {
    const byId = await read<Page>(f.read, `${spaceContentPath(spaceId)}/page/${ids.install}`);
    const raw = await read<Page>(f.read, spacePath("handbook/install"));
    expect(raw).toEqual(byId);
    expect(raw.path).toBe("handbook/install");
    expect(raw.pages.map((page) => page.id)).toEqual([ids.linux]);
    expect(await read(f.read, spacePath("handbook%2Finstall"))).toEqual(byId);
    // Leading, trailing and doubled slashes name the same path.
    expect(await read(f.read, spacePath("/handbook//install/"))).toEqual(byId);
    expect((await read<Page>(f.read, spacePath("handbook/install/linux"))).id).toBe(ids.linux);
    expect((await read<Page>(f.read, spacePath("handbook"))).id).toBe(ids.guide);
    expectSpecResponse("getPageByPath", 200, raw);
    expectSpec0146Response("getPageByPath", 200, raw);
  });

  it("takes the page read's query: format=document gives a document body", async () => {
    const page = await read<Page>(f.read, spacePath("handbook/install", "?format=document"));
    expect(page.markdown).toBeUndefined();
    expect(page.document?.object).toBe("document");
    expectSpecResponse("getPageByPath", 200, page);
    const refused = await call("GET", spacePath("handbook/install", "?format=pdf"), { token: f.read.token });
    expect(errorMessage(refused, 400)).toMatch(/format/);
  });

  it("a path of no page is a 404 with the error envelope: unknown, partial, past a leaf, the old slug", async () => {
    for (const path of ["nowhere", "handbook/nowhere", "handbook/install/linux/deeper", "guide/install", "install"]) {
      expect(errorMessage(await call("GET", spacePath(path), { token: f.read.token }), 404), path).toBe(`Page at path '${path}' not found`);
    }
  });

  it("getPageInRevisionByPath: a past revision's paths, as they were then", async () => {
    const revisionPath = (revisionId: string, pagePath: string) => `/v1/spaces/${spaceId}/revisions/${revisionId}/path/${pagePath}`;
    const then = await read<Page>(f.read, revisionPath(beforeRename, "guide/install"));
    expect(then.id).toBe(ids.install);
    expect(then.urls.app).toContain(`/~/revisions/${beforeRename}/guide/install`);
    expectSpecResponse("getPageInRevisionByPath", 200, then);
    expectSpec0146Response("getPageInRevisionByPath", 200, then);
    expect((await call("GET", revisionPath(beforeRename, "handbook/install"), { token: f.read.token })).status).toBe(404);
    expect((await read<Page>(f.read, revisionPath(current, "handbook/install"))).id).toBe(ids.install);
    expect(errorMessage(await call("GET", revisionPath("noSuchRevision000000", "handbook"), { token: f.read.token }), 404)).toMatch(/Revision/);
  });

  it("getPageInChangeRequestByPath: the change request's tree, its moves and deletions applied", async () => {
    const crPath = (pagePath: string) => `${changeRequestContentPath(spaceId, changeRequestId)}/path/${pagePath}`;
    const moved = await read<Page>(f.read, crPath("other/install"));
    expect(moved.id).toBe(ids.install);
    expect(moved.pages).toEqual([]);
    expectSpecResponse("getPageInChangeRequestByPath", 200, moved);
    expectSpec0146Response("getPageInChangeRequestByPath", 200, moved);
    for (const path of ["handbook/install", "other/install/linux"]) expect((await call("GET", crPath(path), { token: f.read.token })).status, path).toBe(404);
    // Main is untouched by the change request.
    expect((await read<Page>(f.read, spacePath("handbook/install/linux"))).id).toBe(ids.linux);
  });

  it("through GitBook's clients (0.202 and 0.146), which send the path's slashes raw", async () => {
    const client = gitbookClient(f.read);
    expect((await client.spaces.getPageByPath(spaceId, "handbook/install")).data.id).toBe(ids.install);
    expect((await client.spaces.getPageInRevisionByPath(spaceId, beforeRename, "guide/install/linux")).data.id).toBe(ids.linux);
    expect((await client.spaces.getPageInChangeRequestByPath(spaceId, changeRequestId, "other/install")).data.id).toBe(ids.install);
    const old = gitbookClient0146(f.read);
    const page = (await old.spaces.getPageByPath(spaceId, "handbook/install", { format: "document" })).data;
    expect(page.id).toBe(ids.install);
    expect("document" in page && page.document?.object).toBe("document");
    await expect(old.spaces.getPageByPath(spaceId, "nowhere")).rejects.toMatchObject({ code: 404 });
  });

  it("is a 404 to an outsider and a guest, a 401 without a token, and open to the read role", async () => {
    const paths = [spacePath("handbook"), `/v1/spaces/${spaceId}/revisions/${current}/path/handbook`, `${changeRequestContentPath(spaceId, changeRequestId)}/path/other`];
    await inParallel(paths, async (path) => {
      for (const who of ["outsider", "guest"] as const) errorMessage(await call("GET", path, { token: f[who].token }), 404);
      errorMessage(await call("GET", path), 401);
      expect((await call("GET", path, { token: f.read.token })).status).toBe(200);
    });
  });

  it("costs one page's read: one round trip when cached, two when read, the ETag answered 304", async () => {
    const path = spacePath("handbook/install/linux");
    const first = await call("GET", path, { token: f.read.token });
    expect(first.status).toBe(200);
    const cached = await call("GET", path, { token: f.read.token });
    expect(serverTiming(cached).d1.roundTrips).toBe(1);
    const fresh = await call("GET", path, { token: f.read.token, headers: { "Cache-Control": "no-cache" } });
    expect(serverTiming(fresh).d1.roundTrips).toBe(2);
    const etag = first.headers.get("etag")!;
    expect((await call("GET", path, { token: f.read.token, headers: { "If-None-Match": etag } })).status).toBe(304);
  });
});
