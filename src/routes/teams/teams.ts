import { z } from "@hono/zod-openapi";
import { createTeam, deleteTeam, getTeam, listTeams, renameTeam } from "../../domain/teams/teams";
import { listOf, listQuery } from "../../schemas/list";
import { CreateTeamBody, OrganizationTeam, TeamListFilters, UpdateTeamBody } from "../../schemas/team";
import { OrganizationParams, TeamParams } from "../params";
import { createRouter, created, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["teams"];

export const teamRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/teams",
      operationId: "listTeamsInOrganizationById",
      permission: { organization: "listTeams" },
      authenticatesInItsRead: true,
      summary: "List the teams of an organization, oldest first",
      tags,
      request: { params: OrganizationParams, query: z.object({ ...listQuery, ...TeamListFilters }) },
      responses: { 200: jsonResponse(listOf(OrganizationTeam), "Teams"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listTeams(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "put",
      path: "/orgs/{organizationId}/teams",
      operationId: "createOrganizationTeam",
      permission: { organization: "manageTeams" },
      summary: "Create a team (admins)",
      tags,
      request: { params: OrganizationParams, body: jsonBody(CreateTeamBody) },
      responses: { 201: jsonResponse(OrganizationTeam, "Team has been created"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => created(c, await createTeam(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json"))),
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/teams/{teamId}",
      operationId: "getTeamInOrganizationById",
      permission: { organization: "listTeams", note: "A team is also visible to its own members." },
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
      permission: { organization: "manageTeams", note: "An owner of the team may too." },
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
      permission: { organization: "manageTeams", note: "An owner of the team may too." },
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
  );
