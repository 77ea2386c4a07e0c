import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SpaceCoordinator } from "../../../src/durable-objects/space-coordinator";
import { changeRequestPages, commitToMain, createChangeRequest, createSpace, flattenPages, mainPages } from "../../helpers/content";
import { createOrganization } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { applied, applyTemplate, f, orgId, useSuiteFixture } from "../../helpers/suites/templates";

/** A space of the same organization used as a template: its live content is copied, sharing bodies and bytes. */

useSuiteFixture();

type Page = Awaited<ReturnType<typeof mainPages>>[number] & { documentId?: string };

/** A source space: a page with a subpage, links between them, and a file. */
async function sourceSpace() {
  const space = await createSpace(f.admin, orgId, { title: "Source" });
  const edit = await commitToMain(f.admin, space.id, [
    { operation: "insert_files", files: [{ name: "diagram.png", contentType: "image/png", base64: "iVBORw0KGgoAAAANSUhEUg==" }] },
    { operation: "insert_page", ref: "guide", title: "Guide", document: {} },
    { operation: "insert_page", ref: "plain", title: "Plain", document: { markdown: "No links here.\n" } },
  ]);
  const guide = edit.changes.find((change) => change.ref === "guide")!.page.id;
  const fileId = edit.insertedFiles[0]!.id;
  // Paths are resolved against the tree as the batch leaves it: both links land on pages.
  await commitToMain(f.admin, space.id, [
    { operation: "insert_page", title: "Setup", into: guide, document: { markdown: "Back to the [guide](../guide.md).\n" } },
    { operation: "update_page", page: guide, document: { markdown: `See [setup](guide/setup.md) and ![diagram](/files/${fileId}).\n` } },
  ]);
  return { spaceId: space.id, fileId };
}

async function pagesWithBodies(spaceId: string): Promise<Page[]> {
  const pages = flattenPages(await mainPages(f.admin, spaceId));
  return Promise.all(pages.map(async (page) => (await call("GET", `/v1/spaces/${spaceId}/content/page/${page.id}`, { token: f.admin.token })).body as Page));
}

