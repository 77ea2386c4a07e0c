import type { RequestContext } from "../../context";
import type { ComputedPageSource } from "../../db/schema";
import { markdownToDocument } from "../../formats/markdown";
import { openAPIToPages } from "../../formats/openapi/to-markdown";
import type { BodyFormat } from "../revisions/present";
import { generatedOnce, loadLatestSpec, specValue } from "./spec-source";

/**
 * The content of a `builtin:openapi` computed page (GitBook's RevisionPageComputed), read with
 * `computed=true`: the reference generated from the latest version of the organization's spec
 * the page names by slug, kept in R2 per version and grouping (spec-source.ts). Rules in
 * docs/decisions.md, "Computed pages".
 */

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
  const row = await loadLatestSpec(ctx, organizationId, source.dependencies.spec.ref.spec);
  const resolved = (value: unknown) => ({ ...source, dependencies: { spec: { ref: source.dependencies.spec.ref, value } } });
  if (!row?.version) return { ...page, computed: resolved(row ? specValue(row.spec) : null) };
  const grouping = source.props.grouping ?? "by-tag";
  const markdown = (await generatedOnce(ctx, row.version, grouping, (document) => referenceMarkdown(document, grouping)))!;
  return {
    ...page,
    type: "document",
    computed: resolved(specValue(row.spec)),
    ...(format === "document" ? { document: markdownToDocument(markdown) } : { markdown }),
  };
}

/** The generated pages (by tag, or one per operation) joined into one body, in order. */
function referenceMarkdown(document: Record<string, any>, grouping: "by-tag" | "by-operation"): string {
  const pages = openAPIToPages(document, grouping);
  return pages.length > 0 ? pages.map((page) => page.markdown.replace(/\n+$/, "")).join("\n\n") + "\n" : "The specification has no operations.\n";
}
