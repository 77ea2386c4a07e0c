import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent, flattenPages } from "../helpers/content";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call } from "../helpers/http";

/**
 * A page read reads only the page, its ancestors and the pages below it (not the whole tree):
 * whatever the tree and the change request's overlay, it must answer exactly the page object the
 * whole page list has for it.
 */

describe("one page, read without the rest of the tree", () => {
  let admin: TestUser;
  let spaceId: string;
  const ids: Record<string, string> = {};

  const get = async (path: string) => {
    const response = await call("GET", path, { token: admin.token, headers: { "Cache-Control": "no-cache" } });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body;
  };

  /** Every page of `base`'s tree read on its own equals its node in the tree. */
  async function expectEveryPageAsInTheTree(base: string) {
    const pages = flattenPages((await get(`${base}/pages`)).pages);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(await get(`${base}/page/${page.id}`), page.path).toEqual(page);
      expect(await get(`${base}/page/${page.id}?format=document`), page.path).toMatchObject({ id: page.id, path: page.path, pages: expect.any(Array) });
    }
    return pages;
  }

  beforeAll(async () => {
    admin = await createUser("page-reads");
    const organizationId = (await createOrganization(admin)).id;
    spaceId = (await createSpace(admin, organizationId)).id;
    // Three levels, one edit per level: `into` names a page that exists.
    const top = await commitToMain(admin, spaceId, [
      { operation: "insert_page", ref: "guide", title: "Guide", document: { markdown: "Guide.\n" } },
      { operation: "insert_page", ref: "reference", title: "Reference", document: { markdown: "Reference.\n" } },
    ]);
    ids.guide = createdPage(top, "guide");
    ids.reference = createdPage(top, "reference");
    const middle = await commitToMain(admin, spaceId, [
      { operation: "insert_page", ref: "install", title: "Install", into: ids.guide, document: { markdown: "Install.\n" } },
      { operation: "insert_page", ref: "api", title: "API", into: ids.reference, document: { markdown: "API.\n" } },
    ]);
    ids.install = createdPage(middle, "install");
    ids.api = createdPage(middle, "api");
    const leaves = await commitToMain(admin, spaceId, [
      { operation: "insert_page", ref: "linux", title: "Linux", into: ids.install, document: { markdown: "Linux.\n" } },
      { operation: "insert_page", ref: "mac", title: "Mac", into: ids.install, document: { markdown: "Mac.\n" } },
    ]);
    ids.linux = createdPage(leaves, "linux");
    ids.mac = createdPage(leaves, "mac");
  });

  it("main: every page, nested three deep, with its path and its subtree", async () => {
    const pages = await expectEveryPageAsInTheTree(`/v1/spaces/${spaceId}/content`);
    expect(pages.map((page) => page.path)).toEqual(["guide", "guide/install", "guide/install/linux", "guide/install/mac", "reference", "reference/api"]);
  });

  it("a change request that moves, renames, deletes and adds pages reads like its tree", async () => {
    const changeRequest = await createChangeRequest(admin, spaceId);
    await editContent(admin, spaceId, changeRequest.id, [
      // A subtree moves under another parent: its pages' paths change through an overlaid ancestor.
      { operation: "update_page", page: ids.install, into: ids.reference },
      { operation: "update_page", page: ids.reference, title: "Ref", slug: "ref" },
      { operation: "delete_page", page: ids.api },
      { operation: "insert_page", ref: "new", title: "New", into: ids.linux, document: { markdown: "New.\n" } },
    ]);
    const base = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content`;
    const pages = await expectEveryPageAsInTheTree(base);
    expect(pages.map((page) => page.path)).toEqual(["guide", "ref", "ref/install", "ref/install/linux", "ref/install/linux/new", "ref/install/mac"]);
    expect((await call("GET", `${base}/page/${ids.api}`, { token: admin.token })).status).toBe(404);
  });

  it("a change request whose base is behind main reads main as it was at its base", async () => {
    const changeRequest = await createChangeRequest(admin, spaceId);
    await editContent(admin, spaceId, changeRequest.id, [{ operation: "update_page", page: ids.mac, document: { markdown: "Mac, edited.\n" } }]);
    // Main moves on: the change request still reads main at its base.
    await commitToMain(admin, spaceId, [
      { operation: "update_page", page: ids.guide, title: "Handbook", slug: "handbook" },
      { operation: "delete_page", page: ids.linux },
    ]);
    const base = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content`;
    const pages = await expectEveryPageAsInTheTree(base);
    expect(pages.map((page) => page.path)).toContain("guide/install/linux");
    expect(pages.find((page) => page.id === ids.mac)!.markdown).toBe("Mac, edited.\n");
    const main = await expectEveryPageAsInTheTree(`/v1/spaces/${spaceId}/content`);
    expect(main.map((page) => page.path)).toEqual(["handbook", "handbook/install", "handbook/install/mac", "reference", "reference/api"]);
  });
});
