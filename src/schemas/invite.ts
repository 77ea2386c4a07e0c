import { z } from "@hono/zod-openapi";
import { RoleOrGuest, Timestamp, notSupported } from "./common";

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

/**
 * GitBook's `updateOrganizationInviteById` body: `{role}` or `{level}`, never both. Validated as one
 * closed object with "exactly one" (so the 400 names the fields), documented as GitBook's oneOf.
 */
export const UpdateOrganizationInvite = z
  .strictObject({
    role: RoleOrGuest.optional().openapi({ description: "The role an invite to the organization gives" }),
    level: RoleOrGuest.optional().openapi({ description: "The level an invite to a space or collection gives" }),
  })
  .superRefine((body, context) => {
    const given = (["role", "level"] as const).filter((key) => key in body);
    if (given.length !== 1) {
      context.addIssue({ code: "custom", path: given.length ? ["level"] : [], message: given.length ? "give 'role' or 'level', not both" : "give 'role' (or 'level')" });
    }
  })
  .openapi({ oneOf: [{ required: ["role"] }, { required: ["level"] }], example: { role: "edit" } });

/** The most addresses one `inviteUsersToOrganization` takes: an organization is invited in bounded batches. */
export const MAX_INVITED_EMAILS = 1000;

const InvitedEmail = z.email().max(254).openapi({ description: "The email address of the user to invite as a member" });

export const InviteUsersToOrganization = z
  .strictObject({
    emails: z
      .array(z.union([InvitedEmail, z.strictObject({ email: InvitedEmail, role: RoleOrGuest })]))
      .max(MAX_INVITED_EMAILS)
      .openapi({ description: "Addresses to invite, each alone (the default role) or with a role of its own" }),
    role: RoleOrGuest.optional().openapi({ description: "Default role to set on newly invited members (the organization's `defaultRole` when left out)." }),
    sso: z.boolean().optional().openapi({ description: "If true, invites the users as SSO members of the organization. Defaults to false." }),
  })
  .openapi("InviteUsersToOrganization")
  .openapi({ example: { emails: ["ada@example.com", { email: "grace@example.com", role: "edit" }], role: "read" } });

export type InviteUsersInput = z.infer<typeof InviteUsersToOrganization>;

export const InviteUsersResult = z.object({
  users: z.array(z.string()).openapi({ description: "The ids of the existing users who were added to the organization" }),
  invited: z.number().openapi({ description: "How many addresses were invited: users added, and invitations made or renewed for addresses with no user yet" }),
  failedSSOEmails: z
    .array(z.string())
    .optional()
    .openapi({ description: "With `sso`: the addresses of users added, but not as SSO members, because they are members of another organization" }),
});

/** Our own: a pending invitation of an address no user has yet (GitBook's API has no such object). */
export const OrganizationEmailInvite = z
  .object({
    object: z.literal("email-invite"),
    id: z.string(),
    email: z.string(),
    role: RoleOrGuest,
    sso: z.boolean(),
    createdAt: Timestamp,
  })
  .openapi("OrganizationEmailInvite");

export type EmailInviteObject = z.infer<typeof OrganizationEmailInvite>;
