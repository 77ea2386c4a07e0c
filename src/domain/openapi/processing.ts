import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { openAPISpecs, openAPISpecVersions, type OpenAPIProcessingError, type OpenAPIProcessingErrorCode, type OpenAPISpecRow } from "../../db/schema";
import { newId, nowIso } from "../../lib/ids";
import { OutboundError, outboundFetch } from "../../lib/outbound-fetch";
import { sha256Hex } from "../../lib/tokens";
import { MAX_OPENAPI_SPEC_BYTES } from "../../schemas/openapi";
import { MAX_REPORTED_ERRORS, parseSpec } from "./parse";
import { deleteSpecBlobs, putSpecText, specBlobKey } from "./store";

/**
 * The queue job that turns a spec's source into a version (queues/consumer.ts runs it). It reads
 * the source (fetched through the outbound guard, or the stored text), parses and checks it, and
 * records the outcome in one batch: a new version only when the content differs from the latest,
 * `lastProcessedAt`, the error code and errors, and `processingState` back to `complete`.
 *
 * Idempotent: the job carries the spec's generation; a job at or below `processedGeneration`
 * (a redelivery) does nothing, a job below `generation` is superseded by a newer one, and
 * (spec, generation) is unique among versions, so even two deliveries racing add one version.
 */

export interface ProcessingDeps {
  db: Database;
  blobs: R2Bucket;
  allowPrivateNetwork: boolean;
  /** How long the source URL has to answer (OPENAPI_FETCH_TIMEOUT_SECONDS). */
  fetchTimeoutMs: number;
  /** The fetch to use (the runtime's unless a test passes a double). */
  fetch?: typeof fetch;
}

export type ProcessingResult = "missing" | "duplicate" | "superseded" | "created" | "unchanged" | "failed";

type Outcome =
  | { kind: "content"; text: string; bytes: Uint8Array; sourceUrl: string | null; etag: string | null; lastModified: string | null }
  | { kind: "not-modified" }
  | { kind: "error"; code: OpenAPIProcessingErrorCode; errors: OpenAPIProcessingError[] };

export async function processOpenAPISpec(deps: ProcessingDeps, job: { specId: string; generation: number }): Promise<ProcessingResult> {
  const { db } = deps;
  const [row] = await db
    .select({ spec: openAPISpecs, latestHash: openAPISpecVersions.contentHash })
    .from(openAPISpecs)
    .leftJoin(openAPISpecVersions, eq(openAPISpecVersions.id, openAPISpecs.lastVersionId))
    .where(eq(openAPISpecs.id, job.specId))
    .limit(1);
  if (!row) return "missing";
  const { spec, latestHash } = row;
  if (job.generation <= spec.processedGeneration) return "duplicate";
  if (job.generation < spec.generation) return "superseded";

  await db
    .update(openAPISpecs)
    .set({ processingState: "progress" })
    .where(and(eq(openAPISpecs.id, spec.id), eq(openAPISpecs.generation, job.generation), lt(openAPISpecs.processedGeneration, job.generation)));

  const outcome = await readSource(deps, spec, latestHash !== null);
  try {
    return await record(deps, spec, job.generation, outcome, latestHash);
  } catch (error) {
    // Deleted while it was processed: what this job stored would be left behind.
    const [still] = await db.select({ id: openAPISpecs.id }).from(openAPISpecs).where(eq(openAPISpecs.id, spec.id));
    if (still) throw error;
    await deleteSpecBlobs(deps.blobs, spec.id);
    return "missing";
  }
}

/** The source's text, a 304 to a conditional request, or why it could not be had. */
async function readSource(deps: ProcessingDeps, spec: OpenAPISpecRow, hasVersion: boolean): Promise<Outcome> {
  if (spec.sourceUrl === null) {
    const object = spec.sourceTextHash ? await deps.blobs.get(specBlobKey(spec.id, spec.sourceTextHash)) : null;
    if (!object) throw new Error(`The text source of spec ${spec.id} is missing from R2`);
    const bytes = new Uint8Array(await object.arrayBuffer());
    return decoded(bytes, { sourceUrl: null, etag: null, lastModified: null });
  }
  // Validators are only sent while a version exists: a 304 must leave something to serve.
  const headers: Record<string, string> = { accept: "application/json, application/yaml, text/yaml, */*;q=0.5" };
  if (hasVersion && spec.sourceEtag) headers["if-none-match"] = spec.sourceEtag;
  if (hasVersion && spec.sourceLastModified) headers["if-modified-since"] = spec.sourceLastModified;
  try {
    const response = await outboundFetch(spec.sourceUrl, {
      allowPrivateNetwork: deps.allowPrivateNetwork,
      timeoutMs: deps.fetchTimeoutMs,
      maxBytes: MAX_OPENAPI_SPEC_BYTES,
      headers,
      fetch: deps.fetch,
    });
    if (response.status === 304 && hasVersion) return { kind: "not-modified" };
    if (response.status < 200 || response.status >= 300) {
      return fetchError(`${spec.sourceUrl} answered HTTP ${response.status}: check that the URL is right and publicly readable`);
    }
    return decoded(response.body, { sourceUrl: response.url, etag: response.headers.get("etag"), lastModified: response.headers.get("last-modified") });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.failure === "timeout") {
      return { kind: "error", code: "FETCH_TIMEOUT", errors: [{ code: "TIMEOUT", message: `${error.message}: check that the URL answers quickly and is reachable from the internet` }] };
    }
    if (error.failure === "too-large") return fetchError(`${error.message} (the limit for a specification is ${MAX_OPENAPI_SPEC_BYTES / 1024 / 1024} MB)`);
    return fetchError(error.message);
  }
}

