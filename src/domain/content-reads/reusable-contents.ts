import type { RequestContext } from "../../context";
import { runBatch } from "../../db/batch";
import { expandReusableContents, markdownToDocument, placedReusableContents } from "../../formats/markdown";
import { notFound } from "../../lib/errors";
import { combineRows, isReusableContent, selectRevisionRows, type Entry, type ReusableContentEntry } from "../revisions/entries";
import { presentReusableContent } from "../revisions/present";
import { selectHeads, stillAtRevision, type ResolvedSource, type RevisionRead } from "./revision-content";

/**
 * The reusable contents of a revision (GitBook's `getReusableContentById` and its siblings), once
 * `resolveContent` has decided the caller may read it, and the expansion of the reusable contents
 * a body places (`dereferenced`). A reusable content is an entry of the revision like a page, read
 * by id through the entries' primary key; its body is a stored markdown document.
 */

/** Reusable contents of the revision by id, with their bodies, in one round trip (with the heads check). */
async function readReusableContents(ctx: RequestContext, resolved: ResolvedSource, ids: readonly string[], withMarkdown: boolean) {
  const { statements, mainCount } = selectRevisionRows(ctx.db, resolved.point, { kind: "reusable-content", ids, withMarkdown });
  const results = await runBatch(ctx.db, [...statements, selectHeads(ctx, resolved)]);
  const contents = new Map<string, ReusableContentEntry>();
  for (const entry of combineRows(results.slice(0, statements.length), mainCount).values()) if (isReusableContent(entry)) contents.set(entry.id, entry);
  return { contents, atRevision: stillAtRevision(resolved, results.at(-1)) };
}

async function readReusableContent(ctx: RequestContext, resolved: ResolvedSource, id: string, withMarkdown: boolean) {
  const { contents, atRevision } = await readReusableContents(ctx, resolved, [id], withMarkdown);
  const content = contents.get(id);
  if (!content) throw notFound(`Reusable content '${id}'`);
  return { content, atRevision };
}

export async function getReusableContent(ctx: RequestContext, resolved: ResolvedSource, id: string): Promise<RevisionRead<ReturnType<typeof presentReusableContent>>> {
  const { content, atRevision } = await readReusableContent(ctx, resolved, id, false);
  return { value: presentReusableContent(content), atRevision };
}

/** Its body as GitBook's JSONDocument; `dereferenced`: the reusable contents it places, expanded. */
export async function getReusableContentDocument(ctx: RequestContext, resolved: ResolvedSource, id: string, dereferenced: boolean) {
  const { content, atRevision } = await readReusableContent(ctx, resolved, id, true);
  const expanded = dereferenced ? await expandPlacedReusableContents(ctx, resolved, [content]) : true;
  return { value: markdownToDocument(content.markdown ?? ""), atRevision: atRevision && expanded };
}

/**
 * Replaces, in the bodies of `entries` (read with their markdown), each reusable content placed at
 * the top level by that content's body: one more round trip, only when a body places one, reading
 * only those. A placement of a content the revision does not have stays a reusable-content block.
 * One level: what an expanded content places itself stays placed. Returns whether the read was
 * still of the resolved revision (see `stillAtRevision`).
 */
export async function expandPlacedReusableContents(ctx: RequestContext, resolved: ResolvedSource, entries: readonly Entry[]): Promise<boolean> {
  const ids = new Set(entries.flatMap((entry) => placedReusableContents(entry.markdown ?? "").map((placed) => placed.reusableContent)));
  if (ids.size === 0) return true;
  const { contents, atRevision } = await readReusableContents(ctx, resolved, [...ids], true);
  const bodyOf = (id: string) => {
    const content = contents.get(id);
    return content === undefined ? undefined : (content.markdown ?? "");
  };
  for (const entry of entries) if (entry.markdown) entry.markdown = expandReusableContents(entry.markdown, bodyOf);
  return atRevision;
}
