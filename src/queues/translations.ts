import type { Bindings } from "../context";
import type { Database } from "../db/client";
import { runTranslation } from "../domain/translations/run";
import { configuredTranslator } from "../domain/translations/translators/translator";
import type { Job } from "../lib/jobs";
import { log } from "../lib/log";

type RunJob = Extract<Job, { kind: "translation.run" }>;

/** wrangler.toml's `max_retries` for the jobs queue: the delivery after which none follows. */
export const JOBS_MAX_RETRIES = 5;

/**
 * Runs one `translation.run` job (domain/translations/run.ts). An outcome without a result (no
 * translator, a refused request, a source gone) is recorded on the translation, not a job failure.
 * A translation service that may answer later (timeout, 429, 5xx) makes the job throw, and the
 * consumer retries that message alone; on its last delivery the failure is recorded instead.
 */
export async function runQueuedTranslation(db: Database, env: Bindings, job: RunJob, attempts: number): Promise<void> {
  const translator = configuredTranslator(env);
  const result = await runTranslation({ db, env, translator, lastAttempt: attempts > JOBS_MAX_RETRIES }, job);
  log("info", "translation run", { translationId: job.translationId, generation: job.generation, attempts, result });
  if (result === "retry") throw new Error(`The translation service is unavailable for translation ${job.translationId}; the run will be retried`);
}
