/**
 * Background jobs, sent to the JOBS queue and run by src/queues. Every job is idempotent: a
 * queue delivers at least once, and a batch is retried whole.
 */
export type Job =
  | {
      kind: "member.seen";
      organizationId: string;
      userId: string;
      /** When the member was seen; the job only ever moves lastSeenAt forward. */
      at: string;
    }
  | {
      /** Fetch (or read) and parse an OpenAPI spec's source, recording a version or the errors. */
      kind: "openapi.process";
      specId: string;
      /** The spec's generation the job was sent for: a job at or below the processed one does nothing. */
      generation: number;
    };

export type JobKind = Job["kind"];

export async function enqueue(queue: Queue, job: Job): Promise<void> {
  await queue.send(job, { contentType: "json" });
}
