import { z } from "@hono/zod-openapi";
import { listTeamMembers, putTeamMember, removeTeamMember, updateTeamMembers } from "../../domain/teams/members";
import { listOf, listQuery } from "../../schemas/list";
import { AddTeamMemberBody, OrganizationTeamMember, UpdateMembersInOrganizationTeam } from "../../schemas/team";
import { TeamMemberParams, TeamParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, optionalJsonBody, requesterOf, userRoute } from "../shared";

const tags = ["teams"];

export const teamMemberRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/teams/{teamId}/members",
      operationId: "listTeamMembersInOrganizationById",
      permission: { organization: "listTeams", note: "A team is also visible to its own members." },
      authenticatesInItsRead: true,
      summary: "List the members of a team, in the order they were added",
      tags,
      request: { params: TeamParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(OrganizationTeamMember), "Team members"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, teamId } = c.req.valid("param");
      return c.json(await listTeamMembers(requesterOf(c), organizationId, teamId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "put",
      path: "/orgs/{organizationId}/teams/{teamId}/members",
      operationId: "updateMembersInOrganizationTeam",
      permission: { organization: "manageTeams", note: "An owner of the team may too." },
      summary: "Add, update and remove team members at once (admins and the team's owners)",
      tags,
      request: { params: TeamParams, body: jsonBody(UpdateMembersInOrganizationTeam) },
      responses: { 204: noContent("Members have been updated"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, teamId } = c.req.valid("param");
      await updateTeamMembers(c.get("callerContext"), organizationId, teamId, c.req.valid("json"));
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "put",
      path: "/orgs/{organizationId}/teams/{teamId}/members/{userId}",
      operationId: "addMemberToOrganizationTeamById",
      permission: { organization: "manageTeams", note: "An owner of the team may too." },
      summary: "Add a member to a team, or change their team role (admins and the team's owners)",
      tags,
      request: { params: TeamMemberParams, body: optionalJsonBody(AddTeamMemberBody) },
      responses: { 204: noContent("Member has been added to the team"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, teamId, userId } = c.req.valid("param");
      await putTeamMember(c.get("callerContext"), organizationId, teamId, userId, c.req.valid("json").role ?? "member");
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/teams/{teamId}/members/{userId}",
      operationId: "deleteMemberFromOrganizationTeamById",
      permission: { organization: "manageTeams", note: "An owner of the team may too." },
      summary: "Remove a member from a team (admins and the team's owners), or leave it; 204 also when not in it",
      tags,
      request: { params: TeamMemberParams },
      responses: { 204: noContent("The user is not in the team"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, teamId, userId } = c.req.valid("param");
      await removeTeamMember(c.get("callerContext"), organizationId, teamId, userId);
      return c.body(null, 204);
    },
  );
