import { and, eq, sql } from "drizzle-orm";
import type { CallerContext } from "../../context";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { siteCustomizations, siteSpaceCustomizations, siteSpaces } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { nowIso } from "../../lib/ids";
import { loadSiteAccess } from "./access";
import { DEFAULT_CUSTOMIZATION, assertKnownNullKeys, assertValidSettings, overlaySettings, type Settings } from "./customization-settings";

/**
 * The customization of a site (GitBook's get/update site customization) and the overrides of one
 * of its site spaces (get/override/delete site-space customization). A site's customization is a
 * full replacement: keys left out go back to their defaults. A site space's overrides are a patch
 * over the site's: a key set to null clears its override.
 */

const siteSpaceNotFound = (siteSpaceId: string) => notFound(`Site space '${siteSpaceId}'`);

/** The site's customization with every key filled in (defaults underneath), and `updatedAt` once set. */
function siteSettings(row: { settings: Settings; updatedAt: string } | undefined): Settings {
  const settings = overlaySettings(DEFAULT_CUSTOMIZATION, row?.settings ?? {});
  return row ? { ...settings, updatedAt: row.updatedAt } : settings;
}

/** A site space's customization: the site's, with its overrides on top. */
function siteSpaceSettings(site: Settings, row: { overrides: Settings; updatedAt: string } | undefined): Settings {
  const { updatedAt: siteUpdatedAt, ...base } = site;
  const settings = overlaySettings(base, row?.overrides ?? {});
  const updatedAt = row?.updatedAt ?? siteUpdatedAt;
  return { ...settings, ...(updatedAt ? { updatedAt } : {}), hasOverrides: Object.keys(row?.overrides ?? {}).length > 0 };
}

/** Built once (db/prepared.ts): every reader page rendered reads it. */
const siteCustomization = preparedOnce((db: Database) => db.select().from(siteCustomizations).where(eq(siteCustomizations.siteId, sql.placeholder("siteId"))).limit(1));
const selectSiteCustomization = (db: Database, siteId: string) => siteCustomization(db, { siteId });
/** Every override of a site's site spaces. */
const siteSpaceOverrides = preparedOnce((db: Database) => db.select().from(siteSpaceCustomizations).where(eq(siteSpaceCustomizations.siteId, sql.placeholder("siteId"))));
const selectSiteSpaceOverrides = (db: Database, siteId: string) => siteSpaceOverrides(db, { siteId });

export async function getSiteCustomization(ctx: CallerContext, organizationId: string, siteId: string) {
  // The row is read alongside the access check, and used only once that check passed.
  const [, [row]] = await Promise.all([loadSiteAccess(ctx, organizationId, siteId, "viewSites"), selectSiteCustomization(ctx.db, siteId)]);
  return siteSettings(row);
}

/** Replaces the site's customization (400 naming the key when anything is unknown or invalid). */
export async function updateSiteCustomization(ctx: CallerContext, organizationId: string, siteId: string, body: Settings) {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  const { updatedAt: _ignored, ...given } = body;
  const settings = overlaySettings(DEFAULT_CUSTOMIZATION, given);
  assertValidSettings(settings);
  const row = { siteId, settings, updatedAt: nowIso() };
  await ctx.db.insert(siteCustomizations).values(row).onConflictDoUpdate({ target: siteCustomizations.siteId, set: { settings, updatedAt: row.updatedAt } });
  return siteSettings(row);
}

/** The site space (of this site), its overrides and the site's customization: one round trip after access. */
async function readSiteSpaceCustomization(ctx: CallerContext, siteId: string, siteSpaceId: string) {
  const [[siteSpace], [override], [site]] = await ctx.db.batch([
    ctx.db.select({ id: siteSpaces.id }).from(siteSpaces).where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId))).limit(1),
    ctx.db.select().from(siteSpaceCustomizations).where(eq(siteSpaceCustomizations.siteSpaceId, siteSpaceId)).limit(1),
    selectSiteCustomization(ctx.db, siteId),
  ]);
  if (!siteSpace) throw siteSpaceNotFound(siteSpaceId);
  return { override, site: siteSettings(site) };
}

export async function getSiteSpaceCustomization(ctx: CallerContext, organizationId: string, siteId: string, siteSpaceId: string) {
  await loadSiteAccess(ctx, organizationId, siteId, "viewSites");
  const { override, site } = await readSiteSpaceCustomization(ctx, siteId, siteSpaceId);
  return siteSpaceSettings(site, override);
}

/** Lays `body` over the site space's overrides; null clears one. The result must be a valid customization. */
export async function overrideSiteSpaceCustomization(ctx: CallerContext, organizationId: string, siteId: string, siteSpaceId: string, body: Settings) {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  const { override, site } = await readSiteSpaceCustomization(ctx, siteId, siteSpaceId);
  const { updatedAt: _ignored, hasOverrides: _computed, ...given } = body;
  assertKnownNullKeys(given);
  const overrides = pruneEmpty(overlaySettings(override?.overrides ?? {}, given));
  const { updatedAt: _siteUpdatedAt, ...base } = site;
  assertValidSettings(overlaySettings(base, overrides));
  const row = { siteSpaceId, siteId, overrides, updatedAt: nowIso() };
  await ctx.db
    .insert(siteSpaceCustomizations)
    .values(row)
    .onConflictDoUpdate({ target: siteSpaceCustomizations.siteSpaceId, set: { overrides, updatedAt: row.updatedAt } });
  return siteSpaceSettings(site, row);
}

/** Removes every override of the site space; 204 also when it had none (or no longer exists). */
export async function deleteSiteSpaceCustomization(ctx: CallerContext, organizationId: string, siteId: string, siteSpaceId: string): Promise<void> {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  await ctx.db.delete(siteSpaceCustomizations).where(and(eq(siteSpaceCustomizations.siteSpaceId, siteSpaceId), eq(siteSpaceCustomizations.siteId, siteId)));
}

/** Every site space's customization, by site-space id, from the site's and the overrides read (the published profile). */
export function siteSpaceCustomizationsFrom(site: Settings, siteSpaceIds: string[], overrides: Array<{ siteSpaceId: string; overrides: Settings; updatedAt: string }>) {
  const byId = new Map(overrides.map((row) => [row.siteSpaceId, row]));
  return Object.fromEntries(siteSpaceIds.map((id) => [id, siteSpaceSettings(site, byId.get(id))]));
}

export { siteSettings, selectSiteCustomization, selectSiteSpaceOverrides };

/** An override object left empty by cleared keys is no override: `{styling: {}}` becomes `{}`. */
function pruneEmpty(settings: Settings): Settings {
  const result: Settings = {};
  for (const [key, value] of Object.entries(settings)) {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const pruned = pruneEmpty(value as Settings);
      // The favicon's `{}` is a value of its own ("no favicon"), not an empty override.
      if (Object.keys(pruned).length > 0 || key === "favicon") result[key] = pruned;
    } else result[key] = value;
  }
  return result;
}
