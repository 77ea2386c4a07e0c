import { describe, expect, it } from "vitest";
import { commitToMain, createSpace, flattenPages, mainPages } from "../../helpers/content";
import { call, workerUnderTest } from "../../helpers/http";
import { f, orgId, useSuiteFixture } from "../../helpers/suites/content";

/** Duplicating a space with content: the copy's pages and files, sharing the stored bytes, and edits of either leaving the other alone. */

useSuiteFixture();

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
