import type { CallerContext, RequesterContext } from "../../context";
import { siteAdaptiveSchemas } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { nowIso } from "../../lib/ids";
import { assertAdaptiveSchema } from "./adaptive-schema";
import { templateConditions } from "./conditions";
import { loadSiteAccess } from "./access";
import { eq } from "drizzle-orm";

/** A site's adaptive-content schema (seed 4.9, 2.17): the claims visitors bring, which conditions use. */

const noSchema = (siteId: string) => notFound(`Adaptive schema of site '${siteId}'`);

export async function getAdaptiveSchema(ctx: CallerContext, organizationId: string, siteId: string) {
  await loadSiteAccess(ctx, organizationId, siteId, "viewSites");
  const [row] = await ctx.db.select().from(siteAdaptiveSchemas).where(eq(siteAdaptiveSchemas.siteId, siteId)).limit(1);
  if (!row) throw noSchema(siteId);
  return present(row.jsonSchema, row.updatedAt);
}

/**
 * Sets (or replaces) the schema, once checked. Conditions already stored are left as they are: one
 * that names a claim the new schema lacks holds for no visitor (the claim is absent).
 */
export async function putAdaptiveSchema(ctx: CallerContext, organizationId: string, siteId: string, jsonSchema: Record<string, unknown>) {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  assertAdaptiveSchema(jsonSchema);
  const updatedAt = nowIso();
  await ctx.db
    .insert(siteAdaptiveSchemas)
    .values({ siteId, jsonSchema, updatedAt })
    .onConflictDoUpdate({ target: siteAdaptiveSchemas.siteId, set: { jsonSchema, updatedAt } });
  return present(jsonSchema, updatedAt);
}

/** The conditions a writer can use, from the schema's claims; none when the site has no schema. */
export async function listTemplateConditions(ctx: RequesterContext, organizationId: string, siteId: string) {
  const access = await loadSiteAccess(ctx, organizationId, siteId, "viewSites");
  return { items: access.adaptiveSchema ? templateConditions(access.adaptiveSchema) : [] };
}

const present = (jsonSchema: Record<string, unknown>, updatedAt: string) => ({ object: "site-adaptive-schema" as const, jsonSchema, updatedAt });
