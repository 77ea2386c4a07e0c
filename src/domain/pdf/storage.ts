import type { PdfSpec } from "../../lib/jobs";
import { spaceBlobPrefix } from "../../lib/blobs";
import { signDownloadUrl, signingSecret } from "../../lib/signed-urls";

/**
 * Where PDFs live in R2 and how they are handed out. A revision never changes, so its PDF is a
 * function of the revision and the options: stored once under both, under the space's prefix
 * (the purge of a deleted space takes them with its other blobs), and served by a signed URL.
 */

/** The route that serves PDF URLs (routes/pdf-downloads.ts). */
export const PDF_PATH_PREFIX = "/pdfs/";
export const PDF_CONTENT_TYPE = "application/pdf";

/**
 * How long a queued PDF is reported as being made (503 with Retry-After on its URL) before it
 * is taken as lost, so that the next request for it queues it again.
 */
export const PDF_PENDING_FRESH_MS = 10 * 60 * 1000;
export const PDF_RETRY_AFTER_SECONDS = 5;

export type PdfVariant = { page: string | null; only: boolean };

export function pdfKey(spaceId: string, revisionId: string, variant: PdfVariant): string {
  const name = variant.page === null ? "space" : `${variant.only ? "only" : "tree"}-${variant.page}`;
  return `${spaceBlobPrefix(spaceId)}pdfs/${revisionId}/${name}.pdf`;
}

/** The marker a queued PDF leaves until it is stored. */
export const pendingKey = (key: string) => `${key}.pending`;

export function pdfFileName(title: string): string {
  const base = title.replace(/[\\/:*?"<>|\x00-\x1f]+/g, " ").trim().slice(0, 100) || "export";
  return `${base}.pdf`;
}

export async function signPdfUrl(origin: string, env: { SIGNING_SECRET?: string }, spec: PdfSpec): Promise<string> {
  return signDownloadUrl(origin, signingSecret(env), { blobKey: spec.key, name: pdfFileName(spec.title), contentType: PDF_CONTENT_TYPE }, Date.now(), PDF_PATH_PREFIX);
}

/** Leaves the marker of a PDF just queued. */
export async function markPending(blobs: R2Bucket, key: string, now = Date.now()): Promise<void> {
  await blobs.put(pendingKey(key), "", { customMetadata: { queuedAt: new Date(now).toISOString() } });
}

/** Whether a marker says the PDF is being made now (queued less than PDF_PENDING_FRESH_MS ago). */
export async function isPending(blobs: R2Bucket, key: string, now = Date.now()): Promise<boolean> {
  const marker = await blobs.head(pendingKey(key));
  const queuedAt = Date.parse(marker?.customMetadata?.queuedAt ?? "");
  return Number.isFinite(queuedAt) && now - queuedAt < PDF_PENDING_FRESH_MS;
}
