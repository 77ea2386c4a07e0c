import type { Child } from "hono/jsx";
import type { ReaderTreeItem } from "../model";
import type { Chrome } from "./chrome";
import { HtmlDocument, type DocumentMeta } from "./document";
import { SiteFooter } from "./footer";
import { CONTENT_ID, MENU_TOGGLE_ID, SiteHeader } from "./header";
import { SearchDialog } from "./search-dialog";
import { Sidebar } from "./sidebar";

/**
 * The frame every reader page shares: header, sidebar, the page's main content and its
 * complementary parts (the outline), footer, and the search dialog. The label after the sidebar
 * is the drawer's backdrop on small screens: a click on it unchecks the menu checkbox.
 */
export function ReaderShell({ chrome, meta, tree, aside, children }: { chrome: Chrome; meta: DocumentMeta; tree: ReaderTreeItem[]; aside?: Child; children: Child }) {
  return (
    <HtmlDocument chrome={chrome} meta={meta}>
      <SiteHeader chrome={chrome} />
      <div class={aside ? "reader-layout has-outline" : "reader-layout"}>
        <Sidebar chrome={chrome} tree={tree} />
        <label for={MENU_TOGGLE_ID} class="drawer-backdrop" aria-hidden="true"></label>
        <main class="reader-main" id={CONTENT_ID} tabindex={-1}>
          {children}
        </main>
        {aside}
      </div>
      <SiteFooter chrome={chrome} />
      <SearchDialog chrome={chrome} />
    </HtmlDocument>
  );
}
