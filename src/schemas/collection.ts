import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, EntityId, QuerySwitch, RoleOrGuest } from "./common";
import { DefaultLevelInput } from "./content";

export const CollectionTitle = z.string().trim().min(1).max(50).openapi("CollectionTitle", { description: "Title of the collection" });
export const CollectionDescription = z.string().max(100).openapi("CollectionDescription");

export const Collection = z
  .object({
    object: z.literal("collection"),
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    organization: z.string(),
    parent: z.string().optional(),
    defaultLevel: RoleOrGuest,
    urls: z.object({ location: AbsoluteUrl, app: AbsoluteUrl }),
    permissions: z.object({ view: z.boolean(), admin: z.boolean(), viewInviteLinks: z.boolean(), create: z.boolean() }),
  })
  .openapi("Collection");

export type CollectionObject = z.infer<typeof Collection>;

export const CreateCollectionBody = z.strictObject({
  title: CollectionTitle.optional(),
  parent: EntityId.optional().openapi({ description: "ID of a parent collection" }),
})
  .openapi({ example: { title: "Guides" } });

export const UpdateCollectionBody = z.strictObject({
  title: CollectionTitle.optional(),
  description: CollectionDescription.optional(),
  defaultLevel: DefaultLevelInput.optional(),
})
  .openapi({ example: { title: "Guides and tutorials" } });

export type UpdateCollectionInput = z.infer<typeof UpdateCollectionBody>;

/** GitBook's `nested` switch: true (default) lists every collection, false only the top-level ones. */
export const CollectionListFilters = {
  nested: QuerySwitch("List nested collections too (default true)", "true"),
};
