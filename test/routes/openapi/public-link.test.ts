import { describe, expect, it } from "vitest";
import { createOrganization, createUser } from "../../helpers/fixtures";
import { workerUnderTest } from "../../helpers/http";
import { PETSTORE_30_YAML, PETSTORE_31_JSON, createSpec, runQueuedSpecJobs, specCall, specPath } from "../../helpers/openapi";

/** A public spec's `urls.published`: its latest document, without a token, for any origin. */

async function publishedSpec(text: string) {
  const admin = await createUser("public-link");
  const organizationId = (await createOrganization(admin)).id as string;
  const spec = await createSpec(admin.token, organizationId, { text });
  await runQueuedSpecJobs();
  const made = await specCall("PATCH", specPath(organizationId, spec.slug), { token: admin.token, body: { visibility: "public" } });
  expect(made.status).toBe(200);
  return { admin, organizationId, spec: made.body };
}

const fetchPublic = (url: string, headers: Record<string, string> = {}, method = "GET") => workerUnderTest.fetch(url, { method, headers });

describe("the public link of a spec", () => {
  it("serves the latest YAML document without a token, with CORS for any origin and its content type", async () => {
    const { spec } = await publishedSpec(PETSTORE_30_YAML);
    const response = await fetchPublic(spec.urls.published, { origin: "https://someone-else.example" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/yaml; charset=utf-8");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.text()).toBe(PETSTORE_30_YAML);
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await fetchPublic(spec.urls.published, { "if-none-match": etag });
    expect(again.status).toBe(304);
    const preflight = await fetchPublic(spec.urls.published, { origin: "https://x.example", "access-control-request-method": "GET" }, "OPTIONS");
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("serves JSON as application/json, follows new versions, and answers 404 once private", async () => {
    const { admin, organizationId, spec } = await publishedSpec(PETSTORE_31_JSON);
    const first = await fetchPublic(spec.urls.published);
    expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await first.json()).toEqual(JSON.parse(PETSTORE_31_JSON));

    await specCall("PUT", specPath(organizationId, spec.slug), { token: admin.token, body: { source: { text: PETSTORE_30_YAML } } });
    await runQueuedSpecJobs();
    expect(await (await fetchPublic(spec.urls.published)).text()).toBe(PETSTORE_30_YAML);

    await specCall("PATCH", specPath(organizationId, spec.slug), { token: admin.token, body: { visibility: "private" } });
    const hidden = await fetchPublic(spec.urls.published);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { error: { code: number } }).error.code).toBe(404);
  });

  it("answers 404 for a public spec not processed yet, an unknown slug and another organization's id", async () => {
    const admin = await createUser("public-404");
    const organizationId = (await createOrganization(admin)).id as string;
    const spec = await createSpec(admin.token, organizationId, { text: PETSTORE_31_JSON });
    const made = await specCall("PATCH", specPath(organizationId, spec.slug), { token: admin.token, body: { visibility: "public" } });
    expect((await fetchPublic(made.body.urls.published)).status).toBe(404);
    await runQueuedSpecJobs();
    expect((await fetchPublic(made.body.urls.published)).status).toBe(200);
    const other = await createOrganization(admin);
    expect((await fetchPublic(made.body.urls.published.replace(organizationId, other.id))).status).toBe(404);
    expect((await fetchPublic(made.body.urls.published.replace(spec.slug, "no-such-spec"))).status).toBe(404);
  });
});
