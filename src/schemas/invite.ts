import { z } from "@hono/zod-openapi";
import { RoleOrGuest, notSupported } from "./common";

export const InviteLinkToOrganization = z
  .object({
    object: z.literal("invite"),
    id: z.string(),
    role: RoleOrGuest,
    redundant: z.boolean(),
  })
  .openapi("InviteLinkToOrganization");

export type InviteLinkObject = z.infer<typeof InviteLinkToOrganization>;

/**
 * Only invites to the organization itself are accepted: GitBook's variants that invite to one
 * space or collection at a level are not built, and a request using them is refused by name.
 */
export const CreateInviteToOrganization = z
  .strictObject({
    role: RoleOrGuest,
    // GitBook's other two invite shapes (to one space or collection, at a level) are not built.
    space: notSupported("invites to a single space"),
    collection: notSupported("invites to a single collection"),
    level: notSupported("invites to a single space or collection"),
  })
  .openapi("CreateInviteToOrganization")
  .openapi({ example: { role: "read" } });
