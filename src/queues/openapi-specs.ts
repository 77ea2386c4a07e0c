import type { Bindings } from "../context";
import type { Database } from "../db/client";
import { processOpenAPISpec } from "../domain/openapi/processing";
import type { Job } from "../lib/jobs";
import { log } from "../lib/log";
import { isEnabled } from "../lib/outbound-fetch";

type ProcessSpec = Extract<Job, { kind: "openapi.process" }>;

/**
 * Runs one `openapi.process` job (domain/openapi/processing.ts). A fetch or parse failure is an
 * outcome recorded on the spec, not a job failure; only an infrastructure fault (D1, R2) throws,
 * and the consumer retries that message alone.
 */
export async function processQueuedSpec(db: Database, env: Bindings, { specId, generation }: ProcessSpec): Promise<void> {
  const deps = { db, blobs: env.BLOBS, allowPrivateNetwork: isEnabled(env.ALLOW_PRIVATE_NETWORK), fetchTimeoutMs: fetchTimeoutMs(env) };
  const result = await processOpenAPISpec(deps, { specId, generation });
  log("info", "openapi spec processed", { specId, generation, result });
}

/** OPENAPI_FETCH_TIMEOUT_SECONDS (wrangler.toml), 20 seconds when unset or unreadable. */
function fetchTimeoutMs(env: Bindings): number {
  const seconds = Number(env.OPENAPI_FETCH_TIMEOUT_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 20_000;
}
