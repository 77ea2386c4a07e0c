import { z } from "@hono/zod-openapi";
import {
  createOrganization,
  getOrganization,
  joinOrganization,
  listOrganizationsForCaller,
  listOrganizationsForEmailDomain,
  updateOrganization,
} from "../../domain/organizations/organizations";
import { listOf, listQuery } from "../../schemas/list";
import { CreateOrganizationBody, Organization, UpdateOrganizationBody } from "../../schemas/organization";
import { OrganizationParams } from "../params";
import { createRouter, created, createdResponse, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["organizations"];

export const organizationRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs",
      operationId: "listOrganizationsForAuthenticatedUser",
      permission: { anyUser: "the organizations the caller is a member of" },
      authenticatesInItsRead: true,
      summary: "List the organizations the caller belongs to",
      tags,
      request: { query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(Organization), "Organizations, oldest first"), ...errorResponses(400) },
    }),
    async (c) => c.json(await listOrganizationsForCaller(requesterOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs",
      operationId: "createOrganization",
      permission: { anyUser: "the caller becomes the new organization's admin" },
      summary: "Create an organization; the caller becomes its admin",
      tags,
      request: { body: jsonBody(CreateOrganizationBody) },
      responses: { 201: createdResponse(Organization, "Organization created"), ...errorResponses(400) },
    }),
    async (c) => {
      const organization = await createOrganization(c.get("callerContext"), c.req.valid("json"));
      return created(c, organization, organization.urls.location);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}",
      operationId: "getOrganizationById",
      permission: { organization: "view" },
      authenticatesInItsRead: true,
      summary: "Get an organization",
      tags,
      request: { params: OrganizationParams },
      responses: { 200: jsonResponse(Organization, "The organization"), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await getOrganization(requesterOf(c), c.req.valid("param").organizationId), 200),
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/orgs/{organizationId}",
      operationId: "updateOrganizationById",
      permission: { organization: "update" },
      summary: "Update an organization (admins)",
      tags,
      request: { params: OrganizationParams, body: jsonBody(UpdateOrganizationBody) },
      responses: { 200: jsonResponse(Organization, "The organization has been updated"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) =>
      c.json(await updateOrganization(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/join",
      operationId: "joinOrganization",
      permission: { outsiders: "joining is how someone whose verified email matches one of its domains becomes a member" },
      summary: "Join an organization through the caller's verified email domain",
      tags,
      request: { params: OrganizationParams },
      responses: { 204: noContent("Successfully joined the organization"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      await joinOrganization(c.get("callerContext"), c.req.valid("param").organizationId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/email-domains/{emailDomain}/orgs",
      operationId: "getOrganizationsForEmailDomain",
      permission: { anyUser: "it lists only organizations the caller could join with their verified email" },
      summary: "List the organizations that users of the caller's email domain may join",
      tags,
      request: {
        params: z.object({
          emailDomain: z.string().min(1).max(253).openapi({ param: { name: "emailDomain", in: "path", required: true } }),
        }),
      },
      responses: {
        200: jsonResponse(z.object({ organizations: z.array(Organization) }), "Organizations allowing this domain"),
        ...errorResponses(400, 403),
      },
    }),
    async (c) => c.json(await listOrganizationsForEmailDomain(c.get("callerContext"), c.req.valid("param").emailDomain), 200),
  );
