import { Hono } from "hono";
import type { AppEnv } from "../context";
import { isPending, PDF_PATH_PREFIX, PDF_RETRY_AFTER_SECONDS } from "../domain/pdf/storage";
import { errorBody, notFound } from "../lib/errors";
import { signingSecret, verifyDownloadUrl } from "../lib/signed-urls";
import { signedDownloadResponse } from "./file-downloads";

/**
 * `GET /pdfs/<key>?name&type&expires&signature`: the file behind a PDF export's URL, signed as a
 * File's downloadURL is (lib/signed-urls.ts, under its own prefix). A PDF still being made by its
 * queue job answers 503 with Retry-After; a forged, altered or expired URL reads as a 404.
 */
export const pdfDownloadRoutes = new Hono<AppEnv>().get(`${PDF_PATH_PREFIX}*`, async (c) => {
  const target = await verifyDownloadUrl(new URL(c.req.url), signingSecret(c.env), Date.now(), PDF_PATH_PREFIX);
  if (!target) throw notFound("PDF");
  const object = await c.env.BLOBS.get(target.blobKey);
  if (!object) {
    if (!(await isPending(c.env.BLOBS, target.blobKey))) throw notFound("PDF");
    return c.json(errorBody(503, "The PDF is being generated: retry shortly"), 503, { "Retry-After": String(PDF_RETRY_AFTER_SECONDS) });
  }
  return signedDownloadResponse(object, target);
});
