import type { VisitorContext } from "../../context";
import type { RevisionRow } from "../../db/schema";
import { LruMap } from "../../lib/lru";
import type { ResolvedPublishedContent } from "./resolve";
import { visitorProfile } from "../sites/published";
import { revisionNotPublished } from "../sites/visitor-access";
import { selectRevisionOfSpace, type ResolvedSource } from "../content-reads/revision-content";
import { visitorRevisionOf } from "../content-reads/visitor-content";

/**
 * What a site's visitor reads before a page of it can be shown: the site's published profile
 * (`getPublishedSite`) and the space's revision (`resolveContent`), as their site token reads them
 * through the API, from the rows the URL's resolution read in its round trip: the profile's own
 * statements ride in the lookup (lookup.ts) and go through the same presenter, and
 * the resolution decided the visitor's access from the same rows the token's check reads (the
 * site, its publishing auth, the share link, the space among the site's). So a page rendered for a
 * visitor segment waits on no round trip after the resolution; before, this was a second one, and
 * the larger part of what a page rendered cost over an API page read (docs/performance.md,
 * "Reader: serving pages over HTTP").
 */
export async function publishedSiteAndRevisionOf(ctx: VisitorContext, content: ResolvedPublishedContent) {
  const { site, organization, profileResults, space } = content.siteRows;
  const revision = await revisionRowOf(ctx, space.id, content.answer.revision);
  const resolved: ResolvedSource = await visitorRevisionOf(ctx, space, revision);
  return { profile: visitorProfile(ctx, { site, organization }, profileResults, content.answer.shareKey), resolved };
}

/** Revision rows never change once written: kept per isolate after their first read (one round trip). */
const revisionRows = new LruMap<string, RevisionRow>(4096);

async function revisionRowOf(ctx: VisitorContext, spaceId: string, revisionId: string): Promise<RevisionRow> {
  const key = `${spaceId}/${revisionId}`;
  const known = revisionRows.get(key);
  if (known) return known;
  const [row] = await selectRevisionOfSpace(ctx, spaceId, revisionId);
  if (!row) throw revisionNotPublished(revisionId);
  revisionRows.set(key, row);
  return row;
}
