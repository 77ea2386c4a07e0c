import type { Bindings } from "../context";
import { createDatabase } from "../db/client";
import { insertChunks } from "../db/limits";
import { failedJobs } from "../db/schema";
import { newId, nowIso } from "../lib/ids";
import type { Job } from "../lib/jobs";
import { log } from "../lib/log";
import { recordMemberActivity } from "./member-activity";
import { runPdfJob } from "../domain/pdf/exports";
import { processQueuedSpec } from "./openapi-specs";
import { runQueuedTranslation } from "./translations";
import { analyseConversation } from "../domain/conversations/analysis";
import { runGitSyncJobInCoordinator } from "./git-sync";
import { recordSiteEvents } from "../domain/sites/insights/record";

export const JOBS_QUEUE = "docs-cms-jobs";
export const DEAD_LETTER_QUEUE = "docs-cms-jobs-dead";

/** Entry point for both queues of wrangler.toml. */
export async function consumeQueue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  if (batch.queue === DEAD_LETTER_QUEUE) return recordDeadLetters(batch, env);
  return runJobs(batch, env);
}

/**
 * Runs a batch grouped by job kind. Batched kinds run their messages as one unit: if the handler
 * throws, they are all retried (up to max_retries, then dead-lettered). Kinds whose messages are
 * units of work of their own (a PDF, a spec's fetch) settle each message alone (`settleEach`).
 */
async function runJobs(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const db = createDatabase(env.DB);
  const byKind = new Map<string, Message<unknown>[]>();
  for (const message of batch.messages) {
    const kind = isJob(message.body) ? message.body.kind : "unknown";
    byKind.set(kind, [...(byKind.get(kind) ?? []), message]);
  }
  for (const [kind, messages] of byKind) {
    if (kind === "pdf.render") {
      // One after the other: a PDF's rendering takes the isolate's memory and CPU.
      await settleEach(kind, messages as Message<JobOf<"pdf.render">>[], 1, (job) => runPdfJob(db, env.BLOBS, job.spec));
    } else if (kind === "openapi.process") {
      // A few at a time: each may wait on a slow URL.
      await settleEach(kind, messages as Message<JobOf<"openapi.process">>[], 4, (job) => processQueuedSpec(db, env, job));
    } else if (kind === "translation.run") {
      // A few at a time: each waits on the translation service.
      await settleEach(kind, messages as Message<JobOf<"translation.run">>[], 2, (job, attempts) => runQueuedTranslation(db, env, job, attempts));
    } else if (kind === "conversations.analyse") {
      // One at a time: jobs of one organization that run together could each open a cluster for
      // the same new topic, since each chooses from what it read before the other wrote.
      await settleEach(kind, messages as Message<JobOf<"conversations.analyse">>[], 1, async (job) => void (await analyseConversation(db, job)));
    } else if (kind === "git.import" || kind === "git.export") {
      // A few at a time: each holds its space's coordinator (syncs of one space queue up there).
      await settleEach(kind, messages as Message<JobOf<"git.import">>[], 2, (job) => runGitSyncJobInCoordinator(env, job));
    } else if (kind === "member.seen") {
      await settleTogether(kind, messages, (bodies) => recordMemberActivity(db, bodies as JobOf<"member.seen">[]));
    } else if (kind === "insights.track") {
      // All of a batch's events in one round trip (one statement per message); ids make redelivery harmless.
      await settleTogether(kind, messages, (bodies) => recordSiteEvents(db, bodies as JobOf<"insights.track">[]));
    } else {
      // A message no handler understands can never succeed: dead-letter it at once.
      log("warn", "unknown job kind", { queue: batch.queue, kind });
      for (const message of messages) message.retry({ delaySeconds: 0 });
    }
  }
}

type JobOf<K extends Job["kind"]> = Extract<Job, { kind: K }>;

/**
 * Runs each message's job, `concurrency` at a time, acknowledging each that succeeds and retrying
 * each that throws, so one failing unit of work is retried (then dead-lettered) alone. The jobs
 * are idempotent, so a redelivered message is harmless.
 */
async function settleEach<T>(kind: string, messages: Message<T>[], concurrency: number, run: (job: T, attempts: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < messages.length; start += concurrency) {
    await Promise.all(
      messages.slice(start, start + concurrency).map(async (message) => {
        try {
          await run(message.body, message.attempts);
          message.ack();
        } catch (error) {
          log("error", "job failed", { kind, attempts: message.attempts, job: message.body, error: String(error) });
          message.retry();
        }
      }),
    );
  }
}

/** Runs a batched kind's messages as one unit: all acknowledged, or all retried if it throws. */
async function settleTogether(kind: string, messages: Message<unknown>[], run: (bodies: unknown[]) => Promise<void>): Promise<void> {
  try {
    await run(messages.map((message) => message.body));
    for (const message of messages) message.ack();
  } catch (error) {
    log("error", "job failed", { kind, count: messages.length, error: String(error) });
    for (const message of messages) message.retry();
  }
}

/** Keeps what exhausted its retries in D1 (failed_jobs), where operators can inspect it. */
async function recordDeadLetters(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const db = createDatabase(env.DB);
  const rows = batch.messages.map((message) => ({
    id: message.id || newId(),
    kind: isJob(message.body) ? message.body.kind : "unknown",
    body: message.body,
    attempts: message.attempts,
    failedAt: nowIso(),
  }));
  const [first, ...rest] = insertChunks(failedJobs, rows).map((chunk) => db.insert(failedJobs).values(chunk).onConflictDoNothing());
  if (first) await db.batch([first, ...rest]);
  batch.ackAll();
}

function isJob(body: unknown): body is Job {
  return typeof body === "object" && body !== null && typeof (body as { kind?: unknown }).kind === "string";
}
