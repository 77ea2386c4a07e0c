import { LruMap } from "../../lib/lru";
import type { ReaderOutlineItem, ReaderPageView, ReaderSiteView } from "../model";
import type { Chrome } from "./chrome";
import { Icon, NamedIcon } from "./icons";

/** The pieces around a page's body: breadcrumbs, title, actions, outline, feedback, previous and next, last update. */

export function Breadcrumbs({ chrome, page }: { chrome: Chrome; page: ReaderPageView }) {
  if (page.breadcrumbs.length === 0) return null;
  return (
    <nav class="breadcrumbs" aria-label={chrome.labels.breadcrumbs}>
      <ol>
        {page.breadcrumbs.map((crumb) => (
          <li>
            <a href={crumb.href}>{crumb.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function PageTitle({ page, icons }: { page: ReaderPageView; icons: ReaderSiteView["icons"] }) {
  return (
    <header class="page-header">
      <h1 class="page-title">
        {page.emoji ? (
          <span class="page-emoji" aria-hidden="true">
            {page.emoji}
          </span>
        ) : (
          <NamedIcon name={page.icon} icons={icons} class="page-icon" />
        )}
        {page.title}
      </h1>
      {page.description && <p class="page-description">{page.description}</p>}
    </header>
  );
}

export function PageActions({ chrome, page }: { chrome: Chrome; page: ReaderPageView }) {
  const { labels, settings, site } = chrome;
  const markdown = settings.markdownAction;
  if (!markdown && !page.editHref && !site.pdfHref) return null;
  return (
    <ul class="page-actions" aria-label={labels.pageActions}>
      {markdown && (
        <>
          <li>
            <button type="button" class="page-action" data-copy-page={page.markdownHref} hidden>
              <Icon name="copy" />
              <span data-copy-label aria-live="polite">
                {labels.copyPage}
              </span>
            </button>
          </li>
          <li>
            <a class="page-action" href={page.markdownHref} type="text/markdown">
              <Icon name="markdown" />
              {labels.viewMarkdown}
            </a>
          </li>
        </>
      )}
      {page.editHref && (
        <li>
          <a class="page-action" href={page.editHref} rel="noopener">
            <Icon name="edit" />
            {labels.editOnGitHub}
          </a>
        </li>
      )}
      {site.pdfHref && (
        <li>
          <a class="page-action" href={site.pdfHref} type="application/pdf">
            <Icon name="download" />
            {labels.exportPdf}
          </a>
        </li>
      )}
    </ul>
  );
}

export function Outline({ chrome, items }: { chrome: Chrome; items: ReaderOutlineItem[] }) {
  if (items.length === 0) return null;
  const shallowest = Math.min(...items.map((item) => item.depth));
  return (
    <aside class="reader-outline" aria-labelledby="reader-outline-title">
      <div class="outline-inner">
        <h2 class="outline-title" id="reader-outline-title">
          {chrome.labels.onThisPage}
        </h2>
        <ul data-outline>
          {items.map((item) => (
            <li class={`outline-depth-${Math.min(3, item.depth - shallowest)}`}>
              <a href={`#${item.id}`}>{item.title}</a>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** The page feedback form: works as a plain POST (JavaScript off); the feedback island sends it in the background and says thanks. */
export function Feedback({ chrome, page }: { chrome: Chrome; page: ReaderPageView }) {
  const { labels, site } = chrome;
  if (!page.feedback || !site.feedbackHref) return null;
  return (
    <form class="page-feedback" method="post" action={site.feedbackHref} data-feedback>
      <input type="hidden" name="pageId" value={page.id} />
      <fieldset>
        <legend>{labels.feedbackQuestion}</legend>
        <button type="submit" name="rating" value="good" class="feedback-button">
          <Icon name="good" />
          {labels.feedbackGood}
        </button>
        <button type="submit" name="rating" value="bad" class="feedback-button">
          <Icon name="bad" />
          {labels.feedbackBad}
        </button>
      </fieldset>
      <p class="feedback-thanks" role="status" data-feedback-status></p>
    </form>
  );
}

export function Pagination({ chrome, page }: { chrome: Chrome; page: ReaderPageView }) {
  const { labels, settings } = chrome;
  if (!settings.pagination || (!page.previous && !page.next)) return null;
  return (
    <nav class="page-pagination" aria-label={labels.pagination}>
      {page.previous && (
        <a class="pagination-link pagination-previous" href={page.previous.href} rel="prev">
          <span class="pagination-label">
            <Icon name="previous" />
            {labels.previous}
          </span>
          <span class="pagination-title">{page.previous.title}</span>
        </a>
      )}
      {page.next && (
        <a class="pagination-link pagination-next" href={page.next.href} rel="next">
          <span class="pagination-label">
            {labels.next}
            <Icon name="next" />
          </span>
          <span class="pagination-title">{page.next.title}</span>
        </a>
      )}
    </nav>
  );
}

export function LastUpdated({ chrome, page }: { chrome: Chrome; page: ReaderPageView }) {
  const date = page.updatedAt ? new Date(page.updatedAt) : undefined;
  if (!date || Number.isNaN(date.getTime())) return null;
  return (
    <p class="page-updated">
      {chrome.labels.lastUpdated}{" "}
      <time datetime={page.updatedAt}>{formatDate(date, chrome.settings.locale)}</time>
    </p>
  );
}

/** A long date in the chrome's language (UTC: the same for every reader, so the cached HTML is right for all). */
function formatDate(date: Date, lang: string): string {
  try {
    let format = dateFormats.get(lang);
    if (format === undefined) dateFormats.set(lang, (format = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" })));
    return format.format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/** Making a DateTimeFormat costs far more than formatting with it (a few percent of a page's rendering): one per language. */
const dateFormats = new LruMap<string, Intl.DateTimeFormat>(32);
