import { and, eq, sql } from "drizzle-orm";
import { isVisitor, type CallerContext, type RequesterContext, type VisitorContext } from "../../context";
import { loadVisitorSite } from "./visitor-access";
import { isUniqueViolation } from "../../db/errors";
import { pageReads, sortedBy, type Sort } from "../../db/keyset";
import { contentEntries, siteRedirects, siteSections, siteSpaces, type RedirectDestination, type SiteRedirectRow } from "../../db/schema";
import { containsText } from "../../db/text-search";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import type { CreateSiteRedirectInput, SiteRedirectObject, UpdateSiteRedirectInput } from "../../schemas/site-redirects";
import { MAIN_LINE } from "../revisions/points";
import { loadSiteAccess, loadSiteAccessWith } from "./access";
import { matchSiteRedirect } from "./redirect-match";

/**
 * Site redirects (GitBook's site-redirects operations): reads at `viewSites`, writes at
 * `manageSites`. A source is unique per site, live or draft (409 on a second one); destinations
 * must be of the site when they are written (400 naming the field); a redirect whose destination
 * is deleted later stays, and resolves to nothing until it is pointed elsewhere
 * (docs/decisions.md, "Site redirects").
 */

export const redirectNotFound = (redirectId: string) => notFound(`Site redirect '${redirectId}'`);

export function presentRedirect(row: SiteRedirectRow): SiteRedirectObject {
  return {
    object: "site-redirect",
    id: row.id,
    source: row.source,
    draft: row.draft,
    captureWildcard: row.captureWildcard,
    permanent: row.permanent,
    destination: row.destination,
    createdAt: row.createdAt,
    // GitBook: "Absent if never updated since creation."
    ...(row.updatedAt !== row.createdAt ? { updatedAt: row.updatedAt } : {}),
  };
}

export interface RedirectListQuery extends PageRequest {
  search?: string;
  draft: boolean;
  orderBy: "createdAt" | "updatedAt" | "source";
}

/** Each order of the list, over its own index (`site_redirects_created`, `_updated`, `_by_source`). */
const SORTS: Record<RedirectListQuery["orderBy"], Sort<SiteRedirectRow>> = {
  createdAt: sortedBy("createdAt:desc", "desc", [siteRedirects.createdAt, siteRedirects.id], (row) => [row.createdAt, row.id]),
  updatedAt: sortedBy("updatedAt:desc", "desc", [siteRedirects.updatedAt, siteRedirects.id], (row) => [row.updatedAt, row.id]),
  source: sortedBy("source:asc", "asc", [siteRedirects.source, siteRedirects.id], (row) => [row.source, row.id]),
};

/** The site's live redirects (or its drafts), newest first unless `orderBy` says otherwise. */
export async function listRedirects(ctx: RequesterContext, organizationId: string, siteId: string, query: RedirectListQuery) {
  const page = pageReads(ctx.db, query, {
    from: siteRedirects,
    where: and(eq(siteRedirects.siteId, siteId), eq(siteRedirects.draft, query.draft), query.search ? containsText(siteRedirects.source, query.search) : undefined),
    sort: SORTS[query.orderBy],
  });
  const [, results] = await loadSiteAccessWith(ctx, organizationId, siteId, "viewSites", undefined, page.reads);
  return page.answer(results, presentRedirect);
}

export async function createRedirect(ctx: CallerContext, organizationId: string, siteId: string, input: CreateSiteRedirectInput): Promise<SiteRedirectObject> {
  const [, destinationProblem] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "manageSites"), destinationProblemOf(ctx, siteId, input.destination)]);
  if (destinationProblem) throw badRequest(destinationProblem);
  const now = nowIso();
  const row: SiteRedirectRow = {
    id: newId(),
    siteId,
    ...sourceColumns(input.source, input.captureWildcard ?? false),
    destination: input.destination,
    draft: input.draft ?? false,
    permanent: input.permanent ?? false,
    createdBy: ctx.caller.id,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db
    .insert(siteRedirects)
    .values(row)
    .catch((error: unknown) => rethrowSourceTaken(error, input.source));
  return presentRedirect(row);
}

/** Only the fields given change; the source, its wildcard and `captureWildcard` are checked together. */
export async function updateRedirect(ctx: CallerContext, organizationId: string, siteId: string, redirectId: string, input: UpdateSiteRedirectInput): Promise<SiteRedirectObject> {
  const [, [current], destinationProblem] = await Promise.all([
    loadSiteAccess(ctx, organizationId, siteId, "manageSites"),
    ctx.db.select().from(siteRedirects).where(redirectOfSite(siteId, redirectId)).limit(1),
    input.destination ? destinationProblemOf(ctx, siteId, input.destination) : undefined,
  ]);
  if (!current) throw redirectNotFound(redirectId);
  if (destinationProblem) throw badRequest(destinationProblem);
  const source = input.source ?? current.source;
  const [updated] = await ctx.db
    .update(siteRedirects)
    .set({
      // A source that loses its wildcard loses `captureWildcard` with it, unless the body says otherwise.
      ...sourceColumns(source, input.captureWildcard ?? (current.captureWildcard && source.endsWith("*"))),
      ...(input.destination ? { destination: input.destination } : {}),
      ...(input.draft !== undefined ? { draft: input.draft } : {}),
      ...(input.permanent !== undefined ? { permanent: input.permanent } : {}),
      // Strictly after `createdAt`, so the answer shows `updatedAt` even within the same millisecond.
      updatedAt: laterThan(current.createdAt),
    })
    .where(redirectOfSite(siteId, redirectId))
    .returning()
    .catch((error: unknown) => rethrowSourceTaken(error, source));
  if (!updated) throw redirectNotFound(redirectId);
  return presentRedirect(updated);
}

