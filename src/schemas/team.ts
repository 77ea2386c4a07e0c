import { z } from "@hono/zod-openapi";
import { EntityId, Timestamp } from "./common";
import { OrganizationMember } from "./member";
import { EXAMPLE_IDS } from "./examples";

export const TeamMemberRole = z.enum(["owner", "member"]).openapi("TeamMemberRole", {
  description: "The role of a team member. owner: can manage the team's members; member: is a member of the team.",
});

export type TeamRole = z.infer<typeof TeamMemberRole>;

export const OrganizationTeamTitle = z.string().min(1).max(64).openapi("OrganizationTeamTitle", { description: "Title of the team" });

export const OrganizationTeam = z
  .object({
    object: z.literal("team"),
    id: z.string(),
    title: OrganizationTeamTitle,
    members: z.number().int().openapi({ description: "Count of members in this team." }),
    spaces: z.number().openapi({ description: "Count of spaces this team has access to." }),
    createdAt: Timestamp,
    permissions: z.object({
      admin: z.boolean().openapi({ description: "Can the caller manage the team" }),
      view: z.boolean().openapi({ description: "Can the caller view the team and list its members" }),
    }),
  })
  .openapi("OrganizationTeam");

export type TeamObject = z.infer<typeof OrganizationTeam>;

export const TeamMember = z.object({ role: TeamMemberRole }).openapi("TeamMember");

export const OrganizationTeamMember = z
  .object({
    organization: OrganizationMember,
    team: TeamMember,
    permissions: z.object({ view: z.boolean().openapi({ description: "Can the caller view the team member" }) }),
  })
  .openapi("OrganizationTeamMember");

export type TeamMemberObject = z.infer<typeof OrganizationTeamMember>;

/** At most this many users per list of a request body: a team is edited in bounded batches. */
export const MAX_USERS_PER_REQUEST = 1000;

/** A user id, or an email address (ids never contain '@'). */
const UserIdOrEmail = z.string().min(1).max(320).openapi({ description: "A user id or an email address" });
const UserList = z.array(UserIdOrEmail).max(MAX_USERS_PER_REQUEST);

export const CreateTeamBody = z.strictObject({
  title: OrganizationTeamTitle,
  members: z
    .array(EntityId)
    .max(MAX_USERS_PER_REQUEST)
    .optional()
    .openapi({ description: "Ids of organization members to add to the team (as team members)" }),
})
  .openapi({ example: { title: "Writers" } });

export const UpdateTeamBody = z.strictObject({ title: OrganizationTeamTitle })
  .openapi({ example: { title: "Technical writers" } });

export const UpdateMembersInOrganizationTeam = z
  .strictObject({
    add: UserList.optional().openapi({ description: "Users to add (as team members), by user id or email" }),
    remove: UserList.optional().openapi({ description: "Users to remove, by user id or email; removal wins over add" }),
    memberships: z
      .record(EntityId, TeamMember)
      .refine((memberships) => Object.keys(memberships).length <= MAX_USERS_PER_REQUEST, {
        message: `must have at most ${MAX_USERS_PER_REQUEST} entries`,
      })
      .optional()
      .openapi({ description: "Users (by id) to add or update with the given team role" }),
  })
  .openapi("UpdateMembersInOrganizationTeam")
  .openapi({ example: { add: [EXAMPLE_IDS.user] } });

export type UpdateTeamMembersInput = z.infer<typeof UpdateMembersInOrganizationTeam>;

export const AddTeamMemberBody = z.strictObject({
  role: TeamMemberRole.optional().openapi({ description: "The team role; `member` when omitted" }),
})
  .openapi({ example: { role: "member" } });

export const TeamListFilters = {
  owner: EntityId.optional().openapi({
    description: "A user id: only the teams that user can manage (every team when they are an organization admin)",
  }),
  title: z.string().max(256).optional().openapi({ description: "A case-insensitive substring of the team title" }),
};
