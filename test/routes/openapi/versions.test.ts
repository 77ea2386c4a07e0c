import { GitBookAPIError, OpenAPISpecVisibility } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { createOrganization, createUser, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { errorMessage } from "../../helpers/http";
import { walkList } from "../../helpers/lists";
import { PETSTORE_20_JSON, PETSTORE_30_YAML, PETSTORE_31_JSON, createSpec, getSpec, runQueuedSpecJobs, runSpecJobs, specCall, specPath, specQueue } from "../../helpers/openapi";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";

/** /v1/orgs/{organizationId}/openapi/{specSlug}/versions[/latest|/{versionId}][/content[/raw]]. */

async function newOrganization() {
  const admin = await createUser("versions");
  const organization = await createOrganization(admin);
  return { token: admin.token, organizationId: organization.id as string };
}

/** A spec with one version per text, in order; returns the spec and its version ids, oldest first. */
async function specWithVersions(token: string, organizationId: string, texts: string[]) {
  const spec = await createSpec(token, organizationId, { text: texts[0]! });
  await runQueuedSpecJobs();
  const ids = [(await getSpec(token, organizationId, spec.slug)).lastVersion as string];
  for (const text of texts.slice(1)) {
    await specCall("PUT", specPath(organizationId, spec.slug), { token, body: { source: { text } } });
    await runQueuedSpecJobs();
    ids.push((await getSpec(token, organizationId, spec.slug)).lastVersion);
  }
  return { spec, ids };
}

describe("versions", () => {
  it("lists versions newest first at every page size, each in GitBook's shape", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, ids } = await specWithVersions(token, organizationId, [PETSTORE_31_JSON, PETSTORE_30_YAML, PETSTORE_20_JSON]);
    expect(new Set(ids).size).toBe(3);
    for (const limit of [1, 2, 1000]) {
      const items = await walkList<{ id: string; url: string; urls: { location: string } }>(`${specPath(organizationId, spec.slug)}/versions`, { limit }, {
        token,
        operationId: "listOpenAPISpecVersions",
        expectedCount: 3,
      });
      expect(items.map((item) => item.id)).toEqual([...ids].reverse());
    }
  });

  it("gets the latest and any version by id, and their contents", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, ids } = await specWithVersions(token, organizationId, [PETSTORE_30_YAML, PETSTORE_31_JSON]);
    const base = `${specPath(organizationId, spec.slug)}/versions`;

    const latest = await specCall("GET", `${base}/latest`, { token });
    expect(latest.status).toBe(200);
    expectSpecResponse("getLatestOpenAPISpecVersion", 200, latest.body);
    expect(latest.body).toEqual({
      object: "openapi-spec-version",
      id: ids[1],
      createdAt: expect.any(String),
      url: `https://docs.test${base}/${ids[1]}/content`,
      urls: { location: `https://docs.test${base}/${ids[1]}` },
    });
    const first = await specCall("GET", `${base}/${ids[0]}`, { token });
    expectSpecResponse("getOpenAPISpecVersionById", 200, first.body);
    expect(first.body.id).toBe(ids[0]);

    const latestContent = await specCall("GET", `${base}/latest/content`, { token });
    expectSpecResponse("getLatestOpenAPISpecVersionContent", 200, latestContent.body);
    expectSpecSchema("OpenAPISpecContent", latestContent.body);
    expect(latestContent.body).toEqual({
      filesystem: { "openapi.json": JSON.parse(PETSTORE_31_JSON) },
      url: latest.body.url,
      urls: { source: latest.body.url, public: null },
    });
    const firstContent = await specCall("GET", `${base}/${ids[0]}/content`, { token });
    expectSpecResponse("getOpenAPISpecVersionContentById", 200, firstContent.body);
    const petstore = firstContent.body.filesystem["openapi.yaml"];
    expect(petstore.info.title).toBe("Swagger Petstore");
    expect(Object.keys(petstore.paths)).toEqual(["/pets", "/pets/{petId}"]);

    const raw = await specCall("GET", `${base}/latest/content/raw`, { token });
    expectSpecResponse("getLatestOpenAPISpecVersionContentRaw", 200, raw.body);
    expect(raw.body).toEqual({ text: PETSTORE_31_JSON, format: "json" });

    // Made public, the content carries the public link.
    await specCall("PATCH", specPath(organizationId, spec.slug), { token, body: { visibility: "public" } });
    const publicContent = await specCall("GET", `${base}/latest/content`, { token });
    expect(publicContent.body.urls.public).toBe(`https://docs.test/public/openapi/${organizationId}/${spec.slug}`);
  });

  it("answers 404 for a spec without versions, an unknown version, another spec's version and an unknown spec", async () => {
    const { token, organizationId } = await newOrganization();
    const unprocessed = await createSpec(token, organizationId, { text: PETSTORE_31_JSON });
    // Its job is dropped: it stays without a version.
    specQueue.take();
    const { spec: other, ids } = await specWithVersions(token, organizationId, [PETSTORE_30_YAML]);
    const base = (slug: string) => `${specPath(organizationId, slug)}/versions`;
    for (const path of ["/latest", "/latest/content", "/latest/content/raw"]) {
      expect(errorMessage(await specCall("GET", `${base(unprocessed.slug)}${path}`, { token }), 404)).toContain("Version 'latest'");
    }
    const empty = await specCall("GET", base(unprocessed.slug), { token });
    expect(empty.body).toEqual({ items: [], count: 0 });
    errorMessage(await specCall("GET", `${base(other.slug)}/no-such-version`, { token }), 404);
    errorMessage(await specCall("GET", `${base(other.slug)}/no-such-version/content`, { token }), 404);
    // A version id only works under its own spec.
    errorMessage(await specCall("GET", `${base(unprocessed.slug)}/${ids[0]}`, { token }), 404);
    expect(errorMessage(await specCall("GET", base("no-such-spec"), { token }), 404)).toBe("OpenAPI spec 'no-such-spec' not found");
    errorMessage(await specCall("GET", `${base("no-such-spec")}/latest`, { token }), 404);
    expect(errorMessage(await specCall("GET", `${base(other.slug)}?page=forged`, { token }), 400)).toContain("page");
  });

  it("is readable by every role from read up; guests 403; other organizations 404; no token 401", async () => {
    const f = await organizationWithEveryRole();
    const orgId = f.organization.id;
    const { spec, ids } = await specWithVersions(f.admin.token, orgId, [PETSTORE_31_JSON]);
    const paths = ["", "/latest", "/latest/content", "/latest/content/raw", `/${ids[0]}`, `/${ids[0]}/content`].map((path) => `${specPath(orgId, spec.slug)}/versions${path}`);
    for (const path of paths) {
      expect((await specCall("GET", path, { token: f.read.token })).status).toBe(200);
      expect(errorMessage(await specCall("GET", path, { token: f.guest.token }), 403)).toContain("'read'");
      errorMessage(await specCall("GET", path, { token: f.outsider.token }), 404);
      errorMessage(await specCall("GET", path), 401);
      // The same path under the outsider's own organization finds nothing.
      errorMessage(await specCall("GET", path.replace(orgId, f.outsiderOrganization.id), { token: f.outsider.token }), 404);
    }
  });
});

