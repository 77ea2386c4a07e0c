import { z } from "@hono/zod-openapi";
import { Role, RoleOrGuest, Timestamp } from "./common";
import { User } from "./user";

export const OrganizationMember = z
  .object({
    object: z.literal("member"),
    id: z.string(),
    role: RoleOrGuest,
    user: User,
    disabled: z.boolean(),
    joinedAt: Timestamp,
    lastSeenAt: Timestamp.optional(),
    sso: z.boolean(),
    spaces: z.number(),
    teams: z.number(),
    sites: z.number(),
  })
  .openapi("OrganizationMember");

export type MemberObject = z.infer<typeof OrganizationMember>;

export const MemberListFilters = {
  role: z.union([Role, z.literal("guest")]).optional().openapi({ description: "The role to filter the list by" }),
  search: z.string().max(256).optional().openapi({ description: "A query to filter the list by display name and email" }),
  sort: z.enum(["joinedAt", "lastSeenAt", "name"]).default("joinedAt").openapi({ description: "The property to sort the list by" }),
};

/** GitBook's spec makes `role` optional: a body without it changes nothing. */
export const UpdateMemberBody = z.strictObject({ role: RoleOrGuest.optional() })
  .openapi({ example: { role: "edit" } });
