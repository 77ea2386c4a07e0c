import type { RequestContext } from "../../context";
import type { SiteRow } from "../../db/schema";
import type { PageIndex } from "../content-reads/page-index";
import { runBatch } from "../../db/batch";
import { formerPathLookup } from "../revisions/former-paths";
import { siteRedirectMatch } from "../sites/redirect-match";

/**
 * Where a published URL whose path is no page (of those the visitor sees) goes, if anywhere: the
 * site's redirect for that path (sites/redirect-match.ts), else the page that had that path
 * before a move or rename, at its path now. Asked only for such a path (both lookups in one more
 * round trip); nothing found, the URL resolves to the path as given, and the
 * renderer shows its own not-found page, as GitBook's does.
 */
export interface MissingPath {
  site: SiteRow;
  spaceId: string;
  index: PageIndex;
  hidden: ReadonlySet<string>;
  /** The site space's published URL, as the visitor opened the site (with their share key). */
  siteSpaceUrl: string;
  shareKey: string | undefined;
  /** The path under the site's root (after a share key), as a site redirect's source would name it. */
  sitePath: string;
  /** The path under the site space. */
  pathname: string;
}

export async function redirectForMissingPath(ctx: RequestContext, missing: MissingPath): Promise<string | null> {
  const redirect = siteRedirectMatch(ctx, missing.site.id, `/${missing.sitePath}`, missing.shareKey);
  const formerly = formerPathLookup(ctx.db, missing.spaceId, missing.pathname);
  const results = await runBatch(ctx.db, [...redirect.statements, formerly.statement]);
  const siteRedirect = redirect.read(results.slice(0, redirect.statements.length));
  if (siteRedirect?.target) return siteRedirect.target;
  for (const pageId of formerly.read(results.at(-1))) {
    const path = missing.index.pathOf.get(pageId);
    if (path !== undefined && !missing.hidden.has(pageId)) return new URL(path.split("/").map(encodeURIComponent).join("/"), missing.siteSpaceUrl).toString();
  }
  return null;
}
