import { z } from "@hono/zod-openapi";
import { createInviteLink, deleteInviteLink, getInviteLink, joinWithInviteLink, listInviteLinks, updateInviteLink } from "../../domain/invites/invites";
import { CreateInviteToOrganization, InviteLinkToOrganization, UpdateOrganizationInvite } from "../../schemas/invite";
import { listOf, listQuery } from "../../schemas/list";
import { InviteParams, OrganizationParams } from "../params";
import { createRouter, created, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["organizations"];

export const inviteRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/link-invites",
      operationId: "listOrganizationInviteLinks",
      permission: { organization: "manageInviteLinks" },
      authenticatesInItsRead: true,
      summary: "List the invite links of an organization (admins)",
      tags,
      request: { params: OrganizationParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(InviteLinkToOrganization), "Invite links, oldest first"), ...errorResponses(400, 403, 404) },
    }),
    async (c) =>
      c.json(await listInviteLinks(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/link-invites",
      operationId: "createOrganizationInvite",
      permission: { organization: "manageInviteLinks" },
      summary: "Create an invite link to the organization (admins)",
      tags,
      request: { params: OrganizationParams, body: jsonBody(CreateInviteToOrganization) },
      responses: { 201: jsonResponse(InviteLinkToOrganization, "The organization invite has been created"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => created(c, await createInviteLink(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json").role)),
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/link-invites/{inviteId}",
      operationId: "getOrganizationInviteLink",
      permission: { outsiders: "whoever holds an invite link may see what it grants before joining with it (its admins see it always)" },
      summary: "Get an invite link: the role it gives, and whether the caller already has it (`redundant`)",
      tags,
      request: { params: InviteParams },
      responses: { 200: jsonResponse(InviteLinkToOrganization, "Invite link in the organization."), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { organizationId, inviteId } = c.req.valid("param");
      return c.json(await getInviteLink(c.get("callerContext"), organizationId, inviteId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/orgs/{organizationId}/link-invites/{inviteId}",
      operationId: "updateOrganizationInviteById",
      permission: { organization: "manageInviteLinks" },
      summary: "Change the role an invite link gives (admins)",
      tags,
      request: { params: InviteParams, body: jsonBody(UpdateOrganizationInvite) },
      responses: { 200: jsonResponse(InviteLinkToOrganization, "The organization invite has been updated"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, inviteId } = c.req.valid("param");
      return c.json(await updateInviteLink(c.get("callerContext"), organizationId, inviteId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/link-invites/{inviteId}",
      operationId: "deleteOrganizationInviteById",
      permission: { organization: "manageInviteLinks" },
      summary: "Delete an invite link (admins); 204 also when it did not exist",
      tags,
      request: { params: InviteParams },
      responses: { 204: noContent("The invite no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, inviteId } = c.req.valid("param");
      await deleteInviteLink(c.get("callerContext"), organizationId, inviteId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/invites/{inviteId}",
      operationId: "joinOrganizationWithInvite",
      permission: { outsiders: "an invite link is how someone becomes a member" },
      summary: "Join an organization through one of its invite links",
      tags,
      request: { params: InviteParams },
      responses: { 200: jsonResponse(z.object({}), "Joined the organization"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { organizationId, inviteId } = c.req.valid("param");
      await joinWithInviteLink(c.get("callerContext"), organizationId, inviteId);
      return c.json({}, 200);
    },
  );
