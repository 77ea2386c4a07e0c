import { runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { combineRows, selectLineRows, type Entry } from "../revisions/entries";
import type { RevisionPoint } from "../revisions/points";

/**
 * What applying a template needs of the content it is applied to, and nothing more: its top-level
 * pages (to place the template's after them under free slugs) and the entries named by `ids` (the
 * pages and files a reference names, the ids a copied space would reuse). Read in one round trip
 * through the indexes of current and past rows, so it costs what the template touches, not the
 * size of the space; a change request's own line is read whole (it holds only what it changed).
 */
export interface TargetContent {
  /** Those entries as the target has them (a change request's: main at its base, its line on top). */
  entries: Map<string, Entry>;
  /** Main's state of the same entries at the point read: what a change request's overlay is written against. */
  base: Map<string, Entry>;
}

export async function readTargetContent(db: Database, point: RevisionPoint, ids: readonly string[]): Promise<TargetContent> {
  const main = [
    ...selectLineRows(db, point.spaceId, point.main, { kind: "page", topLevel: true }),
    ...(ids.length > 0 ? selectLineRows(db, point.spaceId, point.main, { ids: [...new Set(ids)] }) : []),
  ];
  const overlay = point.overlay ? selectLineRows(db, point.spaceId, point.overlay) : [];
  const results = await runBatch(db, [...main, ...overlay]);
  return { entries: combineRows(results, main.length), base: combineRows(results.slice(0, main.length), main.length) };
}
