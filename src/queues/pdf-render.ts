import type { Database } from "../db/client";
import { runPdfJob } from "../domain/pdf/exports";
import type { Job } from "../lib/jobs";
import { log } from "../lib/log";

type PdfRender = Extract<Job, { kind: "pdf.render" }>;

/**
 * Makes queued PDFs one after the other, acknowledging each as it is stored, so one that fails
 * is retried (then dead-lettered) alone. Redelivery is harmless: a stored PDF is not made again.
 */
export async function renderQueuedPdfs(db: Database, blobs: R2Bucket, messages: readonly Message<unknown>[]): Promise<void> {
  for (const message of messages) {
    const job = message.body as PdfRender;
    try {
      await runPdfJob(db, blobs, job.spec);
      message.ack();
    } catch (error) {
      log("error", "pdf job failed", { key: job.spec?.key, attempts: message.attempts, error: String(error) });
      message.retry();
    }
  }
}
