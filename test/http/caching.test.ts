import { beforeAll, describe, expect, it } from "vitest";
import { SIGNING_WINDOW_SECONDS, DOWNLOAD_URL_LIFETIME_SECONDS } from "../../src/lib/signed-urls";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent, mergeChangeRequest } from "../helpers/content";
import { addMember, createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, workerUnderTest, type ApiResponse } from "../helpers/http";
import { serverTiming } from "../helpers/server-timing";

/**
 * Revision content is immutable: its reads carry a strong ETag, answer 304 to a matching
 * If-None-Match, and are served from the Workers Cache API, while access is decided on every
 * request (docs/decisions.md, "Caching revision content").
 */

const base64Of = (text: string) => btoa(text);

describe("revision content reads: ETag, 304 and the revision cache", () => {
  let admin: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let spaceId: string;
  let pageId: string;
  let fileId: string;
  let changeRequestId: string;

  const get = (user: TestUser, path: string, headers: Record<string, string> = {}) => call("GET", path, { token: user.token, headers });
  const content = (path = "") => `/v1/spaces/${spaceId}/content${path}`;
  const cacheOf = (response: ApiResponse) => serverTiming(response).metrics.get("cache")?.desc;

  beforeAll(async () => {
    admin = await createUser("cache-admin");
    reader = await createUser("cache-reader");
    outsider = await createUser("cache-outsider");
    organizationId = (await createOrganization(admin)).id;
    await createOrganization(outsider);
    await addMember(admin, organizationId, reader, "read");
    spaceId = (await createSpace(admin, organizationId)).id;
    const edit = await commitToMain(admin, spaceId, [
      { operation: "insert_page", ref: "p", title: "Cached", document: { markdown: "Body.\n" } },
      { operation: "insert_files", files: [{ name: "a.txt", contentType: "text/plain", base64: base64Of("bytes") }] },
    ]);
    pageId = createdPage(edit, "p");
    fileId = edit.insertedFiles[0]!.id;
    changeRequestId = (await createChangeRequest(admin, spaceId, "open")).id;
  });

  const reads = () => ({
    revision: content(),
    pages: content("/pages"),
    page: content(`/page/${pageId}`),
    "page as a document": content(`/page/${pageId}?format=document`),
    files: content("/files"),
    file: content(`/files/${fileId}`),
    "page links": content(`/page/${pageId}/links`),
    "file backlinks": content(`/files/${fileId}/backlinks`),
    "space links": `/v1/spaces/${spaceId}/links`,
    "change request pages": `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/pages`,
    "change request page": `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}`,
    "change request revision": `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`,
  });

  it("every read has a strong ETag and answers 304 to it, 200 to another", async () => {
    for (const [what, path] of Object.entries(reads())) {
      const first = await get(reader, path);
      expect(first.status, what).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag, what).toMatch(/^"[\w-]{22}"$/);
      expect(first.headers.get("cache-control"), what).toBe("private, no-cache");

      const revalidated = await get(reader, path, { "If-None-Match": etag! });
      expect(revalidated.status, what).toBe(304);
      expect(revalidated.body, what).toBeUndefined();
      expect(revalidated.headers.get("etag"), what).toBe(etag);

      // Weak comparison, lists and `*`, as RFC 9110 has If-None-Match compare.
      expect((await get(reader, path, { "If-None-Match": `"other", W/${etag}` })).status, what).toBe(304);
      expect((await get(reader, path, { "If-None-Match": "*" })).status, what).toBe(304);

      const other = await get(reader, path, { "If-None-Match": '"not-this-one"' });
      expect(other.status, what).toBe(200);
      expect(other.body, what).toEqual(first.body);
      expect(other.headers.get("etag"), what).toBe(etag);
    }
  });

  it("is served from the cache after the first read, the same bytes for every caller", async () => {
    const path = content(`/page/${pageId}?format=document`);
    const first = await get(admin, path);
    // The isolate that read it keeps it in memory.
    const second = await get(reader, path);
    expect(cacheOf(second)).toBe("memory hit");
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    // Without that memory (another isolate, or REVISION_MEMORY_CACHE_BYTES=0), the Cache API has it.
    const fromCacheApi = await call("GET", path, { token: reader.token, bindings: { REVISION_MEMORY_CACHE_BYTES: "0" } });
    expect(cacheOf(fromCacheApi)).toBe("hit");
    expect(fromCacheApi.body).toEqual(first.body);
    expect(fromCacheApi.headers.get("etag")).toBe(first.headers.get("etag"));
    // A client can ask for a fresh read: the same body, read again.
    const fresh = await get(reader, path, { "Cache-Control": "no-cache" });
    expect(cacheOf(fresh)).toBe("bypass");
    expect(fresh.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("a new revision has a new ETag; the old one is a 200 with the new content", async () => {
    const space = await createSpace(admin, organizationId);
    const edit = await commitToMain(admin, space.id, [{ operation: "insert_page", ref: "p", title: "V1", document: { markdown: "One.\n" } }]);
    const page = createdPage(edit, "p");
    const path = `/v1/spaces/${space.id}/content/pages`;
    const before = await get(reader, path);
    const etag = before.headers.get("etag")!;

    await commitToMain(admin, space.id, [{ operation: "update_page", page, document: { markdown: "Two.\n" } }]);
    const after = await get(reader, path, { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(after.body.pages[0].markdown).toBe("Two.\n");
  });

  it("a change request's new revision has a new ETag too", async () => {
    const changeRequest = await createChangeRequest(admin, spaceId, "edits");
    const path = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content/page/${pageId}`;
    const before = await get(reader, path);
    await editContent(admin, spaceId, changeRequest.id, [{ operation: "update_page", page: pageId, document: { markdown: "Edited.\n" } }]);
    const after = await get(reader, path, { "If-None-Match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(after.body.markdown).toBe("Edited.\n");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  it("still refuses a caller without access, ETag or not", async () => {
    for (const [what, path] of Object.entries(reads())) {
      const etag = (await get(reader, path)).headers.get("etag")!;
      expect((await get(outsider, path, { "If-None-Match": etag })).status, what).toBe(404);
      expect((await get(outsider, path)).status, what).toBe(404);
      expect((await call("GET", path, { headers: { "If-None-Match": etag } })).status, what).toBe(401);
    }
  });

  it("refuses a member who lost access after reading (the cached body is not theirs any more)", async () => {
    const leaving = await createUser("cache-leaving");
    await addMember(admin, organizationId, leaving, "read");
    const path = content(`/page/${pageId}`);
    const read = await get(leaving, path);
    expect(read.status).toBe(200);
    const removed = await call("DELETE", `/v1/orgs/${organizationId}/members/${leaving.id}`, { token: admin.token });
    expect(removed.status).toBe(205);
    expect((await get(leaving, path, { "If-None-Match": read.headers.get("etag")! })).status).toBe(404);
    expect((await get(leaving, path)).status).toBe(404);
  });

  it("files: download URLs are signed per window, so a window's responses are the same bytes", async () => {
    const first = await get(reader, content(`/files/${fileId}`));
    const second = await get(admin, content(`/files/${fileId}`));
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.body.downloadURL).toBe(first.body.downloadURL);
    // Every URL handed out has at least the window's length less than an hour left, at most an hour.
    const left = Number(new URL(first.body.downloadURL).searchParams.get("expires")) - Date.now() / 1000;
    expect(left).toBeGreaterThan(DOWNLOAD_URL_LIFETIME_SECONDS - SIGNING_WINDOW_SECONDS - 1);
    expect(left).toBeLessThanOrEqual(DOWNLOAD_URL_LIFETIME_SECONDS);
    const download = await workerUnderTest.fetch(first.body.downloadURL);
    expect(await download.text()).toBe("bytes");
  });

  it("a merge revision's change request is read fresh: renaming it changes the revision's body and ETag", async () => {
    const space = await createSpace(admin, organizationId);
    const changeRequest = await createChangeRequest(admin, space.id, "Before");
    await editContent(admin, space.id, changeRequest.id, [{ operation: "insert_page", title: "P", document: { markdown: "p\n" } }]);
    await mergeChangeRequest(admin, space.id, changeRequest.id);
    const path = `/v1/spaces/${space.id}/content`;
    const before = await get(reader, path);
    expect(before.body.mergedFrom).toMatchObject({ id: changeRequest.id, subject: "Before" });
    const renamed = await call("PATCH", `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`, { token: admin.token, body: { subject: "After" } });
    expect(renamed.status).toBe(200);
    const after = await get(reader, path, { "If-None-Match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(after.body.mergedFrom).toMatchObject({ id: changeRequest.id, subject: "After" });
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect({ ...after.body, mergedFrom: undefined }).toEqual({ ...before.body, mergedFrom: undefined });
  });
});
