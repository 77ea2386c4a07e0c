import type { Context } from "hono";
import type { AppEnv, VisitorContext } from "../../context";
import { getPdfUrl } from "../../domain/pdf/exports";
import type { ResolvedPublishedContent } from "../../domain/published/resolve";
import { getPublishedSite } from "../../domain/sites/published";
import { errorBody } from "../../lib/errors";
import { READER_ASSETS } from "../layout";
import { isEmbedFrameRequest, serveEmbedFrame } from "./embed-frames";
import { encodePath } from "./links";
import { cachedPage, keepPage, pageCacheKey, pageResponse, randomToken, renderedPage, type RenderedPage } from "./html-cache";
import { firstPageOf } from "./navigation";
import { llmsFullTxt, llmsTxt, MACHINE_PATHS, pageMarkdown, robotsTxt, sitemapXml } from "./machine";
import { loadSiteFrame, offersPdf, renderNotFound, renderPage } from "./page";
import type { PublishedProfile } from "./site-view";
import { renderSearchPage, searchResults } from "./search";
import { FEEDBACK_PATH, PDF_PATH } from "./site-view";
import { readVisit, visitCookies, type Visit } from "./visit";
import { visitedContent } from "./visited";
import { recordReaderEvent } from "./page-views";

/**
 * The reader: a published site's URL answered with its page as HTML (or markdown, or one of the
 * site's files for machines). Resolution is GitBook's (`resolvePublishedUrl`); every read after it
 * runs as the site token it minted (serve/visited.ts). Pages are rendered once per revision,
 * site version and visitor segment, then served from the HTML cache (serve/html-cache.ts).
 * Returns null when no published site answers the URL for this visitor: the caller then answers
 * as the API does for an unknown path.
 */

const HTML = "text/html; charset=utf-8";
const MARKDOWN = "text/markdown; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";
const XML = "application/xml; charset=utf-8";

