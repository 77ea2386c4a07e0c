import { z } from "@hono/zod-openapi";
import { SITE_AGENTS_CONTEXTS, SITE_TYPES, SITE_VISIBILITIES } from "../db/schema/sites";
import { AbsoluteUrl, EntityId, OptionalQuerySwitch, Timestamp, notSupported, orNull } from "./common";

/** Docs sites (seed 2.5, 4.9; GitBook's `Site` and its operations). */

export const SiteType = z.enum(SITE_TYPES).openapi("SiteType", { description: "The type of the site (its plan)" });
export const SiteVisibility = z.enum(SITE_VISIBILITIES).openapi("SiteVisibility", {
  description: "Who may see the published site: public, unlisted, share-link (with a share link's key), visitor-auth",
});
export const SiteAgentsContext = z.enum(SITE_AGENTS_CONTEXTS).openapi("SiteAgentsContext", {
  description: "excluded: agents cannot access the site; included: they can",
});

export const SiteTitle = z.string().trim().min(2).max(128).openapi("SiteTitle", { description: "Title of the site" });

/**
 * A path segment of the published URL: GitBook only limits its length; here it must also be a
 * URL-safe segment (no '/', no spaces), since it is put into `urls.published` as is.
 */
export const SiteBasename = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._~-]*$/, "must be a URL path segment (letters, digits, '.', '_', '~', '-'; starting with a letter or digit)")
  .openapi("SiteBasename", { description: "Basename for the site, e.g. api" });

export const SiteHostname = z
  .string()
  .max(512)
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/, "must be a lowercase hostname of at least three labels, e.g. docs.mycompany.com")
  .openapi("SiteHostname", { description: "Custom hostname for the site, e.g. docs.mycompany.com" });

export const SiteProxyOrigin = z
  .string()
  .max(512)
  .regex(/^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/, "must be a host followed by one or more path segments, without scheme, e.g. company.com/docs")
  .openapi("SiteProxyOrigin", { description: "Proxy URL for the site, e.g. company.com/docs" });

export const SitePermissions = z.object({
  view: z.boolean(),
  access: z.boolean(),
  edit: z.boolean(),
  create: z.boolean(),
  admin: z.boolean(),
  installIntegration: z.boolean(),
  viewAdaptiveSchema: z.boolean(),
  editAdaptiveSchema: z.boolean(),
});

export const Site = z
  .object({
    object: z.literal("site"),
    id: z.string(),
    type: SiteType,
    appliedType: SiteType.openapi({ description: "The type in effect (sites are never frozen here: always `type`)" }),
    title: z.string(),
    hostname: z.string().optional(),
    basename: z.string().optional(),
    proxy: z.object({ origin: z.string(), target: z.string() }).optional(),
    visibility: SiteVisibility,
    defaultLevel: z.literal("inherit").openapi({ description: "Sites have no level of their own: the organization role applies" }),
    permissions: SitePermissions,
    published: z.boolean().openapi({ description: "If true, the site is accessible to the audience defined by the visibility setting" }),
    siteSpaces: z.number().int().openapi({ description: "Number of site spaces in the site" }),
    createdAt: Timestamp,
    adaptiveContent: z.object({ enabled: z.boolean() }),
    agentsContext: SiteAgentsContext,
    features: z.array(z.object({ id: z.string(), plan: SiteType, frozen: z.boolean() })),
    urls: z.object({
      location: AbsoluteUrl,
      app: AbsoluteUrl,
      published: AbsoluteUrl.optional().openapi({ description: "Only defined when the site is published" }),
      preview: AbsoluteUrl,
    }),
  })
  .openapi("Site");

export type SiteObject = z.infer<typeof Site>;

/** `type` may be repeated (`?type=basic&type=premium`, as GitBook's client sends it) or comma-separated. */
const SiteTypeFilter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? undefined : [value].flat().flatMap((item) => item.split(",")).filter((item) => item !== "")))
  .pipe(z.array(SiteType).max(SITE_TYPES.length * 2).optional())
  .openapi({ type: "array", items: { type: "string", enum: [...SITE_TYPES] }, description: "Only sites of these types" });

