import type { HtmlEscapedString } from "hono/utils/html";
import type { IconDrawing } from "./document/types";

/**
 * What the reader's layout renders: plain data the serving pipeline (src/reader/serve/) builds
 * from the published-content resolution and the site token's reads, so the layout
 * (src/reader/layout/) is pure JSX over values and can be rendered in a test without storage.
 * Every `href` here is final: a published URL the visitor may open (their share key included
 * when they came with one), never a URL of something hidden from them.
 */

/** Light and dark variants of a colour or image, as GitBook's customization stores them. */
export interface Themed<T> {
  light: T;
  dark: T;
}

export interface ReaderLink {
  title: string;
  href: string;
  /** Opens another site (header, footer and social links): rel="noopener" and, when the customization says so, a new tab. */
  external?: boolean;
}

export interface ReaderLinkGroup {
  title: string;
  links: ReaderLink[];
}

/** A Font Awesome icon to inline (the document renderer's IconDrawing: a viewBox and checked markup). */
export type ReaderIcon = IconDrawing;

/** A section: a tab, or an entry in its group's menu. */
export interface ReaderSection extends ReaderLink {
  kind: "section";
  /** The page being read is in this section. */
  current: boolean;
  /** An emoji or a GitBook icon name (Font Awesome's names). */
  icon?: string;
  description?: string;
}

/**
 * A section group (GitBook's SiteSectionGroup): a tab that opens a menu of what it holds, sections
 * and (groups nest) other groups. Only groups holding a section the visitor sees are listed.
 */
export interface ReaderSectionGroup {
  kind: "group";
  id: string;
  title: string;
  icon?: string;
  /** The current section is in this group, at any depth. */
  current: boolean;
  children: ReaderSectionEntry[];
}

export type ReaderSectionEntry = ReaderSection | ReaderSectionGroup;

/** The site as the visitor sees it: identity, customization and the chrome around every page. */
export interface ReaderSiteView {
  id: string;
  title: string;
  /** The URL of the site's root for this visitor (the site space's root when there is one site space). */
  homeHref: string;
  /** BCP 47 language of the site space's space (`<html lang>`). */
  lang: string;
  logo?: Themed<string>;
  /** Favicon URL (a file or image the customization names), or an emoji. */
  favicon?: { url: string } | { emoji: string };
  /** The effective customization settings of the site space (GitBook's SiteCustomizationSettings). */
  customization: Record<string, unknown>;
  headerLinks: ReaderLink[];
  footerGroups: ReaderLinkGroup[];
  footerCopyright?: string;
  socialLinks: Array<ReaderLink & { platform: string }>;
  /** Sections and section groups as tabs, in the structure's order (empty when the site has no sections). */
  sections: ReaderSectionEntry[];
  /** The site spaces of the current section (variants, languages); empty or one: no picker. */
  siteSpaces: Array<ReaderLink & { current: boolean; lang?: string }>;
  /** The drawings of the icon names the page shows (sections, groups, pages), by name; a name without one is not drawn. */
  icons?: Record<string, ReaderIcon>;
  /** `/search` of this site space (works without JavaScript). */
  searchHref: string;
  /** The JSON search endpoint the search island calls: `<searchHref>?q=…&format=json`. */
  searchApiHref: string;
  /** The site's PDF when the customization enables it. */
  pdfHref?: string;
  /**
   * Where the feedback form of a page POSTs (same origin; the page widget shows only with it):
   * `application/x-www-form-urlencoded` fields `pageId` and `rating` (`good` | `bad`). The island
   * sends it with `Accept: application/json` and expects a 2xx; a plain form post (JavaScript off)
   * expects a 303 back to the page.
   */
  feedbackHref?: string;
  /** The published URL of the customization's announcement link, when it has one (the message and style are read from the customization). */
  announcementLink?: ReaderLink;
}

/** A row of the sidebar: a group heading, a page (with its children) or a link. */
export interface ReaderTreeItem {
  kind: "group" | "page" | "link";
  id: string;
  title: string;
  href?: string;
  emoji?: string;
  /** A Font Awesome name (drawn from `site.icons`), when the page has an icon rather than an emoji. */
  icon?: string;
  /** The page being read. */
  current?: boolean;
  /** The current page is below this one: shown open. */
  open?: boolean;
  children: ReaderTreeItem[];
}

export interface ReaderOutlineItem {
  id: string;
  title: string;
  depth: number;
}

/** One page as the reader shows it. */
export interface ReaderPageView {
  id: string;
  title: string;
  description?: string;
  emoji?: string;
  /** A Font Awesome name (drawn from `site.icons`). */
  icon?: string;
  /** The rendered document (src/reader/document/). */
  body: HtmlEscapedString | Promise<HtmlEscapedString>;
  breadcrumbs: ReaderLink[];
  outline: ReaderOutlineItem[];
  previous?: ReaderLink;
  next?: ReaderLink;
  /** ISO date of the page's last change. */
  updatedAt?: string;
  canonicalUrl: string;
  /** The page as markdown (`<page URL>.md`). */
  markdownHref: string;
  /** "Edit on GitHub" (the customization's Git switch and a Git sync with a web URL). */
  editHref?: string;
  /** Page feedback is collected (customization `feedback.enabled`). */
  feedback: boolean;
}

/** Per-response values the layout needs that are not content. */
export interface ReaderDocumentHead {
  /** The CSP nonce of this response's inline script and style elements. */
  nonce: string;
  /** Stylesheets and scripts with versioned URLs under /assets/reader/. */
  stylesheets: string[];
  scripts: string[];
  /** Open Graph / Twitter image, when the customization or the page has one. */
  socialImage?: string;
  /** Search engines are asked not to index (share-link, visitor-auth and unlisted sites). */
  noindex: boolean;
}

export interface ReaderPageProps {
  head: ReaderDocumentHead;
  site: ReaderSiteView;
  tree: ReaderTreeItem[];
  page: ReaderPageView;
}

export interface ReaderSearchResult {
  title: string;
  href: string;
  /** The page's sections that matched, each with its text and the matched terms. */
  sections: Array<{ title: string; href: string; text: string }>;
  /** Terms to highlight in titles and texts. */
  terms: string[];
}

/** The JSON the search island reads from `site.searchApiHref` with `q` set. */
export interface ReaderSearchResponse {
  query: string;
  results: ReaderSearchResult[];
}

export interface ReaderSearchProps {
  head: ReaderDocumentHead;
  site: ReaderSiteView;
  tree: ReaderTreeItem[];
  query: string;
  results: ReaderSearchResult[];
}

export interface ReaderNotFoundProps {
  head: ReaderDocumentHead;
  site: ReaderSiteView;
  tree: ReaderTreeItem[];
  /** The path asked for, shown to the reader. */
  path: string;
}
