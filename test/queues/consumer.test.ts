import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { createDatabase } from "../../src/db/client";
import { failedJobs, organizationMembers } from "../../src/db/schema";
import { MEMBER_ACTIVITY_INTERVAL_MS } from "../../src/domain/organizations/access";
import worker from "../../src/index";
import type { Job } from "../../src/lib/jobs";
import { DEAD_LETTER_QUEUE, JOBS_QUEUE } from "../../src/queues/consumer";
import { createOrganization, createUser } from "../helpers/fixtures";
import { call } from "../helpers/http";

const db = createDatabase(env.DB);

async function lastSeenAt(organizationId: string, userId: string) {
  const [member] = await db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  return member?.lastSeenAt;
}

async function setLastSeenAt(organizationId: string, userId: string, at: string) {
  await db
    .update(organizationMembers)
    .set({ lastSeenAt: at })
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
}

async function runBatch(queue: string, bodies: unknown[]) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, index) => ({ id: `message-${index}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

describe("member activity", () => {
  it("enqueues a member.seen job when a member who has not been seen lately uses the organization", async () => {
    const user = await createUser();
    const organization = await createOrganization(user);
    const sent: Job[] = [];
    const recordingQueue = { send: async (job: Job) => void sent.push(job), sendBatch: async () => undefined } as unknown as Queue;
    const request = () =>
      new Request(`https://docs.test/v1/orgs/${organization.id}`, { headers: { authorization: `Bearer ${user.token}` } });

    // Just created: seen now, so nothing is sent.
    await createApp().fetch(request(), { ...env, JOBS: recordingQueue }, createExecutionContext());
    expect(sent).toEqual([]);

    const stale = new Date(Date.now() - MEMBER_ACTIVITY_INTERVAL_MS - 1000).toISOString();
    await setLastSeenAt(organization.id, user.id, stale);
    const ctx = createExecutionContext();
    const response = await createApp().fetch(request(), { ...env, JOBS: recordingQueue }, ctx);
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([{ kind: "member.seen", organizationId: organization.id, userId: user.id, at: expect.any(String) }]);
  });

  it("moves lastSeenAt forward to the latest time of a batch, and never back", async () => {
    const user = await createUser();
    const organization = await createOrganization(user);
    await setLastSeenAt(organization.id, user.id, "2026-01-01T00:00:00.000Z");
    const seen = (at: string): Job => ({ kind: "member.seen", organizationId: organization.id, userId: user.id, at });

    const result = await runBatch(JOBS_QUEUE, [seen("2026-03-01T00:00:00.000Z"), seen("2026-05-01T00:00:00.000Z"), seen("2026-02-01T00:00:00.000Z")]);
    expect(result.explicitAcks).toHaveLength(3);
    expect(result.retryMessages).toEqual([]);
    expect(await lastSeenAt(organization.id, user.id)).toBe("2026-05-01T00:00:00.000Z");

    // A late, older delivery changes nothing; redelivery of the same job is harmless.
    await runBatch(JOBS_QUEUE, [seen("2026-04-01T00:00:00.000Z"), seen("2026-05-01T00:00:00.000Z")]);
    expect(await lastSeenAt(organization.id, user.id)).toBe("2026-05-01T00:00:00.000Z");
  });

  it("updates many members of one batch", async () => {
    const owner = await createUser();
    const organizations = await Promise.all([1, 2, 3].map(() => createOrganization(owner)));
    const at = "2099-01-01T00:00:00.000Z";
    await runBatch(JOBS_QUEUE, organizations.map((organization) => ({ kind: "member.seen", organizationId: organization.id, userId: owner.id, at })));
    for (const organization of organizations) expect(await lastSeenAt(organization.id, owner.id)).toBe(at);
  });

  it("retries a job it does not understand, so it ends in the dead-letter queue", async () => {
    const result = await runBatch(JOBS_QUEUE, [{ kind: "no.such.job" }, "not even an object"]);
    expect(result.retryMessages).toHaveLength(2);
    expect(result.explicitAcks).toEqual([]);
  });

  it("shows member activity through the API", async () => {
    const user = await createUser();
    const organization = await createOrganization(user);
    const at = "2099-06-01T00:00:00.000Z";
    await runBatch(JOBS_QUEUE, [{ kind: "member.seen", organizationId: organization.id, userId: user.id, at }]);
    const member = await call("GET", `/v1/orgs/${organization.id}/members/${user.id}`, { token: user.token });
    expect(member.body.lastSeenAt).toBe(at);
  });
});

describe("the dead-letter queue", () => {
  it("records every dead job in failed_jobs (more than fit in one statement) and acknowledges them", async () => {
    const bodies = Array.from({ length: 45 }, (_, index) => ({ kind: "member.seen", organizationId: "gone", userId: `u${index}`, at: "x" }));
    const result = await runBatch(DEAD_LETTER_QUEUE, bodies);
    expect(result.ackAll).toBe(true);
    const rows = await db.select().from(failedJobs);
    expect(rows.filter((row) => row.kind === "member.seen")).toHaveLength(45);
    expect(rows[0]).toMatchObject({ attempts: 1, body: expect.objectContaining({ organizationId: "gone" }) });
  });
});
