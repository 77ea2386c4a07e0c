import { z } from "@hono/zod-openapi";
import { createProvider, deleteProvider, getProvider, listProviders, listSsoLogins, updateProvider } from "../../domain/saml/providers";
import { listOf, listQuery } from "../../schemas/list";
import { CreateSAMLProviderBody, OrganizationSAMLProvider, OrganizationSSOProviderLogin, UpdateSAMLProviderBody } from "../../schemas/saml";
import { OrganizationParams, SAMLProviderParams } from "../params";
import { createRouter, created, createdResponse, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";

const tags = ["sso"];

export const samlRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/saml",
      operationId: "listSAMLProvidersInOrganizationById",
      permission: { organization: "manageSAML" },
      authenticatesInItsRead: true,
      summary: "List the SAML providers of an organization, oldest first (admins)",
      tags,
      request: { params: OrganizationParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(OrganizationSAMLProvider), "SAML providers"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listProviders(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/saml",
      operationId: "createOrganizationSAMLProvider",
      permission: { organization: "manageSAML" },
      summary: "Add a SAML identity provider (admins)",
      tags,
      request: { params: OrganizationParams, body: jsonBody(CreateSAMLProviderBody) },
      responses: {
        201: createdResponse(OrganizationSAMLProvider, "SAML Provider created"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const provider = await createProvider(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json"));
      return created(c, provider, provider.urls.location);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/saml/{samlProviderId}",
      operationId: "getOrganizationSAMLProviderById",
      permission: { organization: "manageSAML" },
      summary: "Get a SAML provider (admins)",
      tags,
      request: { params: SAMLProviderParams },
      responses: { 200: jsonResponse(OrganizationSAMLProvider, "The SAML provider"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, samlProviderId } = c.req.valid("param");
      return c.json(await getProvider(c.get("callerContext"), organizationId, samlProviderId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/orgs/{organizationId}/saml/{samlProviderId}",
      operationId: "updateOrganizationSAMLProvider",
      permission: { organization: "manageSAML" },
      summary: "Update a SAML provider (admins)",
      tags,
      request: { params: SAMLProviderParams, body: jsonBody(UpdateSAMLProviderBody) },
      responses: { 200: jsonResponse(OrganizationSAMLProvider, "SAML provider has been updated"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, samlProviderId } = c.req.valid("param");
      return c.json(await updateProvider(c.get("callerContext"), organizationId, samlProviderId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/saml/{samlProviderId}",
      operationId: "deleteOrganizationSAMLProvider",
      permission: { organization: "manageSAML" },
      summary: "Delete a SAML provider (admins); 204 also when it did not exist",
      tags,
      request: { params: SAMLProviderParams },
      responses: { 204: noContent("The SAML provider no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, samlProviderId } = c.req.valid("param");
      await deleteProvider(c.get("callerContext"), organizationId, samlProviderId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/sso",
      operationId: "listSSOProviderLoginsInOrganization",
      permission: { outsiders: "the sign-in providers are what someone not yet a member signs in with" },
      summary: "List the sign-in providers of an organization (any authenticated user)",
      tags,
      request: { params: OrganizationParams },
      responses: {
        200: jsonResponse(z.object({ items: z.array(OrganizationSSOProviderLogin) }), "Sign-in providers, oldest first"),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => c.json(await listSsoLogins(c.get("callerContext"), c.req.valid("param").organizationId), 200),
  );
