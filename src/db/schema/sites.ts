import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { flag, json, timestamp } from "./columns";
import { spaces } from "./content";
import { organizations } from "./organizations";

/**
 * Docs sites (seed 2.5-2.8, 4.9-4.12): a site publishes spaces of its organization. Its structure
 * is either a flat list of site spaces at the root (no sections), or sections (optionally inside
 * nested section groups), each section holding its site spaces ("variants").
 *
 * Order: sections and section groups that share a parent (a group, or the site root when
 * `group_id`/`parent_group_id` is null) share ONE order of fractional keys (lib/ordering.ts);
 * site spaces are ordered within their section (or the root). A move rewrites one row.
 *
 * Defaults are flags, not pointers from the site, so "at most one default" is enforced by partial
 * unique indexes; the code that adds or removes keeps "exactly one" (see docs in
 * notes/sites-schema.md): one default section per site when it has sections, one default site
 * space per section, one default root site space when the site has root site spaces.
 */

export const SITE_TYPES = ["basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium"] as const;
export type SiteType = (typeof SITE_TYPES)[number];
export const SITE_VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth"] as const;
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];
export const SITE_AGENTS_CONTEXTS = ["excluded", "included"] as const;
export type SiteAgentsContext = (typeof SITE_AGENTS_CONTEXTS)[number];

export const sites = sqliteTable(
  "sites",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type", { enum: SITE_TYPES }).notNull(),
    title: text("title").notNull(),
    visibility: text("visibility", { enum: SITE_VISIBILITIES }).notNull(),
    /** Path segment under the organization's published host; unique within the organization. */
    basename: text("basename"),
    /** Custom hostname; unique across the deployment (a host serves one site). */
    hostname: text("hostname"),
    /** `proxy.origin` (host plus path segments, no scheme); null: no proxy. */
    proxyOrigin: text("proxy_origin"),
    published: flag("published").notNull(),
    adaptiveContent: flag("adaptive_content").notNull(),
    agentsContext: text("agents_context", { enum: SITE_AGENTS_CONTEXTS }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    index("sites_org").on(table.organizationId, table.createdAt, table.id),
    uniqueIndex("sites_basename").on(table.organizationId, table.basename),
    uniqueIndex("sites_hostname").on(table.hostname),
  ],
);

export const siteSectionGroups = sqliteTable(
  "site_section_groups",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** null: at the site root. The code moves children up before deleting a group. */
    parentGroupId: text("parent_group_id").references((): AnySQLiteColumn => siteSectionGroups.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    icon: text("icon"),
    /** Shares one order with the sections of the same parent. */
    position: text("position").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("site_section_groups_siblings").on(table.siteId, table.parentGroupId, table.position, table.id)],
);

export const siteSections = sqliteTable(
  "site_sections",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** null: at the site root. */
    groupId: text("group_id").references(() => siteSectionGroups.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** Unique within the site. */
    path: text("path").notNull(),
    icon: text("icon"),
    description: text("description"),
    /** Expression deciding whether a visitor sees the section; null: always. */
    condition: text("condition"),
    /** The site's default section (at most one per site: partial unique index). */
    isDefault: flag("is_default").notNull(),
    /** Shares one order with the section groups of the same parent. */
    position: text("position").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    index("site_sections_siblings").on(table.siteId, table.groupId, table.position, table.id),
    uniqueIndex("site_sections_path").on(table.siteId, table.path),
    uniqueIndex("site_sections_default")
      .on(table.siteId)
      .where(sql`${table.isDefault} = 1`),
    index("site_sections_group").on(table.groupId),
  ],
);

export const siteSpaces = sqliteTable(
  "site_spaces",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** null: at the site root (a site without sections). Deleting a section deletes its variants. */
    sectionId: text("section_id").references(() => siteSections.id, { onDelete: "cascade" }),
    /** The space published; purging it deletes the site space (the code reassigns defaults first). */
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    /** Unique within the section (or the root). */
    path: text("path").notNull(),
    /** null: the space's title is shown. */
    title: text("title"),
    condition: text("condition"),
    /** Default of its section (or of the root): at most one per scope (partial unique index). */
    isDefault: flag("is_default").notNull(),
    position: text("position").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    index("site_spaces_siblings").on(table.siteId, table.sectionId, table.position, table.id),
    // Uniqueness per scope (a section, or the root): SQLite treats NULLs as distinct, so the
    // root gets partial indexes of its own.
    uniqueIndex("site_spaces_path_section")
      .on(table.sectionId, table.path)
      .where(sql`${table.sectionId} is not null`),
    uniqueIndex("site_spaces_path_root")
      .on(table.siteId, table.path)
      .where(sql`${table.sectionId} is null`),
    uniqueIndex("site_spaces_default_section")
      .on(table.sectionId)
      .where(sql`${table.isDefault} = 1 and ${table.sectionId} is not null`),
    uniqueIndex("site_spaces_default_root")
      .on(table.siteId)
      .where(sql`${table.isDefault} = 1 and ${table.sectionId} is null`),
    index("site_spaces_space").on(table.spaceId, table.siteId),
  ],
);

/** A share link opens a `share-link` site with a secret key; only the key's SHA-256 is kept. */
export const siteShareLinks = sqliteTable(
  "site_share_links",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Hex SHA-256 of the key; the key itself is shown once, on creation. */
    keyHash: text("key_hash").notNull(),
    active: flag("active").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    index("site_share_links_list").on(table.siteId, table.createdAt, table.id),
    uniqueIndex("site_share_links_key").on(table.keyHash),
  ],
);

/** Site-level customization: the settings as given (validated), defaults filled in on read. */
export const siteCustomizations = sqliteTable("site_customizations", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  settings: json<Record<string, unknown>>("settings").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

/** Per-site-space overrides of the site's customization (only the keys overridden). */
export const siteSpaceCustomizations = sqliteTable(
  "site_space_customizations",
  {
    siteSpaceId: text("site_space_id")
      .primaryKey()
      .references(() => siteSpaces.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    overrides: json<Record<string, unknown>>("overrides").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [index("site_space_customizations_site").on(table.siteId)],
);

/** The visitor-claims JSON Schema of adaptive content; absent row: the site has none (GET 404). */
export const siteAdaptiveSchemas = sqliteTable("site_adaptive_schemas", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  jsonSchema: json<Record<string, unknown>>("json_schema").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

/**
 * Visitor authentication of a site (GitBook's SitePublishingAuth): the key visitors' JWTs are
 * signed with (HS256, a shared secret), where to send a visitor without a valid one, and the key's
 * generation: site tokens minted after checking a visitor's JWT carry it, so regenerating the key
 * (generation + 1) refuses all of them at once. Made on first read, with a fresh key.
 */
export const sitePublishingAuths = sqliteTable("site_publishing_auths", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  backend: text("backend", { enum: ["custom", "integration"] }).notNull(),
  privateKey: text("private_key").notNull(),
  fallbackUrl: text("fallback_url"),
  logoutUrl: text("logout_url"),
  generation: integer("generation").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

export type SiteRow = typeof sites.$inferSelect;
export type SiteSectionRow = typeof siteSections.$inferSelect;
export type SiteSectionGroupRow = typeof siteSectionGroups.$inferSelect;
export type SiteSpaceRow = typeof siteSpaces.$inferSelect;
export type SiteShareLinkRow = typeof siteShareLinks.$inferSelect;
export type SitePublishingAuthRow = typeof sitePublishingAuths.$inferSelect;
export type SiteCustomizationRow = typeof siteCustomizations.$inferSelect;
export type SiteSpaceCustomizationRow = typeof siteSpaceCustomizations.$inferSelect;