export async function serveReader(c: Context<AppEnv>): Promise<Response | null> {
  const ctx = c.get("context");
  // A rich embed's frame is answered before the URL is resolved: its signature is all it needs.
  if (isEmbedFrameRequest(new URL(c.req.url))) return c.req.method === "POST" ? null : serveEmbedFrame(ctx, c.req.raw);
  const visit = readVisit(c);
  const visited = await visitedContent(ctx, visit);
  if (visited.kind === "nothing") return null;
  if (visited.kind === "redirect") {
    const location = visit.rendering === "markdown" && visited.status === 301 ? markdownLocation(visited.location) : visited.location;
    return new Response(null, { status: visited.status, headers: { Location: location, "Cache-Control": "private, no-cache" } });
  }
  const { content, visitorContext } = visited;
  if (c.req.method === "POST") return content.answer.pathname === FEEDBACK_PATH ? receiveFeedback(c, visitorContext, content) : null;
  if (content.answer.pathname === PDF_PATH) return pdfRedirect(visitorContext, content);
  const headers = new Headers({ Vary: "Cookie", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" });
  for (const cookie of visitCookies(visit, content.answer.siteBasePath, visit.url.protocol === "https:")) headers.append("Set-Cookie", cookie);

  const { key, expiresAt } = pageCacheKey(ctx, visit.url, `${visit.rendering}:${visit.query ?? ""}:${visit.json}:${READER_ASSETS.version}`, content);
  const cached = visit.query === undefined ? await cachedPage(ctx, key, expiresAt) : undefined;
  const fresh = cached ? undefined : await rendered(c, visitorContext, content, visit);
  if (fresh?.cacheable) keepPage(ctx, key, expiresAt, fresh.page);
  const page = cached ?? fresh!.page;
  const pageId = pageIdOf(content);
  if (page.status === 200 && page.contentType === HTML && pageId) recordReaderEvent(visitorContext, content, pageId, c.req.raw, { type: "page_view" });
  return pageResponse(page, c.req.header("if-none-match"), headers);
}

const pageIdOf = (content: ResolvedPublishedContent) => content.pageId ?? (content.answer.pathname === "" ? firstPageOf(content.index, content.hidden) : null);

interface Rendered {
  page: RenderedPage;
  /** Only pages fixed by their revision and site version are kept. */
  cacheable: boolean;
}

async function rendered(c: Context<AppEnv>, ctx: VisitorContext, content: ResolvedPublishedContent, visit: Visit): Promise<Rendered> {
  const origin = visit.url.origin;
  const { pathname } = content.answer;
  const pageId = pageIdOf(content);
  const marker = randomToken();
  const frame = await loadSiteFrame(ctx, content, origin, pageId, marker);
  const html = async (body: string, status = 200) => renderedPage(body, HTML, status, marker);

  if (pageId === null && visit.rendering === "page") {
    if (pathname === "search") {
      const results = await searchResults(ctx, content, frame, visit.query ?? "");
      if (visit.json) return { page: await renderedPage(JSON.stringify({ query: visit.query ?? "", results }), "application/json"), cacheable: false};
      return { page: await html(await renderSearchPage(frame, visit.query ?? "", results)), cacheable: false};
    }
    if (MACHINE_PATHS.has(pathname)) return { page: await machineFile(ctx, frame, pathname, `${origin}${content.answer.siteBasePath}`), cacheable: true};
  }
  if (pageId === null) return { page: await html(await renderNotFound(frame, new URL(c.req.url).pathname), 404), cacheable: true};
  if (visit.rendering === "markdown") {
    const title = content.index.ordered.find((page) => page.id === pageId)?.title ?? "";
    return { page: await renderedPage(await pageMarkdown(ctx, frame, pageId, title), MARKDOWN), cacheable: !content.index.computedSpecs.has(pageId) };
  }
  const page = await renderPage(ctx, content, frame, pageId);
  return { page: await html(page.html), cacheable: !page.live };
}

async function machineFile(ctx: VisitorContext, frame: Parameters<typeof llmsTxt>[1], name: string, siteRoot: string): Promise<RenderedPage> {
  switch (name) {
    case "llms.txt":
      return renderedPage(await llmsTxt(ctx, frame), MARKDOWN);
    case "llms-full.txt":
      return renderedPage(await llmsFullTxt(ctx, frame), MARKDOWN);
    case "sitemap.xml":
      return renderedPage(await sitemapXml(ctx, frame), XML);
    default:
      return renderedPage(robotsTxt(frame, siteRoot), TEXT);
  }
}

/**
 * A page's feedback (the page's form, `pageId` and `rating`; the feedback island posts the same
 * with `Accept: application/json`): recorded as `page_post_feedback` for a page the visitor sees.
 * 204 for the island; without JavaScript, back to the page (303).
 */
async function receiveFeedback(c: Context<AppEnv>, ctx: VisitorContext, content: ResolvedPublishedContent): Promise<Response> {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const pageId = typeof form.pageId === "string" ? form.pageId : "";
  const rating = form.rating;
  const path = content.index.pathOf.get(pageId);
  if (path === undefined || content.hidden.has(pageId)) return c.json(errorBody(400, "pageId: no page of this site space"), 400);
  if (rating !== "good" && rating !== "ok" && rating !== "bad") return c.json(errorBody(400, "rating: must be one of good, ok, bad"), 400);
  recordReaderEvent(ctx, content, pageId, c.req.raw, { type: "page_post_feedback", feedback: { rating } });
  if ((c.req.header("accept") ?? "").includes("application/json")) return new Response(null, { status: 204 });
  const origin = new URL(c.req.url).origin;
  return c.redirect(`${origin}${content.answer.basePath}${encodePath(path)}`, 303);
}

/**
 * The site space's PDF (`getSpacePDF` of its published revision, as the visitor): a 302 to its
 * signed download URL (which answers 503 with Retry-After while a large one is being made), when
 * the site offers it (`offersPdf`); else the site's 404.
 */
async function pdfRedirect(ctx: VisitorContext, content: ResolvedPublishedContent): Promise<Response | null> {
  const { answer } = content;
  const profile = (await getPublishedSite(ctx, answer.organization, answer.site, answer.shareKey)) as unknown as PublishedProfile;
  const customization = profile.customizations.siteSpaces[answer.siteSpace] ?? profile.customizations.site;
  if (!offersPdf(customization, content.index)) return new Response("No PDF of this site", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { url } = await getPdfUrl(ctx, { kind: "revision", spaceId: answer.space, revisionId: answer.revision }, {});
  return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "private, no-store" } });
}

function markdownLocation(location: string): string {
  const url = new URL(location);
  if (!url.pathname.endsWith("/")) url.pathname += ".md";
  return url.toString();
}
