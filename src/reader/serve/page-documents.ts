import type { VisitorContext } from "../../context";
import { getPageDocument } from "../../domain/content-reads/documents";
import type { ResolvedSource } from "../../domain/content-reads/revision-content";
import { LruMap } from "../../lib/lru";
import type { DocumentInput } from "../document";

/**
 * A page's document at a published revision, kept in this isolate's memory. A revision never
 * changes, so neither does what a page of it holds, and the reader renders a page again for every
 * visitor segment and signing window it serves: without this, each of those renders waits on a
 * D1 round trip for a document it already had (docs/performance.md, "Reader"). The memory is asked
 * only after the visitor's access to the revision was decided (the site token's check, with the site's
 * profile) and for a page their claims show, as the API's revision cache serves a read only after
 * its access check. A computed page (its spec's latest version) and a read that saw the head move
 * are not kept.
 */

/** Characters of the documents' JSON kept, two bytes each: 4 MiB. */
const CAPACITY_CHARACTERS = 2 * 1024 * 1024;
const documents = new LruMap<string, { document: DocumentInput; characters: number }>(CAPACITY_CHARACTERS, (entry) => entry.characters);

export async function pageDocumentAt(ctx: VisitorContext, resolved: ResolvedSource, pageId: string): Promise<DocumentInput> {
  const key = `${resolved.space.id}/${resolved.revisionId}/${pageId}`;
  const known = resolved.visitorView?.hidden.has(pageId) ? undefined : documents.get(key);
  if (known) return known.document;
  const read = await getPageDocument(ctx, resolved, pageId);
  if (read.atRevision && !read.beyondRevision) documents.set(key, { document: read.value, characters: JSON.stringify(read.value).length });
  return read.value;
}
