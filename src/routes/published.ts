import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { resolvePublishedUrl, type ResolveRequest } from "../domain/published/resolve";
import { looksLikeSiteToken } from "../domain/published/site-token";
import { bearerToken, bearerTokenHash } from "../http/middleware";
import { GetPublishedContentQuery, PublishedSiteContentLookup, ResolvePublishedContentBody } from "../schemas/published";
import { describePermission, type RoutePermission } from "./permission";
import { bodyMiddleware, createRouter, errorResponses, jsonBody, jsonResponse, userSecurity, withImpliedErrors } from "./shared";

/**
 * `POST /v1/urls/published` (and its deprecated GET twin): a published site's URL to its content
 * and a site token (domain/published/resolve.ts). Served before authentication: GitBook's
 * renderer calls it without a token for public sites, and a share link's key or a visitor token
 * is the credential of the others. A member's API token, when given, lets them into any site of
 * their organization they may see.
 */

const PERMISSION: RoutePermission = {
  anyone: "a public site's URLs resolve for anyone; a share-link site's with its key, a visitor-auth site's with a visitor token signed with its key, and any site's for a member of its organization who may see it (their API token; a role given on the site counts)",
};

const tags = ["urls"];
const responses = { 200: jsonResponse(PublishedSiteContentLookup, "The content the URL shows, or where to go instead"), ...errorResponses(400, 404) };

const publishedRoute = <R extends Parameters<typeof createRoute>[0]>(config: R) =>
  createRoute({
    ...config,
    description: [config.description, describePermission(PERMISSION)].filter(Boolean).join("\n\n"),
    "x-permission": PERMISSION,
    // No token needed; a user's API token is read when given.
    security: [{}, ...userSecurity],
    responses: withImpliedErrors(config),
    middleware: bodyMiddleware(config.request),
  });

/** The hash of the request's API token, when it came with one (a site token resolves nothing more: ignored). */
async function apiTokenHashOf(c: Context<AppEnv>): Promise<string | undefined> {
  const token = bearerToken(c.req.header("authorization"));
  return token && !looksLikeSiteToken(token) ? bearerTokenHash(c, token) : undefined;
}

async function resolve(c: Context<AppEnv>, request: Omit<ResolveRequest, "apiTokenHash">) {
  const apiTokenHash = await apiTokenHashOf(c);
  return c.json(await resolvePublishedUrl(c.get("context"), { ...request, ...(apiTokenHash ? { apiTokenHash } : {}) }), 200);
}

export const publishedUrlRoutes = createRouter()
  .openapi(
    publishedRoute({
      method: "post",
      path: "/urls/published",
      operationId: "resolvePublishedContentByUrl",
      summary: "Resolve a URL of a published site: the site, section, site space, space, revision, page path and a short-lived site token",
      tags,
      request: { body: jsonBody(ResolvePublishedContentBody) },
      responses,
    }),
    async (c) => {
      const { url, visitor } = c.req.valid("json");
      return resolve(c, { url, ...(visitor ? { visitor } : {}) });
    },
  )
  .openapi(
    publishedRoute({
      method: "get",
      path: "/urls/published",
      operationId: "getPublishedContentByUrl",
      deprecated: true,
      summary: "Resolve a URL of a published site (deprecated: use the POST, which takes unsigned claims too)",
      tags,
      request: { query: z.object(GetPublishedContentQuery) },
      responses,
    }),
    async (c) => {
      const { url, visitorAuthToken } = c.req.valid("query");
      return resolve(c, { url, ...(visitorAuthToken ? { visitor: { jwtToken: visitorAuthToken } } : {}) });
    },
  );
