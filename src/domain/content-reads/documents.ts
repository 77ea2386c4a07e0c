import { and, eq, exists } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { runBatch } from "../../db/batch";
import { contentEntries, documents } from "../../db/schema";
import { markdownToDocument, type GitBookDocument } from "../../formats/markdown";
import { notFound } from "../../lib/errors";
import { withComputedContent } from "../computed-pages/openapi-pages";
import { combineRows, selectRevisionRows } from "../revisions/entries";
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
export async function getDocumentOfSpace(ctx: CallerContext, resolved: ResolvedSource, documentId: string): Promise<DocumentRead> {
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
  return { value: markdownToDocument(row.markdown), atRevision: true };
}

/**
 * The body of one page at the resolved revision: its row (and its overlay's) read by id, with its
 * markdown, in one round trip (one more to expand the reusable contents it places, with
 * `dereferenced`). A computed page's document is the content it computes (the
 * generated reference of its spec's latest version, as `getPageById` with `computed=true` gives),
 * so, like that read, it is not cached by revision.
 */
export async function getPageDocument(ctx: CallerContext, resolved: ResolvedSource, pageId: string, dereferenced = false): Promise<DocumentRead> {
  const { statements, mainCount } = selectRevisionRows(ctx.db, resolved.point, { kind: "page", ids: [pageId], withMarkdown: true });
  const results = await runBatch(ctx.db, [...statements, selectHeads(ctx, resolved)]);
  const page = combineRows(results.slice(0, statements.length), mainCount).get(`page:${pageId}`);
  if (!page) throw notFound(`Page '${pageId}'`);
  // With `dereferenced`, the reusable contents the body places are expanded into it, as the page read does.
  const expanded = dereferenced ? await expandPlacedReusableContents(ctx, resolved, [page]) : true;
  const atRevision = stillAtRevision(resolved, results.at(-1)) && expanded;
  const stored = markdownToDocument(page.markdown ?? "");
  if (!("computed" in page.data) || !page.data.computed) return { value: stored, atRevision };
  const computed = await withComputedContent(ctx, resolved.space.organizationId, { type: "computed" } as { type: string; document?: GitBookDocument }, page.data.computed, "document");
  return { value: computed.document ?? stored, atRevision, beyondRevision: true };
}
