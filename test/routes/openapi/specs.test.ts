import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, createOrganization, createUser, organizationWithEveryRole } from "../../helpers/fixtures";
import { errorMessage } from "../../helpers/http";
import { inParallel, walkList } from "../../helpers/lists";
import {
  PETSTORE_30_YAML,
  PETSTORE_31_JSON,
  createSpec,
  getSpec,
  runQueuedSpecJobs,
  runSpecJobs,
  specCall,
  specPath,
  specQueue,
  specsPath,
  uniqueSlug,
} from "../../helpers/openapi";
import { expectSpecResponse } from "../../helpers/spec";

/**
 * /v1/orgs/{organizationId}/openapi[/{specSlug}]: create, list, get, PUT, PATCH, DELETE. Storage is
 * shared by the tests of this file: every test makes its own organizations and slugs.
 */

async function newOrganization() {
  const admin = await createUser("openapi-admin");
  const organization = await createOrganization(admin);
  return { admin, organizationId: organization.id as string };
}

const blobKeys = async (specId: string) => (await env.BLOBS.list({ prefix: `openapi/${specId}/` })).objects.map((object) => object.key);

describe("POST /v1/orgs/{organizationId}/openapi", () => {
  it("creates a URL-sourced spec (201, pending, GitBook's shape) and queues its processing", async () => {
    const { admin, organizationId } = await newOrganization();
    specQueue.take();
    const slug = uniqueSlug("petstore");
    const spec = await createSpec(admin.token, organizationId, { url: "https://api.example.com/openapi.yaml" }, slug);
    expect(spec).toEqual({
      object: "openapi-spec",
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: spec.createdAt,
      slug,
      sourceURL: "https://api.example.com/openapi.yaml",
      processingState: "pending",
      visibility: "private",
      lastProcessedErrorCount: 0,
      permissions: { view: true, edit: true },
      urls: {
        location: `https://docs.test/v1/orgs/${organizationId}/openapi/${slug}`,
        app: `https://docs.test/o/${organizationId}/openapi/${slug}`,
      },
    });
    expect(specQueue.take()).toEqual([{ kind: "openapi.process", specId: spec.id, generation: 1 }]);
    expect(await getSpec(admin.token, organizationId, slug)).toEqual(spec);
  });

  it("creates a text-sourced spec, storing the text once in R2 until it is processed", async () => {
    const { admin, organizationId } = await newOrganization();
    const spec = await createSpec(admin.token, organizationId, { text: PETSTORE_30_YAML });
    expect(spec.sourceURL).toBeUndefined();
    const keys = await blobKeys(spec.id);
    expect(keys).toHaveLength(1);
    expect(await (await env.BLOBS.get(keys[0]!))!.text()).toBe(PETSTORE_30_YAML);
    await runQueuedSpecJobs();
    const processed = await getSpec(admin.token, organizationId, spec.slug);
    expect(processed).toMatchObject({ processingState: "complete", lastVersion: expect.any(String), lastProcessedErrorCount: 0 });
    // The version's content is the same object as the text source.
    expect(await blobKeys(spec.id)).toEqual(keys);
  });

  it("refuses a slug taken in the organization (409), and allows it in another organization", async () => {
    const { admin, organizationId } = await newOrganization();
    const other = await newOrganization();
    const slug = uniqueSlug();
    await createSpec(admin.token, organizationId, { text: PETSTORE_31_JSON }, slug);
    const again = await specCall("POST", specsPath(organizationId), { token: admin.token, body: { slug, source: { text: PETSTORE_31_JSON } } });
    expect(errorMessage(again, 409)).toContain(`'${slug}' already exists`);
    await createSpec(other.admin.token, other.organizationId, { text: PETSTORE_31_JSON }, slug);
    const { count } = (await specCall("GET", specsPath(organizationId), { token: admin.token })).body;
    expect(count).toBe(1);
  });

  it("refuses bad bodies (400) naming the field and the limit, creating nothing", async () => {
    const { admin, organizationId } = await newOrganization();
    specQueue.take();
    const bad: Array<[unknown, RegExp]> = [
      [{ slug: "has space", source: { url: "https://a.example.com/x" } }, /slug/],
      [{ slug: "-leading", source: { url: "https://a.example.com/x" } }, /slug/],
      [{ slug: "double--dash", source: { url: "https://a.example.com/x" } }, /slug/],
      [{ slug: "a".repeat(101), source: { url: "https://a.example.com/x" } }, /slug.*100/],
      [{ slug: "", source: { url: "https://a.example.com/x" } }, /slug/],
      [{ slug: "ok", source: { url: "ftp://a.example.com/x" } }, /source/],
      [{ slug: "ok", source: { url: `https://a.example.com/${"x".repeat(2048)}` } }, /source/],
      [{ slug: "ok", source: { text: "" } }, /source/],
      [{ slug: "ok", source: { url: "https://a.example.com/x", text: "both" } }, /source/],
      [{ slug: "ok", source: {} }, /source/],
      [{ slug: "ok" }, /source/],
      [{ source: { text: "x" } }, /slug/],
      [{ slug: "ok", source: { text: "x" }, visibility: "public" }, /visibility/],
    ];
    await inParallel(bad, async ([body, field]) => {
      expect(errorMessage(await specCall("POST", specsPath(organizationId), { token: admin.token, body }), 400)).toMatch(field);
    });
    expect((await specCall("GET", specsPath(organizationId), { token: admin.token })).body.count).toBe(0);
    expect(specQueue.take()).toEqual([]);
  });

  it("lets create and admin create, refuses the lower roles and guests (403), others 404, no token 401", async () => {
    const f = await organizationWithEveryRole();
    const orgId = f.organization.id;
    await createSpec(f.create.token, orgId, { text: PETSTORE_31_JSON });
    for (const role of ["review", "edit", "comment", "read", "guest"] as const) {
      const response = await specCall("POST", specsPath(orgId), { token: f[role].token, body: { slug: uniqueSlug(), source: { text: PETSTORE_31_JSON } } });
      expect(errorMessage(response, 403)).toContain("'create'");
    }
    errorMessage(await specCall("POST", specsPath(orgId), { token: f.outsider.token, body: { slug: uniqueSlug(), source: { text: "x" } } }), 404);
    errorMessage(await specCall("POST", specsPath(orgId), { body: { slug: uniqueSlug(), source: { text: "x" } } }), 401);
    expect((await specCall("GET", specsPath(orgId), { token: f.admin.token })).body.count).toBe(1);
  });
});

