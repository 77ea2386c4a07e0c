import { decodeHtmlEntities, readableText } from "./entities";

/**
 * What a web page says about itself in its head: its title (OpenGraph, Twitter card, then
 * `<title>`), its site's name, its icon and its oEmbed endpoint. Read with HTMLRewriter (the
 * Workers runtime's streaming HTML parser: there is no DOM), from the page's first bytes; links
 * are resolved against the URL the page was served from, and only http(s) ones are kept.
 */

export interface PageMetadata {
  title?: string;
  siteName?: string;
  /** The page's declared icon (absolute http(s) URL). */
  icon?: string;
  /** The page's oEmbed endpoint, JSON only (`<link rel="alternate" type="application/json+oembed">`). */
  oembedUrl?: string;
}

/** Titles, names and URLs longer than this are cut: a card shows a line, not a paragraph. */
const MAX_TEXT = 300;
const MAX_URL = 2048;

/** Icons in the order a card prefers them: a favicon, then the larger touch icons. */
const ICON_RELS = ["icon", "shortcut icon", "apple-touch-icon", "apple-touch-icon-precomposed"];

/** Reads the head of `html` (bytes as served, `contentType` giving their charset), served from `pageUrl`. */
export async function readPageMetadata(html: Uint8Array, contentType: string, pageUrl: string): Promise<PageMetadata> {
  const meta = new Map<string, string>();
  const icons = new Map<string, string>();
  let oembedUrl: string | undefined;
  let titleText = "";
  let inBody = false;

  const rewriter = new HTMLRewriter()
    .on("body", {
      element() {
        // What follows is the page, not its head; some pages put tags there, which say nothing of it.
        inBody = true;
      },
    })
    .on("title", {
      text(chunk) {
        if (!inBody) titleText += chunk.text;
      },
    })
    .on("meta", {
      element(element) {
        const name = (element.getAttribute("property") ?? element.getAttribute("name") ?? "").trim().toLowerCase();
        const content = element.getAttribute("content");
        if (!inBody && name && content !== null && !meta.has(name)) meta.set(name, content);
      },
    })
    .on("link", {
      element(element) {
        const rel = (element.getAttribute("rel") ?? "").trim().toLowerCase().replace(/\s+/g, " ");
        const href = element.getAttribute("href");
        if (inBody || !href) return;
        const type = (element.getAttribute("type") ?? "").trim().toLowerCase();
        if (rel === "alternate" && type === "application/json+oembed") oembedUrl ??= absoluteUrl(href, pageUrl);
        else if (ICON_RELS.includes(rel) && !icons.has(rel)) {
          const icon = absoluteUrl(href, pageUrl);
          if (icon) icons.set(rel, icon);
        }
      },
    });
  // HTMLRewriter runs as the response is read: reading it whole drives the handlers above.
  await rewriter.transform(new Response(html, { headers: { "content-type": contentType } })).arrayBuffer();

  const text = (value: string | undefined) => {
    const readable = value === undefined ? "" : readableText(value).slice(0, MAX_TEXT);
    return readable || undefined;
  };
  const title = text(meta.get("og:title")) ?? text(meta.get("twitter:title")) ?? text(titleText);
  const siteName = text(meta.get("og:site_name")) ?? text(meta.get("application-name"));
  const icon = ICON_RELS.map((rel) => icons.get(rel)).find(Boolean);
  return { ...(title ? { title } : {}), ...(siteName ? { siteName } : {}), ...(icon ? { icon } : {}), ...(oembedUrl ? { oembedUrl } : {}) };
}

/** `href` (as written in the page) resolved against the page's URL, if it is an http(s) URL of a sensible length. */
function absoluteUrl(href: string, pageUrl: string): string | undefined {
  try {
    const url = new URL(decodeHtmlEntities(href.trim()), pageUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    const absolute = url.toString();
    return absolute.length <= MAX_URL ? absolute : undefined;
  } catch {
    return undefined;
  }
}
