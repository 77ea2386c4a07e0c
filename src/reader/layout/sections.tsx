import type { ReaderSectionEntry, ReaderSectionGroup } from "../model";
import type { Chrome } from "./chrome";
import { Icon } from "./icons";

/**
 * The site's sections, as GitBook shows them: in the header a row of tabs, where a section group
 * is a tab that opens a menu of its sections; in the phone's drawer (where the tabs make way for
 * the one-row header) a list, each group a heading over its sections. Both are plain HTML: the
 * group's menu is a <details> (keyboard and JavaScript-free; `name` keeps one open at a time), its
 * summary marked `aria-current` when the current section is inside. The sections island adds
 * Escape and a click outside to close it.
 */
export function SectionTabs({ chrome }: { chrome: Chrome }) {
  const { site, labels } = chrome;
  return (
    <nav class="section-tabs" aria-label={labels.sections}>
      <ul>
        {site.sections.map((entry) =>
          entry.kind === "group" ? (
            <li>
              <SectionGroupMenu group={entry} />
            </li>
          ) : (
            <li>
              <a href={entry.href} aria-current={entry.current ? "true" : undefined}>
                <SectionIcon icon={entry.icon} />
                {entry.title}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function SectionGroupMenu({ group }: { group: ReaderSectionGroup }) {
  return (
    <details class="section-menu" name="section-menu" data-section-menu>
      <summary aria-current={group.current ? "true" : undefined}>
        <SectionIcon icon={group.icon} />
        {group.title}
        <Icon name="chevron" class="section-menu-chevron" />
      </summary>
      <div class="section-menu-panel">
        <SectionList entries={group.children} />
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
      <SectionList entries={site.sections} />
    </nav>
  );
}

/** Sections as links (with their description), groups as a heading over theirs: a group's menu, and the drawer. */
function SectionList({ entries }: { entries: ReaderSectionEntry[] }) {
  return (
    <ul class="section-list">
      {entries.map((entry) =>
        entry.kind === "group" ? (
          <li class={entry.current ? "section-list-group current" : "section-list-group"}>
            <p class="section-list-heading">
              <SectionIcon icon={entry.icon} />
              {entry.title}
            </p>
            <SectionList entries={entry.children} />
          </li>
        ) : (
          <li>
            <a href={entry.href} aria-current={entry.current ? "true" : undefined}>
              <span class="section-list-title">
                <SectionIcon icon={entry.icon} />
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

/** Section icons are emoji or GitBook icon names (a Font Awesome name this reader has no font for): only emoji are shown. */
function SectionIcon({ icon }: { icon: string | undefined }) {
  if (!icon || !isEmoji(icon)) return null;
  return (
    <span class="section-icon" aria-hidden="true">
      {icon}
    </span>
  );
}

const isEmoji = (icon: string) => /^\p{Extended_Pictographic}/u.test(icon);
