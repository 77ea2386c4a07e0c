import { describe, expect, it } from "vitest";
import { createOrganization, createUser } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent, flattenPages, mainPages, mergeChangeRequest, changeRequestPages, updateChangeRequest } from "../helpers/content";
import { expectSpecResponse } from "../helpers/spec";

describe("smoke", () => {
  it("edits, merges, conflicts", async () => {
    const admin = await createUser("admin");
    const org = await createOrganization(admin);
    const space = await createSpace(admin, org.id);
    const first = await commitToMain(admin, space.id, [
      { operation: "insert_page", ref: "intro", document: { markdown: "# Intro\n\nline 1\nline 2\nline 3\n" } },
      { operation: "insert_page", ref: "guide", into: undefined, title: "Guide", document: { markdown: "See [intro](./intro.md)" } },
    ]);
    const intro = createdPage(first, "intro");
    let pages = flattenPages(await mainPages(admin, space.id));
    expect(pages.map((p) => p.title)).toEqual(["Intro", "Guide"]);
    const rev = await call("GET", `/v1/spaces/${space.id}/content`, { token: admin.token });
    expectSpecResponse("getCurrentRevision", 200, rev.body);
    const a = await createChangeRequest(admin, space.id, "a");
    const b = await createChangeRequest(admin, space.id, "b");
    await editContent(admin, space.id, a.id, [{ operation: "update_page", page: intro, document: { markdown: "line 1 A\nline 2\nline 3\n" } }]);
    await editContent(admin, space.id, b.id, [{ operation: "update_page", page: intro, document: { markdown: "line 1\nline 2\nline 3 B\n" } }]);
    expect((await mergeChangeRequest(admin, space.id, a.id)).result).toBe("merge");
    expect((await mergeChangeRequest(admin, space.id, b.id)).result).toBe("merge");
    pages = flattenPages(await mainPages(admin, space.id));
    expect(pages[0]!.markdown).toBe("line 1 A\nline 2\nline 3 B\n");
    const c = await createChangeRequest(admin, space.id, "c");
    const d = await createChangeRequest(admin, space.id, "d");
    await editContent(admin, space.id, c.id, [{ operation: "update_page", page: intro, document: { markdown: "line 1 C\nline 2\nline 3 B\n" } }]);
    await editContent(admin, space.id, d.id, [{ operation: "update_page", page: intro, document: { markdown: "line 1 D\nline 2\nline 3 B\n" } }]);
    expect((await mergeChangeRequest(admin, space.id, c.id)).result).toBe("merge");
    expect((await updateChangeRequest(admin, space.id, d.id)).result).toBe("conflicts");
    const dPages = flattenPages(await changeRequestPages(admin, space.id, d.id));
    expect(dPages[0]!.markdown).toContain("<<<<<<< main");
    const links = await call("GET", `/v1/spaces/${space.id}/links`, { token: admin.token });
    expect(links.status, JSON.stringify(links.body)).toBe(200);
    console.log(JSON.stringify(links.body));
    const cr = await call("GET", `/v1/spaces/${space.id}/change-requests/${d.number}`, { token: admin.token });
    expectSpecResponse("getChangeRequestById", 200, cr.body);
    const sp = await call("GET", `/v1/spaces/${space.id}`, { token: admin.token });
    expect(sp.body.changeRequests).toBe(5);
  });
});