describe("GET /v1/orgs/{organizationId}/openapi and /{specSlug}", () => {
  it("lists the organization's specs by slug, page by page, never another organization's", async () => {
    const { admin, organizationId } = await newOrganization();
    const other = await newOrganization();
    await createSpec(other.admin.token, other.organizationId, { text: PETSTORE_31_JSON });
    const slugs = ["delta", "alpha", "charlie", "bravo", "echo"];
    for (const slug of slugs) await createSpec(admin.token, organizationId, { text: PETSTORE_31_JSON }, slug);
    for (const limit of [1, 2, 1000]) {
      const items = await walkList<{ slug: string }>(specsPath(organizationId), { limit }, { token: admin.token, operationId: "listOpenAPISpecs", expectedCount: 5 });
      expect(items.map((item) => item.slug)).toEqual([...slugs].sort());
    }
  });

  it("lets every role read (permissions: view true, edit from create up); guests 403; others and unknown slugs 404", async () => {
    const f = await organizationWithEveryRole();
    const orgId = f.organization.id;
    const spec = await createSpec(f.admin.token, orgId, { text: PETSTORE_31_JSON });
    for (const role of NON_ADMIN_ROLES) {
      const read = await getSpec(f[role].token, orgId, spec.slug);
      expect(read.permissions).toEqual({ view: true, edit: role === "create" });
      const list = await specCall("GET", specsPath(orgId), { token: f[role].token });
      expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([spec.id]);
    }
    expect(errorMessage(await specCall("GET", specPath(orgId, spec.slug), { token: f.guest.token }), 403)).toContain("'read'");
    errorMessage(await specCall("GET", specsPath(orgId), { token: f.guest.token }), 403);
    errorMessage(await specCall("GET", specPath(orgId, spec.slug), { token: f.outsider.token }), 404);
    errorMessage(await specCall("GET", specPath(orgId, spec.slug)), 401);
    expect(errorMessage(await specCall("GET", specPath(orgId, "no-such-spec"), { token: f.admin.token }), 404)).toBe("OpenAPI spec 'no-such-spec' not found");
    // The same slug in the outsider's own organization does not reach this one's spec.
    errorMessage(await specCall("GET", specPath(f.outsiderOrganization.id, spec.slug), { token: f.outsider.token }), 404);
    expect(errorMessage(await specCall("GET", specPath(orgId, "bad_slug!"), { token: f.admin.token }), 400)).toContain("specSlug");
    expect(errorMessage(await specCall("GET", `${specsPath(orgId)}?limit=1001`, { token: f.admin.token }), 400)).toContain("limit");
  });
});

