import type { Chrome } from "./chrome";
import { Icon } from "./icons";
import { formAction, GetFormTarget, SiteLink } from "./links";
import { SectionTabs } from "./sections";

/** The id of the checkbox that opens the sidebar as a drawer on small screens (no JavaScript needed). */
export const MENU_TOGGLE_ID = "reader-menu-toggle";
export const CONTENT_ID = "reader-content";

/**
 * Skip link, the announcement (a landmark of its own, above the sticky header), and the site
 * header: the menu button (small screens: a checkbox whose label opens the sidebar as a drawer,
 * no JavaScript needed), logo or title, header links, the search form (a plain GET to /search; the search island turns it into the
 * dialog) and the theme toggle, then the sections as tabs (sections.tsx).
 */
export function SiteHeader({ chrome }: { chrome: Chrome }) {
  const { site, labels, settings } = chrome;
  return (
    <>
      <a class="skip-link" href={`#${CONTENT_ID}`}>
        {labels.skipToContent}
      </a>
      {settings.announcement && (
        <aside class={`announcement announcement-${settings.announcement.style}`} aria-label={labels.announcement}>
          <p>
            {settings.announcement.message}
            {site.announcementLink && (
              <>
                {" "}
                <SiteLink link={site.announcementLink} newTab={settings.externalLinksInNewTab} />
              </>
            )}
          </p>
        </aside>
      )}
      <header class="site-header">
        <div class="header-bar">
          <input type="checkbox" id={MENU_TOGGLE_ID} class="menu-toggle" aria-label={labels.menu} aria-controls="reader-sidebar" />
          <label for={MENU_TOGGLE_ID} class="menu-button" aria-hidden="true">
            <Icon name="menu" />
          </label>
          <a class="site-brand" href={site.homeHref}>
            {site.logo ? (
              <>
                <img class="logo logo-light" src={site.logo.light} alt={site.title} />
                <img class="logo logo-dark" src={site.logo.dark} alt={site.title} />
              </>
            ) : (
              <span class="site-title">{site.title}</span>
            )}
          </a>
          <HeaderLinks chrome={chrome} class="header-links" />
          <form class="header-search" role="search" method="get" action={formAction(site.searchHref)}>
            <GetFormTarget href={site.searchHref} />
            <label for="reader-header-search" class="visually-hidden">
              {labels.search}
            </label>
            <Icon name="search" />
            <input id="reader-header-search" type="search" name="q" placeholder={labels.searchPlaceholder} autocomplete="off" />
            <kbd class="search-shortcut" aria-hidden="true">
              Ctrl K
            </kbd>
          </form>
          {settings.themeToggeable && (
            <button type="button" class="theme-toggle" data-theme-toggle aria-pressed="false" hidden>
              <Icon name="sun" class="icon-sun" />
              <Icon name="moon" class="icon-moon" />
              <span class="visually-hidden">{labels.toggleTheme}</span>
            </button>
          )}
        </div>
        {site.sections.length > 0 && <SectionTabs chrome={chrome} />}
      </header>
    </>
  );
}

/** The customization's header links: in the header, and again in the phone drawer (CSS shows one of the two). */
export function HeaderLinks({ chrome, class: className }: { chrome: Chrome; class: string }) {
  const { labels, site, settings } = chrome;
  if (site.headerLinks.length === 0) return null;
  return (
    <nav class={className} aria-label={labels.headerLinks}>
      <ul>
        {site.headerLinks.map((link) => (
          <li>
            <SiteLink link={link} newTab={settings.externalLinksInNewTab} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
