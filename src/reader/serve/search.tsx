import type { VisitorContext } from "../../context";
import type { ResolvedPublishedContent } from "../../domain/published/resolve";
import { searchSiteForVisitor } from "../../domain/published/site-search";
import { SearchPage } from "../layout";
import type { ReaderSearchResult } from "../model";
import { encodePath } from "./links";
import type { SiteFrame } from "./page";

/**
 * The site's search for readers: `<site space root>/search?q=…` as a page (readers without
 * JavaScript), and with `format=json` as the search dialog's answer. Both are the site token's
 * `searchSiteContent` in GitBook's default scope (the current site space and each section's default,
 * among those the visitor sees; pages their claims hide left out),
 * results grouped by page with the sections that matched.
 */

const RESULTS = 20;

export async function searchResults(ctx: VisitorContext, content: ResolvedPublishedContent, frame: SiteFrame, query: string): Promise<ReaderSearchResult[]> {
  const trimmed = query.trim().slice(0, 512);
  if (trimmed === "") return [];
  const found = await searchSiteForVisitor(ctx, content.answer.organization, content.answer.site, { query: trimmed, scope: { mode: "default", currentSiteSpace: content.answer.siteSpace } }, { limit: RESULTS });
  const baseOf = new Map(frame.siteSpaces.map((item) => [item.spaceId, item.baseUrl]));
  baseOf.set(content.answer.space, frame.homeUrl);
  const terms = trimmed.split(/\s+/).filter((term) => term.length > 0);
  return found.items.flatMap((space) => {
    const base = baseOf.get(space.id);
    if (!base) return [];
    return space.pages.map((page) => ({
      title: page.title,
      href: `${base}${encodePath(page.path)}`,
      sections: page.sections.map((section) => {
        const [path = "", anchor] = section.path.split("#");
        return { title: section.title, href: `${base}${encodePath(path)}${anchor ? `#${encodeURIComponent(anchor)}` : ""}`, text: section.body };
      }),
      terms,
    }));
  });
}

export async function renderSearchPage(frame: SiteFrame, query: string, results: ReaderSearchResult[]): Promise<string> {
  const html = <SearchPage head={{ ...frame.head, noindex: true }} site={frame.site} tree={frame.navigation.tree} query={query} results={results} />;
  return html.toString();
}
