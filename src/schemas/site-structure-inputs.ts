import { z } from "@hono/zod-openapi";
import { EntityId, Timestamp, notSupported, orNull } from "./common";
import { SiteSectionGroupObject, SiteSectionObject, SiteSpaceObject, type SiteSectionGroupShape, type SiteSectionShape, type SiteSpaceShape } from "./site-structure";

/**
 * A site's structure (seed 2.6-2.8, 4.10-4.12; GitBook's SiteSection, SiteSpace, SiteSectionGroup
 * and their operations): sections (in nested section groups) each holding site spaces, or, for a
 * site without sections, site spaces at its root.
 */

export const Icon = z.string().max(50).openapi({ description: "An icon name" });
export const SiteSectionTitle = z.string().trim().min(2).max(128).openapi("SiteSectionTitle", { description: "Title of the site section" });
export const SiteSectionPath = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._~-]*$/, "must be a URL path segment (letters, digits, '.', '_', '~', '-'; starting with a letter or digit)")
  .openapi("SiteSectionPath", { description: "The path of the section in the site's URLs, unique within the site" });
export const SiteSpacePath = SiteSectionPath.openapi("SiteSpacePath", {
  description: "The path of the site space in its section's URLs, unique within the section (or the site root)",
});
export const SiteSectionDescription = z.string().max(256).openapi("SiteSectionDescription", { description: "Description of the site section" });
export const SiteSectionGroupTitle = z.string().trim().min(1).max(100).openapi("SiteSectionGroupTitle", { description: "Title of the section group" });
export const Expression = z
  .string()
  .max(1024)
  .openapi("Expression", {
    description:
      "A condition on the visitor, e.g. `visitor.claims.unsigned.beta && visitor.claims.plan == \"pro\"`: `visitor.claims` paths of the site's adaptive schema, literals, `!`, `&&`, `||`, comparisons and parentheses. An empty string is no condition.",
  });

/**
 * The objects of the structure are the Sites routes' (schemas/site-structure.ts), one component
 * each in the document; these routes answer them with `pageId: null` and `hidden: false` too.
 */
export const SiteSpace = SiteSpaceObject;
export const SiteSection = SiteSectionObject;
export const SiteSectionGroup = SiteSectionGroupObject;

export type SiteSpaceObjectShape = SiteSpaceShape & { pageId: null; hidden: boolean };
export type SiteSectionObjectShape = Omit<SiteSectionShape, "siteSpaces"> & { siteSpaces: SiteSpaceObjectShape[] };
export interface SiteSectionGroupObjectShape extends Omit<SiteSectionGroupShape, "children" | "sections"> {
  sections: SiteSectionObjectShape[];
  children: Array<SiteSectionObjectShape | SiteSectionGroupObjectShape>;
}

export const ShareKeyQuery = {
  shareKey: z
    .string()
    .max(256)
    .optional()
    .openapi({ description: "For sites published via share-links, the share key is useful to resolve published URLs (an unknown or revoked key: 404)." }),
};

// Bodies ------------------------------------------------------------------------------------------

export const AddSectionBody = z
  .strictObject({
    spaceId: EntityId.openapi({ description: "ID of the space to be added to the section as its first site space" }),
    title: orNull(SiteSectionTitle).optional().openapi({ description: "Title of the section (default: the space's title)" }),
    icon: orNull(Icon).optional(),
    siteSectionGroupId: EntityId.optional().openapi({ description: "ID of the section group to add the section to (default: the site root)" }),
    template: notSupported("templates"),
    draft: notSupported("drafts"),
    pageId: notSupported("page-rooted site spaces"),
  })
  .openapi("AddSiteSection")
  .openapi({ example: { spaceId: "space-id", title: "Guides" } });
export type AddSectionInput = z.infer<typeof AddSectionBody>;

