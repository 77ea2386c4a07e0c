import type { ReaderIcon, ReaderSectionEntry, ReaderSectionGroup } from "../model";
import type { Chrome } from "./chrome";
import { Icon, isEmoji, NamedIcon } from "./icons";

/**
 * The site's sections, as GitBook shows them: in the header a row of tabs, where a section group
 * is a tab that opens a menu of its sections; in the phone's drawer (where the tabs make way for
 * the one-row header) a list, each group a heading over its sections. Both are plain HTML: the
 * group's menu is a <details> (keyboard and JavaScript-free; `name` keeps one open at a time), its
 * summary marked `aria-current` when the current section is inside. The sections island adds
 * Escape and a click outside to close it. Icons are emoji or Font Awesome names (drawn from
 * `site.icons`).
 */
type Icons = Record<string, ReaderIcon> | undefined;

export function SectionTabs({ chrome }: { chrome: Chrome }) {
  const { site, labels } = chrome;
  return (
    <nav class="section-tabs" aria-label={labels.sections}>
      <ul>
        {site.sections.map((entry) =>
          entry.kind === "group" ? (
            <li>
              <SectionGroupMenu group={entry} icons={site.icons} />
            </li>
          ) : (
            <li>
              <a href={entry.href} aria-current={entry.current ? "true" : undefined}>
                <SectionIcon icon={entry.icon} icons={site.icons} />
                {entry.title}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function SectionGroupMenu({ group, icons }: { group: ReaderSectionGroup; icons: Icons }) {
  return (
    <details class="section-menu" name="section-menu" data-section-menu>
      <summary aria-current={group.current ? "true" : undefined}>
        <SectionIcon icon={group.icon} icons={icons} />
        {group.title}
        <Icon name="chevron" class="section-menu-chevron" />
      </summary>
      <div class="section-menu-panel">
        <SectionList entries={group.children} icons={icons} />
      </div>
    </details>
  );
}

/** The sections in the phone's drawer (the stylesheet shows it only where the header's tabs are hidden). */
export function DrawerSections({ chrome }: { chrome: Chrome }) {
  const { site, labels } = chrome;
  if (site.sections.length === 0) return null;
  return (
    <nav class="drawer-sections" aria-label={labels.sections}>
      <SectionList entries={site.sections} icons={site.icons} />
    </nav>
  );
}

/** Sections as links (with their description), groups as a heading over theirs: a group's menu, and the drawer. */
function SectionList({ entries, icons }: { entries: ReaderSectionEntry[]; icons: Icons }) {
  return (
    <ul class="section-list">
      {entries.map((entry) =>
        entry.kind === "group" ? (
          <li class={entry.current ? "section-list-group current" : "section-list-group"}>
            <p class="section-list-heading">
              <SectionIcon icon={entry.icon} icons={icons} />
              {entry.title}
            </p>
            <SectionList entries={entry.children} icons={icons} />
          </li>
        ) : (
          <li>
            <a href={entry.href} aria-current={entry.current ? "true" : undefined}>
              <span class="section-list-title">
                <SectionIcon icon={entry.icon} icons={icons} />
                {entry.title}
              </span>
              {entry.description && <span class="section-list-description">{entry.description}</span>}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

/** A section's or group's icon: an emoji as text, a Font Awesome name as its drawing. */
function SectionIcon({ icon, icons }: { icon: string | undefined; icons: Icons }) {
  if (!icon) return null;
  if (!isEmoji(icon)) return <NamedIcon name={icon} icons={icons} class="section-icon" />;
  return (
    <span class="section-icon" aria-hidden="true">
      {icon}
    </span>
  );
}
