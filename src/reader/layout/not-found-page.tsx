import type { ReaderNotFoundProps } from "../model";
import { chromeOf } from "./chrome";
import { format } from "./i18n";
import { SearchForm } from "./search-page";
import { ReaderShell } from "./shell";

/** The 404 page: what was asked for, a search form and the way home, inside the site's chrome so the sidebar still helps. */
export function NotFoundPage({ head, site, tree, path }: ReaderNotFoundProps) {
  const chrome = chromeOf(site, head);
  const { labels } = chrome;
  return (
    <ReaderShell chrome={chrome} meta={{ title: `${labels.notFoundTitle} | ${site.title}` , noindex: true }} tree={tree}>
      <article class="reader-article not-found-page">
        <header class="page-header">
          <h1 class="page-title">{labels.notFoundTitle}</h1>
          <p class="page-description">{format(labels.notFoundText, { path })}</p>
        </header>
        <SearchForm chrome={chrome} query="" />
        <p>
          <a href={site.homeHref}>{labels.backHome}</a>
        </p>
      </article>
    </ReaderShell>
  );
}