export const UpdateSectionBody = z
  .strictObject({
    title: SiteSectionTitle.optional(),
    path: SiteSectionPath.optional(),
    defaultSiteSpace: EntityId.optional().openapi({ description: "ID of a site space of the section to make its default" }),
    condition: orNull(Expression).optional().openapi({ description: "If not set, the condition will remain unchanged. If set to null, the condition will be removed." }),
    icon: orNull(Icon).optional(),
    description: orNull(SiteSectionDescription).optional(),
    siteSectionGroupId: orNull(EntityId).optional().openapi({ description: "Move the section to the end of this section group; null: to the site root" }),
    localizedTitle: notSupported("localized titles"),
    localizedDescription: notSupported("localized descriptions"),
    draft: notSupported("drafts"),
  })
  .openapi("UpdateSiteSection")
  .openapi({ example: { title: "User guides", path: "guides" } });
export type UpdateSectionInput = z.infer<typeof UpdateSectionBody>;

const sectionPointer = z.strictObject({ type: z.literal("site-section"), siteSection: EntityId });
export const MoveSectionBody = z
  .strictObject({
    position: z
      .strictObject({ before: sectionPointer.optional(), after: sectionPointer.optional() })
      .optional()
      .openapi({ description: "Place it before or after another section (in that section's group); absent: at the end of its group" }),
  })
  .openapi("MoveSiteSection")
  .openapi({ example: {} });

export const AddSiteSpaceBody = z
  .strictObject({
    spaceId: EntityId.openapi({ description: "ID of a space of the organization" }),
    sectionId: EntityId.optional().openapi({
      description: "If not provided, the space will be added to the default section or at the root level if the site has no sections",
    }),
    title: z.string().trim().min(2).max(128).optional().openapi({ description: "A title of its own (default: the space's title)" }),
    template: notSupported("templates"),
    draft: notSupported("drafts"),
    pageId: notSupported("page-rooted site spaces"),
  })
  .openapi("AddSiteSpace")
  .openapi({ example: { spaceId: "space-id" } });
export type AddSiteSpaceInput = z.infer<typeof AddSiteSpaceBody>;

export const UpdateSiteSpaceBody = z
  .strictObject({
    path: SiteSpacePath.optional(),
    condition: orNull(Expression).optional().openapi({ description: "If not set, the condition will remain unchanged. If set to null, the condition will be removed." }),
    spaceId: EntityId.optional().openapi({ description: "The space it publishes; if not set, the space will remain unchanged" }),
    pageId: notSupported("page-rooted site spaces"),
    hidden: notSupported("hidden site spaces"),
    draft: notSupported("drafts"),
  })
  .openapi("UpdateSiteSpace")
  .openapi({ example: { path: "v2" } });
export type UpdateSiteSpaceInput = z.infer<typeof UpdateSiteSpaceBody>;

const siteSpacePointer = z.strictObject({ type: z.literal("site-space"), siteSpace: EntityId });
export const MoveSiteSpaceBody = z
  .strictObject({
    position: z
      .strictObject({ before: siteSpacePointer.optional(), after: siteSpacePointer.optional() })
      .optional()
      .openapi({ description: "Place it before or after another site space of its section (or of the root); absent: at the end" }),
  })
  .openapi("MoveSiteSpace")
  .openapi({ example: {} });

export const SiteSpaceListQuery = {
  default: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .openapi({
      type: "boolean",
      description: "If true, only the default site spaces are returned; if false, only the others; if absent, all site spaces.",
    }),
};

export const AddSectionGroupBody = z
  .strictObject({
    title: SiteSectionGroupTitle,
    icon: orNull(Icon).optional(),
    sections: z.array(EntityId).max(100).optional().openapi({ description: "IDs of the sections to be added to the section group, in this order" }),
    parent: EntityId.optional().openapi({ description: "ID of the parent section group; if not provided, the group is added at the root of the site" }),
    draft: notSupported("drafts"),
  })
  .openapi("AddSiteSectionGroup")
  .openapi({ example: { title: "Products" } });
export type AddSectionGroupInput = z.infer<typeof AddSectionGroupBody>;