/** "deleted" (GitBook's 205) or "absent" (204): deleting twice is not an error. */
export async function deleteRedirect(ctx: CallerContext, organizationId: string, siteId: string, redirectId: string): Promise<"deleted" | "absent"> {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  const deleted = await ctx.db.delete(siteRedirects).where(redirectOfSite(siteId, redirectId)).returning({ id: siteRedirects.id });
  return deleted.length > 0 ? "deleted" : "absent";
}

/**
 * The live redirect a visited path matches (its exact source, else the longest wildcard prefix)
 * and its target URL (carrying `shareKey`), read alongside the access check: one round trip.
 * 404 when nothing matches, or when what the redirect points at is gone.
 */
export async function getRedirectBySource(ctx: CallerContext | VisitorContext, organizationId: string, siteId: string, source: string, shareKey?: string) {
  const access = isVisitor(ctx) ? loadVisitorSite(ctx, organizationId, siteId, [], shareKey) : loadSiteAccess(ctx, organizationId, siteId, "viewSites", shareKey);
  const [, match] = await Promise.all([access, matchSiteRedirect(ctx, siteId, source, shareKey)]);
  if (!match || match.target === null) throw notFound(`Site redirect from '${source}'`);
  return { redirect: presentRedirect(match.redirect), target: match.target };
}

const redirectOfSite = (siteId: string, redirectId: string) => and(eq(siteRedirects.id, redirectId), eq(siteRedirects.siteId, siteId));

/** The stored form of a source: its wildcard prefix when it ends in `*`; `captureWildcard` only with one. */
function sourceColumns(source: string, captureWildcard: boolean) {
  const wildcardPrefix = source.endsWith("*") ? source.slice(0, -1) : null;
  if (captureWildcard && wildcardPrefix === null) throw badRequest(`Invalid body field 'captureWildcard': the source '${source}' has no wildcard (it would end in '*')`);
  return { source, wildcardPrefix, captureWildcard };
}

function rethrowSourceTaken(error: unknown, source: string): never {
  if (isUniqueViolation(error)) throw conflict(`Invalid body field 'source': the site already has a redirect from '${source}'`);
  throw error;
}

/** Now, or a millisecond after `earlier` when the clock has not moved past it. */
function laterThan(earlier: string): string {
  const now = nowIso();
  return now > earlier ? now : new Date(Date.parse(earlier) + 1).toISOString();
}

/**
 * Why a destination is not one of this site's (the message of a 400), or undefined when it is:
 * its section, its site space, and for a page, the page in the current revision of that site
 * space's space. One round trip, run alongside the access check.
 */
async function destinationProblemOf(ctx: CallerContext, siteId: string, destination: RedirectDestination): Promise<string | undefined> {
  const field = (name: string) => `Invalid body field 'destination.${name}'`;
  switch (destination.kind) {
    case "external":
      return undefined;
    case "site-section": {
      const [section] = await ctx.db
        .select({ id: siteSections.id })
        .from(siteSections)
        .where(and(eq(siteSections.siteId, siteId), eq(siteSections.id, destination.siteSectionId)));
      return section ? undefined : `${field("siteSectionId")}: no section '${destination.siteSectionId}' in this site`;
    }
    case "site-space":
    case "site-page": {
      const siteSpace = ctx.db
        .select({ spaceId: siteSpaces.spaceId })
        .from(siteSpaces)
        .where(and(eq(siteSpaces.siteId, siteId), eq(siteSpaces.id, destination.siteSpaceId)));
      if (destination.kind === "site-space") {
        return (await siteSpace).length > 0 ? undefined : `${field("siteSpaceId")}: no site space '${destination.siteSpaceId}' in this site`;
      }
      const page = ctx.db
        .select({ id: contentEntries.entryId })
        .from(contentEntries)
        .where(
          and(
            sql`${contentEntries.spaceId} = (SELECT space_id FROM site_spaces WHERE site_id = ${siteId} AND id = ${destination.siteSpaceId})`,
            eq(contentEntries.line, MAIN_LINE),
            eq(contentEntries.kind, "page"),
            eq(contentEntries.entryId, destination.pageId),
            sql`${contentEntries.toOrdinal} IS NULL`,
          ),
        )
        .limit(1);
      const [siteSpaceRows, pages] = await ctx.db.batch([siteSpace, page]);
      if (siteSpaceRows.length === 0) return `${field("siteSpaceId")}: no site space '${destination.siteSpaceId}' in this site`;
      return pages.length > 0 ? undefined : `${field("pageId")}: no page '${destination.pageId}' in the current content of site space '${destination.siteSpaceId}'`;
    }
  }
}
