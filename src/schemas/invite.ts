import { z } from "@hono/zod-openapi";
import { RoleOrGuest } from "./common";

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
 * Only invites to the organization itself are accepted: GitBook's space and collection variants
 * need spaces and collections, which arrive with a later issue.
 */
export const CreateInviteToOrganization = z.object({ role: RoleOrGuest }).openapi("CreateInviteToOrganization");
