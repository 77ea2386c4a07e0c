import type { Context } from "hono";
import type { AppEnv, RequestContext } from "../../context";
import { mergedFromOf } from "../../domain/content-reads/reads";
import { resolveContent, type ContentSource, type ResolvedSource } from "../../domain/content-reads/revision-content";
import { revisionResponse, type ProducedRead } from "../../http/revision-cache";
import type { SigningWindow } from "../../lib/signed-urls";
import { readerOf } from "../shared";

/**
 * How every read of revision content is served (routes/spaces/content.ts and its siblings):
 * access and the revision resolved on every request, then the answer from the revision cache, or
 * read on a miss, with a strong ETag and 304s.
 */

export type ContentRead<T> = (ctx: RequestContext, resolved: ResolvedSource, signing: SigningWindow) => Promise<ProducedRead<T>>;

/** Access and the revision on every request; the read itself only when the response is not cached. */
export async function serveContent<T>(
  c: Context<AppEnv, string, object>,
  source: ContentSource,
  query: Record<string, unknown>,
  read: ContentRead<T>,
  options: {
    signsDownloads?: boolean;
    withMergedFrom?: boolean;
    /** What the answer is a function of when it is not the revision: an immutable id (a document's). */
    cachedBy?: string;
  } = {},
) {
  const resolved = await resolveContent(readerOf(c), source, { withMergedFrom: options.withMergedFrom ?? false });
  const ctx = resolved.callerContext;
  return revisionResponse(c, {
    // A visitor's answer is the published revision's (what they may read of it changes with it).
    revisionId: options.cachedBy !== undefined && !resolved.visitorView ? options.cachedBy : resolved.revisionId,
    query,
    ...(resolved.visitorView ? { view: resolved.visitorView.key } : {}),
    ...(options.signsDownloads ? { signsDownloads: true } : {}),
    ...(options.withMergedFrom ? { live: mergedFromOf(ctx, resolved) } : {}),
    produce: async (signing) => {
      const produced = await read(ctx, resolved, signing);
      if (produced.atRevision || !resolved.atOrdinals) return produced;
      // The revision named by id stopped being the head while it was read: read it where it is.
      return read(ctx, { ...resolved, point: resolved.atOrdinals }, signing);
    },
  });
}

/** `dereferenced=true` or `reusable-contents`: reusable contents are the only references expanded. */
export const dereferences = (value: string | undefined) => value === "true" || value === "reusable-contents";
