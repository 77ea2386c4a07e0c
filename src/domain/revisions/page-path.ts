import { sql, type SQL } from "drizzle-orm";
import { statesOf, union } from "./page-neighbourhood";
import type { RevisionPoint } from "./points";

/**
 * The page at a path of a revision (GitBook's `getPageByPath`...), found by walking its slugs down
 * the tree: the top-level page with the first slug, then its child with the second, and so on. Each
 * step is an index lookup of one page's children (`content_entries_current` at a head,
 * `content_entries_children` at an older ordinal), so finding a page costs the siblings along its
 * path, never the size of the space, and reads no body. Reading the whole tree without bodies was
 * the other way: one simple statement, but it grows with every page of the space.
 *
 * The result is a scalar subquery (the page's id, or NULL when no page has that path), given to the
 * page read (`selectPageNeighbourhood`), so finding and reading the page are one statement.
 */

/** The slugs of a path as the API takes it: `/`-separated, leading, trailing and doubled `/` ignored. */
export function pathSegments(path: string): string[] {
  return path.split("/").filter((segment) => segment.length > 0);
}

/** The id of the page at `segments` (at least one) at `point`, as a scalar subquery. */
export function selectPageIdAtPath(point: RevisionPoint, segments: readonly string[]): SQL {
  const slugs = JSON.stringify(segments);
  const slugIs = (depth: SQL) => sql`json_extract(r.data, '$.slug') = (SELECT value FROM json_each(${slugs}) WHERE key = ${depth})`;
  return sql`(WITH RECURSIVE
      walk(depth, entry_id) AS (
        ${union(statesOf(point, sql`0, r.entry_id`, null, sql`r.parent_id IS NULL AND ${slugIs(sql`0`)}`))}
        UNION
        ${union(statesOf(point, sql`walk.depth + 1, r.entry_id`, sql`walk`, sql`walk.depth < ${segments.length - 1} AND r.parent_id = walk.entry_id AND ${slugIs(sql`walk.depth + 1`)}`))}
      )
    SELECT entry_id FROM walk WHERE depth = ${segments.length - 1} ORDER BY entry_id LIMIT 1)`;
}
