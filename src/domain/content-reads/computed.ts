import type { ReaderContext } from "../../context";
import type { PageData } from "../../db/schema";
import { markdownToDocument, type GitBookDocument } from "../../formats/markdown";
import { infoMarkdown, modelsPage, modelsMarkdown, operationOnlyMarkdown, tagMarkdown } from "../../formats/openapi/sections";
import { openAPIToPages, type GeneratedPage } from "../../formats/openapi/to-markdown";
import { notFound } from "../../lib/errors";
import { seededId } from "../../lib/ids";
import { sha256Hex } from "../../lib/tokens";
import type { ComputedDocumentInput, ComputedRevisionInput } from "../../schemas/computed";
import { pageIndexOf } from "./page-index";
import { resolveContent, type ResolvedSource } from "./revision-content";
import type { PageEntry } from "../revisions/entries";
import { PageTree, uniqueSlug } from "../revisions/page-tree";
import { presentPages } from "../revisions/present";
import { generatedOnce, loadLatestSpec, type LatestSpec } from "../computed-pages/spec-source";

/**
 * GitBook's computed-content reads (`getComputedDocument`, `getComputedRevision`): the content a
 * `builtin:openapi` source computes, from the latest version of the organization's spec it names,
 * without a page to hold it. The same generator as computed pages' (computed-pages/openapi-pages.ts), each part
 * kept in R2 per spec version (computed-pages/spec-source.ts). Whoever may read the space may compute, as whoever
 * may read a computed page reads its content.
 */

/** A part of the reference as a JSON document (`props.doc`: models, info, a tag's operations, one operation). */
export async function computeDocument(requester: ReaderContext, spaceId: string, input: ComputedDocumentInput): Promise<GitBookDocument> {
  const { ctx, version } = await specToCompute(requester, spaceId, input.source.dependencies.spec.ref.spec);
  const props = input.source.props;
  let markdown: string | null;
  if (props.doc === "models") markdown = await generatedOnce(ctx, version, "models", modelsMarkdown);
  else if (props.doc === "info") markdown = await generatedOnce(ctx, version, "info", infoMarkdown);
  else if (props.doc === "operation") {
    const part = `operation-${await sha256Hex(`${props.method} ${props.page}`)}`;
    markdown = await generatedOnce(ctx, version, part, (document) => operationOnlyMarkdown(document, props.method, props.page));
    if (markdown === null) throw notFound(`Operation '${props.method.toUpperCase()} ${props.page}' in OpenAPI spec '${input.source.dependencies.spec.ref.spec}'`);
  } else {
    markdown = await generatedOnce(ctx, version, `tag-${await sha256Hex(props.page)}`, (document) => tagMarkdown(document, props.page));
    if (markdown === null) throw notFound(`Tag '${props.page}' in OpenAPI spec '${input.source.dependencies.spec.ref.spec}'`);
  }
  return markdownToDocument(markdown!);
}

/**
 * The pages a computed revision holds: one per tag (or per operation, `grouping`), and a Models
 * page with `models`, as top-level pages with ids derived from `seed` (the same seed, the same
 * ids). The pages are nowhere in the space, so their `urls.app` is the space's.
 */
export async function computeRevision(requester: ReaderContext, spaceId: string, input: ComputedRevisionInput) {
  const { ctx, version } = await specToCompute(requester, spaceId, input.source.dependencies.spec.ref.spec);
  const { grouping = "by-tag", models } = input.source.props;
  const generated = await generatedOnce(ctx, version, `revision-${grouping}${models ? "-models" : ""}`, (document) =>
    JSON.stringify([...openAPIToPages(document, grouping), ...(models ? [modelsPage(document)] : [])]),
  );
  const pages = JSON.parse(generated!) as GeneratedPage[];
  const entries: PageEntry[] = [];
  for (const [index, page] of pages.entries()) {
    const data: PageData = { title: page.title, slug: uniqueSlug(page.slug, entries), createdAt: version.createdAt, updatedAt: version.createdAt };
    const id = await seededId(`${input.seed}\n${index}\n${page.slug}`);
    entries.push({ kind: "page", id, parentId: null, position: String(index).padStart(6, "0"), data, documentId: null, blobKey: null, markdown: page.markdown });
  }
  const spaceUrl = ctx.urls.app(`/s/${spaceId}`);
  return { pages: presentPages({ tree: new PageTree(entries), appUrl: () => spaceUrl, format: "markdown" }), files: [], reusableContents: [] };
}

/**
 * The caller's access to the space (as every content read decides it), then the spec's latest
 * version. A spec the organization does not have, or one without a version yet, is a 404: there
 * is nothing to compute from.
 */
async function specToCompute(requester: ReaderContext, spaceId: string, slug: string) {
  const resolved = await resolveContent(requester, { kind: "space", spaceId });
  const ctx = resolved.callerContext;
  // A site's visitor computes only from the specs the pages they see are computed from (a spec may be private).
  if (resolved.visitorView && !(await specsComputedInView(ctx, resolved)).has(slug)) throw notFound(`OpenAPI spec '${slug}'`);
  const latest: LatestSpec | undefined = await loadLatestSpec(ctx, resolved.space.organizationId, slug);
  if (!latest) throw notFound(`OpenAPI spec '${slug}'`);
  if (!latest.version) throw notFound(`A processed version of OpenAPI spec '${slug}'`);
  return { ctx, version: latest.version };
}

/** The specs (by slug) the pages a visitor's view shows are computed from. */
async function specsComputedInView(ctx: ResolvedSource["callerContext"], resolved: ResolvedSource): Promise<Set<string>> {
  const index = await pageIndexOf(ctx, resolved);
  return new Set([...index.computedSpecs].filter(([pageId]) => !resolved.visitorView!.hidden.has(pageId)).map(([, slug]) => slug));
}
