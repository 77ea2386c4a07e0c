import type { Bindings } from "../context";
import { createDatabase } from "../db/client";
import { insertChunks } from "../db/limits";
import { failedJobs } from "../db/schema";
import { newId, nowIso } from "../lib/ids";
import type { Job } from "../lib/jobs";
import { log } from "../lib/log";
import { recordMemberActivity } from "./member-activity";
import { renderQueuedPdfs } from "./pdf-render";
import { processOpenAPISpecMessages } from "./openapi-specs";

export const JOBS_QUEUE = "docs-cms-jobs";
export const DEAD_LETTER_QUEUE = "docs-cms-jobs-dead";

/** Entry point for both queues of wrangler.toml. */
export async function consumeQueue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  if (batch.queue === DEAD_LETTER_QUEUE) return recordDeadLetters(batch, env);
  return runJobs(batch, env);
}

/**
 * Runs a batch grouped by job kind. A kind whose handler throws has its messages retried (up to
 * max_retries, then dead-lettered); the other kinds' messages are acknowledged.
 */
async function runJobs(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const db = createDatabase(env.DB);
  const byKind = new Map<string, Message<unknown>[]>();
  for (const message of batch.messages) {
    const kind = isJob(message.body) ? message.body.kind : "unknown";
    byKind.set(kind, [...(byKind.get(kind) ?? []), message]);
  }
  for (const [kind, messages] of byKind) {
    try {
      if (kind === "member.seen") {
        await recordMemberActivity(db, messages.map((message) => message.body as Extract<Job, { kind: "member.seen" }>));
      } else if (kind === "pdf.render") {
        // Acknowledges or retries each message itself (a PDF is a unit of work of its own).
        await renderQueuedPdfs(db, env.BLOBS, messages);
        continue;
      } else if (kind === "openapi.process") {
        // Each spec is fetched and judged on its own: its messages are acknowledged or retried one by one.
        await processOpenAPISpecMessages(db, env, messages as Message<Extract<Job, { kind: "openapi.process" }>>[]);
        continue;
      } else {
        // A message no handler understands can never succeed: dead-letter it at once.
        log("warn", "unknown job kind", { queue: batch.queue, kind });
        for (const message of messages) message.retry({ delaySeconds: 0 });
        continue;
      }
      for (const message of messages) message.ack();
    } catch (error) {
      log("error", "job failed", { kind, count: messages.length, error: String(error) });
      for (const message of messages) message.retry();
    }
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
