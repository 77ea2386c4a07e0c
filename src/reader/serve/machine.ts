import type { VisitorContext } from "../../context";
import { headPageIndex, hiddenPages } from "../../domain/content-reads/page-index";
import { readContent } from "../../domain/content-reads/revision-content";
import { isPage } from "../../domain/revisions/entries";
import { documentToMarkdown, extractLinks, rewriteLinkUrls } from "../../formats/markdown";
import { classifyUrl } from "../../formats/markdown/links";
import { emptyReferences } from "../document";
import { loadReferences } from "./page-content";
import { pageDocumentAt } from "./page-documents";
import { encodePath, type SiteLinks } from "./links";
import type { SiteFrame } from "./page";

/**
 * What the site offers machines: a page as markdown (`<page URL>.md`), `llms.txt` (the site's
 * pages, linked as markdown) and `llms-full.txt` (all of them in one file), `sitemap.xml` and
 * `robots.txt`. Links and images in markdown are turned into published URLs a reader can open
 * (pages the visitor cannot see become plain text: the URL is dropped, so nothing leaks).
 */

export const MACHINE_PATHS = new Set(["llms.txt", "llms-full.txt", "sitemap.xml", "robots.txt"]);

/** A page's markdown, its links published. */
export async function pageMarkdown(ctx: VisitorContext, frame: SiteFrame, pageId: string, title: string): Promise<string> {
  const document = await pageDocumentAt(ctx, frame.resolved, pageId);
  const markdown = documentToMarkdown(document);
  const files = new Set(extractLinks(markdown).flatMap((link) => (link.target.kind === "file" ? [link.target.file] : [])));
  const loaded = await loadReferences(ctx, frame.resolved, frame.current, frame.siteSpaces, { ...emptyReferences(), files });
  return `# ${title}\n\n${publishLinks(markdown, loaded.links)}`;
}

/** `llms.txt`: the site and, per site space the visitor sees, its pages as markdown links. */
export async function llmsTxt(ctx: VisitorContext, frame: SiteFrame): Promise<string> {
  const lines = [`# ${frame.site.title}`, ""];
  for (const space of await spacesInOrder(ctx, frame)) {
    if (space.pages.length === 0) continue;
    lines.push(`## ${space.title}`, "");
    for (const page of space.pages) lines.push(`- [${escapeLinkText(page.title)}](${page.url}.md)${page.description ? `: ${page.description}` : ""}`);
    lines.push("");
  }
  return lines.join("\n");
}

/** `llms-full.txt`: every page of the site space read, as markdown, in reading order (one read of the revision's bodies). */
export async function llmsFullTxt(ctx: VisitorContext, frame: SiteFrame): Promise<string> {
  const content = await readContent(ctx, frame.resolved, { withMarkdown: true });
  const readable = frame.navigation.readable;
  const files = new Set<string>();
  for (const page of readable) {
    const entry = content.entries.get(`page:${page.id}`);
    for (const link of extractLinks(entry?.markdown ?? "")) if (link.target.kind === "file") files.add(link.target.file);
  }
  const loaded = await loadReferences(ctx, frame.resolved, frame.current, frame.siteSpaces, { ...emptyReferences(), files });
  const parts = [`# ${frame.site.title}`];
  for (const page of readable) {
    const entry = content.entries.get(`page:${page.id}`);
    if (!entry || !isPage(entry)) continue;
    const url = loaded.links.pageUrl(page.id);
    parts.push(`# ${page.title}\n\nSource: ${url}\n\n${publishLinks(entry.markdown ?? "", loaded.links)}`);
  }
  return parts.join("\n\n---\n\n");
}

/** `sitemap.xml`: every page the site shows anyone without conditions, in each site space, but those marked not to index. */
export async function sitemapXml(ctx: VisitorContext, frame: SiteFrame): Promise<string> {
  const urls = (await spacesInOrder(ctx, frame)).flatMap((space) => space.pages.filter((page) => !page.noIndex).map((page) => `  <url><loc>${escapeXml(page.url)}</loc><lastmod>${page.updatedAt.slice(0, 10)}</lastmod></url>`));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(frame: SiteFrame, siteRoot: string): string {
  if (frame.head.noindex) return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteRoot}sitemap.xml\n`;
}

interface SpacePages {
  title: string;
  pages: Array<{ title: string; description?: string; url: string; noIndex: boolean; updatedAt: string }>;
}

/** The site spaces the visitor sees (the one read first), each with its readable pages. */
async function spacesInOrder(ctx: VisitorContext, frame: SiteFrame): Promise<SpacePages[]> {
  const organizationId = frame.resolved.space.organizationId;
  const others = frame.siteSpaces.filter((item) => item.spaceId !== frame.resolved.space.id);
  const current: SpacePages = { title: frame.resolved.space.title, pages: pagesOf(frame.navigation.readable, frame.current.index.pathOf, frame.homeUrl) };
  const rest = await Promise.all(
    others.map(async (item): Promise<SpacePages> => {
      const index = await headPageIndex(ctx, { id: item.spaceId, organizationId }, item.revisionId);
      const hidden = hiddenPages(index, ctx.visitor.claims);
      const readable = index.ordered.filter((page) => !hidden.has(page.id) && !page.group && !page.hidden);
      return { title: frame.site.siteSpaces.find((pick) => item.baseUrl === pick.href)?.title ?? "", pages: pagesOf(readable, index.pathOf, item.baseUrl) };
    }),
  );
  return [current, ...rest];
}

function pagesOf(readable: ReadonlyArray<{ id: string; title: string; description?: string; noIndex: boolean; updatedAt: string }>, pathOf: ReadonlyMap<string, string>, base: string): SpacePages["pages"] {
  return readable.map((page) => ({
    title: page.title,
    ...(page.description ? { description: page.description } : {}),
    url: `${base}${encodePath(pathOf.get(page.id) ?? "")}`,
    noIndex: page.noIndex,
    updatedAt: page.updatedAt,
  }));
}

/** `/pages/<id>` and `/files/<id>` (our markdown's own URLs) to published URLs; hidden targets lose their URL. */
function publishLinks(markdown: string, links: SiteLinks): string {
  return rewriteLinkUrls(markdown, (url) => {
    const target = classifyUrl(url);
    if (target.kind === "url") return null;
    if (target.kind === "file") return links.hrefOf({ kind: "file", file: target.file }) ?? "";
    const anchor = url.includes("#") ? url.slice(url.indexOf("#") + 1) : undefined;
    return links.pageUrl(decodeURIComponent(target.page), undefined, anchor) ?? "";
  });
}


const escapeLinkText = (text: string) => text.replace(/[[\]]/g, "\\$&");
const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
