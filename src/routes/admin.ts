import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { createTokenForUser, listTokensOfUser, revokeApiToken } from "../domain/users/tokens";
import { createUserWithToken } from "../domain/users/users";
import { handleNotFound } from "../http/errors";
import { unauthorized } from "../lib/errors";
import { secretsEqual } from "../lib/tokens";
import { User } from "../schemas/user";
import { bearerToken } from "../http/middleware";
import { ApiTokenList, ApiTokenListQuery, CreateApiTokenBody, NewApiToken } from "../schemas/token";
import { AdminUserParams, AdminUserTokenParams } from "./params";
import { bodyMiddleware, createRouter, created, errorResponses, jsonBody, jsonResponse, noContent, optionalJsonBody, withImpliedErrors } from "./shared";

/**
 * Operator bootstrap, outside GitBook's API: the seed leaves token issuance open. Guarded by the
 * ADMIN_TOKEN secret; a deployment without one has no admin routes at all (404).
 */
const requireAdminToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const adminToken = c.env.ADMIN_TOKEN;
  if (!adminToken) return handleNotFound(c);
  const given = bearerToken(c.req.header("authorization"));
  if (!given || !(await secretsEqual(given, adminToken))) throw unauthorized("Missing or invalid admin token");
  await next();
};

const adminSecurity = [{ admin: [] }];
const OPERATOR = "**Permission:** the deployment's operator (the `ADMIN_TOKEN` secret).";
const adminRoute = <R extends Omit<RouteConfig, "security" | "middleware">>(config: R) =>
  createRoute({ ...config, responses: withImpliedErrors(config) as R["responses"], security: adminSecurity, middleware: bodyMiddleware(config.request) });

const router = createRouter();
router.use("/admin/*", requireAdminToken);

export const adminRoutes = router
  .openapi(
    adminRoute({
      method: "post",
      path: "/admin/users",
      operationId: "adminCreateUser",
      description: `${OPERATOR} The token is shown only in this answer.`,
      summary: "Create a user (with a verified email) and their first API token",
      tags: ["admin"],
      request: {
        body: jsonBody(
          z
            .strictObject({
              email: z.email().max(254),
              displayName: z.string().trim().min(1).max(128),
            })
            .openapi({ example: { email: "ada@example.com", displayName: "Ada Lovelace" } }),
        ),
      },
      responses: {
        201: jsonResponse(z.object({ user: User, token: z.string() }), "The user, and an API token shown only this once"),
        ...errorResponses(400, 404, 409),
      },
    }),
    async (c) => created(c, await createUserWithToken(c.get("context"), c.req.valid("json"))),
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/admin/users/{userId}/tokens",
      operationId: "adminCreateUserToken",
      description: `${OPERATOR} The token is shown only in this answer.`,
      summary: "Create another API token for a user",
      tags: ["admin"],
      request: { params: AdminUserParams, body: optionalJsonBody(CreateApiTokenBody) },
      responses: { 201: jsonResponse(NewApiToken, "A new API token, shown only this once"), ...errorResponses(404) },
    }),
    async (c) => created(c, await createTokenForUser(c.get("context"), c.req.valid("param").userId, c.req.valid("json").label ?? null)),
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/admin/users/{userId}/tokens",
      operationId: "adminListUserTokens",
      description: OPERATOR,
      summary: "List a user's API tokens, newest first (never the tokens themselves)",
      tags: ["admin"],
      request: { params: AdminUserParams, query: ApiTokenListQuery },
      responses: { 200: jsonResponse(ApiTokenList, "The user's API tokens"), ...errorResponses(404) },
    }),
    async (c) => c.json(await listTokensOfUser(c.get("context"), c.req.valid("param").userId, c.req.valid("query")), 200),
  )
  .openapi(
    adminRoute({
      method: "delete",
      path: "/admin/users/{userId}/tokens/{tokenId}",
      operationId: "adminRevokeUserToken",
      description: `${OPERATOR} The next request with the token is a 401.`,
      summary: "Revoke any API token of a user",
      tags: ["admin"],
      request: { params: AdminUserTokenParams },
      responses: { 204: noContent("The token is revoked"), ...errorResponses(404) },
    }),
    async (c) => {
      const { userId, tokenId } = c.req.valid("param");
      await revokeApiToken(c.get("context"), userId, tokenId);
      return c.body(null, 204);
    },
  );
