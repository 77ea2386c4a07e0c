import { eq, sql } from "drizzle-orm";
import type { CallerContext, RequestContext } from "../../context";
import { sitePublishingAuths, type SitePublishingAuthRow } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { loadSiteAccess } from "./access";

/**
 * Visitor authentication of a site (GitBook's publishing auth): the key a site's own backend signs
 * its visitors' JWTs with (HS256), and where a visitor without a valid one is sent. The key is a
 * secret of the site's administrators, like its share links: reading or changing it needs
 * `manageSites`. Regenerating it bumps its generation, which every site token minted after
 * checking a visitor's JWT carries (domain/published/site-token.ts): they all stop working at once.
 */

const PRIVATE_KEY_LENGTH = 48;

export interface PublishingAuthUpdate {
  backend: "custom" | "integration";
  fallbackURL?: string | null;
  logoutURL?: string | null;
}

/** The statements that make the site's row when it has none (a fresh key) and read it: one round trip. */
export function ensurePublishingAuth(ctx: RequestContext, siteId: string) {
  return [
    ctx.db
      .insert(sitePublishingAuths)
      .values({ siteId, backend: "custom", privateKey: newId(PRIVATE_KEY_LENGTH), fallbackUrl: null, logoutUrl: null, generation: 1, updatedAt: nowIso() })
      .onConflictDoNothing(),
    ctx.db.select().from(sitePublishingAuths).where(eq(sitePublishingAuths.siteId, siteId)).limit(1),
  ] as const;
}

export async function getPublishingAuth(ctx: CallerContext, organizationId: string, siteId: string) {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  const [, [row]] = await ctx.db.batch(ensurePublishingAuth(ctx, siteId));
  return present(row!);
}

export async function updatePublishingAuth(ctx: CallerContext, organizationId: string, siteId: string, update: PublishingAuthUpdate) {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  if (update.backend === "integration") throw badRequest("Invalid body field 'backend': 'integration' needs a visitor-authentication integration, and this deployment has no integrations; use 'custom'");
  const [insert] = ensurePublishingAuth(ctx, siteId);
  const [, [row]] = await ctx.db.batch([
    insert,
    ctx.db
      .update(sitePublishingAuths)
      .set({
        backend: update.backend,
        ...(update.fallbackURL !== undefined ? { fallbackUrl: update.fallbackURL } : {}),
        ...(update.logoutURL !== undefined ? { logoutUrl: update.logoutURL } : {}),
        updatedAt: nowIso(),
      })
      .where(eq(sitePublishingAuths.siteId, siteId))
      .returning(),
  ]);
  return present(row!);
}

export async function regeneratePublishingAuth(ctx: CallerContext, organizationId: string, siteId: string) {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  const [insert] = ensurePublishingAuth(ctx, siteId);
  const [, [row]] = await ctx.db.batch([
    insert,
    ctx.db
      .update(sitePublishingAuths)
      .set({ privateKey: newId(PRIVATE_KEY_LENGTH), generation: sql`${sitePublishingAuths.generation} + 1`, updatedAt: nowIso() })
      .where(eq(sitePublishingAuths.siteId, siteId))
      .returning(),
  ]);
  return present(row!);
}

function present(row: SitePublishingAuthRow) {
  return {
    object: "publishing-auth" as const,
    backend: row.backend,
    privateKey: row.privateKey,
    ...(row.fallbackUrl ? { fallbackURL: row.fallbackUrl } : {}),
    ...(row.logoutUrl ? { logoutURL: row.logoutUrl } : {}),
  };
}
