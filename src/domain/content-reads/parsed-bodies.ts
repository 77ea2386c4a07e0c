import { markdownToDocument, type GitBookDocument } from "../../formats/markdown";
import { LruMap } from "../../lib/lru";

/**
 * Bodies parsed once per isolate. A body is stored as markdown under its id, the SHA-256 of that
 * markdown (domain/revisions/documents.ts), so the document it converts to is a function of the
 * id, whoever reads it and in whichever revision. Converting is most of what reading a long page's
 * document costs (micromark and mdast: 60% of the CPU of a reader page rendered for a new visitor,
 * docs/performance.md, "Reader"), and the reader reads the document again for every visitor
 * segment it renders the page for. Access is decided before a body is asked for, as for every read.
 *
 * The documents are shared by every caller, so they are frozen, deeply: reading them is all any
 * caller does (render, serialize, convert back to markdown), and a change would throw rather than
 * alter what the next request reads.
 */

/** Characters of markdown whose documents are kept: their objects take several times that in bytes (a few MiB). */
const CAPACITY_CHARACTERS = 512 * 1024;
const parsed = new LruMap<string, { document: GitBookDocument; characters: number }>(CAPACITY_CHARACTERS, (entry) => entry.characters);

/** The document of the body `documentId`, whose markdown is `markdown`. */
export function documentOfBody(documentId: string, markdown: string): GitBookDocument {
  const known = parsed.get(documentId);
  if (known) return known.document;
  const document = deepFreeze(markdownToDocument(markdown));
  parsed.set(documentId, { document, characters: markdown.length });
  return document;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
