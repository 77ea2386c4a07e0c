import type { ReaderLink, ReaderLinkGroup, ReaderSectionEntry, ReaderSiteView } from "../model";
import type { SiteLinks } from "./links";

/** Where a site space's pages post their feedback (`<site space root>~feedback`); `~` starts no page's path. */
export const FEEDBACK_PATH = "~feedback";
/** Where a site space's PDF is (`<site space root>~pdf`): a redirect to its signed download URL. */
export const PDF_PATH = "~pdf";

/**
 * The site around a page (ReaderSiteView) from its published profile (`getPublishedSite`, the
 * very read GitBook's renderer makes): title, logo, favicon, header and footer links, social
 * accounts, sections and the site spaces of the current one. Profile URLs are the site's
 * canonical ones; `localize` turns them into URLs of the form the visitor came by (the
 * `/sites/...` form, a preview URL, a share key in the path), so navigating keeps them there.
 */

type Json = Record<string, unknown>;

export interface PublishedProfile {
  site: Json & { title: string; urls: { published?: string } };
  structure: { type: "sections" | "siteSpaces"; structure: Json[] };
  customizations: { site: Json; siteSpaces: Record<string, Json> };
}

export interface SiteViewInput {
  profile: PublishedProfile;
  siteSpaceId: string;
  sectionId: string | undefined;
  /** The language of the space read (`<html lang>`). */
  language: string | undefined;
  links: SiteLinks;
  localize: (url: string) => string;
  /** The site space's root for this visitor. */
  homeHref: string;
  pdfHref?: string;
}

const SOCIAL_PROFILES: Record<string, string> = {
  twitter: "https://x.com/",
  instagram: "https://www.instagram.com/",
  facebook: "https://www.facebook.com/",
  linkedin: "https://www.linkedin.com/in/",
  github: "https://github.com/",
  discord: "https://discord.gg/",
  slack: "https://join.slack.com/t/",
  youtube: "https://www.youtube.com/@",
  tiktok: "https://www.tiktok.com/@",
  reddit: "https://www.reddit.com/user/",
  bluesky: "https://bsky.app/profile/",
  mastodon: "https://mastodon.social/@",
  threads: "https://www.threads.net/@",
  medium: "https://medium.com/@",
};

export function siteView(input: SiteViewInput): ReaderSiteView {
  const { profile, links, localize } = input;
  const customization = profile.customizations.siteSpaces[input.siteSpaceId] ?? profile.customizations.site;
  const header = (customization.header ?? {}) as Json;
  const footer = (customization.footer ?? {}) as Json;
  const blank = ((customization.externalLinks as Json | undefined)?.target ?? "self") === "blank";
  const linkOf = (item: Json): ReaderLink | null => {
    const href = links.hrefOf(item.to as Json | null);
    if (!href || typeof item.title !== "string") return null;
    return { title: item.title, href, ...(blank && /^https?:/.test(href) ? { external: true } : {}) };
  };
  const sections = sectionsOf(profile.structure, localize, input.sectionId);
  const siteSpaces = siteSpacesOf(profile.structure, input.sectionId, input.siteSpaceId, localize);
  const favicon = customization.favicon as Json | undefined;
  const icon = favicon?.icon as { light?: string } | undefined;
  const logo = header.logo as { light?: string; dark?: string } | undefined;
  return {
    id: String(profile.site.id),
    title: typeof customization.title === "string" ? customization.title : profile.site.title,
    homeHref: input.homeHref,
    lang: input.language ?? ((customization.internationalization as Json | undefined)?.locale as string | undefined) ?? "en",
    ...(logo?.light ? { logo: { light: logo.light, dark: logo.dark ?? logo.light } } : {}),
    ...(icon?.light ? { favicon: { url: icon.light } } : typeof favicon?.emoji === "string" ? { favicon: { emoji: favicon.emoji } } : {}),
    customization,
    headerLinks: ((header.links ?? []) as Json[]).flatMap((item) => linkOf(item) ?? []),
    footerGroups: ((footer.groups ?? []) as Json[]).map(
      (group): ReaderLinkGroup => ({ title: String(group.title ?? ""), links: ((group.links ?? []) as Json[]).flatMap((item) => linkOf(item) ?? []) }),
    ),
    ...(typeof footer.copyright === "string" ? { footerCopyright: footer.copyright } : {}),
    socialLinks: ((customization.socialAccounts ?? []) as Json[]).flatMap((account) => {
      const base = SOCIAL_PROFILES[String(account.platform)];
      const display = account.display as Json | undefined;
      if (!base || typeof account.handle !== "string" || display?.footer === false) return [];
      return [{ title: `${account.platform} ${account.handle}`, href: base + encodeURIComponent(account.handle.replace(/^@/, "")), external: true, platform: String(account.platform) }];
    }),
    sections,
    siteSpaces,
    searchHref: `${input.homeHref}search`,
    searchApiHref: `${input.homeHref}search?format=json`,
    feedbackHref: `${input.homeHref}${FEEDBACK_PATH}`,
    ...announcementLinkOf(customization, linkOf),
    ...(input.pdfHref ? { pdfHref: input.pdfHref } : {}),
  };
}