describe("PUT /v1/orgs/{organizationId}/openapi/{specSlug}", () => {
  it("creates a spec under a new slug (201), then replaces its source (200), a new generation each time", async () => {
    const { admin, organizationId } = await newOrganization();
    specQueue.take();
    const slug = uniqueSlug();
    const created = await specCall("PUT", specPath(organizationId, slug), { token: admin.token, body: { source: { text: PETSTORE_31_JSON } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectSpecResponse("createOrUpdateOpenAPISpecBySlug", 201, created.body);
    expect(created.headers.get("location")).toBe(created.body.urls.location);
    const jobs = specQueue.take();
    expect(jobs).toEqual([{ kind: "openapi.process", specId: created.body.id, generation: 1 }]);
    await runSpecJobs(jobs);

    const updated = await specCall("PUT", specPath(organizationId, slug), { token: admin.token, body: { source: { url: "https://api.example.com/v2.json" } } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expectSpecResponse("createOrUpdateOpenAPISpecBySlug", 200, updated.body);
    expect(updated.body).toMatchObject({ id: created.body.id, slug, sourceURL: "https://api.example.com/v2.json", processingState: "pending" });
    // The last version stays until a new one is processed.
    expect(updated.body.lastVersion).toBeDefined();
    expect(specQueue.take()).toEqual([{ kind: "openapi.process", specId: created.body.id, generation: 2 }]);

    const back = await specCall("PUT", specPath(organizationId, slug), { token: admin.token, body: { source: { text: PETSTORE_30_YAML } } });
    expect(back.status).toBe(200);
    expect(back.body.sourceURL).toBeUndefined();
    expect(specQueue.take()).toEqual([{ kind: "openapi.process", specId: created.body.id, generation: 3 }]);
  });

  it("refuses bad bodies (400), lower roles (403), other organizations (404), no token (401), changing nothing", async () => {
    const f = await organizationWithEveryRole();
    const orgId = f.organization.id;
    const spec = await createSpec(f.admin.token, orgId, { text: PETSTORE_31_JSON });
    specQueue.take();
    const put = (token: string | undefined, body: unknown, slug = spec.slug) => specCall("PUT", specPath(orgId, slug), { token, body });
    expect(errorMessage(await put(f.admin.token, { source: { url: "nope" } }), 400)).toContain("source");
    expect(errorMessage(await put(f.admin.token, {}), 400)).toContain("source");
    expect(errorMessage(await put(f.admin.token, { source: { text: "x" } }, "bad--slug"), 400)).toContain("specSlug");
    for (const role of ["review", "edit", "comment", "read", "guest"] as const) {
      expect(errorMessage(await put(f[role].token, { source: { text: "changed" } }), 403)).toContain("'create'");
      errorMessage(await put(f[role].token, { source: { text: "new" } }, uniqueSlug()), 403);
    }
    errorMessage(await put(f.outsider.token, { source: { text: "changed" } }), 404);
    errorMessage(await put(undefined, { source: { text: "changed" } }), 401);
    expect(specQueue.take()).toEqual([]);
    const after = await getSpec(f.admin.token, orgId, spec.slug);
    expect(after).toEqual(spec);
    expect((await specCall("PUT", specPath(orgId, spec.slug), { token: f.create.token, body: { source: { text: PETSTORE_30_YAML } } })).status).toBe(200);
  });
});

describe("PATCH /v1/orgs/{organizationId}/openapi/{specSlug}", () => {
  it("makes a spec public (urls.published) and private again", async () => {
    const { admin, organizationId } = await newOrganization();
    const spec = await createSpec(admin.token, organizationId, { text: PETSTORE_31_JSON });
    const patch = (visibility: string) => specCall("PATCH", specPath(organizationId, spec.slug), { token: admin.token, body: { visibility } });
    const made = await patch("public");
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expectSpecResponse("updateOpenAPISpecBySlug", 200, made.body);
    expect(made.body.visibility).toBe("public");
    expect(made.body.urls.published).toBe(`https://docs.test/public/openapi/${organizationId}/${spec.slug}`);
    const back = await patch("private");
    expect(back.body.visibility).toBe("private");
    expect(back.body.urls.published).toBeUndefined();
    expect(errorMessage(await patch("secret"), 400)).toContain("visibility");
    expect(errorMessage(await specCall("PATCH", specPath(organizationId, spec.slug), { token: admin.token, body: {} }), 400)).toContain("visibility");
    expect(errorMessage(await specCall("PATCH", specPath(organizationId, "no-such"), { token: admin.token, body: { visibility: "public" } }), 404)).toContain("no-such");
  });

  it("refuses lower roles (403), other organizations (404) and no token (401)", async () => {
    const f = await organizationWithEveryRole();
    const orgId = f.organization.id;
    const spec = await createSpec(f.admin.token, orgId, { text: PETSTORE_31_JSON });
    for (const role of ["review", "edit", "comment", "read", "guest"] as const) {
      errorMessage(await specCall("PATCH", specPath(orgId, spec.slug), { token: f[role].token, body: { visibility: "public" } }), 403);
    }
    errorMessage(await specCall("PATCH", specPath(orgId, spec.slug), { token: f.outsider.token, body: { visibility: "public" } }), 404);
    errorMessage(await specCall("PATCH", specPath(orgId, spec.slug), { body: { visibility: "public" } }), 401);
    expect((await getSpec(f.admin.token, orgId, spec.slug)).visibility).toBe("private");
    expect((await specCall("PATCH", specPath(orgId, spec.slug), { token: f.create.token, body: { visibility: "public" } })).status).toBe(200);
  });
});

describe("DELETE /v1/orgs/{organizationId}/openapi/{specSlug}", () => {
  it("deletes the spec, its versions and their R2 objects (204), and 204 again when absent", async () => {
    const { admin, organizationId } = await newOrganization();
    const spec = await createSpec(admin.token, organizationId, { text: PETSTORE_31_JSON });
    await runQueuedSpecJobs();
    await specCall("PUT", specPath(organizationId, spec.slug), { token: admin.token, body: { source: { text: PETSTORE_30_YAML } } });
    await runQueuedSpecJobs();
    expect((await specCall("GET", `${specPath(organizationId, spec.slug)}/versions`, { token: admin.token })).body.count).toBe(2);
    expect(await blobKeys(spec.id)).toHaveLength(2);

    const deleted = await specCall("DELETE", specPath(organizationId, spec.slug), { token: admin.token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect(await blobKeys(spec.id)).toEqual([]);
    errorMessage(await specCall("GET", specPath(organizationId, spec.slug), { token: admin.token }), 404);
    errorMessage(await specCall("GET", `${specPath(organizationId, spec.slug)}/versions`, { token: admin.token }), 404);
    expect((await specCall("DELETE", specPath(organizationId, spec.slug), { token: admin.token })).status).toBe(204);
    // The slug is free again.
    await createSpec(admin.token, organizationId, { text: PETSTORE_31_JSON }, spec.slug);
  });

  it("refuses lower roles (403); another organization's delete is a 404 and the spec stays", async () => {
    const f = await organizationWithEveryRole();
    const orgId = f.organization.id;
    const spec = await createSpec(f.admin.token, orgId, { text: PETSTORE_31_JSON });
    for (const role of ["review", "edit", "comment", "read", "guest"] as const) {
      errorMessage(await specCall("DELETE", specPath(orgId, spec.slug), { token: f[role].token }), 403);
    }
    errorMessage(await specCall("DELETE", specPath(orgId, spec.slug), { token: f.outsider.token }), 404);
    errorMessage(await specCall("DELETE", specPath(orgId, spec.slug)), 401);
    // The outsider deleting the same slug in their own organization touches nothing here.
    expect((await specCall("DELETE", specPath(f.outsiderOrganization.id, spec.slug), { token: f.outsider.token })).status).toBe(204);
    await getSpec(f.admin.token, orgId, spec.slug);
    expect((await specCall("DELETE", specPath(orgId, spec.slug), { token: f.create.token })).status).toBe(204);
  });
});
