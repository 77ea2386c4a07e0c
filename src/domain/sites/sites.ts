import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequesterContext } from "../../context";
import { runBatch } from "../../db/batch";
import { isUniqueViolation } from "../../db/errors";
import { selectedOnce } from "../../db/list-select";
import { pageReads, sortedBy } from "../../db/keyset";
import { grants, siteSections, siteSpaces, sites, spaces, type SiteRow } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { assertOrganizationAction } from "../../lib/permissions";
import type { CreateSiteInput, SiteListQuery, UpdateSiteInput } from "../../schemas/site";
import { loadOrganizationAccess, loadOrganizationAccessWith } from "../organizations/access";
import { grantedRankOnSite, loadSiteAccess, loadSiteMembership, raisedOnSite, selectSite, siteNotFound, siteSpaceCountColumn, type SiteAccess } from "./access";
import { visibleTo } from "../content-tree/granted-levels";
import { callerIdFor, callerIdOf, callerValues, perCaller } from "../users/callers";
import { newSiteSpaceRows } from "./placement";
import { presentSite, seenOnSite } from "./present";

/** Sites with their site-space count and what is granted to the caller on each, for the list: built once per way of naming the caller. */
const siteRows = perCaller((key) =>
  selectedOnce((db) => db.select({ site: sites, siteSpaceCount: siteSpaceCountColumn(), grantedRank: sql<number | null>`${grantedRankOnSite(callerIdFor(key))}`.as("granted_rank") }).from(sites)),
);

/**
 * The organization's sites, oldest first, with GitBook's filters: every site for members who may
 * view sites, and for the others (guests) the sites granted to them.
 */
export async function listSites(ctx: RequesterContext, organizationId: string, query: SiteListQuery) {
  type Row = { site: SiteRow; siteSpaceCount: number; grantedRank: number | null };
  const where = and(
    eq(sites.organizationId, organizationId),
    visibleTo(callerIdOf(ctx), organizationId, grantedRankOnSite(callerIdOf(ctx))),
    query.space === undefined ? undefined : sql`EXISTS (SELECT 1 FROM ${siteSpaces} publishing WHERE publishing.space_id = ${query.space} AND publishing.site_id = "sites"."id")`,
    query.title ? titleContains(query.title) : undefined,
    query.published === undefined ? undefined : eq(sites.published, query.published),
    query.type?.length ? inArray(sites.type, query.type) : undefined,
  );
  const page = pageReads(ctx.db, query, {
    from: sites,
    where,
    select: siteRows(ctx)(callerValues(ctx)),
    sort: sortedBy("createdAt:asc", "asc", [sites.createdAt, sites.id], (row: Row) => [row.site.createdAt, row.site.id]),
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  return page.answer(results, (row) =>
    presentSite(ctx, row.site, { ...access, membership: raisedOnSite(access.membership, row.grantedRank), siteSpaceCount: row.siteSpaceCount }),
  );
}

/**
 * A new, unpublished site; `spaces` (live spaces of the organization) become its root site spaces
 * in the order given, the first one the default. One batch: the site lands whole or not at all.
 */
export async function createSite(ctx: CallerContext, organizationId: string, input: CreateSiteInput) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageSites");
  const spaceIds = [...new Set(input.spaces ?? [])];
  const spacesToAdd = await liveSpacesOf(ctx, organizationId, spaceIds, "spaces");
  const now = nowIso();
  const site: SiteRow = {
    id: newId(),
    organizationId,
    type: input.type ?? "basic",
    title: input.title ?? "Untitled site",
    visibility: input.visibility ?? "public",
    basename: null,
    hostname: null,
    proxyOrigin: null,
    published: false,
    adaptiveContent: false,
    agentsContext: "excluded",
    createdBy: ctx.caller.id,
    createdAt: now,
    updatedAt: now,
  };
  const rows = newSiteSpaceRows(site.id, null, spacesToAdd, { lastPosition: null, takenPaths: new Set(), hasDefault: false }, now);
  await runBatch(ctx.db, [ctx.db.insert(sites).values(site), ...(rows.length ? [ctx.db.insert(siteSpaces).values(rows)] : [])]);
  return presentSite(ctx, site, { ...access, siteSpaceCount: rows.length });
}

export async function getSite(ctx: CallerContext, organizationId: string, siteId: string) {
  const access = await loadSiteAccess(ctx, organizationId, siteId, "viewSites");
  return presentSite(ctx, access.site, seenOnSite(access));
}

/** Changes the fields given (and the defaults named), in one batch; answers the site as it is after. */
export async function updateSite(ctx: CallerContext, organizationId: string, siteId: string, input: UpdateSiteInput) {
  const access = await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  const statements: BatchItem<"sqlite">[] = [];
  if (input.defaultSiteSection !== undefined) statements.push(...(await defaultSectionWrites(ctx, siteId, input.defaultSiteSection)));
  if (input.defaultSiteSpace !== undefined) statements.push(...(await defaultSiteSpaceWrites(ctx, siteId, input.defaultSiteSpace, input.defaultSiteSection)));
  const changes: Partial<SiteRow> = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
    ...(input.basename !== undefined ? { basename: input.basename } : {}),
    ...(input.adaptiveContent !== undefined ? { adaptiveContent: input.adaptiveContent.enabled } : {}),
    ...(input.agentsContext !== undefined ? { agentsContext: input.agentsContext } : {}),
    ...(input.proxy !== undefined ? { proxyOrigin: input.proxy } : {}),
    ...(input.hostname !== undefined ? { hostname: input.hostname } : {}),
    updatedAt: nowIso(),
  };
  statements.unshift(ctx.db.update(sites).set(changes).where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId))));
  statements.push(selectSite(ctx, organizationId, siteId));
  const results = await runBatch(ctx.db, statements).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw uniqueConflict(error);
    throw error;
  });
  const [row] = results.at(-1) as Array<{ site: SiteRow; siteSpaceCount: number }>;
  if (!row) throw siteNotFound(siteId);
  return presentSite(ctx, row.site, { ...seenOnSite(access), siteSpaceCount: row.siteSpaceCount });
}

