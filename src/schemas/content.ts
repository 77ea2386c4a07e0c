import { z } from "@hono/zod-openapi";
import { EntityId, Role } from "./common";
import { EXAMPLE_IDS } from "./examples";

/**
 * Shapes shared by spaces and collections: their default level and where they are placed in the
 * organization's content tree.
 */

/**
 * A `defaultLevel` as a client sends it: a role, or `null`/`inherit` for no level of its own (the
 * parent collection's, or else the member's organization role, applies). Both are stored as null,
 * which is what the seed returns (see docs/decisions.md).
 */
export const DefaultLevelInput = z
  .union([Role, z.literal("inherit"), z.null()])
  .transform((level) => (level === "inherit" ? null : level))
  .openapi("DefaultLevel", { description: "A role, or null (or 'inherit') to take the parent's level" });

const SpacePointer = z.object({ type: z.literal("space"), space: EntityId }).openapi("SpacePointer");
const CollectionPointer = z.object({ type: z.literal("collection"), collection: EntityId }).openapi("CollectionPointer");
const ContentPointer = z.discriminatedUnion("type", [SpacePointer, CollectionPointer]);
export type ContentPointerValue = z.infer<typeof ContentPointer>;

export const ContentPosition = z
  .object({ before: ContentPointer.optional(), after: ContentPointer.optional() })
  .refine((position) => (position.before === undefined) !== (position.after === undefined), {
    message: "give exactly one of 'before' or 'after'",
  })
  .openapi("ContentPosition", { description: "Position at which to insert an item" });

/** Body of moveSpace and moveCollection. */
export const MoveContentBody = z
  .strictObject({
    parent: EntityId.nullable().optional().openapi({ description: "The unique id of the parent collection (null: top level)" }),
    position: ContentPosition.optional().openapi({ description: "Where to move the item; by default, at the end" }),
  })
  .refine((body) => body.parent !== undefined || body.position !== undefined, {
    message: "give 'parent', 'position' or both",
  })
  .openapi({ example: { parent: null } });

export type MoveContentInput = z.infer<typeof MoveContentBody>;

/** Body of transferSpace and transferCollection. */
export const TransferContentBody = z.strictObject({
  organization: EntityId.openapi({ description: "The unique id of the target organization" }),
})
  .openapi({ example: { organization: EXAMPLE_IDS.organization } });
