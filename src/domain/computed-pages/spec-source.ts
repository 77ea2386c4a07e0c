import { and, eq } from "drizzle-orm";
import type { RequestContext } from "../../context";
import { openAPISpecs, openAPISpecVersions, type OpenAPISpecRow, type OpenAPISpecVersionRow } from "../../db/schema";
import { readStoredSpec } from "../openapi/parse";
import { readVersionText } from "../openapi/specs";
import { specBlobPrefix } from "../openapi/store";

/**
 * What computed content is computed from: an OpenAPI spec of the organization, by slug, at its
 * latest version. Generating parses the whole spec, so what is generated is kept in R2 under the
 * version and a name for what was generated: a new version is a new key (new content), and every
 * later read of the same version and part is one R2 read. Rules in docs/decisions.md, "Computed pages".
 */

/** Bump when a generator's output changes: it renames every cached part. */
const GENERATOR_VERSION = 1;

export interface LatestSpec {
  spec: OpenAPISpecRow;
  /** Null while the spec has no version (pending, or every processing failed). */
  version: OpenAPISpecVersionRow | null;
}

/** The organization's spec with that slug and its latest version, in one query; undefined when there is none. */
export async function loadLatestSpec(ctx: RequestContext, organizationId: string, slug: string): Promise<LatestSpec | undefined> {
  const [row] = await ctx.db
    .select({ spec: openAPISpecs, version: openAPISpecVersions })
    .from(openAPISpecs)
    .leftJoin(openAPISpecVersions, and(eq(openAPISpecVersions.specId, openAPISpecs.id), eq(openAPISpecVersions.id, openAPISpecs.lastVersionId)))
    .where(and(eq(openAPISpecs.organizationId, organizationId), eq(openAPISpecs.slug, slug)))
    .limit(1);
  return row;
}

/** Under the spec's prefix, so deleting the spec deletes what was generated from it too. */
export const generatedBlobKey = (version: Pick<OpenAPISpecVersionRow, "specId" | "id">, part: string) =>
  `${specBlobPrefix(version.specId)}computed/v${GENERATOR_VERSION}/${version.id}/${part}.md`;

/**
 * The text `generate` makes from the version's parsed document, from R2 when it was made before.
 * `part` names what is generated (a grouping, a tag, an operation), safe as a key segment. An
 * answer of `null` (no such part in the spec) is not kept.
 */
export async function generatedOnce(ctx: RequestContext, version: OpenAPISpecVersionRow, part: string, generate: (document: Record<string, any>) => string | null): Promise<string | null> {
  const key = generatedBlobKey(version, part);
  const cached = await ctx.env.BLOBS.get(key);
  if (cached) return cached.text();
  const document = readStoredSpec(await readVersionText(ctx.env.BLOBS, version), version.format) as Record<string, any>;
  const text = generate(document);
  // Written after answering: two first readers generating the same key write the same bytes.
  if (text !== null) ctx.defer(ctx.env.BLOBS.put(key, text, { httpMetadata: { contentType: "text/markdown; charset=utf-8" } }).then(() => undefined));
  return text;
}

/** GitBook's ComputedContentDependencyOpenAPI value. */
export function specValue(spec: OpenAPISpecRow) {
  return { object: "openapi-spec" as const, id: spec.id, slug: spec.slug, visibility: spec.visibility, ...(spec.lastVersionId ? { lastVersion: spec.lastVersionId } : {}) };
}
