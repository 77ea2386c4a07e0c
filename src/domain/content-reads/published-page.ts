import type { VisitorContext } from "../../context";
import { profileReads, visitorProfile } from "../sites/published";
import { siteNotFound } from "../sites/access";
import { hashShareKey, selectActiveShareLink, shareKeyNotFound } from "../sites/share-links";
import type { ResolvedSource } from "./revision-content";
import { resolveVisitorRevisionWith } from "./visitor-content";

/**
 * What a site's visitor reads before a page of it can be shown: the site's published profile
 * (`getPublishedSite`) and the space's revision (`resolveContent`), as their site token reads
 * them through the API, in one round trip instead of two. The space's access check reads the site
 * and its organization and checks the token's way in, which is the profile's own check, so the
 * profile's statements (and the share key's, when the visitor came with one) ride along it.
 */
export async function getPublishedSiteAndRevision(ctx: VisitorContext, read: { organizationId: string; siteId: string; shareKey?: string; spaceId: string; revisionId: string }) {
  const { organizationId, siteId, shareKey } = read;
  if (organizationId !== ctx.visitor.organizationId || siteId !== ctx.visitor.siteId) throw siteNotFound(siteId);
  const shareLink = shareKey === undefined ? [] : [selectActiveShareLink(ctx.db, siteId, await hashShareKey(shareKey))];
  const { resolved, visited, others } = await resolveVisitorRevisionWith(ctx, read.spaceId, read.revisionId, [...shareLink, ...profileReads(ctx, siteId)]);
  if (shareKey !== undefined && (others.shift() as unknown[]).length === 0) throw shareKeyNotFound();
  return { profile: visitorProfile(ctx, visited, others, shareKey), resolved: resolved as ResolvedSource };
}
