import { raw } from "hono/html";
import type { VisitorContext } from "../../context";
import { emptyPageIndex } from "../../domain/content-reads/page-index";
import { resolveContent, type ResolvedSource } from "../../domain/content-reads/revision-content";
import type { ResolvedPublishedContent } from "../../domain/published/resolve";
import { getPublishedSite } from "../../domain/sites/published";
import { outlineOf, referencesOf, renderDocument, type DocumentInput, type DocumentReferences } from "../document";
import { NotFoundPage, ReaderPage, readerAssetUrls, readerMathStylesheets } from "../layout";
import type { ReaderDocumentHead, ReaderSiteView, ReaderTreeItem } from "../model";
import { editHrefOf } from "./edit-link";
import { iconNamesOf, loadIcons } from "./icons";
import { encodePath, SiteLinks, type SpaceLocation } from "./links";
import { navigationOf, type Navigation } from "./navigation";
import { loadReferences, type LoadedReferences, type SiteSpaceOfVisitor } from "./page-content";
import { pageDocumentAt } from "./page-documents";
import { PDF_PATH, siteSpacesOfProfile, siteView, type PublishedProfile } from "./site-view";

/**
 * A page of a published site as HTML: the site's published profile and the space's revision
 * (both read through the visitor's site token, as GitBook's renderer reads them), the page's
 * document and what it points at, then the layout. Also the site's chrome alone, for the search
 * and not-found pages.
 */

export interface SiteFrame {
  site: ReaderSiteView;
  navigation: Navigation;
  resolved: ResolvedSource;
  current: SpaceLocation;
  siteSpaces: SiteSpaceOfVisitor[];
  head: ReaderDocumentHead;
  /** Origin and path of the site space's root as the visitor reached it. */
  homeUrl: string;
}

/**
 * The site around the page: profile and revision read at once (two D1 round trips, in parallel),
 * then the drawings of the icons its sections and pages name (static assets, remembered per isolate).
 */
export async function loadSiteFrame(ctx: VisitorContext, content: ResolvedPublishedContent, origin: string, currentPageId: string | null, nonce: string): Promise<SiteFrame> {
  const { answer, index, hidden } = content;
  const [profile, resolved] = await Promise.all([
    getPublishedSite(ctx, answer.organization, answer.site, answer.shareKey) as Promise<unknown> as Promise<PublishedProfile>,
    resolveContent(ctx, { kind: "revision", spaceId: answer.space, revisionId: answer.revision }),
  ]);
  const homeUrl = `${origin}${answer.basePath}`;
  const localize = localizer(profile.site.urls.published, `${origin}${answer.siteBasePath}`);
  const current: SpaceLocation = { baseUrl: homeUrl, index, hidden };
  const siteSpaces = siteSpacesOfProfile(profile.structure).map((item) => ({ spaceId: item.spaceId, revisionId: item.revisionId, baseUrl: localize(item.url) }));
  const links = new SiteLinks(answer.space, new Map([[answer.space, current], ...siteSpaces.filter((item) => item.spaceId !== answer.space).map((item) => [item.spaceId, { baseUrl: item.baseUrl, index: emptyPageIndex(item.revisionId), hidden: new Set<string>() }] as const)]));
  const customization = profile.customizations.siteSpaces[answer.siteSpace] ?? profile.customizations.site;
  const pdfHref = offersPdf(customization, index) ? `${homeUrl}${PDF_PATH}` : undefined;
  const site = siteView({ profile, siteSpaceId: answer.siteSpace, sectionId: answer.siteSection, language: resolved.space.language ?? undefined, links, localize, homeHref: homeUrl, ...(pdfHref ? { pdfHref } : {}) });
  const navigation = navigationOf(index, hidden, links, currentPageId);
  const pageIcon = currentPageId === null ? undefined : index.ordered.find((page) => page.id === currentPageId)?.icon;
  const icons = await loadIcons(ctx.env.ASSETS, [...iconNamesOf(site.sections, navigation.tree), ...(pageIcon ? [pageIcon] : [])], customization.styling);
  const noindex = ctx.visitor.shareLinkId !== null || ctx.visitor.authGeneration !== null || ctx.visitor.sitePreview || (profile.site as { visibility?: string }).visibility === "unlisted";
  const head: ReaderDocumentHead = { nonce, ...readerAssetUrls(), noindex, ...socialImageOf(site.customization) };
  return { site: { ...site, icons }, navigation, resolved, current, siteSpaces, head, homeUrl };
}

export interface RenderedReaderPage {
  html: string;
  /** Not to be cached: the page shows more than its revision fixes. */
  live: boolean;
}

