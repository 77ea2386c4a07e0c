import { and, eq, sql, type SQL } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { pageReads, sortedBy } from "../../db/keyset";
import { siteShareLinks, type SiteShareLinkRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { sha256Hex } from "../../lib/tokens";
import { loadSiteAccess, loadSiteAccessWith, type SiteAccess } from "./access";
import { sitePublishedBase, siteRootFor } from "./urls";

/**
 * Share links open a `share-link` site with a secret key (GitBook's site share-link operations).
 * A key is 32 random base-62 characters (~190 bits), shown once, in the answer that creates it;
 * only its SHA-256 is stored, so a key is found by hashing what a visitor gives. A deactivated
 * (`active: false`) or deleted link's key no longer opens anything.
 */

export const shareLinkNotFound = (shareLinkId: string) => notFound(`Share link '${shareLinkId}'`);
/** An unknown, revoked or foreign key: the same 404, so keys reveal nothing. */
export const shareKeyNotFound = () => notFound("Share key");

const KEY_LENGTH = 32;

type ShareLinkObject = {
  object: "share-link";
  id: string;
  createdAt: string;
  name: string;
  active: boolean;
  urls: { published?: string };
  /** Only in the answer that creates the link. */
  key?: string;
};

function presentShareLink(row: SiteShareLinkRow, publishedWithKey?: string, key?: string): ShareLinkObject {
  return {
    object: "share-link",
    id: row.id,
    createdAt: row.createdAt,
    name: row.name,
    active: row.active,
    urls: publishedWithKey ? { published: publishedWithKey } : {},
    ...(key ? { key } : {}),
  };
}

export async function listShareLinks(ctx: RequesterContext, organizationId: string, siteId: string, query: PageRequest & { search?: string }) {
  const page = pageReads(ctx.db, query, {
    from: siteShareLinks,
    where: and(eq(siteShareLinks.siteId, siteId), query.search ? await nameOrKey(query.search) : undefined),
    sort: sortedBy("createdAt:asc", "asc", [siteShareLinks.createdAt, siteShareLinks.id], (row: SiteShareLinkRow) => [row.createdAt, row.id]),
  });
  const [, results] = await loadSiteAccessWith(ctx, organizationId, siteId, "manageSites", undefined, page.reads);
  return page.answer(results, (row) => presentShareLink(row));
}

/** A new active link; the answer carries its key (and the published URL with it) this once. */
export async function createShareLink(ctx: CallerContext, organizationId: string, siteId: string, name: string) {
  const access = await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  const key = newId(KEY_LENGTH);
  const row: SiteShareLinkRow = { id: newId(), siteId, name, keyHash: await sha256Hex(key), active: true, createdBy: ctx.caller.id, createdAt: nowIso() };
  await ctx.db.insert(siteShareLinks).values(row);
  return presentShareLink(row, publishedWithKey(ctx, access, key), key);
}

export async function updateShareLink(ctx: CallerContext, organizationId: string, siteId: string, shareLinkId: string, input: { name?: string; active?: boolean }) {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  const [updated] = await ctx.db
    .update(siteShareLinks)
    .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.active !== undefined ? { active: input.active } : {}) })
    .where(and(eq(siteShareLinks.id, shareLinkId), eq(siteShareLinks.siteId, siteId)))
    .returning();
  if (!updated) throw shareLinkNotFound(shareLinkId);
  return presentShareLink(updated);
}

/** 204 also when the link did not exist; its key stops working at once. */
export async function deleteShareLink(ctx: CallerContext, organizationId: string, siteId: string, shareLinkId: string): Promise<void> {
  await loadSiteAccess(ctx, organizationId, siteId, "manageSites");
  await ctx.db.delete(siteShareLinks).where(and(eq(siteShareLinks.id, shareLinkId), eq(siteShareLinks.siteId, siteId)));
}

/** The read that finds an active share link of the site by its key's hash (empty: no such key), for a batch. */
export function selectActiveShareLink(db: Database, siteId: string, keyHash: string) {
  return db
    .select({ id: siteShareLinks.id })
    .from(siteShareLinks)
    .where(and(eq(siteShareLinks.keyHash, keyHash), eq(siteShareLinks.siteId, siteId), eq(siteShareLinks.active, true)))
    .limit(1);
}

export const hashShareKey = sha256Hex;

/** The site's published URL carrying the key, when the site is published. */
function publishedWithKey(ctx: CallerContext, access: SiteAccess, key: string): string | undefined {
  if (!access.site.published) return undefined;
  return siteRootFor(sitePublishedBase(ctx.env, ctx.urls, access.organization, access.site), key);
}

/** GitBook's `search`: a case-insensitive part of the name, or the whole key. */
async function nameOrKey(search: string): Promise<SQL> {
  const lowered = search.replace(/[A-Z]/g, (char) => char.toLowerCase());
  const pattern = `%${lowered.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`(lower(${siteShareLinks.name}) LIKE ${pattern} ESCAPE '\\' OR ${siteShareLinks.keyHash} = ${await sha256Hex(search)})`;
}
