import type { Chrome } from "./chrome";
import { Icon } from "./icons";
import { formAction, GetFormTarget } from "./links";

/**
 * The search dialog the search island opens (Ctrl/Cmd+K, "/", the header's search field). A
 * closed <dialog> is not rendered, so without JavaScript it is inert markup; its form is the same
 * GET to /search as the header's. The island fills the results (a listbox of links grouped by
 * page) from `site.searchApiHref`.
 */
export function SearchDialog({ chrome }: { chrome: Chrome }) {
  const { site, labels } = chrome;
  return (
    <dialog class="search-dialog" id="reader-search" aria-label={labels.search} data-search-api={site.searchApiHref}>
      <form class="search-dialog-form" method="get" action={formAction(site.searchHref)}>
        <GetFormTarget href={site.searchHref} />
        <Icon name="search" />
        <input
          type="search"
          name="q"
          class="search-dialog-input"
          aria-label={labels.search}
          placeholder={labels.searchPlaceholder}
          autocomplete="off"
          role="combobox"
          aria-expanded="false"
          aria-controls="reader-search-results"
          aria-autocomplete="list"
        />
        <button type="button" class="search-dialog-close" data-search-close>
          <Icon name="close" />
          <span class="visually-hidden">{labels.close}</span>
        </button>
      </form>
      <div class="search-dialog-results" id="reader-search-results"></div>
      <p class="search-dialog-status" role="status" data-search-status></p>
    </dialog>
  );
}
