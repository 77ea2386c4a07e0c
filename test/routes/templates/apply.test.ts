import { describe, expect, it } from "vitest";
import { changeRequestPages, commitToMain, createChangeRequest, createSpace, editContent, flattenPages, mainPages, mergeChangeRequest } from "../../helpers/content";
import { call, errorMessage } from "../../helpers/http";
import { PETSTORE_30_YAML, runQueuedSpecJobs, specCall } from "../../helpers/openapi";
import { expectSpecResponse } from "../../helpers/spec";
import { applied, applyTemplate, f, mainOutline, orgId, spaceRevision, useSuiteFixture } from "../../helpers/suites/templates";

/** applyTemplateToSpace to main and to a change request, createChangeRequest's `template`, and `params.contentRefs`. */

useSuiteFixture();

const crPath = (spaceId: string) => `/v1/spaces/${spaceId}/change-requests`;

describe("applying a template to main's content", () => {
  it("adds the template's pages after the space's own, as one new revision, leaving existing pages as they were", async () => {
    const space = await createSpace(f.admin, orgId, { title: "Existing" });
    await commitToMain(f.admin, space.id, [
      { operation: "insert_page", title: "Home", document: { markdown: "Welcome.\n" } },
      { operation: "insert_page", title: "Changelog", document: { markdown: "Ours.\n" } },
    ]);
    const before = await mainPages(f.admin, space.id);
    const revisionBefore = await spaceRevision(space.id);
    await applied(f.edit, space.id, { id: "changelog" });
    const after = await mainPages(f.admin, space.id);
    // The space's own pages are untouched; the template's top-level page takes the next free slug.
    expect(after.slice(0, 2)).toEqual(before);
    expect(after.map((page) => [page.path, page.title])).toEqual([
      ["home", "Home"],
      ["changelog", "Changelog"],
      ["changelog-2", "Changelog"],
      ["version-1-1-0", "Version 1.1.0"],
      ["version-1-0-0", "Version 1.0.0"],
    ]);
    const revision = await call("GET", `/v1/spaces/${space.id}/content`, { token: f.read.token });
    expect(revision.body).toMatchObject({ type: "edits", parents: [revisionBefore] });
    expect(revision.body.id).not.toBe(revisionBefore);
    // Links inside the template still point at its own pages, not at the space's "changelog".
    const home = after.find((page) => page.path === "changelog-2")!;
    const body = await call("GET", `/v1/spaces/${space.id}/content/page/${home.id}`, { token: f.read.token });
    expect(body.body.markdown).toContain(`[Version 1.1.0](/pages/${after[3]!.id})`);
  });

  it("applied twice, adds the pages twice, under free slugs", async () => {
    const space = await createSpace(f.admin, orgId);
    await applied(f.admin, space.id, { id: "blank" });
    await applied(f.admin, space.id, { id: "blank" });
    expect(await mainOutline(space.id)).toEqual([
      ["untitled", "Untitled"],
      ["untitled-2", "Untitled"],
    ]);
  });

  it("replays the first answer for a retry with the same Idempotency-Key, adding nothing twice", async () => {
    const space = await createSpace(f.admin, orgId);
    const headers = { "idempotency-key": `template-${space.id}` };
    expect((await applyTemplate(f.admin, space.id, { id: "blank" }, headers)).status).toBe(201);
    expect((await applyTemplate(f.admin, space.id, { id: "blank" }, headers)).status).toBe(201);
    expect(await mainOutline(space.id)).toEqual([["untitled", "Untitled"]]);
  });
});

