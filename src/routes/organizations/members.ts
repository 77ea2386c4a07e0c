import { z } from "@hono/zod-openapi";
import { getMember, listMembers, removeMember, updateMemberRole } from "../../domain/members/members";
import { listOf, listOrder, listQuery } from "../../schemas/list";
import { MemberListFilters, OrganizationMember, UpdateMemberBody } from "../../schemas/member";
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
  );