export const SiteListFilters = {
  space: EntityId.optional().openapi({ description: "Only sites that publish this space" }),
  title: z.string().max(128).optional().openapi({ description: "Only sites whose title contains this (case-insensitive)" }),
  published: OptionalQuerySwitch("Only published (true) or unpublished (false) sites"),
  type: SiteTypeFilter,
};

export interface SiteListQuery {
  page?: string;
  limit?: number;
  space?: string;
  title?: string;
  published?: boolean;
  type?: Array<z.infer<typeof SiteType>>;
}

/** At most this many spaces are added by one create. */
export const MAX_SPACES_PER_SITE_CREATE = 50;

export const CreateSiteBody = z
  .strictObject({
    type: SiteType.optional().openapi({ description: "The type of the site (default basic)" }),
    title: SiteTitle.optional(),
    visibility: SiteVisibility.optional().openapi({ description: "Who may see the site once published (default public)" }),
    spaces: z
      .array(EntityId)
      .max(MAX_SPACES_PER_SITE_CREATE)
      .optional()
      .openapi({ description: "Ids of spaces of the organization to add to the site, in this order (the first is the default)" }),
  })
  .openapi("CreateSite")
  .openapi({ example: { title: "Developer docs", visibility: "public" } });

export type CreateSiteInput = z.infer<typeof CreateSiteBody>;

export const UpdateSiteBody = z
  .strictObject({
    title: SiteTitle.optional(),
    visibility: SiteVisibility.optional(),
    basename: SiteBasename.optional(),
    adaptiveContent: z.strictObject({ enabled: z.boolean() }).optional(),
    agentsContext: SiteAgentsContext.optional(),
    defaultSiteSpace: EntityId.optional().openapi({
      description:
        "Site space to make the default: at the root, or, when the site has sections, within the default section (the site space must be there)",
    }),
    defaultSiteSection: EntityId.optional().openapi({ description: "Site section to make the site's default" }),
    proxy: orNull(SiteProxyOrigin).optional().openapi({ description: "Host plus one or more path segments; null removes the proxy" }),
    hostname: orNull(SiteHostname)
      .optional()
      .openapi({ description: "Custom hostname (unique across the deployment; 409 when another site has it); null removes it" }),
    defaultLevel: notSupported("default levels on sites"),
    styleguide: notSupported("style guides"),
  })
  .openapi("UpdateSite")
  .openapi({ example: { title: "Developer documentation", basename: "developers" } });

export type UpdateSiteInput = z.infer<typeof UpdateSiteBody>;

export const PublishedSiteQuery = z.object({
  shareKey: z
    .string()
    .max(256)
    .optional()
    .openapi({ description: "For sites published via share-links, the share key is useful to resolve published URLs." }),
});

export const ShareLinkName = z.string().max(50).openapi("ShareLinkName", { description: "Name of the share link" });

export const ShareLink = z
  .object({
    object: z.literal("share-link"),
    id: z.string(),
    createdAt: Timestamp,
    name: ShareLinkName,
    active: z.boolean(),
    urls: z.object({
      published: AbsoluteUrl.optional().openapi({ description: "The site's published URL carrying the key: only in the answer that creates the link, when the site is published" }),
    }),
    key: z.string().optional().openapi({ description: "The secret key: only in the answer that creates the link (it is stored hashed)" }),
  })
  .openapi("ShareLink");

export const CreateShareLinkBody = z.strictObject({ name: ShareLinkName }).openapi({ example: { name: "Partners" } });
export const UpdateShareLinkBody = z
  .strictObject({ active: z.boolean().optional(), name: ShareLinkName.optional() })
  .refine((body) => Object.keys(body).length > 0, { message: "give at least one of 'active' and 'name'" })
  .openapi({ example: { active: false } });

export const ShareLinkListQuery = z.object({
  search: z.string().max(256).optional().openapi({ description: "Search share links by name (case-insensitive part) or key (whole)" }),
});
