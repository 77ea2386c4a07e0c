import { z } from "@hono/zod-openapi";
import { inviteUsersToOrganization, listEmailInvites, revokeEmailInvite } from "../../domain/invites/email-invites";
import { InviteUsersResult, InviteUsersToOrganization, OrganizationEmailInvite } from "../../schemas/invite";
import { listOf, listQuery } from "../../schemas/list";
import { InviteParams, OrganizationParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["organizations"];

/**
 * Invitations by email: GitBook's `inviteUsersToOrganization`, and our own list and revocation of
 * the invitations still pending (GitBook's API has neither), shaped like its invite links'
 * (`/link-invites`): docs/decisions.md, "Invitations by email".
 */
export const emailInviteRoutes = createRouter()
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/invites",
      operationId: "inviteUsersToOrganization",
      permission: { organization: "inviteMembers" },
      summary: "Invite people by email: existing users join now, other addresses when a user is created with them",
      tags,
      request: { params: OrganizationParams, body: jsonBody(InviteUsersToOrganization) },
      responses: { 200: jsonResponse(InviteUsersResult, "OK"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await inviteUsersToOrganization(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json")), 200),
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/email-invites",
      operationId: "listOrganizationEmailInvites",
      permission: { organization: "inviteMembers" },
      authenticatesInItsRead: true,
      summary: "List the pending invitations by email, oldest first (our own operation)",
      tags,
      request: { params: OrganizationParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(OrganizationEmailInvite), "Invitations no user has accepted yet"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listEmailInvites(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/email-invites/{inviteId}",
      operationId: "deleteOrganizationEmailInviteById",
      permission: { organization: "inviteMembers" },
      summary: "Revoke a pending invitation by email (our own operation)",
      tags,
      request: { params: InviteParams },
      responses: {
        204: noContent("There was no such pending invitation"),
        205: noContent("The invitation was revoked"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const { organizationId, inviteId } = c.req.valid("param");
      const outcome = await revokeEmailInvite(c.get("callerContext"), organizationId, inviteId);
      return c.body(null, outcome === "removed" ? 205 : 204);
    },
  );
