import { inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { MAX_IDS_PER_IN_LIST, chunks, insertChunks } from "../../db/limits";
import { documentLinks, documents } from "../../db/schema";
import { extractLinks } from "../../formats/markdown";

/**
 * Page bodies are stored once per distinct text, under their SHA-256: an edit stores the one body
 * it changes, and copies (duplicated spaces, merges, change requests) share bodies by id. The
 * link index is kept per document, extracted once when the body is first stored.
 */

export interface StoredDocument {
  id: string;
  markdown: string;
}

export async function documentIdOf(markdown: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(markdown));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function prepareDocument(markdown: string): Promise<StoredDocument> {
  return { id: await documentIdOf(markdown), markdown };
}

/** Statements storing documents and their links; documents already stored are left as they are. */
export function insertDocuments(db: Database, stored: readonly StoredDocument[]): BatchItem<"sqlite">[] {
  const unique = [...new Map(stored.map((document) => [document.id, document])).values()];
  const links = unique.flatMap((document) =>
    extractLinks(document.markdown).map((link, ordinal) => ({
      documentId: document.id,
      ordinal,
      relation: link.relation,
      targetKind: link.target.kind,
      target: link.target.kind === "page" ? link.target.page : link.target.kind === "file" ? link.target.file : link.target.url,
    })),
  );
  return [
    ...insertChunks(documents, unique).map((batch) => db.insert(documents).values(batch).onConflictDoNothing()),
    ...insertChunks(documentLinks, links).map((batch) => db.insert(documentLinks).values(batch).onConflictDoNothing()),
  ];
}

/** Statements reading the bodies of the given documents. */
export function selectDocuments(db: Database, ids: readonly string[]) {
  return chunks([...new Set(ids)], MAX_IDS_PER_IN_LIST).map((batch) => db.select().from(documents).where(inArray(documents.id, batch)));
}

export async function readDocuments(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  const results = await runBatch(db, selectDocuments(db, ids));
  for (const rows of results) for (const row of rows as StoredDocument[]) bodies.set(row.id, row.markdown);
  return bodies;
}
