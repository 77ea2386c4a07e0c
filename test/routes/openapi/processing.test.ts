import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createOrganization, createUser } from "../../helpers/fixtures";
import {
  PETSTORE_20_JSON,
  PETSTORE_30_YAML,
  PETSTORE_31_JSON,
  createSpec,
  getSpec,
  runSpecJobs,
  serving,
  specCall,
  specPath,
  specQueue,
} from "../../helpers/openapi";
import { expectSpecResponse } from "../../helpers/spec";

/**
 * The `openapi.process` queue job, run through the Worker's queue handler with a fetch double:
 * what it records on the spec for each kind of source, and that a redelivery changes nothing.
 */

async function newOrganization() {
  const admin = await createUser("processing");
  const organization = await createOrganization(admin);
  return { token: admin.token, organizationId: organization.id as string };
}

/** Creates a spec and returns it with the one job its creation queued. */
async function specWithJob(token: string, organizationId: string, source: { url: string } | { text: string }) {
  specQueue.take();
  const spec = await createSpec(token, organizationId, source);
  const jobs = specQueue.take();
  expect(jobs).toEqual([{ kind: "openapi.process", specId: spec.id, generation: 1 }]);
  return { spec, jobs };
}

async function versions(token: string, organizationId: string, slug: string) {
  const response = await specCall("GET", `${specPath(organizationId, slug)}/versions`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: Array<{ id: string; url: string }>; count: number };
}