function announcementLinkOf(customization: Json, linkOf: (item: Json) => ReaderLink | null): { announcementLink?: ReaderLink } {
  const announcement = customization.announcement as Json | undefined;
  const link = announcement?.enabled && announcement.link ? linkOf(announcement.link as Json) : null;
  return link ? { announcementLink: link } : {};
}

/**
 * Sections and groups as the tabs show them: GitBook's `children` of a group (its sections and
 * nested groups, in order; `sections`, the deprecated list of its direct sections, when there are
 * no children). A section without a URL or a site space the visitor sees is left out, and so is a
 * group left empty.
 */
function sectionsOf(structure: PublishedProfile["structure"], localize: (url: string) => string, current: string | undefined): ReaderSectionEntry[] {
  if (structure.type !== "sections") return [];
  const entriesOf = (items: Json[]): ReaderSectionEntry[] =>
    items.flatMap((item): ReaderSectionEntry[] => {
      if (item.object === "site-section-group") {
        const children = entriesOf(groupItems(item));
        if (children.length === 0) return [];
        // A nested group is current when it holds the current section: so is every group around it.
        return [{ kind: "group", id: String(item.id), title: String(item.title), current: children.some((child) => child.current), children, ...iconOf(item) }];
      }
      const url = (item.urls as { published?: string } | undefined)?.published;
      if (!url || !Array.isArray(item.siteSpaces) || item.siteSpaces.length === 0) return [];
      const description = typeof item.description === "string" && item.description !== "" ? { description: item.description } : {};
      return [{ kind: "section", title: String(item.title), href: localize(url), current: item.id === current, ...iconOf(item), ...description }];
    });
  return entriesOf(structure.structure);
}

const groupItems = (group: Json): Json[] => (Array.isArray(group.children) ? group.children : ((group.sections ?? []) as Json[]));
const iconOf = (item: Json): { icon?: string } => (typeof item.icon === "string" && item.icon !== "" ? { icon: item.icon } : {});

/** Every section of a `sections` structure, in order, through groups at any depth. */
function sectionsIn(items: Json[]): Json[] {
  return items.flatMap((item) => (item.object === "site-section-group" ? sectionsIn(groupItems(item)) : item.object === "site-section" ? [item] : []));
}

function siteSpacesOf(structure: PublishedProfile["structure"], sectionId: string | undefined, current: string, localize: (url: string) => string): ReaderSiteView["siteSpaces"] {
  const inScope = structure.type === "siteSpaces" ? structure.structure : ((sectionsIn(structure.structure).find((section) => section.id === sectionId)?.siteSpaces as Json[] | undefined) ?? []);
  if (inScope.length < 2) return [];
  return inScope.flatMap((siteSpace) => {
    const url = (siteSpace.urls as { published?: string } | undefined)?.published;
    if (!url) return [];
    const language = (siteSpace.space as Json | undefined)?.language;
    return [{ title: String(siteSpace.title), href: localize(url), current: siteSpace.id === current, ...(typeof language === "string" ? { lang: language } : {}) }];
  });
}

/** Every site space of the profile the visitor sees: its space, revision and canonical URL. */
export function siteSpacesOfProfile(structure: PublishedProfile["structure"]): Array<{ id: string; spaceId: string; revisionId: string; url: string }> {
  const all = structure.type === "siteSpaces" ? structure.structure : sectionsIn(structure.structure).flatMap((section) => (section.siteSpaces ?? []) as Json[]);
  return all.flatMap((siteSpace) => {
    const space = siteSpace.space as Json | undefined;
    const url = (siteSpace.urls as { published?: string } | undefined)?.published;
    return space && url ? [{ id: String(siteSpace.id), spaceId: String(space.id), revisionId: String(space.revision), url }] : [];
  });
}