/** A page's document and everything it points at, read before it is rendered (rendering never waits on I/O). */
export interface LoadedPage {
  pageId: string;
  document: DocumentInput;
  references: DocumentReferences;
  loaded: LoadedReferences;
  /** "Edit on GitHub" (customization `git.showEditLink`, a page imported from a synced repository). */
  editHref?: string;
}

export async function renderPage(ctx: VisitorContext, content: ResolvedPublishedContent, frame: SiteFrame, pageId: string): Promise<RenderedReaderPage> {
  const page = await loadPage(ctx, frame, pageId);
  return { html: await pageHtml(content, frame, page), live: page.loaded.live || content.index.computedSpecs.has(pageId) };
}

export async function loadPage(ctx: VisitorContext, frame: SiteFrame, pageId: string): Promise<LoadedPage> {
  const summary = frame.current.index.ordered.find((page) => page.id === pageId);
  const showEditLink = (frame.site.customization.git as { showEditLink?: boolean } | undefined)?.showEditLink === true;
  const [document, editHref] = await Promise.all([pageDocumentAt(ctx, frame.resolved, pageId), showEditLink ? editHrefOf(ctx, frame.resolved.space.id, summary?.gitPath) : undefined]);
  const references = referencesOf(document);
  const loaded = await loadReferences(ctx, frame.resolved, frame.current, frame.siteSpaces, references, frame.site.customization.styling);
  return { pageId, document, references, loaded, ...(editHref ? { editHref } : {}) };
}

/** The page as a whole HTML document: CPU only (bench/reader-cost.ts times it). */
export async function pageHtml(content: ResolvedPublishedContent, frame: SiteFrame, { pageId, document, references, loaded, editHref }: LoadedPage): Promise<string> {
  const { index } = content;
  const summary = index.ordered.find((page) => page.id === pageId)!;
  const outline = outlineOf(document, loaded.context);
  const path = index.pathOf.get(pageId) ?? "";
  const canonicalUrl = content.answer.pathname === "" && pageId === index.firstDocumentPages[0] ? content.answer.canonicalUrl : canonicalOf(content, path);
  const pageUrl = `${frame.homeUrl}${encodePath(path)}`;
  const customization = frame.site.customization as { feedback?: { enabled?: boolean } };
  // KaTeX's stylesheet (and through it its fonts) only on pages that show math.
  const math = references.math ? readerMathStylesheets() : [];
  const html = (
    <ReaderPage
      head={{ ...frame.head, stylesheets: [...frame.head.stylesheets, ...math] }}
      site={frame.site}
      tree={frame.navigation.tree}
      page={{
        id: pageId,
        title: summary.title,
        ...(summary.description ? { description: summary.description } : {}),
        ...(summary.emoji ? { emoji: summary.emoji } : summary.icon ? { icon: summary.icon } : {}),
        body: raw(await renderDocument(document, loaded.context).toString()),
        breadcrumbs: frame.navigation.breadcrumbs(pageId),
        outline,
        ...frame.navigation.neighbours(pageId),
        updatedAt: summary.updatedAt,
        canonicalUrl,
        markdownHref: `${pageUrl}.md`,
        feedback: customization.feedback?.enabled === true,
        ...(editHref ? { editHref } : {}),
      }}
    />
  );
  return String(await html.toString());
}

export async function renderNotFound(frame: SiteFrame, path: string): Promise<string> {
  const html = <NotFoundPage head={{ ...frame.head, noindex: true }} site={frame.site} tree={frame.navigation.tree as ReaderTreeItem[]} path={path} />;
  return String(await html.toString());
}

/** The canonical URL of a page: under the site space's canonical root (the site's own host, no share key). */
function canonicalOf(content: ResolvedPublishedContent, path: string): string {
  const root = content.answer.pathname === "" ? content.answer.canonicalUrl : content.answer.canonicalUrl.slice(0, content.answer.canonicalUrl.length - encodePath(content.answer.pathname).length);
  return `${root}${encodePath(path)}`;
}

/**
 * The site space's PDF is offered when the customization enables it and no page of the space has
 * a condition: a PDF prints the whole revision, so it must not exist where visitors see different
 * pages (it would print what their conditions hide).
 */
export function offersPdf(customization: Record<string, unknown>, index: ResolvedPublishedContent["index"]): boolean {
  return (customization.pdf as { enabled?: boolean } | undefined)?.enabled !== false && index.conditional.length === 0;
}

/** Canonical site URLs (`urls.published`) rewritten under the root the visitor came by. */
function localizer(canonicalRoot: string | undefined, visitorRoot: string): (url: string) => string {
  return (url) => (canonicalRoot && url.startsWith(canonicalRoot) ? visitorRoot + url.slice(canonicalRoot.length) : url);
}

function socialImageOf(customization: Record<string, unknown>): { socialImage?: string } {
  const url = (customization.socialPreview as { url?: string } | undefined)?.url;
  return url ? { socialImage: url } : {};
}

