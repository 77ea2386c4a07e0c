import type { SessionStart } from "../db/request-binding";

/**
 * The D1 session of a request, from its method and the `x-d1-bookmark` header (D1's Sessions
 * API). Reads start anywhere at least as new as the client's bookmark (a read replica near the
 * Worker, in production), or anywhere at all without one; writes start on the primary, so what
 * they check before writing is current. Every response returns the session's bookmark in the same
 * header: a client that sends it back reads its own writes (docs/architecture.md).
 */
export const D1_BOOKMARK_HEADER = "x-d1-bookmark";

/** D1 bookmarks are hyphen-separated hexadecimal fields; anything else is refused before D1 sees it. */
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){0,7}$/i;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type SessionChoice = { start: SessionStart } | { problem: string };

export function sessionFor(method: string, bookmarkHeader: string | undefined): SessionChoice {
  if (bookmarkHeader !== undefined && !BOOKMARK.test(bookmarkHeader)) {
    return { problem: `Invalid header '${D1_BOOKMARK_HEADER}': must be a bookmark a previous response returned` };
  }
  if (WRITES.has(method.toUpperCase())) return { start: "first-primary" };
  return { start: bookmarkHeader ? { bookmark: bookmarkHeader } : "first-unconstrained" };
}