const fetchError = (message: string): Outcome => ({ kind: "error", code: "FETCH_ERROR", errors: [{ code: "FETCH", message }] });

function decoded(bytes: Uint8Array, from: { sourceUrl: string | null; etag: string | null; lastModified: string | null }): Outcome {
  try {
    return { kind: "content", text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes), bytes, ...from };
  } catch {
    return { kind: "error", code: "PARSE_ERROR", errors: [{ code: "ENCODING", message: "The specification is not UTF-8 text" }] };
  }
}

/** Writes the outcome in one batch, guarded so that only the first delivery of the generation counts. */
async function record(deps: ProcessingDeps, spec: OpenAPISpecRow, generation: number, outcome: Outcome, latestHash: string | null): Promise<ProcessingResult> {
  const { db } = deps;
  const now = nowIso();
  const firstDelivery = and(eq(openAPISpecs.id, spec.id), lt(openAPISpecs.processedGeneration, generation));
  // A newer generation queued meanwhile keeps the spec pending for its own job.
  const settled = sql`CASE WHEN ${openAPISpecs.generation} = ${generation} THEN 'complete' ELSE ${openAPISpecs.processingState} END`;
  const done = { processingState: settled, processedGeneration: generation, lastProcessedAt: now };

  const parsed = outcome.kind === "content" ? parseSpec(outcome.text) : null;
  if (outcome.kind === "error" || (parsed && !parsed.ok)) {
    const [code, errors] = outcome.kind === "error" ? [outcome.code, outcome.errors] : ["PARSE_ERROR" as const, (parsed as { errors: OpenAPIProcessingError[] }).errors];
    await db
      .update(openAPISpecs)
      .set({ ...done, lastProcessErrorCode: code, lastProcessedErrors: errors.slice(0, MAX_REPORTED_ERRORS), lastProcessedErrorCount: errors.length })
      .where(firstDelivery);
    return "failed";
  }
  const cleared = { lastProcessErrorCode: null, lastProcessedErrors: null, lastProcessedErrorCount: 0 };
  if (outcome.kind === "not-modified") {
    await db.update(openAPISpecs).set({ ...done, ...cleared }).where(firstDelivery);
    return "unchanged";
  }
  if (outcome.kind !== "content" || !parsed?.ok) throw new Error("unreachable");
  const validators = { sourceEtag: outcome.etag, sourceLastModified: outcome.lastModified };
  const hash = await sha256Hex(outcome.bytes);
  if (hash === latestHash) {
    await db.update(openAPISpecs).set({ ...done, ...cleared, ...validators }).where(firstDelivery);
    return "unchanged";
  }
  // A text source is already stored under this key; a fetched one is stored now (same key, same bytes).
  if (outcome.sourceUrl !== null) await putSpecText(deps.blobs, spec.id, outcome.bytes, parsed.format);
  const versionOfGeneration = sql`(SELECT ${openAPISpecVersions.id} FROM ${openAPISpecVersions}
    WHERE ${openAPISpecVersions.specId} = ${spec.id} AND ${openAPISpecVersions.generation} = ${generation})`;
  await db.batch([
    db
      .insert(openAPISpecVersions)
      .values({ id: newId(), specId: spec.id, generation, contentHash: hash, format: parsed.format, sourceUrl: outcome.sourceUrl, createdAt: now })
      .onConflictDoNothing(),
    db
      .update(openAPISpecs)
      .set({ ...done, ...cleared, ...validators, lastVersionId: versionOfGeneration })
      .where(firstDelivery),
  ]);
  return "created";
}
