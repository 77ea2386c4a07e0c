import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { failedJobs } from "../../src/db/schema";
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
});
