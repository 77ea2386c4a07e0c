import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteSpaces, type SiteSpaceRow } from "../../db/schema";
import { newId } from "../../lib/ids";
import { positionAfter } from "../../lib/ordering";
import { slugify } from "../revisions/page-tree";

/**
 * Placing site spaces in a scope (a section, or the site root when `sectionId` is null): the new
 * ones go after the last, with paths made from their spaces' titles and unique in the scope, and
 * the first becomes the default when the scope has none. Shared by site creation and the
 * site-space routes.
 */

export interface ScopeState {
  /** The last position in the scope (null: empty). */
  lastPosition: string | null;
  /** The paths the scope's site spaces have. */
  takenPaths: Set<string>;
  hasDefault: boolean;
}

/** What the scope holds now: one query (its paths, positions and default flags). */
export async function readScopeState(db: Database, siteId: string, sectionId: string | null): Promise<ScopeState> {
  const rows = await db
    .select({ path: siteSpaces.path, position: siteSpaces.position, isDefault: siteSpaces.isDefault })
    .from(siteSpaces)
    .where(and(eq(siteSpaces.siteId, siteId), sectionId === null ? isNull(siteSpaces.sectionId) : eq(siteSpaces.sectionId, sectionId)))
    .orderBy(desc(siteSpaces.position), desc(siteSpaces.id));
  return {
    lastPosition: rows[0]?.position ?? null,
    takenPaths: new Set(rows.map((row) => row.path)),
    hasDefault: rows.some((row) => row.isDefault),
  };
}

/** `path`, or `path-2`, `path-3`… whichever is not taken; the result is added to `taken`. */
export function uniquePath(path: string, taken: Set<string>): string {
  let candidate = path;
  for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${path.slice(0, 100 - String(suffix).length - 1)}-${suffix}`;
  taken.add(candidate);
  return candidate;
}

/**
 * The path a title gives (a URL segment of 1 to 100 characters); `fallback` when the title has
 * nothing to make a slug of (slugify's own fallback, "page", is no name for a space or a section).
 */
export const pathForTitle = (title: string, fallback: string) => {
  const slug = slugify(title).slice(0, 100);
  return slug === "page" && !/page/i.test(title) ? fallback : slug;
};

/** New site-space rows for `spaces` at the end of the scope; `state` is updated to include them. */
export function newSiteSpaceRows(
  siteId: string,
  sectionId: string | null,
  spaces: ReadonlyArray<{ id: string; title: string }>,
  state: ScopeState,
  now: string,
): SiteSpaceRow[] {
  return spaces.map((space) => {
    const position = positionAfter(state.lastPosition);
    state.lastPosition = position;
    const isDefault = !state.hasDefault;
    state.hasDefault = true;
    return {
      id: newId(),
      siteId,
      sectionId,
      spaceId: space.id,
      path: uniquePath(pathForTitle(space.title, "space"), state.takenPaths),
      title: null,
      condition: null,
      isDefault,
      position,
      createdAt: now,
    };
  });
}
