import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createSpace, createdPage } from "../../helpers/content";
import { gitbookClient, gitbookClient0146 } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { PETSTORE_30_YAML, createSpec, runQueuedSpecJobs, uniqueSlug } from "../../helpers/openapi";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { type Page, f, orgId, read, spaceContentPath, useSuiteFixture } from "../../helpers/suites/content";

/**
 * Computed content without a page (GitBook's getComputedDocument, getComputedRevision): parts of
 * the reference generated from an OpenAPI spec of the organization, and its pages with ids from a
 * seed; any other source type is a 400 naming `source.type`.
 */

useSuiteFixture();

type Source = { type: string; dependencies?: unknown; props: Record<string, unknown> };

describe("computed content", () => {
  let spaceId: string;
  let slug: string;

  const openAPI = (props: Record<string, unknown>, spec = slug): Source => ({ type: "builtin:openapi", dependencies: { spec: { ref: { kind: "openapi", spec } } }, props });
  const computeDocument = (source: Source, seed = "seed", token = f.read.token) =>
    call("POST", `/v1/spaces/${spaceId}/content/computed/document`, { token, body: { source, seed } });
  const computeRevision = (source: Source, seed = "seed", token = f.read.token) =>
    call("POST", `/v1/spaces/${spaceId}/content/computed/revision`, { token, body: { source, seed } });
  const text = (body: unknown) => JSON.stringify(body);

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Computed" })).id;
    slug = (await createSpec(f.admin.token, orgId, { text: PETSTORE_30_YAML }, uniqueSlug("computed"))).slug;
    await runQueuedSpecJobs();
  }, 60_000);

  it("getComputedDocument: a tag's operations, valid in both specs", async () => {
    const response = await computeDocument(openAPI({ doc: "operations", page: "pets" }));
    expect(response.status, text(response.body)).toBe(200);
    expect(response.body.object).toBe("document");
    for (const operation of ["GET /pets", "POST /pets", "GET /pets/{petId}"]) expect(text(response.body)).toContain(operation);
    expectSpecResponse("getComputedDocument", 200, response.body);
    expectSpec0146Response("getComputedDocument", 200, response.body);
    // The tag by its page's slug, and 0.202's `tag`, are the same part.
    expect((await computeDocument(openAPI({ doc: "tag", page: "pets" }))).body).toEqual(response.body);
  });

  it("one operation by method and path, the API's info, and the models", async () => {
    const operation = await computeDocument(openAPI({ doc: "operation", page: "/pets/{petId}", method: "get" }));
    expect(operation.status, text(operation.body)).toBe(200);
    expect(text(operation.body)).toContain("GET /pets/{petId}");
    expect(text(operation.body)).not.toContain("POST /pets");
    const info = await computeDocument(openAPI({ doc: "info", page: "overview" }));
    expect(text(info.body)).toContain("Swagger Petstore");
    const models = await computeDocument(openAPI({ doc: "models" }));
    for (const name of ["Pet", "Pets", "Error"]) expect(text(models.body)).toContain(name);
    for (const body of [operation.body, info.body, models.body]) expectSpecResponse("getComputedDocument", 200, body);
  });

  it("takes the source a computed page read gives back (its dependency resolved)", async () => {
    const edit = await commitToMain(f.admin, spaceId, [{ operation: "insert_page", ref: "api", title: "API", document: {}, computed: openAPI({ models: false }) }]);
    const page = await read<Page & { computed: Source }>(f.read, `${spaceContentPath(spaceId)}/page/${createdPage(edit, "api")}`);
    expect(page.computed.dependencies).toMatchObject({ spec: { value: { object: "openapi-spec", slug } } });
    const revision = await computeRevision({ ...page.computed, props: { models: false } });
    expect(revision.status, text(revision.body)).toBe(200);
    const document = await computeDocument({ ...page.computed, props: { doc: "operations", page: "pets" } });
    expect(document.status, text(document.body)).toBe(200);
  });

  it("refuses any other source type with a 400 naming source.type, and bad props or seed naming them", async () => {
    for (const type of ["integration:weather:forecast", "builtin:translation"]) {
      const refused = await computeDocument({ type, props: {} });
      expect(errorMessage(refused, 400)).toMatch(/^Invalid body field 'source\.type': must be 'builtin:openapi'/);
      expect(errorMessage(await computeRevision({ type, props: {} }), 400)).toMatch(/'source\.type'/);
    }
    expect(errorMessage(await computeDocument(openAPI({ doc: "everything" })), 400)).toMatch(/'source\.props\.doc'/);
    expect(errorMessage(await computeDocument(openAPI({ doc: "operation", page: "/pets" })), 400)).toMatch(/'source\.props\.method'/);
    expect(errorMessage(await computeRevision(openAPI({ grouping: "by-tag" })), 400)).toMatch(/'source\.props\.models'/);
    const noSeed = await call("POST", `/v1/spaces/${spaceId}/content/computed/document`, { token: f.read.token, body: { source: openAPI({ doc: "models" }) } });
    expect(errorMessage(noSeed, 400)).toMatch(/'seed'/);
  });

  it("a spec, tag or operation that is not there is a 404; so is a spec without a version yet", async () => {
    expect(errorMessage(await computeDocument(openAPI({ doc: "models" }, "no-such-spec")), 404)).toBe("OpenAPI spec 'no-such-spec' not found");
    expect(errorMessage(await computeDocument(openAPI({ doc: "operations", page: "cats" })), 404)).toMatch(/Tag 'cats'/);
    expect(errorMessage(await computeDocument(openAPI({ doc: "operation", page: "/pets", method: "delete" })), 404)).toMatch(/DELETE \/pets/);
    const pending = (await createSpec(f.admin.token, orgId, { text: PETSTORE_30_YAML }, uniqueSlug("pending"))).slug;
    expect(errorMessage(await computeRevision(openAPI({ models: true }, pending)), 404)).toMatch(/processed version/);
    // Another organization's spec of the same slug is not this space's to compute from.
    const elsewhere = (await createSpace(f.outsider, f.outsiderOrganization.id)).id;
    const outside = await call("POST", `/v1/spaces/${elsewhere}/content/computed/document`, { token: f.outsider.token, body: { source: openAPI({ doc: "models" }), seed: "s" } });
    expect(errorMessage(outside, 404)).toBe(`OpenAPI spec '${slug}' not found`);
  });

  it("getComputedRevision: a page per tag and a Models page, ids from the seed, valid in both specs", async () => {
    const response = await computeRevision(openAPI({ models: true }), "reference-1");
    expect(response.status, text(response.body)).toBe(200);
    const { pages, files, reusableContents } = response.body as { pages: Page[]; files: unknown[]; reusableContents: unknown[] };
    expect(pages.map((page) => [page.title, page.path])).toEqual([
      ["pets", "pets"],
      ["Models", "models"],
    ]);
    expect(pages[0]!.markdown).toContain("GET /pets/{petId}");
    expect(files).toEqual([]);
    expect(reusableContents).toEqual([]);
    expectSpecResponse("getComputedRevision", 200, response.body);
    expectSpec0146Response("getComputedRevision", 200, response.body);
    const again = await computeRevision(openAPI({ models: true }), "reference-1");
    expect(again.body.pages.map((page: Page) => page.id)).toEqual(pages.map((page) => page.id));
    const reseeded = await computeRevision(openAPI({ models: true }), "reference-2");
    expect(reseeded.body.pages.map((page: Page) => page.id)).not.toContain(pages[0]!.id);
    const byOperation = await computeRevision(openAPI({ models: false, grouping: "by-operation" }));
    expect(byOperation.body.pages.map((page: Page) => page.title)).toEqual(["List all pets", "Create a pet", "Info for a specific pet"]);
  });

  it("through GitBook's clients, 0.202 and 0.146", async () => {
    const source = openAPI({ doc: "operations", page: "pets" });
    const client = gitbookClient(f.read);
    expect((await client.spaces.getComputedDocument(spaceId, { source: source as never, seed: "client" })).data.object).toBe("document");
    expect((await client.spaces.getComputedRevision(spaceId, { source: openAPI({ models: false }) as never, seed: "client" })).data.pages).toHaveLength(1);
    const old = gitbookClient0146(f.read);
    expect((await old.spaces.getComputedDocument(spaceId, { source: source as never, seed: "client" })).data.nodes.length).toBeGreaterThan(0);
    await expect(old.spaces.getComputedRevision(spaceId, { source: { type: "integration:a:b", props: {} } as never, seed: "client" })).rejects.toMatchObject({ code: 400 });
  });

  it("is for whoever may read the space: a 404 to an outsider and a guest, a 401 without a token", async () => {
    await inParallel(["outsider", "guest"] as const, async (who) => {
      errorMessage(await computeDocument(openAPI({ doc: "models" }), "s", f[who].token), 404);
      errorMessage(await computeRevision(openAPI({ models: false }), "s", f[who].token), 404);
    });
    errorMessage(await call("POST", `/v1/spaces/${spaceId}/content/computed/document`, { body: { source: openAPI({ doc: "models" }), seed: "s" } }), 401);
  });
});
