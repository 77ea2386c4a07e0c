import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { openAPISpecVersions, openAPISpecs } from "../../db/schema";
import { specBlobKey } from "./store";

/**
 * The document a spec's public link serves: its latest version, exactly as submitted or fetched.
 * Null (a 404, the same as for a slug that does not exist) while the spec is private or has no
 * version yet. One query finds the spec and its version; R2 serves the bytes.
 */
export async function readPublicSpec(db: Database, blobs: R2Bucket, organizationId: string, slug: string) {
  const [row] = await db
    .select({ contentHash: openAPISpecVersions.contentHash, format: openAPISpecVersions.format, specId: openAPISpecs.id })
    .from(openAPISpecs)
    .innerJoin(openAPISpecVersions, eq(openAPISpecVersions.id, openAPISpecs.lastVersionId))
    .where(and(eq(openAPISpecs.organizationId, organizationId), eq(openAPISpecs.slug, slug), eq(openAPISpecs.visibility, "public")))
    .limit(1);
  if (!row) return null;
  const object = await blobs.get(specBlobKey(row.specId, row.contentHash));
  if (!object) throw new Error(`The content of OpenAPI spec ${row.specId} is missing from R2`);
  return { body: object.body, size: object.size, format: row.format, etag: `"${row.contentHash}"` };
}
