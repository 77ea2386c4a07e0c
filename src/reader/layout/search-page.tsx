import { highlightSegments } from "../highlight";
import type { ReaderSearchProps, ReaderSearchResult } from "../model";
import { chromeOf, type Chrome } from "./chrome";
import { format } from "./i18n";
import { formAction, GetFormTarget } from "./links";
import { ReaderShell } from "./shell";

/** `/search?q=`: the results for readers without JavaScript (and a link anyone can share), grouped by page, matches marked. */
export function SearchPage({ head, site, tree, query, results }: ReaderSearchProps) {
  const chrome = chromeOf(site, head);
  const { labels } = chrome;
  const heading = query === "" ? labels.searchResults : format(labels.searchResultsFor, { query });
  return (
    <ReaderShell chrome={chrome} meta={{ title: `${heading} | ${site.title}` , noindex: true }} tree={tree}>
      <article class="reader-article search-page">
        <header class="page-header">
          <h1 class="page-title">{heading}</h1>
        </header>
        <SearchForm chrome={chrome} query={query} />
        {query === "" ? (
          <p class="search-page-status">{labels.searchEmpty}</p>
        ) : results.length === 0 ? (
          <p class="search-page-status">{format(labels.searchNoResults, { query })}</p>
        ) : (
          <ol class="search-page-results">
            {results.map((result) => (
              <SearchResult result={result} />
            ))}
          </ol>
        )}
      </article>
    </ReaderShell>
  );
}

/** The search form of the search and not-found pages. */
export function SearchForm({ chrome, query }: { chrome: Chrome; query: string }) {
  const { site, labels } = chrome;
  return (
    <form class="search-page-form" method="get" action={formAction(site.searchHref)}>
      <GetFormTarget href={site.searchHref} />
      <label for="reader-search-page-input" class="visually-hidden">
        {labels.search}
      </label>
      <input id="reader-search-page-input" type="search" name="q" value={query} placeholder={labels.searchPlaceholder} />
      <button type="submit" class="button-primary">
        {labels.search}
      </button>
    </form>
  );
}

function SearchResult({ result }: { result: ReaderSearchResult }) {
  return (
    <li class="search-result">
      <a class="search-result-page" href={result.href}>
        <Marked text={result.title} terms={result.terms} />
      </a>
      {result.sections.length > 0 && (
        <ul class="search-result-sections">
          {result.sections.map((section) => (
            <li>
              <a href={section.href}>
                {section.title && (
                  <span class="search-section-title">
                    <Marked text={section.title} terms={result.terms} />
                  </span>
                )}
                <span class="search-section-text">
                  <Marked text={section.text} terms={result.terms} />
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Marked({ text, terms }: { text: string; terms: string[] }) {
  return <>{highlightSegments(text, terms).map((segment) => (segment.match ? <mark>{segment.text}</mark> : segment.text))}</>;
}