describe("OpenAPI specs through GitBook's official client", () => {
  it("creates, processes, reads, publishes, lists versions of and deletes a spec", async () => {
    const { token, organizationId } = await newOrganization();
    const client = gitbookClient({ token });
    const created = await client.orgs.createOpenApiSpec(organizationId, { slug: "petstore", source: { text: PETSTORE_30_YAML } });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: "openapi-spec", slug: "petstore", processingState: "pending" });
    await runSpecJobs([{ kind: "openapi.process", specId: created.data.id, generation: 1 }]);

    const { data: spec } = await client.orgs.getOpenApiSpecBySlug(organizationId, "petstore");
    expect(spec).toMatchObject({ processingState: "complete", lastVersion: expect.any(String), lastProcessedErrorCount: 0 });
    const { data: list } = await client.orgs.listOpenApiSpecs(organizationId);
    expect(list.items.map((item) => item.slug)).toEqual(["petstore"]);
    const { data: versionList } = await client.orgs.listOpenApiSpecVersions(organizationId, "petstore");
    expect(versionList.items.map((version) => version.id)).toEqual([spec.lastVersion]);
    const { data: latest } = await client.orgs.getLatestOpenApiSpecVersion(organizationId, "petstore");
    const { data: byId } = await client.orgs.getOpenApiSpecVersionById(organizationId, "petstore", latest.id);
    expect(byId).toEqual(latest);
    const { data: content } = await client.orgs.getLatestOpenApiSpecVersionContent(organizationId, "petstore");
    expect(Object.keys(content.filesystem)).toEqual(["openapi.yaml"]);
    const { data: contentById } = await client.orgs.getOpenApiSpecVersionContentById(organizationId, "petstore", latest.id);
    expect(contentById).toEqual(content);
    const { data: raw } = await client.orgs.getLatestOpenApiSpecVersionContentRaw(organizationId, "petstore");
    expect(raw).toEqual({ text: PETSTORE_30_YAML, format: "yaml" });

    const { data: published } = await client.orgs.updateOpenApiSpecBySlug(organizationId, "petstore", { visibility: OpenAPISpecVisibility.Public });
    expect(published.urls.published).toBe(`https://docs.test/public/openapi/${organizationId}/petstore`);

    const replaced = await client.orgs.createOrUpdateOpenApiSpecBySlug(organizationId, "petstore", { source: { url: "https://api.example.com/petstore.json" } });
    expect(replaced.status).toBe(200);
    const another = await client.orgs.createOrUpdateOpenApiSpecBySlug(organizationId, "second", { source: { text: PETSTORE_31_JSON } });
    expect(another.status).toBe(201);

    const conflict = await client.orgs.createOpenApiSpec(organizationId, { slug: "petstore", source: { text: PETSTORE_31_JSON } }).catch((error) => error);
    expect(conflict).toBeInstanceOf(GitBookAPIError);
    expect((conflict as GitBookAPIError).code).toBe(409);

    expect((await client.orgs.deleteOpenApiSpecBySlug(organizationId, "petstore")).status).toBe(204);
    const gone = await client.orgs.getOpenApiSpecBySlug(organizationId, "petstore").catch((error) => error);
    expect((gone as GitBookAPIError).code).toBe(404);
  });
});