async function files(spaceId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}/content/files`, { token: f.admin.token });
  expect(response.status).toBe(200);
  return response.body.items as Array<{ id: string; name: string; downloadURL: string }>;
}

const blobOf = (downloadURL: string) => new URL(downloadURL).pathname;

describe("a space as a template", () => {
  it("copies its live pages and files after the target's own, with the same ids, sharing every body and the file's bytes", async () => {
    const source = await sourceSpace();
    const target = await createSpace(f.admin, orgId, { title: "Target" });
    await commitToMain(f.admin, target.id, [{ operation: "insert_page", title: "Guide", document: { markdown: "The target's own guide.\n" } }]);
    await applied(f.edit, target.id, { id: source.spaceId });

    const copied = await pagesWithBodies(target.id);
    const original = await pagesWithBodies(source.spaceId);
    expect(copied.map((page) => [page.path, page.title])).toEqual([
      ["guide", "Guide"],
      ["guide-2", "Guide"],
      ["guide-2/setup", "Setup"],
      ["plain", "Plain"],
    ]);
    // Same ids and the very same stored bodies: nothing was rewritten or stored again.
    expect(copied.slice(1).map((page) => [page.id, page.documentId, page.markdown])).toEqual(original.map((page) => [page.id, page.documentId, page.markdown]));
    const [copiedFile] = await files(target.id);
    const [originalFile] = await files(source.spaceId);
    expect(copiedFile).toMatchObject({ id: source.fileId, name: "diagram.png" });
    expect(blobOf(copiedFile!.downloadURL)).toBe(blobOf(originalFile!.downloadURL));
    // Links inside the copy resolve within the target.
    const links = await call("GET", `/v1/spaces/${target.id}/links`, { token: f.admin.token });
    expect(links.body.stats.broken.total).toBe(0);
    // The source is unchanged.
    expect(original.map((page) => page.path)).toEqual(["guide", "guide/setup", "plain"]);
  });

  it("applied to a space that has the same ids (itself), gives the copies new ids and rewrites only the bodies that link to them", async () => {
    const source = await sourceSpace();
    const before = await pagesWithBodies(source.spaceId);
    await applied(f.admin, source.spaceId, { id: source.spaceId });
    const after = await pagesWithBodies(source.spaceId);
    expect(after.map((page) => page.path)).toEqual(["guide", "guide/setup", "plain", "guide-2", "guide-2/setup", "plain-2"]);
    expect(after.slice(0, 3)).toEqual(before);
    const [guide, setup, plain] = after.slice(3);
    expect(new Set([guide!.id, setup!.id, plain!.id, ...before.map((page) => page.id)]).size).toBe(6);
    const fileIds = (await files(source.spaceId)).map((file) => file.id);
    expect(fileIds).toHaveLength(2);
    const copiedFile = fileIds.find((id) => id !== source.fileId)!;
    expect(guide!.markdown).toBe(`See [setup](/pages/${setup!.id}) and ![diagram](/files/${copiedFile}).\n`);
    expect(setup!.markdown).toBe(`Back to the [guide](/pages/${guide!.id}).\n`);
    // A body that links to nothing renamed is still the shared one.
    expect(plain!.documentId).toBe(before[2]!.documentId);
    expect(guide!.documentId).not.toBe(before[0]!.documentId);
  });

  it("is copied into a change request, and by createChangeRequest's template", async () => {
    const source = await sourceSpace();
    const target = await createSpace(f.admin, orgId);
    const changeRequest = await createChangeRequest(f.admin, target.id);
    await applied(f.admin, target.id, { id: source.spaceId, changeRequestId: changeRequest.id });
    const titles = (pages: Awaited<ReturnType<typeof changeRequestPages>>) => flattenPages(pages).map((page) => page.title);
    expect(titles(await changeRequestPages(f.admin, target.id, changeRequest.id))).toEqual(["Guide", "Setup", "Plain"]);
    const created = await call("POST", `/v1/spaces/${target.id}/change-requests`, { token: f.admin.token, body: { template: { id: source.spaceId } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(titles(await changeRequestPages(f.admin, target.id, created.body.id))).toEqual(["Guide", "Setup", "Plain"]);
    expect(await mainPages(f.admin, target.id)).toEqual([]);
  });

  it("is refused (400 naming the id) when it is another organization's, deleted, or empty, and takes no references", async () => {
    const target = await createSpace(f.admin, orgId);
    const elsewhere = await createOrganization(f.admin);
    const foreign = await createSpace(f.admin, elsewhere.id, { title: "Foreign" });
    await commitToMain(f.admin, foreign.id, [{ operation: "insert_page", title: "Secret", document: { markdown: "x\n" } }]);
    // Another organization's space reads exactly like an id that names nothing.
    expect(errorMessage(await applyTemplate(f.admin, target.id, { id: foreign.id }), 400)).toMatch(new RegExp(`'id': no template '${foreign.id}'`));
    const source = await sourceSpace();
    expect(errorMessage(await applyTemplate(f.admin, target.id, { id: source.spaceId, params: { contentRefs: { logo: { kind: "url", url: "https://e.com" } } } }), 400)).toMatch(
      /'params\.contentRefs\.logo': a space used as a template takes no references/,
    );
    const empty = await createSpace(f.admin, orgId, { title: "Empty" });
    expect(errorMessage(await applyTemplate(f.admin, target.id, { id: empty.id }), 400)).toMatch(/'id': template '.*' has no content to apply/);
    await call("DELETE", `/v1/spaces/${source.spaceId}`, { token: f.admin.token });
    expect(errorMessage(await applyTemplate(f.admin, target.id, { id: source.spaceId }), 400)).toMatch(/no template/);
    expect(await mainPages(f.admin, target.id)).toEqual([]);
  });
});

describe("the coordinator's side", () => {
  it("creates a change request with a template once, however many times the same call is delivered", async () => {
    const space = await createSpace(f.admin, orgId);
    const changeRequestId = crypto.randomUUID().replace(/-/g, "").slice(0, 20);
    const coordinator = env.SPACE_COORDINATOR.get(env.SPACE_COORDINATOR.idFromName(space.id)) as DurableObjectStub<SpaceCoordinator>;
    const input = {
      spaceId: space.id,
      organizationId: orgId,
      callerId: f.admin.id,
      now: new Date().toISOString(),
      source: { kind: "catalogue" as const, id: "blank", contentRefs: {} },
      target: { kind: "new-change-request" as const, changeRequestId, subject: "Once" },
      field: { id: "template.id", contentRefs: "template.params.contentRefs" },
    };
    const first = await coordinator.applyTemplate(input);
    const second = await coordinator.applyTemplate(input);
    expect(first.ok && second.ok).toBe(true);
    expect(second.ok && first.ok && second.value.revisionId).toBe(first.ok && first.value.revisionId);
    const list = await call("GET", `/v1/spaces/${space.id}/change-requests?status=draft`, { token: f.admin.token });
    expect(list.body.items.map((item: { id: string; number: number }) => [item.id, item.number])).toEqual([[changeRequestId, 1]]);
    expect((await changeRequestPages(f.admin, space.id, changeRequestId)).map((page) => page.title)).toEqual(["Untitled"]);
  });
});
