import { z } from "@hono/zod-openapi";
import { listTeamMembers, putTeamMember, removeTeamMember, updateTeamMembers } from "../domain/teams/members";
import { createTeam, deleteTeam, getTeam, listTeams, renameTeam } from "../domain/teams/teams";
import { listOf, listQuery } from "../lib/pagination";
import {
  AddTeamMemberBody,
  CreateTeamBody,
  OrganizationTeam,
  OrganizationTeamMember,
  TeamListFilters,
  UpdateMembersInOrganizationTeam,
  UpdateTeamBody,
} from "../schemas/team";
import {
  OrganizationParams,
  createRouter,
  errorResponses,
  jsonBody,
  jsonResponse,
  noContent,
  pathParam,
  userRoute,
} from "./shared";

const tags = ["teams"];
const TeamParams = OrganizationParams.extend({ teamId: pathParam("teamId", "The unique ID of the Team") });
const TeamMemberParams = TeamParams.extend({ userId: pathParam("userId", "The unique ID of the User") });

export const teamRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/teams",
      operationId: "listTeamsInOrganizationById",
      summary: "List the teams of an organization, oldest first",
      tags,
      request: { params: OrganizationParams, query: z.object({ ...listQuery, ...TeamListFilters }) },
      responses: { 200: jsonResponse(listOf(OrganizationTeam), "Teams"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listTeams(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "put",
      path: "/orgs/{organizationId}/teams",
      operationId: "createOrganizationTeam",
      summary: "Create a team (admins)",
      tags,
      request: { params: OrganizationParams, body: jsonBody(CreateTeamBody) },
      responses: { 201: jsonResponse(OrganizationTeam, "Team has been created"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await createTeam(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json")), 201),
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/teams/{teamId}",
      operationId: "getTeamInOrganizationById",
      summary: "Get a team",
      tags,
      request: { params: TeamParams },
      responses: { 200: jsonResponse(OrganizationTeam, "The team"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, teamId } = c.req.valid("param");
      return c.json(await getTeam(c.get("callerContext"), organizationId, teamId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/orgs/{organizationId}/teams/{teamId}",
      operationId: "updateTeamInOrganizationById",
      summary: "Rename a team (admins and the team's owners)",
      tags,
      request: { params: TeamParams, body: jsonBody(UpdateTeamBody) },
      responses: { 200: jsonResponse(OrganizationTeam, "The team has been updated"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, teamId } = c.req.valid("param");
      return c.json(await renameTeam(c.get("callerContext"), organizationId, teamId, c.req.valid("json").title), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/teams/{teamId}",
      operationId: "removeTeamFromOrganizationById",
      summary: "Delete a team (admins); 204 also when it did not exist",
      tags,
      request: { params: TeamParams },
      responses: { 204: noContent("The team no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, teamId } = c.req.valid("param");
      await deleteTeam(c.get("callerContext"), organizationId, teamId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/teams/{teamId}/members",
      operationId: "listTeamMembersInOrganizationById",
      summary: "List the members of a team, in the order they were added",
      tags,
      request: { params: TeamParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(OrganizationTeamMember), "Team members"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, teamId } = c.req.valid("param");
      return c.json(await listTeamMembers(c.get("callerContext"), organizationId, teamId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "put",
      path: "/orgs/{organizationId}/teams/{teamId}/members",
      operationId: "updateMembersInOrganizationTeam",
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
      summary: "Add a member to a team, or change their team role (admins and the team's owners)",
      tags,
      request: { params: TeamMemberParams, body: jsonBody(AddTeamMemberBody) },
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