export const UpdateSectionGroupBody = z
  .strictObject({
    title: SiteSectionGroupTitle.optional(),
    icon: orNull(Icon).optional(),
    parentSectionGroupId: orNull(EntityId)
      .optional()
      .openapi({ description: "Move the group to the end of this section group (not itself or one inside it); null: to the site root" }),
    localizedTitle: notSupported("localized titles"),
    draft: notSupported("drafts"),
  })
  .openapi("UpdateSiteSectionGroup")
  .openapi({ example: { title: "All products" } });
export type UpdateSectionGroupInput = z.infer<typeof UpdateSectionGroupBody>;

export const AddSectionToGroupBody = z
  .strictObject({ sectionId: EntityId.openapi({ description: "ID of a section of the site, moved to the end of the group" }) })
  .openapi("AddSectionToSiteSectionGroup")
  .openapi({ example: { sectionId: "section-id" } });

const groupPointer = z.strictObject({ type: z.enum(["site-section", "site-section-group"]), id: EntityId });
export const MoveSectionGroupBody = z
  .strictObject({
    position: z
      .strictObject({ before: groupPointer.optional(), after: groupPointer.optional() })
      .optional()
      .openapi({ description: "Place it before or after a section or section group (in that one's parent); absent: at the end of its parent" }),
  })
  .openapi("MoveSiteSectionGroup")
  .openapi({ example: {} });

export const STRUCTURE_ITEM_TYPES = ["site-space", "site-section", "site-section-group", "site-external-link"] as const;
const structurePointer = z.strictObject({ type: z.enum(STRUCTURE_ITEM_TYPES), id: EntityId });
export type StructurePointer = z.infer<typeof structurePointer>;
export const SortSiteStructureBody = z
  .strictObject({
    item: structurePointer.openapi({ description: "The item to move" }),
    position: z
      .strictObject({ before: structurePointer.optional(), after: structurePointer.optional() })
      .openapi({ description: "Before or after another item: a site space of the same section (or root) for a site space; a section or group for a section or group" }),
  })
  .openapi("SortSiteStructure")
  .openapi({ example: { item: { type: "site-section", id: "section-id" }, position: { before: { type: "site-section", id: "other-section-id" } } } });
export type SortSiteStructureInput = z.infer<typeof SortSiteStructureBody>;

/** One bound of a move: `before` or `after` an item (exactly one; none: at the end). */
export type MoveBound = { side: "before" | "after"; id: string; type: string };

// Adaptive content ----------------------------------------------------------------------------------

export const SiteAdaptiveJSONSchema = z
  .record(z.string(), z.unknown())
  .openapi("SiteAdaptiveJSONSchema", {
    description:
      "A JSON Schema (draft-07) of the visitor's claims: `type: object`, `additionalProperties: false`, `properties` of claims (boolean, string, string enum, number, arrays of those, objects of claims) and optionally `unsigned`, an object of unsigned claims.",
  });

export const SiteAdaptiveSchema = z
  .object({ object: z.literal("site-adaptive-schema"), jsonSchema: SiteAdaptiveJSONSchema, updatedAt: Timestamp })
  .openapi("SiteAdaptiveSchema");

export const UpdateSiteAdaptiveSchemaBody = z
  .strictObject({ jsonSchema: SiteAdaptiveJSONSchema })
  .openapi("UpdateSiteAdaptiveSchema")
  .openapi({
    example: {
      jsonSchema: {
        type: "object",
        properties: {
          isBetaUser: { type: "boolean", description: "Whether the visitor is in the beta" },
          unsigned: {
            type: "object",
            description: "Unsigned claims of the site visitor.",
            properties: { prefersDark: { type: "boolean", description: "Dark mode" } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
  });

export const SiteAdaptiveTemplateConditions = z
  .object({
    items: z.array(
      z.object({
        description: z.string().openapi({ description: "A short description of the suggested condition" }),
        condition: z.string().openapi({ description: "The suggested condition" }),
      }),
    ),
  })
  .openapi("SiteAdaptiveTemplateConditions");
