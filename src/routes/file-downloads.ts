import { Hono } from "hono";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { DOWNLOAD_PATH_PREFIX, type DownloadTarget, signingSecret, verifyDownloadUrl } from "../lib/signed-urls";

/** `GET /files/<blob key>?name&type&expires&signature`: the bytes behind a File's downloadURL. */
export const fileDownloadRoutes = new Hono<AppEnv>().get(`${DOWNLOAD_PATH_PREFIX}*`, async (c) => {
  const target = await verifyDownloadUrl(new URL(c.req.url), signingSecret(c.env));
  // A forged, altered or expired URL reads exactly like a missing file.
  if (!target) throw notFound("File");
  const object = await c.env.BLOBS.get(target.blobKey);
  if (!object) throw notFound("File");
  return signedDownloadResponse(object, target);
});

/**
 * The answer to a verified signed URL: the R2 object under the name and type that were signed.
 * The bytes behind a key never change (keys are content hashes or immutable revisions); the
 * URL's signature is what expires.
 */
export function signedDownloadResponse(object: R2ObjectBody, target: DownloadTarget): Response {
  return new Response(object.body, {
    headers: {
      "Content-Type": target.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(target.name)}`,
      "Cache-Control": "private, max-age=3600",
      ETag: object.httpEtag,
    },
  });
}