/** Deletes the site and everything of it (cascades); 204 also when it did not exist (seed 4.9). */
export async function deleteSite(ctx: CallerContext, organizationId: string, siteId: string): Promise<void> {
  const access = await loadSiteMembership(ctx, organizationId, siteId);
  assertOrganizationAction(access.siteMembership, "manageSites");
  await ctx.db.batch([
    // What was granted on the site goes with it (grants have no foreign key to their content).
    ctx.db.delete(grants).where(and(eq(grants.contentId, siteId), eq(grants.organizationId, organizationId))),
    ctx.db.delete(sites).where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId))),
  ]);
}

/** Sets `published` (publish: true, unpublish: false) and answers the site. */
export async function setSitePublished(ctx: CallerContext, organizationId: string, siteId: string, published: boolean) {
  const access: SiteAccess = await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  if (access.site.published === published) return presentSite(ctx, access.site, seenOnSite(access));
  const [updated] = await ctx.db
    .update(sites)
    .set({ published, updatedAt: nowIso() })
    .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
    .returning();
  if (!updated) throw siteNotFound(siteId);
  return presentSite(ctx, updated, seenOnSite(access));
}

/**
 * The live spaces of the organization with these ids, in the order given; a 400 naming `field`
 * when one is not (unknown, deleted, or of another organization: a site never points elsewhere).
 */
export async function liveSpacesOf(ctx: CallerContext, organizationId: string, spaceIds: string[], field: string) {
  if (spaceIds.length === 0) return [];
  const rows = await ctx.db
    .select({ id: spaces.id, title: spaces.title })
    .from(spaces)
    .where(and(inArray(spaces.id, spaceIds), eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = spaceIds.find((id) => !byId.has(id));
  if (missing) throw badRequest(`Invalid body field '${field}': no space '${missing}' in this organization`);
  return spaceIds.map((id) => byId.get(id)!);
}

/** Makes `sectionId` (a section of the site) its default: clear the old flag, then set the new. */
async function defaultSectionWrites(ctx: CallerContext, siteId: string, sectionId: string): Promise<BatchItem<"sqlite">[]> {
  const [section] = await ctx.db
    .select({ id: siteSections.id })
    .from(siteSections)
    .where(and(eq(siteSections.id, sectionId), eq(siteSections.siteId, siteId)))
    .limit(1);
  if (!section) throw badRequest(`Invalid body field 'defaultSiteSection': no section '${sectionId}' in this site`);
  return [
    ctx.db.update(siteSections).set({ isDefault: false }).where(and(eq(siteSections.siteId, siteId), eq(siteSections.isDefault, true))),
    ctx.db.update(siteSections).set({ isDefault: true }).where(eq(siteSections.id, sectionId)),
  ];
}

/**
 * Makes a site space the default of the root, or, when the site has sections, of the default
 * section (the one named in the same request, else the current one): it must be there (400).
 */
async function defaultSiteSpaceWrites(ctx: CallerContext, siteId: string, siteSpaceId: string, newDefaultSection: string | undefined): Promise<BatchItem<"sqlite">[]> {
  const [[siteSpace], [defaultSection]] = await ctx.db.batch([
    ctx.db
      .select({ id: siteSpaces.id, sectionId: siteSpaces.sectionId })
      .from(siteSpaces)
      .where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId)))
      .limit(1),
    ctx.db
      .select({ id: siteSections.id })
      .from(siteSections)
      .where(and(eq(siteSections.siteId, siteId), eq(siteSections.isDefault, true)))
      .limit(1),
  ]);
  if (!siteSpace) throw badRequest(`Invalid body field 'defaultSiteSpace': no site space '${siteSpaceId}' in this site`);
  const scope = newDefaultSection ?? defaultSection?.id ?? null;
  if (siteSpace.sectionId !== scope) {
    throw badRequest(
      scope === null
        ? `Invalid body field 'defaultSiteSpace': site space '${siteSpaceId}' is not at the root of the site`
        : `Invalid body field 'defaultSiteSpace': site space '${siteSpaceId}' is not in the default section '${scope}'`,
    );
  }
  const inScope = scope === null ? isNull(siteSpaces.sectionId) : eq(siteSpaces.sectionId, scope);
  return [
    ctx.db.update(siteSpaces).set({ isDefault: false }).where(and(eq(siteSpaces.siteId, siteId), inScope, eq(siteSpaces.isDefault, true))),
    ctx.db.update(siteSpaces).set({ isDefault: true }).where(eq(siteSpaces.id, siteSpaceId)),
  ];
}

/** A basename or hostname another site already has: which one, from the index named in the error. */
function uniqueConflict(error: unknown) {
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : "";
  if (text.includes("sites.hostname")) return conflict("Another site already has this hostname");
  if (text.includes("sites.basename") || text.includes("sites.organization_id")) return conflict("Another site of this organization already has this basename");
  return conflict("Another site already has this value");
}

/** Case-insensitive substring of the title (ASCII folding, LIKE wildcards matched literally). */
function titleContains(title: string): SQL {
  const lowered = title.replace(/[A-Z]/g, (char) => char.toLowerCase());
  const pattern = `%${lowered.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`lower(${sites.title}) LIKE ${pattern} ESCAPE '\\'`;
}