describe("applying a template to a change request", () => {
  it("with changeRequestId, adds the pages to the change request only; merging brings them to main", async () => {
    const space = await createSpace(f.admin, orgId);
    const changeRequest = await createChangeRequest(f.admin, space.id);
    const mainRevision = await spaceRevision(space.id);
    await applied(f.edit, space.id, { id: "api-reference", changeRequestId: changeRequest.id });
    expect(await spaceRevision(space.id)).toBe(mainRevision);
    expect(await mainPages(f.admin, space.id)).toEqual([]);
    const pages = await changeRequestPages(f.admin, space.id, changeRequest.id);
    expect(pages.map((page) => page.title)).toEqual(["API overview", "Authentication", "Errors", "Pagination", "Reference"]);
    const read = await call("GET", `${crPath(space.id)}/${changeRequest.id}`, { token: f.read.token });
    expect(read.body.revision).not.toBe(changeRequest.revision);
    // The caller who applied it is one of its contributors.
    const contributed = await call("GET", `${crPath(space.id)}?status=draft&contributor=${f.edit.id}`, { token: f.read.token });
    expect(contributed.body.items.map((item: { id: string }) => item.id)).toEqual([changeRequest.id]);
    expect((await mergeChangeRequest(f.admin, space.id, changeRequest.id)).result).toBe("merge");
    expect((await mainPages(f.admin, space.id)).map((page) => page.title)).toEqual(["API overview", "Authentication", "Errors", "Pagination", "Reference"]);
  });

  it("places the pages after the change request's own top level, as its edits left it", async () => {
    const space = await createSpace(f.admin, orgId);
    const main = await commitToMain(f.admin, space.id, [{ operation: "insert_page", title: "Changelog", document: {} }]);
    const changeRequest = await createChangeRequest(f.admin, space.id);
    // In the change request, main's "Changelog" moves under a new top-level "Untitled" page.
    const edit = await editContent(f.admin, space.id, changeRequest.id, [{ operation: "insert_page", ref: "new", title: "Untitled", document: {} }]);
    await editContent(f.admin, space.id, changeRequest.id, [{ operation: "update_page", page: main.changes[0]!.page.id, into: edit.changes[0]!.page.id }]);
    await applied(f.admin, space.id, { id: "changelog", changeRequestId: changeRequest.id });
    await applied(f.admin, space.id, { id: "blank", changeRequestId: changeRequest.id });
    const pages = flattenPages(await changeRequestPages(f.admin, space.id, changeRequest.id));
    expect(pages.map((page) => page.path)).toEqual(["untitled", "untitled/changelog", "changelog", "version-1-1-0", "version-1-0-0", "untitled-2"]);
    expect(await mainOutline(space.id)).toEqual([["changelog", "Changelog"]]);
  });

  it("refuses a change request that is merged (409) or does not exist (404)", async () => {
    const space = await createSpace(f.admin, orgId);
    const changeRequest = await createChangeRequest(f.admin, space.id);
    await applied(f.admin, space.id, { id: "blank", changeRequestId: changeRequest.id });
    await mergeChangeRequest(f.admin, space.id, changeRequest.id);
    expect(errorMessage(await applyTemplate(f.admin, space.id, { id: "blank", changeRequestId: changeRequest.id }), 409)).toMatch(/merged/);
    expect(errorMessage(await applyTemplate(f.admin, space.id, { id: "blank", changeRequestId: "noSuchChangeRequest0" }), 404)).toMatch(/noSuchChangeRequest0/);
  });
});

