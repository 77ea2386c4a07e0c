import type { Bindings } from "../context";
import type { Database } from "../db/client";
import { processOpenAPISpec } from "../domain/openapi/processing";
import type { Job } from "../lib/jobs";
import { log } from "../lib/log";
import { isEnabled } from "../lib/outbound-fetch";

type ProcessSpec = Extract<Job, { kind: "openapi.process" }>;

/**
 * Runs the `openapi.process` jobs of a batch (domain/openapi/processing.ts), a few at a time: each
 * may wait on a slow URL. A fetch or parse failure is an outcome recorded on the spec, not a job
 * failure; only an infrastructure fault (D1, R2) throws, and only that message is retried.
 */
export async function processOpenAPISpecMessages(db: Database, env: Bindings, messages: Message<ProcessSpec>[]): Promise<void> {
  const deps = { db, blobs: env.BLOBS, allowPrivateNetwork: isEnabled(env.ALLOW_PRIVATE_NETWORK), fetchTimeoutMs: fetchTimeoutMs(env) };
  const CONCURRENCY = 4;
  for (let start = 0; start < messages.length; start += CONCURRENCY) {
    await Promise.all(
      messages.slice(start, start + CONCURRENCY).map(async (message) => {
        const { specId, generation } = message.body;
        try {
          const result = await processOpenAPISpec(deps, { specId, generation });
          log("info", "openapi spec processed", { specId, generation, result });
          message.ack();
        } catch (error) {
          log("error", "openapi spec processing failed", { specId, generation, error: String(error) });
          message.retry();
        }
      }),
    );
  }
}

/** OPENAPI_FETCH_TIMEOUT_SECONDS (wrangler.toml), 20 seconds when unset or unreadable. */
function fetchTimeoutMs(env: Bindings): number {
  const seconds = Number(env.OPENAPI_FETCH_TIMEOUT_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 20_000;
}
