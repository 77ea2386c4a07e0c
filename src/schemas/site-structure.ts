import { z } from "@hono/zod-openapi";
import { AbsoluteUrl } from "./common";
import { Site } from "./site";
import { Space } from "./space";

/**
 * The objects of a site's structure (seed 2.6-2.8; GitBook's SiteSpace, SiteSection,
 * SiteSectionGroup, SiteStructure) and the published profile (seed 2.17, PublishedContentSite).
 * `draft` is always false here: drafts of structure are not supported.
 */

const PublishedUrls = z.object({
  published: AbsoluteUrl.optional().openapi({ description: "Where it is published; only defined when the site is published" }),
});

export const SiteSpaceObject = z
  .object({
    object: z.literal("site-space"),
    id: z.string(),
    path: z.string(),
    section: z.string().optional().openapi({ description: "ID of the section the site space is in" }),
    space: Space,
    title: z.string(),
    default: z.boolean(),
    condition: z.string().optional(),
    draft: z.boolean(),
    urls: PublishedUrls,
  })
  .openapi("SiteSpace");

export const SiteSectionObject = z
  .object({
    object: z.literal("site-section"),
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    default: z.boolean(),
    draft: z.boolean(),
    path: z.string(),
    condition: z.string().optional(),
    sectionGroup: z.string().optional().openapi({ description: "ID of the section group the section is in" }),
    siteSpaces: z.array(SiteSpaceObject),
    urls: PublishedUrls,
    icon: z.string().optional(),
  })
  .openapi("SiteSection");

export type SiteSectionGroupShape = {
  object: "site-section-group";
  id: string;
  title: string;
  sections: Array<z.infer<typeof SiteSectionObject>>;
  sectionGroup?: string;
  draft: boolean;
  children: Array<z.infer<typeof SiteSectionObject> | SiteSectionGroupShape>;
  icon?: string;
};

export const SiteSectionGroupObject: z.ZodType<SiteSectionGroupShape> = z
  .object({
    object: z.literal("site-section-group"),
    id: z.string(),
    title: z.string(),
    sections: z.array(SiteSectionObject).openapi({ description: "Deprecated: the sections directly in the group; use `children`" }),
    sectionGroup: z.string().optional().openapi({ description: "ID of the parent section group" }),
    draft: z.boolean(),
    get children() {
      return z.array(z.union([SiteSectionObject, SiteSectionGroupObject]));
    },
    icon: z.string().optional(),
  })
  .openapi("SiteSectionGroup");

export const SiteStructure = z
  .union([
    z.object({ type: z.literal("sections"), structure: z.array(z.union([SiteSectionObject, SiteSectionGroupObject])) }),
    z.object({ type: z.literal("siteSpaces"), structure: z.array(SiteSpaceObject) }),
  ])
  .openapi("SiteStructure");

export type SiteSpaceShape = z.infer<typeof SiteSpaceObject>;
export type SiteSectionShape = z.infer<typeof SiteSectionObject>;
export type SiteStructureShape = z.infer<typeof SiteStructure>;

/** GitBook's SiteCustomizationSettings: its keys and values are checked against GitBook's own schema (domain/sites/customization). */
export const SiteCustomizationSettings = z
  .record(z.string(), z.unknown())
  .openapi("SiteCustomizationSettings", {
    description:
      "The customization of a site (styling, favicon, header, footer, themes, AI, page actions…) as GitBook's SiteCustomizationSettings describes it, every key filled in (defaults where none was set), with `updatedAt` once set.",
  });

export const PublishedContentSite = z
  .object({
    object: z.literal("published-content-site"),
    site: Site,
    structure: SiteStructure,
    customizations: z.object({
      site: SiteCustomizationSettings,
      siteSpaces: z.record(z.string(), SiteCustomizationSettings).openapi({ description: "The customization of each site space, by site-space id" }),
    }),
    scripts: z.array(z.object({ script: AbsoluteUrl, contentSecurityPolicy: z.string().optional(), cookies: z.boolean() })).openapi({
      description: "Scripts of the integrations installed on the site (none: integrations are not supported by this deployment)",
    }),
  })
  .openapi("PublishedContentSite");

export const SiteCustomizationSettingsInput = z
  .record(z.string(), z.unknown())
  .openapi("SiteCustomizationSettingsInput", {
    description:
      "A site's whole customization, as GitBook's SiteCustomizationSettingsInput: keys left out go back to their defaults; unknown keys and invalid values are refused (400 naming the key).",
    example: { styling: { theme: "bold", primaryColor: { light: "#0B57D0", dark: "#8AB4F8" } }, themes: { default: "system", toggeable: true } },
  });

export const SiteSpaceCustomizationOverrides = z
  .record(z.string(), z.unknown())
  .openapi("SiteSpaceCustomizationOverrides", {
    description:
      "Overrides of the site's customization for one site space, laid over the ones it has: a key set to null clears its override. The customization that results must be valid (400 naming the key otherwise).",
    example: { styling: { theme: "muted" }, favicon: null },
  });

export const SiteSpaceCustomizationSettings = z
  .record(z.string(), z.unknown())
  .openapi("SiteSpaceCustomizationSettings", {
    description: "A site space's customization: the site's with the site space's overrides on top, and `hasOverrides`.",
  });
