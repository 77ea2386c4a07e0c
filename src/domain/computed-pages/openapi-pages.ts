import { and, eq } from "drizzle-orm";
import type { RequestContext } from "../../context";
import { openAPISpecs, openAPISpecVersions, type ComputedPageSource, type OpenAPISpecRow, type OpenAPISpecVersionRow } from "../../db/schema";
import { markdownToDocument } from "../../formats/markdown";
import { openAPIToPages } from "../../formats/openapi/to-markdown";
import { readStoredSpec } from "../openapi/parse";
import { readVersionText } from "../openapi/specs";
import { specBlobPrefix } from "../openapi/store";
import type { BodyFormat } from "../revisions/present";

/**
 * The content of a `builtin:openapi` computed page (GitBook's RevisionPageComputed), read with
 * `computed=true`: the reference generated from the latest version of the organization's spec
 * the page names by slug. Generating parses the whole spec, so the markdown is kept in R2 under
 * the spec version and the props that shape it: a new version is a new key (new content), and
 * every later read of the same version is one R2 read. Rules in docs/decisions.md, "Computed pages".
 */

/** Bump when the generator's output changes: it renames every cached reference. */
const GENERATOR_VERSION = 1;

/** Under the spec's prefix, so deleting the spec deletes its generated references too. */
export const computedPageBlobKey = (version: Pick<OpenAPISpecVersionRow, "specId" | "id">, source: ComputedPageSource) =>
  `${specBlobPrefix(version.specId)}computed/v${GENERATOR_VERSION}/${version.id}/${source.props.grouping ?? "by-tag"}.md`;


/**
 * The stored page presented with its generated body, as a document page that still says what it
 * is computed from (the dependency resolved to the spec). A spec that does not exist leaves the
 * page as stored (type computed, its stored body), its dependency resolved to `value: null`; one
 * with no version yet likewise, its dependency resolved to the spec.
 */
export async function withComputedContent<Page extends { type: string }>(
  ctx: RequestContext,
  organizationId: string,
  page: Page,
  source: ComputedPageSource,
  format: BodyFormat,
): Promise<Page> {
  const slug = source.dependencies.spec.ref.spec;
  const [row] = await ctx.db
    .select({ spec: openAPISpecs, version: openAPISpecVersions })
    .from(openAPISpecs)
    .leftJoin(openAPISpecVersions, and(eq(openAPISpecVersions.specId, openAPISpecs.id), eq(openAPISpecVersions.id, openAPISpecs.lastVersionId)))
    .where(and(eq(openAPISpecs.organizationId, organizationId), eq(openAPISpecs.slug, slug)))
    .limit(1);
  const resolved = (value: unknown) => ({ ...source, dependencies: { spec: { ref: source.dependencies.spec.ref, value } } });
  if (!row?.version) return { ...page, computed: resolved(row ? specValue(row.spec) : null) };
  const markdown = await generatedMarkdown(ctx, row.version, source);
  return {
    ...page,
    type: "document",
    computed: resolved(specValue(row.spec)),
    ...(format === "document" ? { document: markdownToDocument(markdown) } : { markdown }),
  };
}

/** GitBook's ComputedContentDependencyOpenAPI value. */
function specValue(spec: OpenAPISpecRow) {
  return { object: "openapi-spec" as const, id: spec.id, slug: spec.slug, visibility: spec.visibility, ...(spec.lastVersionId ? { lastVersion: spec.lastVersionId } : {}) };
}

async function generatedMarkdown(ctx: RequestContext, version: OpenAPISpecVersionRow, source: ComputedPageSource): Promise<string> {
  const key = computedPageBlobKey(version, source);
  const cached = await ctx.env.BLOBS.get(key);
  if (cached) return cached.text();
  const document = readStoredSpec(await readVersionText(ctx.env.BLOBS, version), version.format) as Record<string, any>;
  const pages = openAPIToPages(document, source.props.grouping ?? "by-tag");
  const markdown = pages.length > 0 ? pages.map((page) => page.markdown.replace(/\n+$/, "")).join("\n\n") + "\n" : "The specification has no operations.\n";
  // Written after answering: two first readers generating the same key write the same bytes.
  ctx.defer(ctx.env.BLOBS.put(key, markdown, { httpMetadata: { contentType: "text/markdown; charset=utf-8" } }).then(() => undefined));
  return markdown;
}