describe("processing a spec", () => {
  it("records a version of a valid OpenAPI 3.1 JSON text (pending → complete)", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, jobs } = await specWithJob(token, organizationId, { text: PETSTORE_31_JSON });
    const result = await runSpecJobs(jobs);
    expect(result.explicitAcks).toHaveLength(1);
    const processed = await getSpec(token, organizationId, spec.slug);
    expect(processed).toMatchObject({ processingState: "complete", lastProcessedErrorCount: 0, lastProcessedAt: expect.any(String) });
    expect(processed.lastProcessErrorCode).toBeUndefined();
    expect(processed.lastProcessedErrors).toBeUndefined();
    const { items } = await versions(token, organizationId, spec.slug);
    expect(items.map((version) => version.id)).toEqual([processed.lastVersion]);
    const raw = await specCall("GET", `${specPath(organizationId, spec.slug)}/versions/latest/content/raw`, { token });
    expect(raw.body).toEqual({ text: PETSTORE_31_JSON, format: "json" });
  });

  it("fetches a Swagger 2.0 document from its URL through the guard, keeping its validators", async () => {
    const { token, organizationId } = await newOrganization();
    const url = "https://petstore.example.com/v2/swagger.json";
    const { spec, jobs } = await specWithJob(token, organizationId, { url });
    const server = serving({ [url]: () => new Response(PETSTORE_20_JSON, { headers: { "content-type": "application/json", etag: '"p1"' } }) });
    // While the job fetches, the spec reads as `progress`.
    const states: string[] = [];
    await runSpecJobs(jobs, async (request) => {
      states.push((await specCall("GET", specPath(organizationId, spec.slug), { token })).body.processingState);
      return server.handler(request);
    });
    expect(states).toEqual(["progress"]);
    expect(server.requests.map((request) => [request.method, request.url])).toEqual([["GET", url]]);
    // The first fetch is unconditional: there is no version to fall back on.
    expect(server.requests[0]!.headers.get("if-none-match")).toBeNull();
    const processed = await getSpec(token, organizationId, spec.slug);
    expect(processed).toMatchObject({ processingState: "complete", lastProcessedErrorCount: 0, lastVersion: expect.any(String) });
    const { items } = await versions(token, organizationId, spec.slug);
    expect(items).toHaveLength(1);
    expect(items[0]!.url).toBe(url);
    const content = await specCall("GET", `${specPath(organizationId, spec.slug)}/versions/latest/content`, { token });
    expect(content.body.filesystem).toEqual({ "swagger.json": JSON.parse(PETSTORE_20_JSON) });
  });

  it("records PARSE_ERROR with line and column for YAML with a syntax error, and keeps no version", async () => {
    const { token, organizationId } = await newOrganization();
    const broken = "openapi: 3.0.0\ninfo:\n  title: Broken\n  version: 1.0.0\npaths:\n  /pets:\n    get: [unclosed\n";
    const { spec, jobs } = await specWithJob(token, organizationId, { text: broken });
    await runSpecJobs(jobs);
    const processed = await getSpec(token, organizationId, spec.slug);
    expect(processed).toMatchObject({ processingState: "complete", lastProcessErrorCode: "PARSE_ERROR" });
    expect(processed.lastVersion).toBeUndefined();
    expect(processed.lastProcessedErrorCount).toBe(processed.lastProcessedErrors.length);
    expect(processed.lastProcessedErrors[0].message).toMatch(/^Line \d+, column \d+: .+ \(YAML syntax\)$/);
    expect((await versions(token, organizationId, spec.slug)).count).toBe(0);
    expect((await specCall("GET", `${specPath(organizationId, spec.slug)}/versions/latest`, { token })).status).toBe(404);
  });

  it("records PARSE_ERROR with line and column for broken JSON", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, jobs } = await specWithJob(token, organizationId, { text: '{\n  "openapi": "3.1.0",\n  "info" {}\n}' });
    await runSpecJobs(jobs);
    const processed = await getSpec(token, organizationId, spec.slug);
    expect(processed.lastProcessErrorCode).toBe("PARSE_ERROR");
    expect(processed.lastProcessedErrors).toEqual([{ code: "JSON_SYNTAX", message: expect.stringMatching(/^Line 3, column 10: .+ \(JSON syntax\)$/) }]);
  });

  it("records PARSE_ERROR with JSON pointers for JSON that is not an OpenAPI document", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, jobs } = await specWithJob(token, organizationId, { text: JSON.stringify({ name: "not a spec", items: [1, 2] }) });
    await runSpecJobs(jobs);
    const processed = await getSpec(token, organizationId, spec.slug);
    expect(processed).toMatchObject({ processingState: "complete", lastProcessErrorCode: "PARSE_ERROR", lastProcessedErrorCount: 1 });
    expect(processed.lastProcessedErrors[0].message).toMatch(/^\/: this is not an OpenAPI document/);

    // Structural errors name where they are.
    await specCall("PUT", specPath(organizationId, spec.slug), {
      token,
      body: { source: { text: JSON.stringify({ openapi: "3.0.3", info: { title: 1 }, paths: { pets: {}, "/a/{id}": { get: { summary: "no responses" } } } }) } },
    });
    await runSpecJobs(specQueue.take());
    const structural = await getSpec(token, organizationId, spec.slug);
    expect(structural.lastProcessedErrors.map((error: { message: string }) => error.message.split(":")[0])).toEqual([
      "/info/title",
      "/info/version",
      "/paths/pets",
      "/paths/~1a~1{id}/get/responses",
    ]);
    expect(structural.lastProcessedErrorCount).toBe(4);

    const wrongVersion = JSON.stringify({ openapi: "4.0.0", info: { title: "t", version: "1" }, paths: {} });
    await specCall("PUT", specPath(organizationId, spec.slug), { token, body: { source: { text: wrongVersion } } });
    await runSpecJobs(specQueue.take());
    expect((await getSpec(token, organizationId, spec.slug)).lastProcessedErrors[0].message).toBe('/openapi: must be a 3.0.x or 3.1.x version string (found "4.0.0")');
  });

  it("records FETCH_TIMEOUT when the URL does not answer in time", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, jobs } = await specWithJob(token, organizationId, { url: "https://slow.example.com/openapi.json" });
    const never = (request: Request) => new Promise<Response>((_resolve, reject) => request.signal.addEventListener("abort", () => reject(new Error("aborted"))));
    const started = Date.now();
    const result = await runSpecJobs(jobs, never, { OPENAPI_FETCH_TIMEOUT_SECONDS: "0.2" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.explicitAcks).toHaveLength(1);
    const processed = await getSpec(token, organizationId, spec.slug);
    expect(processed).toMatchObject({ processingState: "complete", lastProcessErrorCode: "FETCH_TIMEOUT", lastProcessedErrorCount: 1 });
    expect(processed.lastProcessedErrors[0].message).toContain("within 0.2 seconds");
  });

  it("records FETCH_ERROR for a redirect to a private address, without following it", async () => {
    const { token, organizationId } = await newOrganization();
    const url = "https://redirector.example.com/spec";
    const { spec, jobs } = await specWithJob(token, organizationId, { url });
    const server = serving({ [url]: () => new Response(null, { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }) });
    await runSpecJobs(jobs, server.handler);
    expect(server.requests.map((request) => request.url)).toEqual([url]);
    const processed = await getSpec(token, organizationId, spec.slug);
    expect(processed).toMatchObject({ processingState: "complete", lastProcessErrorCode: "FETCH_ERROR" });
    expect(processed.lastProcessedErrors[0].message).toContain("'169.254.169.254' is a link-local (cloud metadata) address");
  });

  it("records FETCH_ERROR for a localhost URL, and fetches it when ALLOW_PRIVATE_NETWORK is set", async () => {
    const { token, organizationId } = await newOrganization();
    const url = "http://localhost:4010/openapi.yaml";
    const { spec, jobs } = await specWithJob(token, organizationId, { url });
    const server = serving({ [url]: () => new Response(PETSTORE_30_YAML) });
    await runSpecJobs(jobs, server.handler);
    expect(server.requests).toEqual([]);
    expect((await getSpec(token, organizationId, spec.slug)).lastProcessErrorCode).toBe("FETCH_ERROR");

    await specCall("PUT", specPath(organizationId, spec.slug), { token, body: { source: { url } } });
    await runSpecJobs(specQueue.take(), server.handler, { ALLOW_PRIVATE_NETWORK: "true" });
    const processed = await getSpec(token, organizationId, spec.slug);
    expect(processed).toMatchObject({ processingState: "complete", lastProcessedErrorCount: 0, lastVersion: expect.any(String) });
    expect(processed.lastProcessErrorCode).toBeUndefined();
  });

  it("records FETCH_ERROR naming the status when the URL answers an error", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, jobs } = await specWithJob(token, organizationId, { url: "https://api.example.com/missing.json" });
    await runSpecJobs(jobs, serving({}).handler);
    const processed = await getSpec(token, organizationId, spec.slug);
    expect(processed.lastProcessErrorCode).toBe("FETCH_ERROR");
    expect(processed.lastProcessedErrors[0].message).toContain("answered HTTP 404");
  });

  it("creates one version for a duplicated or redelivered message", async () => {
    const { token, organizationId } = await newOrganization();
    const url = "https://api.example.com/dup.yaml";
    const { spec, jobs } = await specWithJob(token, organizationId, { url });
    const server = serving({ [url]: () => new Response(PETSTORE_30_YAML) });
    // The same message twice in one batch (they run concurrently), then redelivered later.
    const first = await runSpecJobs([jobs[0]!, jobs[0]!], server.handler);
    expect(first.explicitAcks).toHaveLength(2);
    const processed = await getSpec(token, organizationId, spec.slug);
    await runSpecJobs(jobs, server.handler);
    expect((await versions(token, organizationId, spec.slug)).count).toBe(1);
    const after = await getSpec(token, organizationId, spec.slug);
    expect(after).toEqual(processed);
    // The redelivery did not even fetch again.
    expect(server.requests.length).toBeLessThanOrEqual(2);
  });

  it("adds a version only when the content differs from the latest, newest first", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, jobs } = await specWithJob(token, organizationId, { text: PETSTORE_31_JSON });
    await runSpecJobs(jobs);
    const put = async (text: string) => {
      await specCall("PUT", specPath(organizationId, spec.slug), { token, body: { source: { text } } });
      await runSpecJobs(specQueue.take());
      return getSpec(token, organizationId, spec.slug);
    };
    const first = (await versions(token, organizationId, spec.slug)).items[0]!.id;
    const same = await put(PETSTORE_31_JSON);
    expect(same.lastVersion).toBe(first);
    expect(same.processingState).toBe("complete");
    const changed = await put(PETSTORE_30_YAML);
    expect(changed.lastVersion).not.toBe(first);
    const back = await put(PETSTORE_31_JSON);
    const listed = await versions(token, organizationId, spec.slug);
    expect(listed.items.map((version) => version.id)).toEqual([back.lastVersion, changed.lastVersion, first]);
    // The content is stored once per distinct text.
    expect((await env.BLOBS.list({ prefix: `openapi/${spec.id}/` })).objects).toHaveLength(2);
  });

  it("ignores a job for a deleted spec, and one superseded by a newer source", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, jobs } = await specWithJob(token, organizationId, { text: PETSTORE_31_JSON });
    await specCall("PUT", specPath(organizationId, spec.slug), { token, body: { source: { text: PETSTORE_30_YAML } } });
    const newer = specQueue.take();
    const logged = vi.spyOn(console, "log");
    await runSpecJobs(jobs);
    const results = logged.mock.calls.map(([line]) => JSON.parse(String(line))).filter((line) => line.message === "openapi spec processed");
    logged.mockRestore();
    expect(results.map((line) => line.result)).toEqual(["superseded"]);
    expect((await getSpec(token, organizationId, spec.slug)).processingState).toBe("pending");
    await runSpecJobs(newer);
    const content = await specCall("GET", `${specPath(organizationId, spec.slug)}/versions/latest/content/raw`, { token });
    expect(content.body.format).toBe("yaml");

    await specCall("DELETE", specPath(organizationId, spec.slug), { token });
    const result = await runSpecJobs(newer);
    expect(result.explicitAcks).toHaveLength(1);
    expect((await env.BLOBS.list({ prefix: `openapi/${spec.id}/` })).objects).toEqual([]);
  });

  it("answers every read in GitBook's shape once processed", async () => {
    const { token, organizationId } = await newOrganization();
    const { spec, jobs } = await specWithJob(token, organizationId, { text: PETSTORE_30_YAML });
    await runSpecJobs(jobs);
    const processed = await getSpec(token, organizationId, spec.slug);
    expectSpecResponse("getOpenAPISpecBySlug", 200, processed);
  });
});
