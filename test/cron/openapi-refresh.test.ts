import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { LOST_JOB_MINUTES } from "../../src/cron/refresh-openapi-specs";
import { createOrganization, createUser } from "../helpers/fixtures";
import { PETSTORE_30_YAML, PETSTORE_31_JSON, createSpec, getSpec, recordingQueue, runSpecJobs, specCall, specPath, specQueue } from "../helpers/openapi";

/**
 * The cron's refresh of URL-sourced OpenAPI specs (src/cron/refresh-openapi-specs.ts): conditional
 * requests with the last answer's validators; a new version only when upstream changed.
 */

const MINUTE = 60 * 1000;
const interval = Number(env.OPENAPI_REFRESH_INTERVAL_MINUTES);

/** Runs the scheduled handler at `at` with a recording queue; returns the jobs and log lines it produced. */
async function runCron(at: number, bindings: Partial<Env> = {}) {
  const queue = recordingQueue();
  const logged = vi.spyOn(console, "log");
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "17 * * * *" }), { ...env, JOBS: queue.queue, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
  logged.mockRestore();
  return { jobs: queue.take(), line: lines.find((line) => line.job === "refresh-openapi-specs") };
}

describe("the OpenAPI refresh", () => {
  it("re-fetches with If-None-Match / If-Modified-Since: a 304 keeps the version, a change adds one", async () => {
    expect(interval).toBeGreaterThan(0);
    const admin = await createUser("refresh");
    const organizationId = (await createOrganization(admin)).id as string;
    const url = "https://api.example.com/refresh.yaml";
    const spec = await createSpec(admin.token, organizationId, { url });
    const textSpec = await createSpec(admin.token, organizationId, { text: PETSTORE_31_JSON });
    let upstream = { body: PETSTORE_30_YAML, etag: '"one"', lastModified: "Tue, 24 Nov 2026 10:00:00 GMT" };
    const seen: Array<{ ifNoneMatch: string | null; ifModifiedSince: string | null }> = [];
    const handler = (request: Request) => {
      expect(request.url).toBe(url);
      seen.push({ ifNoneMatch: request.headers.get("if-none-match"), ifModifiedSince: request.headers.get("if-modified-since") });
      if (request.headers.get("if-none-match") === upstream.etag) return new Response(null, { status: 304 });
      return new Response(upstream.body, { headers: { etag: upstream.etag, "last-modified": upstream.lastModified } });
    };
    await runSpecJobs(specQueue.take(), handler);
    const first = await getSpec(admin.token, organizationId, spec.slug);
    expect(first).toMatchObject({ processingState: "complete", lastVersion: expect.any(String) });
    const processedAt = Date.parse(first.lastProcessedAt);
    const textFirst = await getSpec(admin.token, organizationId, textSpec.slug);
    expect(textFirst.processingState).toBe("complete");

    // Not due yet: nothing is queued.
    const early = await runCron(processedAt + (interval - 1) * MINUTE);
    expect(early.jobs).toEqual([]);
    expect(early.line).toMatchObject({ level: "info", message: "scheduled job done", cron: "17 * * * *", queued: 0 });

    // Due: the URL spec (not the text one) is queued, once, and reads as pending.
    const due = await runCron(processedAt + (interval + 1) * MINUTE);
    expect(due.jobs).toEqual([{ kind: "openapi.process", specId: spec.id, generation: 2 }]);
    expect(due.line).toMatchObject({ message: "scheduled job done", queued: 1 });
    expect((await getSpec(admin.token, organizationId, spec.slug)).processingState).toBe("pending");
    expect((await runCron(processedAt + (interval + 2) * MINUTE)).jobs).toEqual([]);

    // Unchanged upstream: a conditional request, a 304, no new version.
    await runSpecJobs(due.jobs, handler);
    expect(seen.at(-1)).toEqual({ ifNoneMatch: '"one"', ifModifiedSince: "Tue, 24 Nov 2026 10:00:00 GMT" });
    const unchanged = await getSpec(admin.token, organizationId, spec.slug);
    expect(unchanged).toMatchObject({ processingState: "complete", lastVersion: first.lastVersion, lastProcessedErrorCount: 0 });
    expect(Date.parse(unchanged.lastProcessedAt)).toBeGreaterThan(processedAt);

    // Changed upstream: the next refresh adds a version.
    upstream = { body: `${PETSTORE_30_YAML}\n# changed\n`, etag: '"two"', lastModified: "Wed, 25 Nov 2026 10:00:00 GMT" };
    const later = await runCron(Date.parse(unchanged.lastProcessedAt) + (interval + 1) * MINUTE);
    expect(later.jobs).toEqual([{ kind: "openapi.process", specId: spec.id, generation: 3 }]);
    await runSpecJobs(later.jobs, handler);
    const changed = await getSpec(admin.token, organizationId, spec.slug);
    expect(changed.lastVersion).not.toBe(first.lastVersion);
    const versions = await specCall("GET", `${specPath(organizationId, spec.slug)}/versions`, { token: admin.token });
    expect(versions.body.items.map((version: { id: string }) => version.id)).toEqual([changed.lastVersion, first.lastVersion]);
    const raw = await specCall("GET", `${specPath(organizationId, spec.slug)}/versions/latest/content/raw`, { token: admin.token });
    expect(raw.body.text).toContain("# changed");

    // The text spec was never refreshed.
    expect(await getSpec(admin.token, organizationId, textSpec.slug)).toEqual(textFirst);
  });

  it("does nothing when OPENAPI_REFRESH_INTERVAL_MINUTES is 0", async () => {
    const admin = await createUser("refresh-off");
    const organizationId = (await createOrganization(admin)).id as string;
    await createSpec(admin.token, organizationId, { url: "https://api.example.com/off.json" });
    await runSpecJobs(specQueue.take(), () => new Response(PETSTORE_31_JSON));
    const off = await runCron(Date.now() + 365 * 24 * 60 * MINUTE, { OPENAPI_REFRESH_INTERVAL_MINUTES: "0" });
    expect(off.jobs).toEqual([]);
    expect(off.line).toMatchObject({ queued: 0 });
  });

  // Last in the file: it leaves a spec whose job is pending, which the other tests' runs would see.
  it("re-queues a spec whose job was lost, once, even with the refresh off; the lost job is superseded", async () => {
    const admin = await createUser("lost-job");
    const organizationId = (await createOrganization(admin)).id as string;
    const spec = await createSpec(admin.token, organizationId, { text: PETSTORE_31_JSON });
    // The creation's job is never delivered (a failed send, or a job dead-lettered).
    const [lostJob] = specQueue.take();
    expect(lostJob).toEqual({ kind: "openapi.process", specId: spec.id, generation: 1 });
    const queuedAt = Date.parse(spec.createdAt);
    const off = { OPENAPI_REFRESH_INTERVAL_MINUTES: "0" };

    expect((await runCron(queuedAt + (LOST_JOB_MINUTES - 1) * MINUTE, off)).jobs).toEqual([]);
    const swept = await runCron(queuedAt + (LOST_JOB_MINUTES + 1) * MINUTE, off);
    expect(swept.jobs).toEqual([{ kind: "openapi.process", specId: spec.id, generation: 2 }]);
    expect(swept.line).toMatchObject({ message: "scheduled job done", queued: 1 });
    // Queued again just now: the next run leaves it to that job.
    expect((await runCron(queuedAt + (LOST_JOB_MINUTES + 2) * MINUTE, off)).jobs).toEqual([]);

    // Should the lost job turn up after all, it is superseded; the new one completes the spec.
    await runSpecJobs([lostJob!, ...swept.jobs]);
    const processed = await getSpec(admin.token, organizationId, spec.slug);
    expect(processed).toMatchObject({ processingState: "complete", lastProcessedErrorCount: 0, lastVersion: expect.any(String) });
    const versions = await specCall("GET", `${specPath(organizationId, spec.slug)}/versions`, { token: admin.token });
    expect(versions.body.items).toHaveLength(1);
    expect((await runCron(queuedAt + 10 * LOST_JOB_MINUTES * MINUTE, off)).jobs).toEqual([]);
  });
});
