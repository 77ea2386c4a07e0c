import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawAll } from "../../db/raw";
import { contentEntries } from "../../db/schema";
import { MAIN_LINE } from "./points";

/**
 * Which page of a space had `path` before a move or rename: the pages whose slug was once the
 * path's last segment (found by the index content_entries_main_slug, whatever the space's size),
 * each with its ancestors' slugs as they were when it took that slug and place (a recursive walk
 * up, one indexed lookup a step). One round trip; only asked for a path no page has now.
 *
 * A page keeps the former paths it had when its own row changed; a path it had only because an
 * ancestor was renamed twice while it stayed put is not remembered (its ancestors are read as of
 * its own row's start).
 */

const MAX_DEPTH = 32;

interface ChainRow {
  entryId: string;
  fromOrdinal: number;
  depth: number;
  slug: string | null;
}

type Row = { entry_id: string; from_ordinal: number; depth: number; parent_id: string | null; slug: string | null };

/** The statement finding the pages that once had `path` on main, and how to read its rows: their ids, most recent first. */
export function formerPathLookup(db: Database, spaceId: string, path: string) {
  const segments = path.split("/").filter(Boolean);
  const last = segments.at(-1) ?? "";
  const entries = contentEntries;
  // Written as the index content_entries_main_slug is (its partial condition with literals), so SQLite uses it.
  const slugOf = (table: string) => sql.raw(`json_extract(${table}.data, '$.slug')`);
  const statement = rawAll<Row>(
    db,
    sql`WITH RECURSIVE chain(entry_id, from_ordinal, depth, parent_id, slug) AS (
      SELECT e.entry_id, e.from_ordinal, 0, e.parent_id, ${slugOf("e")}
      FROM ${entries} e
      WHERE e.space_id = ${spaceId} AND ${slugOf("e")} = ${last} AND e.kind = 'page' AND e.line = 'main'
      UNION ALL
      SELECT chain.entry_id, chain.from_ordinal, chain.depth + 1, p.parent_id, ${slugOf("p")}
      FROM chain JOIN ${entries} p
        ON p.space_id = ${spaceId} AND p.line = ${MAIN_LINE} AND p.kind = 'page' AND p.entry_id = chain.parent_id
        AND p.from_ordinal <= chain.from_ordinal AND (p.to_ordinal IS NULL OR p.to_ordinal > chain.from_ordinal)
      WHERE chain.depth < ${Math.min(segments.length, MAX_DEPTH)}
    )
    SELECT entry_id, from_ordinal, depth, parent_id, slug FROM chain`,
  );
  return { statement, read: (rows: unknown) => (last === "" || segments.length > MAX_DEPTH ? [] : matchingPages(rows as Row[], segments)) };
}

function matchingPages(rows: Row[], segments: string[]): string[] {
  const chains = new Map<string, { entryId: string; fromOrdinal: number; slugs: Array<string | null>; complete: boolean }>();
  for (const row of rows.map((raw): ChainRow => ({ entryId: raw.entry_id, fromOrdinal: raw.from_ordinal, depth: raw.depth, slug: raw.slug }))) {
    const key = `${row.entryId}@${row.fromOrdinal}`;
    const chain = chains.get(key) ?? { entryId: row.entryId, fromOrdinal: row.fromOrdinal, slugs: [], complete: false };
    chain.slugs[row.depth] = row.slug;
    chains.set(key, chain);
  }
  // A chain matches when its slugs, read from the root down, are the path's segments, its top a root page.
  const rootReached = new Set(rows.filter((row) => row.depth === segments.length - 1 && row.parent_id === null).map((row) => `${row.entry_id}@${row.from_ordinal}`));
  const matching = [...chains.entries()]
    .filter(([key, chain]) => rootReached.has(key) && chain.slugs.length === segments.length && [...chain.slugs].reverse().join("/") === segments.join("/"))
    .map(([, chain]) => chain)
    .sort((a, b) => b.fromOrdinal - a.fromOrdinal);
  return [...new Set(matching.map((chain) => chain.entryId))];
}
