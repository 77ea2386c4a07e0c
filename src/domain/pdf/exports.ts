import type { ReaderContext } from "../../context";
import type { Database } from "../../db/client";
import { ApiError, badRequest } from "../../lib/errors";
import { enqueue, type PdfSpec } from "../../lib/jobs";
import { log } from "../../lib/log";
import { resolveContent, type ContentSource } from "../content-reads/revision-content";
import { fitsInRequest, planPdf } from "./plan";
import { producePdf } from "./produce";
import { isPending, markPending, pdfKey, pendingKey, signPdfUrl } from "./storage";

/**
 * PDF exports of a space's or a change request's content (`getSpacePDF`, `getChangeRequestPDF`):
 * a signed URL, valid for an hour, of the PDF of the revision the caller reads now. The PDF is
 * made at most once per revision and options: the first request makes it (or queues it, when it
 * is larger than a request may make: PDF_REQUEST_LIMITS), every later one costs the access round
 * trip, an R2 HEAD and a signature.
 */

export interface PdfOptions {
  /** A page to print, with its subpages unless `only`. */
  page?: string | undefined;
  only?: boolean | undefined;
}

export async function getPdfUrl(ctx: ReaderContext, source: ContentSource, options: PdfOptions): Promise<{ url: string }> {
  if (options.only && options.page === undefined) throw badRequest("Invalid query field 'only': it prints the page given by 'page', which is missing");
  const resolved = await resolveContent(ctx, source);
  const page = options.page ?? null;
  const only = page !== null && options.only === true;
  const spec: PdfSpec = {
    spaceId: resolved.space.id,
    revisionId: resolved.revisionId,
    page,
    only,
    title: resolved.space.title,
    subtitle: resolved.changeRequestId ? "Change request" : "",
    appBase: ctx.urls.app(resolved.appBase),
    key: pdfKey(resolved.space.id, resolved.revisionId, { page, only }),
  };
  const url = async () => ({ url: await signPdfUrl(ctx.urls.origin, ctx.env, spec) });
  const blobs = ctx.env.BLOBS;
  if (await blobs.head(spec.key)) return url();

  const plan = await planPdf(resolved.callerContext.db, spec);
  if (fitsInRequest(plan)) {
    await producePdf(blobs, plan);
  } else if (!(await isPending(blobs, spec.key))) {
    // The URL answers 503 with Retry-After until the job has stored the file.
    await markPending(blobs, spec.key);
    await enqueue(ctx.env.JOBS, { kind: "pdf.render", spec });
  }
  return url();
}

/**
 * The `pdf.render` job. Idempotent: a PDF already stored (a redelivery, or two requests that
 * queued the same one) is left as it is. A revision that is gone (its space purged) has nothing
 * to print: the job ends without retrying.
 */
export async function runPdfJob(db: Database, blobs: R2Bucket, spec: PdfSpec): Promise<void> {
  if (await blobs.head(spec.key)) {
    await blobs.delete(pendingKey(spec.key));
    return;
  }
  let plan;
  try {
    plan = await planPdf(db, spec);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    log("warn", "pdf job: nothing to print", { key: spec.key, reason: error.message });
    await blobs.delete(pendingKey(spec.key));
    return;
  }
  await producePdf(blobs, plan, { clearPending: true });
}
