import type { SiteSpaceRow, SpaceRow } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import type { SearchSiteContentInput } from "../../schemas/site-search";

/**
 * Which site spaces a site search covers (`searchSiteContent`'s scope), decided over the site
 * spaces the searcher may see, in structure order: a member with `viewSites` sees them all; a
 * visitor those their claims let through. Pure: the caller reads the structure.
 */

/** A site space as a search sees it: its place, its space, and where it is published. */
export interface SearchableSiteSpace {
  siteSpace: Pick<SiteSpaceRow, "id" | "sectionId" | "isDefault" | "title">;
  space: Pick<SpaceRow, "id" | "title" | "language">;
  /** Its URL on the published site (ends with '/'), null while the site is not published. */
  publishedUrl: string | null;
}

/** The scope, whichever form the body gave it in, with the body fields that named its ids (for 400s). */
export type SiteSearchScope =
  | { mode: "default"; currentSiteSpace?: string; restrictTo?: "currentSiteSpace" | "otherSiteSpaces"; currentField: string }
  | { mode: "specific"; siteSpaceIds: string[]; idsField: string }
  | { mode: "all" };

/** The body's scope: `scope`, or what a deprecated form (`mode`, `siteSpaceIds`, `siteSpaceId`) stands for. */
export function scopeOfBody(body: SearchSiteContentInput): SiteSearchScope {
  const { scope } = body;
  if (scope?.mode === "default") return { ...scope, currentField: "scope.currentSiteSpace" };
  if (scope?.mode === "specific") return { ...scope, idsField: "scope.siteSpaceIds" };
  if (scope?.mode === "all" || body.mode === "all") return { mode: "all" };
  // GitBook's `current`: "the current site space and all section's defaults".
  if (body.mode === "current") return { mode: "default", currentSiteSpace: body.siteSpaceId, currentField: "siteSpaceId" };
  return { mode: "specific", siteSpaceIds: body.siteSpaceIds ?? [], idsField: "siteSpaceIds" };
}

/**
 * The site spaces of `visible` the scope covers, in structure order. Ids the scope names that are
 * not among them (another site's, or hidden from the searcher) are a 400 naming the field and the ids.
 */
export function siteSpacesInScope(scope: SiteSearchScope, visible: readonly SearchableSiteSpace[]): SearchableSiteSpace[] {
  if (scope.mode === "all") return [...visible];
  const byId = new Map(visible.map((item) => [item.siteSpace.id, item]));
  if (scope.mode === "specific") {
    const unknown = [...new Set(scope.siteSpaceIds.filter((id) => !byId.has(id)))];
    if (unknown.length > 0) throw badRequest(`Invalid body field '${scope.idsField}': ${unknown.map((id) => `'${id}'`).join(", ")} ${unknown.length === 1 ? "is not a site space" : "are not site spaces"} of this site`);
    const named = new Set(scope.siteSpaceIds);
    return visible.filter((item) => named.has(item.siteSpace.id));
  }
  const current = scope.currentSiteSpace === undefined ? undefined : byId.get(scope.currentSiteSpace);
  if (scope.currentSiteSpace !== undefined && !current) throw badRequest(`Invalid body field '${scope.currentField}': '${scope.currentSiteSpace}' is not a site space of this site`);
  if (scope.restrictTo === "currentSiteSpace") return [current!];
  const defaults = defaultScope(visible, current);
  return scope.restrictTo === "otherSiteSpaces" ? defaults.filter((item) => item !== current) : defaults;
}

/**
 * "Wide and shallow": one site space per section (or for the root of a site without sections),
 * the current one in its own section; in the others, the one in the current site space's
 * language when there is one (GitBook: "its language … used to match other site spaces"), else the
 * section's default, else (the default hidden from the searcher) its first visible one.
 */
function defaultScope(visible: readonly SearchableSiteSpace[], current: SearchableSiteSpace | undefined): SearchableSiteSpace[] {
  const bySection = new Map<string, SearchableSiteSpace[]>();
  for (const item of visible) {
    const key = item.siteSpace.sectionId ?? "";
    bySection.set(key, [...(bySection.get(key) ?? []), item]);
  }
  const language = current?.space.language ?? null;
  const preferred = (items: SearchableSiteSpace[]) => items.find((item) => item.siteSpace.isDefault) ?? items[0];
  const chosen = new Set<SearchableSiteSpace>();
  for (const [section, items] of bySection) {
    const inLanguage = language === null ? [] : items.filter((item) => item.space.language === language);
    const pick = (current && (current.siteSpace.sectionId ?? "") === section ? current : undefined) ?? preferred(inLanguage) ?? preferred(items)!;
    chosen.add(pick);
  }
  return visible.filter((item) => chosen.has(item));
}