describe("createChangeRequest with a template", () => {
  it("creates the change request with the template's pages in it, in one step; main is unchanged", async () => {
    const space = await createSpace(f.admin, orgId);
    await commitToMain(f.admin, space.id, [{ operation: "insert_page", title: "Home", document: { markdown: "Hi.\n" } }]);
    const response = await call("POST", crPath(space.id), { token: f.edit.token, body: { subject: "Start a help center", template: { id: "knowledge-base" } } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectSpecResponse("createChangeRequest", 201, response.body);
    expect(response.body).toMatchObject({ subject: "Start a help center", status: "draft", number: 2 });
    expect(response.headers.get("location")).toBe(response.body.urls.location);
    const pages = flattenPages(await changeRequestPages(f.admin, space.id, response.body.id));
    expect(pages.map((page) => page.title)).toEqual([
      "Home",
      "Help center",
      "Account and billing",
      "Reset your password",
      "Change your plan",
      "Troubleshooting",
      "Something does not load",
      "Contact us",
    ]);
    expect((await mainPages(f.admin, space.id)).map((page) => page.title)).toEqual(["Home"]);
    // Its head is a revision of its own, whose base is main's head.
    expect(response.body.revision).not.toBe(await spaceRevision(space.id));
    expect(response.body.revisionInitial).toBe(await spaceRevision(space.id));
  });

  it("through GitBook's official client", async () => {
    const { gitbookClient } = await import("../../helpers/fixtures");
    const space = await createSpace(f.admin, orgId);
    const { data } = await gitbookClient(f.edit).spaces.createChangeRequest(space.id, { subject: "Blank", template: { id: "blank" } });
    expect((await changeRequestPages(f.admin, space.id, data.id)).map((page) => page.title)).toEqual(["Untitled"]);
  });

  it("creates nothing when the template is refused (400 naming template.id or the reference)", async () => {
    const space = await createSpace(f.admin, orgId);
    const unknown = await call("POST", crPath(space.id), { token: f.edit.token, body: { template: { id: "no-such-template" } } });
    expect(errorMessage(unknown, 400)).toMatch(/'template\.id'.*'no-such-template'/);
    const missingPage = await call("POST", crPath(space.id), {
      token: f.edit.token,
      body: { template: { id: "changelog", params: { contentRefs: { product: { kind: "page", page: "noSuchPage0000000000" } } } } },
    });
    expect(errorMessage(missingPage, 400)).toMatch(/'template\.params\.contentRefs\.product\.page'/);
    const list = await call("GET", `${crPath(space.id)}?status=draft`, { token: f.admin.token });
    expect(list.body.count).toBe(0);
  });
});

describe("params.contentRefs", () => {
  it("makes the reference page a page computed from the `openapi` reference's spec", async () => {
    const space = await createSpace(f.admin, orgId);
    const created = await specCall("POST", `/v1/orgs/${orgId}/openapi`, { token: f.admin.token, body: { slug: "petstore-v2", source: { text: PETSTORE_30_YAML } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await runQueuedSpecJobs();
    await applied(f.admin, space.id, { id: "api-reference", params: { contentRefs: { openapi: { kind: "openapi", spec: "petstore-v2" } } } });
    const reference = (await mainPages(f.admin, space.id)).find((page) => page.slug === "reference")!;
    const computedSource = { type: "builtin:openapi", dependencies: { spec: { ref: { kind: "openapi", spec: "petstore-v2" } } }, props: { models: true } };
    expect(reference).toMatchObject({ type: "computed", computed: computedSource });

    const page = await call("GET", `/v1/spaces/${space.id}/content/page/${reference.id}`, { token: f.read.token });
    expectSpecResponse("getPageById", 200, page.body);
    expect(page.body).toMatchObject({ type: "document", title: "Reference" });
    expect(page.body.markdown).toContain("GET /pets/{petId}");

    const stored = await call("GET", `/v1/spaces/${space.id}/content/page/${reference.id}?computed=false`, { token: f.read.token });
    expectSpecResponse("getPageById", 200, stored.body);
    expect(stored.body).toMatchObject({ type: "computed", computed: computedSource });
    expect(stored.body.markdown).toContain("OpenAPI specification `petstore-v2`");
    expect(stored.body.markdown).toContain(`openapi publish --spec petstore-v2 --organization ${orgId}`);
    expect(stored.body.markdown).not.toContain("No OpenAPI specification is linked");
  });

  it("refuses an `openapi` reference to a spec the organization does not have, naming it; nothing changes", async () => {
    const space = await createSpace(f.admin, orgId);
    const response = await applyTemplate(f.admin, space.id, { id: "api-reference", params: { contentRefs: { openapi: { kind: "openapi", spec: "no-such-spec" } } } });
    expect(errorMessage(response, 400)).toBe("Invalid body field 'params.contentRefs.openapi': no OpenAPI specification 'no-such-spec' in this organization");
    const asChangeRequest = await call("POST", crPath(space.id), {
      token: f.admin.token,
      body: { template: { id: "api-reference", params: { contentRefs: { openapi: { kind: "openapi", spec: "no-such-spec" } } } } },
    });
    expect(errorMessage(asChangeRequest, 400)).toMatch(/^Invalid body field 'template\.params\.contentRefs\.openapi': no OpenAPI specification/);
    expect(await mainPages(f.admin, space.id)).toEqual([]);
  });

  it("without an `openapi` reference, makes the reference page a document with the hint", async () => {
    const space = await createSpace(f.admin, orgId);
    await applied(f.admin, space.id, { id: "api-reference" });
    const reference = (await mainPages(f.admin, space.id)).find((page) => page.slug === "reference")!;
    expect(reference).toMatchObject({ type: "document" });
    expect(reference.markdown).toContain("No OpenAPI specification is linked");
  });

  it("fills `page` and `file` references with the space's own page and file, linked so that backlinks find them", async () => {
    const space = await createSpace(f.admin, orgId);
    const edit = await commitToMain(f.admin, space.id, [
      { operation: "insert_page", title: "Our product", document: { markdown: "It is great.\n" } },
      { operation: "insert_files", files: [{ name: "logo.png", contentType: "image/png", base64: "iVBORw0KGgo=" }] },
    ]);
    const productPage = edit.changes[0]!.page.id;
    const logo = edit.insertedFiles[0]!.id;
    await applied(f.admin, space.id, {
      id: "product-docs",
      params: { contentRefs: { logo: { kind: "file", file: logo }, support: { kind: "page", page: productPage, space: space.id } } },
    });
    const pages = await mainPages(f.admin, space.id);
    const read = async (slug: string) => (await call("GET", `/v1/spaces/${space.id}/content/page/${pages.find((page) => page.slug === slug)!.id}`, { token: f.read.token })).body;
    expect((await read("overview")).markdown).toContain(`![logo.png](/files/${logo})`);
    expect((await read("support")).markdown).toContain(`{% content-ref url="/pages/${productPage}" %}\n[Our product](/pages/${productPage})\n{% endcontent-ref %}`);
    const backlinks = await call("GET", `/v1/spaces/${space.id}/content/files/${logo}/backlinks`, { token: f.read.token });
    expect(backlinks.body.count).toBe(1);
  });

  it("fills a `url` reference with a link", async () => {
    const space = await createSpace(f.admin, orgId);
    await applied(f.admin, space.id, { id: "knowledge-base", params: { contentRefs: { contact: { kind: "url", url: "https://help.example.com/ask" } } } });
    const contact = (await mainPages(f.admin, space.id)).find((page) => page.slug === "contact-us")!;
    const page = await call("GET", `/v1/spaces/${space.id}/content/page/${contact.id}`, { token: f.read.token });
    expect(page.body.markdown).toContain("[https://help.example.com/ask](<https://help.example.com/ask>)");
  });

  it("refuses, naming the field, a name the template does not take, a kind the reference does not take, and content that is not there; nothing changes", async () => {
    const space = await createSpace(f.admin, orgId);
    const attempt = (contentRefs: unknown, id = "product-docs") => applyTemplate(f.admin, space.id, { id, params: { contentRefs } });
    expect(errorMessage(await attempt({ nope: { kind: "url", url: "https://example.com" } }), 400)).toBe(
      "Invalid body field 'params.contentRefs.nope': template 'product-docs' has no reference 'nope' (it takes: 'logo', 'support')",
    );
    expect(errorMessage(await attempt({ logo: { kind: "url", url: "https://example.com/logo.png" } }), 400)).toMatch(/'params\.contentRefs\.logo\.kind': reference 'logo' takes 'file', not 'url'/);
    expect(errorMessage(await attempt({ logo: { kind: "file", file: "noSuchFile0000000000" } }), 400)).toMatch(/'params\.contentRefs\.logo\.file': no file 'noSuchFile0000000000'/);
    expect(errorMessage(await attempt({ support: { kind: "page", page: "noSuchPage0000000000" } }), 400)).toMatch(/'params\.contentRefs\.support\.page'/);
    expect(errorMessage(await attempt({ support: { kind: "page", page: "x", space: "otherSpace" } }), 400)).toMatch(/'params\.contentRefs\.support\.space'/);
    expect(errorMessage(await attempt({ support: { kind: "url", url: "javascript:alert(1)" } }), 400)).toMatch(/'params\.contentRefs\.support\.url': must be an absolute http\(s\) URL/);
    expect(errorMessage(await attempt({ openapi: { kind: "openapi", spec: "not a slug!" } }, "api-reference"), 400)).toMatch(/params\.contentRefs\.openapi\.spec/);
    expect(errorMessage(await attempt({ logo: { kind: "mystery" } }), 400)).toMatch(/params\.contentRefs\.logo/);
    expect(await mainPages(f.admin, space.id)).toEqual([]);
  });
});

describe("errors and access", () => {
  it("refuses an unknown template id with a 400 naming it, and a malformed body naming the field", async () => {
    const space = await createSpace(f.admin, orgId);
    expect(errorMessage(await applyTemplate(f.admin, space.id, { id: "handbook" }), 400)).toMatch(
      /^Invalid body field 'id': no template 'handbook' \(use one of 'product-docs', 'api-reference', 'knowledge-base', 'changelog', 'blank', or the id of a space of this organization\)$/,
    );
    expect(errorMessage(await applyTemplate(f.admin, space.id, {}), 400)).toMatch(/'id'/);
    expect(errorMessage(await applyTemplate(f.admin, space.id, { id: "blank", extra: true }), 400)).toMatch(/extra/);
    expect(errorMessage(await applyTemplate(f.admin, space.id, { id: "blank", params: { contentRefs: [] } }), 400)).toMatch(/contentRefs/);
    expect(await mainPages(f.admin, space.id)).toEqual([]);
  });

  it("lets `edit` and above apply; `comment` and `read` get 403, a guest and another organization 404, no token 401", async () => {
    const space = await createSpace(f.admin, orgId);
    for (const role of ["read", "comment"] as const) {
      expect(errorMessage(await applyTemplate(f[role], space.id, { id: "blank" }), 403)).toMatch(/needs the level 'edit'/);
      const viaChangeRequest = await call("POST", crPath(space.id), { token: f[role].token, body: { template: { id: "blank" } } });
      expect(errorMessage(viaChangeRequest, 403)).toMatch(/'edit'/);
    }
    expect(errorMessage(await applyTemplate(f.guest, space.id, { id: "blank" }), 404)).toBeTruthy();
    expect(errorMessage(await applyTemplate(f.outsider, space.id, { id: "blank" }), 404)).toBeTruthy();
    expect(errorMessage(await call("POST", `/v1/spaces/${space.id}/content/template`, { body: { id: "blank" } }), 401)).toBeTruthy();
    expect(errorMessage(await applyTemplate(f.admin, "noSuchSpace000000000", { id: "blank" }), 404)).toMatch(/noSuchSpace000000000/);
    expect(await mainPages(f.admin, space.id)).toEqual([]);
    for (const role of ["edit", "review", "create"] as const) expect((await applyTemplate(f[role], space.id, { id: "blank" })).status).toBe(201);
    expect(await mainPages(f.admin, space.id)).toHaveLength(3);
  });

  it("is refused (403) while the space is locked, to main, to a change request and at creation, changing nothing", async () => {
    const space = await createSpace(f.admin, orgId);
    const changeRequest = await createChangeRequest(f.admin, space.id);
    const lock = await call("PATCH", `/v1/spaces/${space.id}`, { token: f.admin.token, body: { editMode: "locked" } });
    expect(lock.status).toBe(200);
    const revision = await spaceRevision(space.id);
    expect(errorMessage(await applyTemplate(f.admin, space.id, { id: "blank" }), 403)).toMatch(/locked/);
    expect(errorMessage(await applyTemplate(f.admin, space.id, { id: "blank", changeRequestId: changeRequest.id }), 403)).toMatch(/locked/);
    expect(errorMessage(await call("POST", crPath(space.id), { token: f.admin.token, body: { template: { id: "blank" } } }), 403)).toMatch(/locked/);
    expect(await spaceRevision(space.id)).toBe(revision);
    expect(await changeRequestPages(f.admin, space.id, changeRequest.id)).toEqual([]);
    await call("PATCH", `/v1/spaces/${space.id}`, { token: f.admin.token, body: { editMode: "live" } });
    expect((await applyTemplate(f.admin, space.id, { id: "blank" })).status).toBe(201);
  });

  it("is refused (409) on a deleted space", async () => {
    const space = await createSpace(f.admin, orgId);
    expect((await call("DELETE", `/v1/spaces/${space.id}`, { token: f.admin.token })).status).toBe(204);
    expect(errorMessage(await applyTemplate(f.admin, space.id, { id: "blank" }), 409)).toMatch(/deleted/);
  });
});
