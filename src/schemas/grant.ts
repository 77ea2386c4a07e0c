import { z } from "@hono/zod-openapi";
import { EntityId, Role, RoleOrGuest, Timestamp } from "./common";
import { EXAMPLE_IDS } from "./examples";
import { OrganizationTeam } from "./team";
import { User } from "./user";

/** At most this many users, and as many teams, per invitation: one invitation is one bounded batch. */
export const MAX_PRINCIPALS_PER_INVITE = 1000;

/** A user id, or the email address of an existing user (ids never contain '@'). */
const InvitedUser = z.string().min(1).max(320).openapi({ description: "The id of the user to invite, or the email address of an existing user" });

const invitation = (what: "space or collection" | "site") =>
  z
    .strictObject({
      role: RoleOrGuest.openapi({
        description: `The role to give on the ${what}; null gives none (removes what the users and teams named were given here)`,
      }),
      users: z.array(InvitedUser).min(1).max(MAX_PRINCIPALS_PER_INVITE).optional().openapi({ description: "Users to invite, by id or by email" }),
      teams: z.array(EntityId).min(1).max(MAX_PRINCIPALS_PER_INVITE).optional().openapi({ description: "Teams of the organization to invite, by id" }),
    })
    .refine((body) => body.users !== undefined || body.teams !== undefined, { message: "give 'users' or 'teams' (or both)", path: ["users"] });

/** GitBook's `InviteUsersAndTeams`: a role, and users or teams (or both). */
export const InviteUsersAndTeams = invitation("space or collection")
  .openapi("InviteUsersAndTeams")
  .openapi({ example: { role: "edit", users: [EXAMPLE_IDS.user] } });

export const InviteSiteUsersAndTeams = invitation("site")
  .openapi("InviteSiteUsersAndTeams")
  .openapi({ example: { role: "read", users: [EXAMPLE_IDS.user] } });

export type InviteInput = z.infer<typeof InviteUsersAndTeams>;

/** `role` left out changes nothing; null removes the grant (as DELETE does). */
export const UpdateContentPermissionBody = z
  .strictObject({ role: RoleOrGuest.optional().openapi({ description: "The role to give; null removes what was given" }) })
  .openapi({ example: { role: "comment" } });

/** A site's grants always give a role (GitBook's `MemberRole`). */
export const UpdateSitePermissionBody = z.strictObject({ role: Role.optional().openapi({ description: "The role to give" }) }).openapi({ example: { role: "edit" } });

export const UserContentPermission = z
  .object({ permission: Role, user: User })
  .openapi("UserContentPermission", { description: "Permission of a user in a content." });

export const TeamContentPermission = z.object({ permission: Role, team: OrganizationTeam }).openapi({ description: "Permission of a team in a content." });

export const UserSitePermissionOverride = z
  .object({ permission: RoleOrGuest, user: User })
  .openapi("UserSitePermissionOverride", { description: "Permission override of a user in a site." });

export const TeamSitePermissionOverride = z
  .object({ permission: RoleOrGuest, team: OrganizationTeam })
  .openapi("TeamSitePermissionOverride", { description: "Permission override of a team in a site." });

/** Where a user's level on a site comes from: their organization role, or a grant on the site (their own, or a team's). */
export const UserSitePermissionOrigin = z
  .union([
    z.object({ type: z.literal("organization"), organization: z.string() }).openapi("OrganizationPointer"),
    z
      .object({
        type: z.literal("site"),
        site: z.string(),
        reason: z.enum(["member", "team", "default"]),
        team: z.string().optional().openapi({ description: "The team whose grant gives the level" }),
      })
      .openapi("UserSitePermissionSiteOrigin"),
  ])
  .openapi("UserSitePermissionOrigin", { description: "The origin that enforced the effective permission level for a user in a site." });

export const UserSitePermission = z
  .object({ permission: RoleOrGuest, user: User, origin: UserSitePermissionOrigin, disabled: z.boolean(), lastSeenAt: Timestamp.optional() })
  .openapi("UserSitePermission", { description: "Permission of a user in a site." });

export const PermissionsAggregateFilters = {
  role: Role.optional().openapi({ description: "If defined, only members with this role will be returned." }),
};

export type UserSitePermissionObject = z.infer<typeof UserSitePermission>;
