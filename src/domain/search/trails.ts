import { sql, type SQL } from "drizzle-orm";

/**
 * Where the pages a search serves sit in their space's tree (main's head): titles, paths and
 * ancestors are read when results are served rather than stored in the index, so renaming or
 * moving a page re-indexes nothing below it. The walk goes up from each page served: O(pages ×
 * depth), whatever the size of their spaces.
 */

/** A page's place in its space's tree: its own title, description and slug, then its ancestors'. */
export interface PageTrail {
  title: string;
  description: string;
  /** Slugs from the top-level page down to the page. */
  slugs: string[];
  /** Titles from the top-level page down to the direct parent. */
  ancestors: string[];
}

/** One page on the way up from a page served (`depth` 0: the page itself). */
export interface TrailStep {
  spaceId: string;
  pageId: string;
  depth: number;
  title: string;
  description: string | null;
  slug: string;
}

/** Guards the walk up the tree; main's tree has no cycles (merges repair them), this bounds it anyway. */
const MAX_PAGE_DEPTH = 100;

/**
 * A recursive CTE, `trail_steps`, of the steps up from the pages `starts` selects (its columns:
 * space_id, page_id), for a `WITH RECURSIVE` clause. CROSS JOIN keeps the pages the outer loop:
 * left to itself, the planner may scan every current entry and look each up among the pages.
 */
export function trailSteps(starts: SQL): SQL {
  return sql`trail(space_id, start_id, parent_id, data, depth) AS (
        SELECT e.space_id, e.entry_id, e.parent_id, e.data, 0
        FROM (${starts}) start CROSS JOIN content_entries e
          ON e.space_id = start.space_id AND e.line = 'main' AND e.kind = 'page' AND e.entry_id = start.page_id AND e.to_ordinal IS NULL
        UNION ALL
        SELECT e.space_id, trail.start_id, e.parent_id, e.data, trail.depth + 1
        FROM trail JOIN content_entries e
          ON e.space_id = trail.space_id AND e.line = 'main' AND e.kind = 'page' AND e.entry_id = trail.parent_id AND e.to_ordinal IS NULL
        WHERE trail.depth < ${MAX_PAGE_DEPTH}
      ),
      trail_steps AS (
        SELECT space_id AS spaceId, start_id AS pageId, depth, data ->> 'title' AS title, data ->> 'description' AS description, data ->> 'slug' AS slug
        FROM trail
      )`;
}

/** The trails of the steps read, ordered by page and from the top down; keyed by `${spaceId}/${pageId}`. */
export function pageTrails(steps: readonly TrailStep[]): Map<string, PageTrail> {
  const trails = new Map<string, PageTrail>();
  for (const step of steps) {
    const key = `${step.spaceId}/${step.pageId}`;
    const trail = trails.get(key) ?? { title: "", description: "", slugs: [], ancestors: [] };
    trail.slugs.push(step.slug);
    if (step.depth === 0) Object.assign(trail, { title: step.title, description: step.description ?? "" });
    else trail.ancestors.push(step.title);
    trails.set(key, trail);
  }
  return trails;
}
