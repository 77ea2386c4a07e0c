import type { ReaderPageProps } from "../model";
import { chromeOf } from "./chrome";
import { Breadcrumbs, Feedback, LastUpdated, Outline, PageActions, PageTitle, Pagination } from "./page-parts";
import { ReaderShell } from "./shell";

/** A content page of a published site, as a whole HTML document. */
export function ReaderPage({ head, site, tree, page }: ReaderPageProps) {
  const chrome = chromeOf(site, head);
  const meta = { title: page.title === site.title ? site.title : `${page.title} | ${site.title}`, description: page.description, canonicalUrl: page.canonicalUrl };
  return (
    <ReaderShell chrome={chrome} meta={meta} tree={tree} aside={page.outline.length > 0 ? <Outline chrome={chrome} items={page.outline} /> : undefined}>
      <article class="reader-article">
        <Breadcrumbs chrome={chrome} page={page} />
        <PageTitle page={page} icons={site.icons} />
        <PageActions chrome={chrome} page={page} />
        <div class="reader-document">{page.body}</div>
        <footer class="page-footer">
          <LastUpdated chrome={chrome} page={page} />
          <Feedback chrome={chrome} page={page} />
          <Pagination chrome={chrome} page={page} />
        </footer>
      </article>
    </ReaderShell>
  );
}
