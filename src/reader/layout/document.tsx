import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import type { ReaderSiteView } from "../model";
import { islandLabels, type Chrome } from "./chrome";
import { codeThemeAssets } from "./theme/code-themes";
import { THEME_HEAD_SCRIPT } from "./theme/head-script";
import { themeStyle } from "./theme/style";

export interface DocumentMeta {
  title: string;
  description?: string;
  canonicalUrl?: string;
  /** Never indexed whatever the site (search results, not-found pages). */
  noindex?: boolean;
}

/**
 * The whole HTML document around a page: head (metadata for browsers, search engines and link
 * previews; the theme's style and head script; stylesheets and island scripts, every one with the
 * response's CSP nonce) and body. `data-theme` carries a light or dark default from the server so
 * the first paint is right even with JavaScript off.
 */
export function HtmlDocument({ chrome, meta, children }: { chrome: Chrome; meta: DocumentMeta; children: Child }) {
  const { site, head, settings } = chrome;
  const description = meta.description ?? "";
  // Style switches of the customization; on <html>, whether the header has a second row (its height offsets sticky parts and anchors).
  const body = [`sidebar-${settings.sidebarBackground}`, `list-${settings.sidebarList}`, `search-${settings.searchStyle}`].join(" ");
  // The site's code themes: role attributes on <html>, their stylesheets after the reader's (their rules win over its default palette).
  const codeThemes = codeThemeAssets(settings.codeTheme);
  return (
    <>
      {raw("<!doctype html>")}
      <html
        lang={site.lang || "en"}
        class={site.sections.length > 0 ? "has-sections" : undefined}
        data-theme={settings.themeDefault === "system" ? undefined : settings.themeDefault}
        {...codeThemes.attributes}
      >
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{meta.title}</title>
          {description !== "" && <meta name="description" content={description} />}
          {(head.noindex || meta.noindex) && <meta name="robots" content={head.noindex ? "noindex, nofollow" : "noindex"} />}
          {meta.canonicalUrl && <link rel="canonical" href={meta.canonicalUrl} />}
          <meta property="og:type" content="website" />
          <meta property="og:site_name" content={site.title} />
          <meta property="og:title" content={meta.title} />
          {description !== "" && <meta property="og:description" content={description} />}
          {meta.canonicalUrl && <meta property="og:url" content={meta.canonicalUrl} />}
          {head.socialImage && <meta property="og:image" content={head.socialImage} />}
          <meta name="twitter:card" content={head.socialImage ? "summary_large_image" : "summary"} />
          <meta name="twitter:title" content={meta.title} />
          {description !== "" && <meta name="twitter:description" content={description} />}
          {head.socialImage && <meta name="twitter:image" content={head.socialImage} />}
          <Favicon site={site} primaryColor={settings.primaryColor.light} />
          {settings.themeToggeable && <script nonce={head.nonce}>{raw(THEME_HEAD_SCRIPT)}</script>}
          {[...head.stylesheets, ...codeThemes.stylesheets].map((href) => (
            <link rel="stylesheet" href={href} nonce={head.nonce} />
          ))}
          <style nonce={head.nonce}>{raw(themeStyle(site.customization))}</style>
          {head.scripts.map((src) => (
            <script type="module" src={src} nonce={head.nonce} />
          ))}
        </head>
        <body class={body} data-labels={islandLabels(chrome.labels)}>
          {children}
        </body>
      </html>
    </>
  );
}

/** The customization's icon, an emoji drawn as SVG, or the site's initial on its primary colour (so browsers ask for no /favicon.ico). */
function Favicon({ site, primaryColor }: { site: ReaderSiteView; primaryColor: string }) {
  if (site.favicon && "url" in site.favicon) return <link rel="icon" href={site.favicon.url} />;
  const glyph = site.favicon && "emoji" in site.favicon ? site.favicon.emoji : undefined;
  const svg = glyph
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text x="50" y=".9em" font-size="90" text-anchor="middle">${escapeXml(glyph)}</text></svg>`
    : initialIcon(site.title, primaryColor);
  return <link rel="icon" type="image/svg+xml" href={`data:image/svg+xml,${encodeURIComponent(svg)}`} />;
}

/** `color` is a hex colour (layoutSettings checks it). */
function initialIcon(title: string, color: string): string {
  const initial = [...title.trim()][0]?.toUpperCase() ?? "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="22" fill="${color}"/><text x="50" y="70" font-family="system-ui,sans-serif" font-size="60" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initial)}</text></svg>`;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
