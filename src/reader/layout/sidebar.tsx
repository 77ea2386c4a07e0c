import type { ReaderTreeItem } from "../model";
import type { Chrome } from "./chrome";
import { format, type Labels } from "./i18n";
import { HeaderLinks } from "./header";
import { Icon, NamedIcon } from "./icons";
import { externalAttributes, safeHref } from "./links";
import { DrawerSections } from "./sections";

/**
 * The sidebar: the header's links and the sections (shown only in the phone drawer), the site space picker
 * (versions, languages) when the section has several, then the page tree. A page with subpages shows them in a <details> whose summary is only the chevron,
 * so the page's own link stays a plain link (a link inside a summary would be two controls in
 * one); it is open on the way to the current page. On small screens the whole sidebar is the
 * drawer the header's menu checkbox opens.
 */
export function Sidebar({ chrome, tree }: { chrome: Chrome; tree: ReaderTreeItem[] }) {
  const { labels, site } = chrome;
  return (
    <div class="reader-sidebar" id="reader-sidebar">
      {/* On a phone the header has no room for its links: the drawer shows them. */}
      <HeaderLinks chrome={chrome} class="drawer-header-links" />
      <DrawerSections chrome={chrome} />
      {site.siteSpaces.length > 1 && <SiteSpacePicker chrome={chrome} />}
      <nav class="sidebar-nav" aria-label={labels.navigation}>
        <Tree items={tree} chrome={chrome} />
      </nav>
    </div>
  );
}

function SiteSpacePicker({ chrome }: { chrome: Chrome }) {
  const { site, labels } = chrome;
  const current = site.siteSpaces.find((space) => space.current) ?? site.siteSpaces[0]!;
  return (
    <details class="space-picker">
      <summary>
        <span class="visually-hidden">{labels.siteSpaces}: </span>
        {current.title}
        <Icon name="chevron" class="picker-chevron" />
      </summary>
      <ul>
        {site.siteSpaces.map((space) => (
          <li>
            <a href={space.href} aria-current={space.current ? "true" : undefined} hreflang={space.lang} lang={space.lang}>
              {space.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

function Tree({ items, chrome }: { items: ReaderTreeItem[]; chrome: Chrome }) {
  return (
    <ul class="tree">
      {items.map((item) => (item.kind === "group" ? <TreeGroup item={item} chrome={chrome} /> : <TreeEntry item={item} chrome={chrome} />))}
    </ul>
  );
}

function TreeGroup({ item, chrome }: { item: ReaderTreeItem; chrome: Chrome }) {
  return (
    <li class="tree-group">
      <p class="tree-group-title">
        <PageIcon item={item} chrome={chrome} />
        {item.title}
      </p>
      {item.children.length > 0 && <Tree items={item.children} chrome={chrome} />}
    </li>
  );
}

function TreeEntry({ item, chrome }: { item: ReaderTreeItem; chrome: Chrome }) {
  const href = safeHref(item.href);
  const external = item.kind === "link" && href !== undefined && /^https?:/i.test(href);
  const label = (
    <>
      <PageIcon item={item} chrome={chrome} />
      <span class="tree-title">{item.title}</span>
      {external && <Icon name="external" class="tree-external" />}
    </>
  );
  const attributes = external ? externalAttributes({ title: item.title, href: href!, external }, chrome.settings.externalLinksInNewTab) : {};
  return (
    <li class={item.children.length > 0 ? "tree-item has-children" : "tree-item"}>
      {href === undefined ? (
        <span class="tree-link">{label}</span>
      ) : (
        <a class="tree-link" href={href} aria-current={item.current ? "page" : undefined} {...attributes}>
          {label}
        </a>
      )}
      {item.children.length > 0 && <Subpages item={item} chrome={chrome} labels={chrome.labels} />}
    </li>
  );
}

function Subpages({ item, chrome, labels }: { item: ReaderTreeItem; chrome: Chrome; labels: Labels }) {
  return (
    <details class="tree-children" open={item.open || item.current}>
      <summary>
        <Icon name="chevron" />
        <span class="visually-hidden">{format(labels.subpages, { title: item.title })}</span>
      </summary>
      <Tree items={item.children} chrome={chrome} />
    </details>
  );
}

/** A page's emoji, or its icon (a Font Awesome name, drawn from `site.icons`). */
function PageIcon({ item, chrome }: { item: ReaderTreeItem; chrome: Chrome }) {
  if (!item.emoji) return <NamedIcon name={item.icon} icons={chrome.site.icons} class="tree-icon" />;
  return (
    <span class="emoji" aria-hidden="true">
      {item.emoji}
    </span>
  );
}
