import { and, eq, exists, isNull } from "drizzle-orm";
import type { RequestContext } from "../../context";
import { runBatch } from "../../db/batch";
import { contentEntries, documents } from "../../db/schema";
import { markdownToDocument, type GitBookDocument } from "../../formats/markdown";
import { notFound } from "../../lib/errors";
import { withComputedContent } from "../computed-pages/openapi-pages";
import { combineRows, selectRevisionRows } from "../revisions/entries";
import { MAIN_LINE } from "../revisions/points";
import { documentOfBody } from "./parsed-bodies";
import { expandPlacedReusableContents } from "./reusable-contents";
import { selectHeads, stillAtRevision, type ResolvedSource, type RevisionRead } from "./revision-content";

/** A read whose value may depend on more than the revision (a computed page's spec), then not cached by it. */
type DocumentRead = RevisionRead<GitBookDocument> & { beyondRevision?: boolean };

/**
 * Page bodies as GitBook's JSON documents: by their document id (`getDocumentById`), and a page's
 * at a revision (`getPageDocumentInRevisionById`, what a renderer reads to show a page). Bodies
 * are stored as markdown and converted here, as the page read does with `format=document`.
 */

/**
 * A body by its id, when a page of the space uses it, in any revision or change request of the
 * space. Bodies are content-addressed and shared by every space with the same text, so the id
 * alone must not open another space's body: the check is an index lookup
 * (`content_entries_document`: document, space). A body once used by a space stays used by it
 * (revisions are immutable), so the answer is a function of the id: it is cached by it.
 */
export async function getDocumentOfSpace(ctx: RequestContext, resolved: ResolvedSource, documentId: string): Promise<DocumentRead> {
  if (resolved.visitorView) return getPublishedDocument(ctx, resolved, documentId, resolved.visitorView.hidden);
  const usedBySpace = ctx.db
    .select({ one: contentEntries.spaceId })
    .from(contentEntries)
    .where(and(eq(contentEntries.documentId, documents.id), eq(contentEntries.spaceId, resolved.space.id)));
  const [row] = await ctx.db
    .select({ markdown: documents.markdown })
    .from(documents)
    .where(and(eq(documents.id, documentId), exists(usedBySpace)))
    .limit(1);
  if (!row) throw notFound(`Document '${documentId}'`);
  return { value: documentOfBody(documentId, row.markdown), atRevision: true };
}

/**
 * A body by its id for a site's visitor: only when a page of the published revision that they see
 * uses it (never a body of a past revision, or of a page their claims hide). The pages using it
 * are found by the same index, among main's open rows.
 */
async function getPublishedDocument(ctx: RequestContext, resolved: ResolvedSource, documentId: string, hidden: ReadonlySet<string>): Promise<DocumentRead> {
  const [pages, [row]] = await ctx.db.batch([
    ctx.db
      .select({ id: contentEntries.entryId })
      .from(contentEntries)
      .where(and(eq(contentEntries.documentId, documentId), eq(contentEntries.spaceId, resolved.space.id), eq(contentEntries.line, MAIN_LINE), eq(contentEntries.kind, "page"), isNull(contentEntries.toOrdinal))),
    ctx.db.select({ markdown: documents.markdown }).from(documents).where(eq(documents.id, documentId)).limit(1),
  ]);
  if (!row || !pages.some((page) => !hidden.has(page.id))) throw notFound(`Document '${documentId}'`);
  return { value: documentOfBody(documentId, row.markdown), atRevision: true };
}

/**
 * The body of one page at the resolved revision: its row (and its overlay's) read by id, with its
 * markdown, in one round trip (one more to expand the reusable contents it places, with
 * `dereferenced`). A computed page's document is the content it computes (the
 * generated reference of its spec's latest version, as `getPageById` with `computed=true` gives),
 * so, like that read, it is not cached by revision.
 */
export async function getPageDocument(ctx: RequestContext, resolved: ResolvedSource, pageId: string, dereferenced = false): Promise<DocumentRead> {
  const { statements, mainCount } = selectRevisionRows(ctx.db, resolved.point, { kind: "page", ids: [pageId], withMarkdown: true });
  const results = await runBatch(ctx.db, [...statements, selectHeads(ctx, resolved)]);
  const page = combineRows(results.slice(0, statements.length), mainCount).get(`page:${pageId}`);
  if (!page || resolved.visitorView?.hidden.has(pageId)) throw notFound(`Page '${pageId}'`);
  // With `dereferenced`, the reusable contents the body places are expanded into it, as the page read does.
  const expanded = dereferenced ? await expandPlacedReusableContents(ctx, resolved, [page]) : true;
  const atRevision = stillAtRevision(resolved, results.at(-1)) && expanded;
  // Expanded, the markdown is no longer the body its id names: parsed as it is.
  const stored = () => (page.documentId !== null && !dereferenced ? documentOfBody(page.documentId, page.markdown ?? "") : markdownToDocument(page.markdown ?? ""));
  if (!("computed" in page.data) || !page.data.computed) return { value: stored(), atRevision };
  const computed = await withComputedContent(ctx, resolved.space.organizationId, { type: "computed" } as { type: string; document?: GitBookDocument }, page.data.computed, "document");
  return { value: computed.document ?? stored(), atRevision, beyondRevision: true };
}
