import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent } from "../../helpers/content";
import { addMember, createOrganization, createUser, gitbookClient, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { PETSTORE_31_JSON, PETSTORE_30_YAML, createSpec, getSpec, runQueuedSpecJobs, specCall, specPath, uniqueSlug } from "../../helpers/openapi";
import { expectSpecResponse } from "../../helpers/spec";

/** Pages computed from an OpenAPI spec (`builtin:openapi`), read through getPageById. */

const computedSource = (spec: string, grouping?: "by-tag" | "by-operation") => ({
  type: "builtin:openapi",
  dependencies: { spec: { ref: { kind: "openapi", spec } } },
  props: { models: true, ...(grouping ? { grouping } : {}) },
});

async function setUp(label: string) {
  const admin = await createUser(label);
  const organization = await createOrganization(admin);
  const organizationId = organization.id as string;
  const space = await createSpace(admin, organizationId);
  return { admin, organizationId, spaceId: space.id };
}

/** A processed spec of the organization (the Petstore 3.0 fixture unless told). */
async function processedSpec(user: TestUser, organizationId: string, text = PETSTORE_30_YAML) {
  const spec = await createSpec(user.token, organizationId, { text }, uniqueSlug("petstore"));
  await runQueuedSpecJobs();
  return (await getSpec(user.token, organizationId, spec.slug)) as { id: string; slug: string; lastVersion: string };
}

async function insertComputedPage(user: TestUser, spaceId: string, spec: string, grouping?: "by-tag" | "by-operation") {
  const edit = await commitToMain(user, spaceId, [
    { operation: "insert_page", ref: "reference", title: "API reference", document: {}, computed: computedSource(spec, grouping) },
  ]);
  return createdPage(edit, "reference");
}

const pagePath = (spaceId: string, pageId: string, query = "") => `/v1/spaces/${spaceId}/content/page/${pageId}${query}`;

describe("computed pages", () => {
  it("renders the Petstore as markdown by tag (computed=true, the default), in GitBook's shape and through the client", async () => {
    const { admin, organizationId, spaceId } = await setUp("computed-read");
    const spec = await processedSpec(admin, organizationId);
    const pageId = await insertComputedPage(admin, spaceId, spec.slug);

    const read = await call("GET", pagePath(spaceId, pageId), { token: admin.token });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expectSpecResponse("getPageById", 200, read.body);
    expect(read.body.type).toBe("document");
    expect(read.body.title).toBe("API reference");
    expect(read.body.markdown).toMatch(/^# pets\n/);
    expect(read.body.markdown).toContain("GET /pets");
    expect(read.body.markdown).toContain("POST /pets");
    expect(read.body.markdown).toContain("GET /pets/{petId}");
    expect(read.body.computed).toEqual({
      ...computedSource(spec.slug),
      dependencies: { spec: { ref: { kind: "openapi", spec: spec.slug }, value: { object: "openapi-spec", id: spec.id, slug: spec.slug, visibility: "private", lastVersion: spec.lastVersion } } },
    });

    const client = gitbookClient(admin);
    const throughClient = await client.spaces.getPageById(spaceId, pageId);
    expect((throughClient.data as { markdown?: string }).markdown).toBe(read.body.markdown);
    const asDocument = await client.spaces.getPageById(spaceId, pageId, { format: "document" });
    expectSpecResponse("getPageById", 200, asDocument.data);
    const text = JSON.stringify((asDocument.data as { document?: unknown }).document);
    expect(text).toContain("/pets/{petId}");
    expect((asDocument.data as { markdown?: string }).markdown).toBeUndefined();
  });

  it("groups one operation per section with props.grouping by-operation", async () => {
    const { admin, organizationId, spaceId } = await setUp("computed-by-operation");
    const spec = await processedSpec(admin, organizationId);
    const byTag = await insertComputedPage(admin, spaceId, spec.slug);
    const byOperation = await insertComputedPage(admin, spaceId, spec.slug, "by-operation");
    const [tagRead, operationRead] = await Promise.all([
      call("GET", pagePath(spaceId, byTag), { token: admin.token }),
      call("GET", pagePath(spaceId, byOperation), { token: admin.token }),
    ]);
    expect(operationRead.status).toBe(200);
    expectSpecResponse("getPageById", 200, operationRead.body);
    expect(operationRead.body.markdown).not.toBe(tagRead.body.markdown);
    expect(operationRead.body.markdown).not.toMatch(/^# pets\n/);
    expect(operationRead.body.markdown.match(/^# /gm)?.length).toBe(3);
  });

  it("returns the page as stored with computed=false, and lists it as stored", async () => {
    const { admin, organizationId, spaceId } = await setUp("computed-stored");
    const spec = await processedSpec(admin, organizationId);
    const edit = await commitToMain(admin, spaceId, [
      { operation: "insert_page", ref: "reference", title: "API reference", document: { markdown: "Stored introduction.\n" }, computed: computedSource(spec.slug) },
    ]);
    const pageId = createdPage(edit, "reference");
    const generated = await call("GET", pagePath(spaceId, pageId), { token: admin.token });
    expect(generated.body.markdown).toContain("GET /pets");
    expect(generated.body.markdown).not.toContain("Stored introduction.");
    const stored = await call("GET", pagePath(spaceId, pageId, "?computed=false"), { token: admin.token });
    expect(stored.status).toBe(200);
    expectSpecResponse("getPageById", 200, stored.body);
    expect(stored.body.type).toBe("computed");
    expect(stored.body.computed).toEqual(computedSource(spec.slug));
    expect(stored.body.markdown).toBe("Stored introduction.\n");

    const listed = await call("GET", `/v1/spaces/${spaceId}/content/pages`, { token: admin.token });
    expectSpecResponse("listPages", 200, listed.body);
    expect(listed.body.pages.find((page: { id: string }) => page.id === pageId)).toMatchObject({ type: "computed", computed: computedSource(spec.slug) });
  });

  it("reads a computed page of a change request before it is merged", async () => {
    const { admin, organizationId, spaceId } = await setUp("computed-change-request");
    const spec = await processedSpec(admin, organizationId);
    const changeRequest = await createChangeRequest(admin, spaceId);
    const edit = await editContent(admin, spaceId, changeRequest.id, [
      { operation: "insert_page", ref: "reference", title: "Reference", document: {}, computed: computedSource(spec.slug) },
    ]);
    const pageId = createdPage(edit, "reference");
    const read = await call("GET", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content/page/${pageId}`, { token: admin.token });
    expect(read.status).toBe(200);
    expectSpecResponse("getPageInChangeRequestById", 200, read.body);
    expect(read.body.markdown).toContain("GET /pets");
  });

  it("shows a new spec version's content, with a new ETag, and caches the generated reference per version", async () => {
    const { admin, organizationId, spaceId } = await setUp("computed-versions");
    const spec = await processedSpec(admin, organizationId);
    const pageId = await insertComputedPage(admin, spaceId, spec.slug);
    const first = await call("GET", pagePath(spaceId, pageId), { token: admin.token });
    expect(first.body.markdown).toContain("Info for a specific pet");
    const again = await call("GET", pagePath(spaceId, pageId), { token: admin.token, headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    const cached = await env.BLOBS.list({ prefix: `openapi/${spec.id}/computed/` });
    expect(cached.objects.map((object) => object.key)).toEqual([`openapi/${spec.id}/computed/v1/${spec.lastVersion}/by-tag.md`]);
    // Once made, the reference is read from its cache: the spec's own text is no longer needed.
    const texts = (await env.BLOBS.list({ prefix: `openapi/${spec.id}/` })).objects.filter((object) => !object.key.includes("/computed/"));
    expect(texts.length).toBeGreaterThan(0);
    const saved = await Promise.all(texts.map(async (object) => [object.key, await (await env.BLOBS.get(object.key))!.arrayBuffer()] as const));
    await env.BLOBS.delete(texts.map((object) => object.key));
    const fromCache = await call("GET", pagePath(spaceId, pageId), { token: admin.token });
    expect(fromCache.status).toBe(200);
    expect(fromCache.body.markdown).toBe(first.body.markdown);
    for (const [key, bytes] of saved) await env.BLOBS.put(key, bytes);

    await specCall("PUT", specPath(organizationId, spec.slug), { token: admin.token, body: { source: { text: PETSTORE_31_JSON } } });
    await runQueuedSpecJobs();
    const updated = await getSpec(admin.token, organizationId, spec.slug);
    expect(updated.lastVersion).not.toBe(spec.lastVersion);
    const second = await call("GET", pagePath(spaceId, pageId), { token: admin.token, headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(second.status).toBe(200);
    expect(second.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect(second.body.markdown).toContain("List all pets");
    expect(second.body.markdown).not.toContain("Info for a specific pet");
    expect(second.body.computed.dependencies.spec.value.lastVersion).toBe(updated.lastVersion);
  });

  it("returns the page as stored, its spec resolved to null, when the spec does not exist (or was deleted)", async () => {
    const { admin, organizationId, spaceId } = await setUp("computed-missing");
    const spec = await processedSpec(admin, organizationId);
    const missing = await insertComputedPage(admin, spaceId, "no-such-spec");
    const read = await call("GET", pagePath(spaceId, missing), { token: admin.token });
    expect(read.status).toBe(200);
    expectSpecResponse("getPageById", 200, read.body);
    expect(read.body.type).toBe("computed");
    expect(read.body.computed.dependencies.spec).toEqual({ ref: { kind: "openapi", spec: "no-such-spec" }, value: null });
    expect(read.body.markdown).toBe("");

    // A spec not processed yet: the page as stored, its dependency resolved to the spec.
    const pending = await createSpec(admin.token, organizationId, { text: PETSTORE_30_YAML }, uniqueSlug("pending"));
    const waiting = await call("GET", pagePath(spaceId, await insertComputedPage(admin, spaceId, pending.slug)), { token: admin.token });
    expectSpecResponse("getPageById", 200, waiting.body);
    expect(waiting.body.type).toBe("computed");
    expect(waiting.body.computed.dependencies.spec.value).toEqual({ object: "openapi-spec", id: pending.id, slug: pending.slug, visibility: "private" });

    const pageId = await insertComputedPage(admin, spaceId, spec.slug);
    expect((await call("GET", pagePath(spaceId, pageId), { token: admin.token })).body.type).toBe("document");
    const deleted = await specCall("DELETE", specPath(organizationId, spec.slug), { token: admin.token });
    expect([204, 205]).toContain(deleted.status);
    const afterDelete = await call("GET", pagePath(spaceId, pageId), { token: admin.token });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.body.type).toBe("computed");
    expect(afterDelete.body.computed.dependencies.spec.value).toBeNull();
    expect((await env.BLOBS.list({ prefix: `openapi/${spec.id}/` })).objects).toEqual([]);
  });

  it("does not resolve a spec of another organization with the same slug", async () => {
    const { admin, spaceId } = await setUp("computed-other-org");
    const stranger = await createUser("computed-stranger");
    const otherOrganization = await createOrganization(stranger);
    const foreign = await processedSpec(stranger, otherOrganization.id as string);
    const pageId = await insertComputedPage(admin, spaceId, foreign.slug);
    const read = await call("GET", pagePath(spaceId, pageId), { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.body.computed.dependencies.spec.value).toBeNull();
    expect((await call("GET", pagePath(spaceId, pageId), { token: stranger.token })).status).toBe(404);
    expect((await call("GET", pagePath(spaceId, pageId))).status).toBe(401);
  });

  it("lets any reader of the space read the computed content", async () => {
    const { admin, organizationId, spaceId } = await setUp("computed-reader");
    const spec = await processedSpec(admin, organizationId);
    const pageId = await insertComputedPage(admin, spaceId, spec.slug);
    const reader = await createUser("computed-reader-member");
    await addMember(admin, organizationId, reader, "read");
    const read = await call("GET", pagePath(spaceId, pageId), { token: reader.token });
    expect(read.status).toBe(200);
    expect(read.body.markdown).toContain("GET /pets");
  });

  it("rejects a malformed computed source with a 400 naming the field, changing nothing", async () => {
    const { admin, spaceId } = await setUp("computed-invalid");
    const changeRequest = await createChangeRequest(admin, spaceId);
    const cases: Array<[unknown, string]> = [
      [{ ...computedSource("petstore"), type: "builtin:translation" }, "computed.type"],
      [computedSource("not a slug"), "computed.dependencies.spec.ref.spec"],
      [{ ...computedSource("petstore"), props: { grouping: "by-tag" } }, "computed.props.models"],
      [{ ...computedSource("petstore"), props: { models: true, grouping: "by-path" } }, "computed.props.grouping"],
    ];
    for (const [computed, field] of cases) {
      const response = await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content`, {
        token: admin.token,
        body: { changes: [{ operation: "insert_page", title: "Reference", document: {}, computed }] },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(errorMessage(response, 400)).toContain(field);
    }
    const pages = await call("GET", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content/pages`, { token: admin.token });
    expect(pages.body.pages).toEqual([]);
  });
});
