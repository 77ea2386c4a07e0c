import { sha256Hex } from "../../lib/tokens";

/**
 * Where a spec's texts live in R2: one object per (spec, SHA-256 of the text), under the spec's
 * prefix. A text source is stored there when it is given, and the version made from it points at
 * the same object, so content is stored once; deleting the spec deletes the prefix.
 */
export const specBlobPrefix = (specId: string) => `openapi/${specId}/`;
export const specBlobKey = (specId: string, contentHash: string) => `${specBlobPrefix(specId)}${contentHash}`;

export const CONTENT_TYPES = { json: "application/json; charset=utf-8", yaml: "application/yaml; charset=utf-8" } as const;

/** Stores a spec text under its hash (idempotent: the same text lands on the same key). */
export async function putSpecText(blobs: R2Bucket, specId: string, bytes: Uint8Array, format: "json" | "yaml"): Promise<string> {
  const hash = await sha256Hex(bytes);
  await blobs.put(specBlobKey(specId, hash), bytes, { httpMetadata: { contentType: CONTENT_TYPES[format] } });
  return hash;
}

/** Deletes every object of a spec (its versions' contents and its text sources), page by page. */
export async function deleteSpecBlobs(blobs: R2Bucket, specId: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await blobs.list({ prefix: specBlobPrefix(specId), cursor });
    if (listed.objects.length > 0) await blobs.delete(listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
