import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../src/db/client";
import { failedJobs, idempotencyKeys } from "../../src/db/schema";
import { createUser } from "../helpers/fixtures";
import { FAILED_JOB_RETENTION_DAYS } from "../../src/cron/prune-failed-jobs";
import worker from "../../src/index";

const DAY = 24 * 60 * 60 * 1000;

describe("the scheduled handler", () => {
  it(`prunes dead-lettered jobs older than ${FAILED_JOB_RETENTION_DAYS} days and keeps the rest`, async () => {
    const db = createDatabase(env.DB);
    const now = Date.parse("2026-06-30T12:00:00.000Z");
    const ago = (days: number) => new Date(now - days * DAY).toISOString();
    await db.insert(failedJobs).values([
      { id: "old", kind: "member.seen", body: {}, attempts: 6, failedAt: ago(FAILED_JOB_RETENTION_DAYS + 1) },
      { id: "recent", kind: "member.seen", body: {}, attempts: 6, failedAt: ago(FAILED_JOB_RETENTION_DAYS - 1) },
    ]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const remaining = await db.select({ id: failedJobs.id }).from(failedJobs);
    expect(remaining.map((row) => row.id)).toEqual(["recent"]);
  });

  it("forgets Idempotency-Keys past their 24 hours and logs what each job did", async () => {
    const db = createDatabase(env.DB);
    const user = await createUser("cron-keys");
    const now = Date.parse("2026-07-01T12:00:00.000Z");
    const key = (name: string, hoursAgo: number) => ({ userId: user.id, key: name, fingerprint: "f", status: 201, responseBody: "{}", responseHeaders: {}, createdAt: new Date(now - hoursAgo * 60 * 60 * 1000).toISOString() });
    await db.insert(idempotencyKeys).values([key("expired", 25), key("live", 23)]);
    const logged = vi.spyOn(console, "log");

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const remaining = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(remaining.map((row) => row.key)).toEqual(["live"]);
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
    logged.mockRestore();
    expect(lines.filter((line) => line.message === "scheduled job done").map(({ job, ms: _ms, ...rest }) => [job, rest])).toEqual(
      expect.arrayContaining([
        ["prune-failed-jobs", { level: "info", message: "scheduled job done", cron: "17 * * * *", pruned: 0 }],
        ["prune-idempotency-keys", { level: "info", message: "scheduled job done", cron: "17 * * * *", pruned: 1 }],
        ["purge-deleted-spaces", { level: "info", message: "scheduled job done", cron: "17 * * * *", purged: 0, due: 0 }],
      ]),
    );
  });
});
