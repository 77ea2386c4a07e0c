import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, json, timestamp } from "./columns";
import { sites } from "./sites";

/**
 * Site redirects (GitBook's SiteRedirect): a source path of a site, relative to its published
 * base, sent to a section, a site space, a page of a site space, or an external URL.
 *
 * A source is unique per site (live or draft alike). A source ending in `*` is a wildcard: its
 * `wildcard_prefix` (the source without the `*`) is what a visited path must start with; matching
 * looks each prefix of the visited path up in `site_redirects_wildcard` (domain/sites/redirect-match.ts).
 *
 * Destinations point at structure rows without foreign keys: a redirect outlives the section, site
 * space or page it points at (it then resolves to nothing until it is pointed elsewhere), so
 * deleting structure never deletes redirects behind the user's back.
 */

export const REDIRECT_DESTINATION_KINDS = ["site-section", "site-space", "site-page", "external"] as const;
export type RedirectDestinationKind = (typeof REDIRECT_DESTINATION_KINDS)[number];

export type RedirectDestination =
  | { kind: "site-section"; siteSectionId: string }
  | { kind: "site-space"; siteSpaceId: string }
  | { kind: "site-page"; siteSpaceId: string; pageId: string }
  | { kind: "external"; url: string };

export const siteRedirects = sqliteTable(
  "site_redirects",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** The path as given (GitBook's SiteRedirectSourcePath): leading '/', no trailing '/', maybe a final `*`. */
    source: text("source").notNull(),
    /** A wildcard source without its `*` (e.g. `/docs/` for `/docs/*`); null for an exact source. */
    wildcardPrefix: text("wildcard_prefix"),
    destination: json<RedirectDestination>("destination").notNull(),
    /** Append what the wildcard matched to the destination URL. */
    captureWildcard: flag("capture_wildcard").notNull(),
    /** A draft redirect is listed and editable but never matched. */
    draft: flag("draft").notNull(),
    permanent: flag("permanent").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
    /** Equal to `createdAt` until the redirect is first updated (GitBook omits `updatedAt` until then). */
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("site_redirects_source").on(table.siteId, table.source),
    // The lists: live or draft, by creation, by last update, by source.
    index("site_redirects_created").on(table.siteId, table.draft, table.createdAt, table.id),
    index("site_redirects_updated").on(table.siteId, table.draft, table.updatedAt, table.id),
    index("site_redirects_by_source").on(table.siteId, table.draft, table.source, table.id),
    // Live wildcard redirects by prefix: matching seeks each prefix of the visited path here.
    index("site_redirects_wildcard")
      .on(table.siteId, table.wildcardPrefix)
      .where(sql`${table.wildcardPrefix} IS NOT NULL AND ${table.draft} = 0`),
  ],
);

export type SiteRedirectRow = typeof siteRedirects.$inferSelect;
