import { z } from "@hono/zod-openapi";
import { recordMemberSeen } from "../../domain/members/last-seen";
import { getMember, listMembers, removeMember, updateMemberRole } from "../../domain/members/members";
import { setSSOMember } from "../../domain/members/sso";
import { listTeamsOfMember } from "../../domain/teams/member-teams";
import { listOf, listOrder, listQuery } from "../../schemas/list";
import { MemberListFilters, OrganizationMember, UpdateMemberBody } from "../../schemas/member";
import { OrganizationTeam, TeamListFilters, TeamMember } from "../../schemas/team";
import { MemberParams, OrganizationParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["organizations"];

export const memberRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/members",
      operationId: "listMembersInOrganizationById",
      permission: { organization: "listMembers" },
      authenticatesInItsRead: true,
      summary: "List the members of an organization",
      tags,
      request: { params: OrganizationParams, query: z.object({ ...listQuery, order: listOrder, ...MemberListFilters }) },
      responses: { 200: jsonResponse(listOf(OrganizationMember), "Members"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listMembers(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/members/{userId}",
      operationId: "getMemberInOrganizationById",
      permission: { organization: "listMembers" },
      summary: "Get a member of an organization",
      tags,
      request: { params: MemberParams },
      responses: { 200: jsonResponse(OrganizationMember, "The member"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, userId } = c.req.valid("param");
      return c.json(await getMember(c.get("callerContext"), organizationId, userId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/orgs/{organizationId}/members/{userId}",
      operationId: "updateMemberInOrganizationById",
      permission: { organization: "manageMembers" },
      summary: "Change a member's role (admins)",
      tags,
      request: { params: MemberParams, body: jsonBody(UpdateMemberBody) },
      responses: { 200: jsonResponse(OrganizationMember, "The member has been updated"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { organizationId, userId } = c.req.valid("param");
      return c.json(await updateMemberRole(c.get("callerContext"), organizationId, userId, c.req.valid("json").role), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/members/{userId}",
      operationId: "removeMemberFromOrganizationById",
      permission: { organization: "manageMembers", note: "A member may also remove themselves." },
      summary: "Remove a member (admins), or leave the organization (oneself)",
      tags,
      request: { params: MemberParams },
      responses: {
        204: noContent("Member did not exist in the organization."),
        205: noContent("The member was deleted from the organization."),
        ...errorResponses(400, 403, 404, 409),
      },
    }),
    async (c) => {
      const { organizationId, userId } = c.req.valid("param");
      const outcome = await removeMember(c.get("callerContext"), organizationId, userId);
      return c.body(null, outcome === "removed" ? 205 : 204);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/members/{userId}/teams",
      operationId: "listTeamsForOrganizationMember",
      permission: { organization: "listTeams", note: "A member may also list their own teams." },
      authenticatesInItsRead: true,
      summary: "List the teams a member is in, oldest first, with their role in each",
      tags,
      request: { params: MemberParams, query: z.object({ ...listQuery, title: TeamListFilters.title }) },
      responses: { 200: jsonResponse(listOf(z.object({ team: OrganizationTeam, member: TeamMember })), "OK"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, userId } = c.req.valid("param");
      return c.json(await listTeamsOfMember(requesterOf(c), organizationId, userId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/ping",
      operationId: "updateOrganizationMemberLastSeenAt",
      permission: { organization: "view" },
      summary: "Record that the caller is active in the organization now (their lastSeenAt)",
      tags,
      request: { params: OrganizationParams },
      responses: { 200: jsonResponse(z.object({}), "Organization member has been updated."), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await recordMemberSeen(c.get("callerContext"), c.req.valid("param").organizationId), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/members/{userId}/sso",
      operationId: "setUserAsSSOMemberForOrganization",
      permission: { organization: "manageMembers" },
      summary: "Make a member an SSO member of the organization (admins)",
      tags,
      request: { params: MemberParams },
      responses: { 200: jsonResponse(OrganizationMember, "The user has been added as an SSO member of the organization."), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { organizationId, userId } = c.req.valid("param");
      return c.json(await setSSOMember(c.get("callerContext"), organizationId, userId), 200);
    },
  );
