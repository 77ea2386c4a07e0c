import { listCallerApiTokens, revokeApiToken } from "../domain/users/tokens";
import { presentUser } from "../domain/users/users";
import { getVisibleUser } from "../domain/users/visible-users";
import { ApiTokenList, ApiTokenListQuery } from "../schemas/token";
import { updateOwnProfile } from "../domain/users/profile";
import { UpdateUserBody, User } from "../schemas/user";
import { ApiTokenParams, UserParams } from "./params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "./shared";

const tags = ["users"];

export const userRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/user",
      operationId: "getAuthenticatedUser",
      permission: { anyUser: "the caller's own user" },
      summary: "Get the authenticated user",
      tags,
      responses: { 200: jsonResponse(User, "The user who owns the API token"), ...errorResponses() },
    }),
    (c) => {
      const ctx = c.get("callerContext");
      return c.json(presentUser(ctx.caller, ctx.urls), 200);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/users/{userId}",
      operationId: "getUserById",
      readsPublished: true,
      permission: { anyUser: "themself, and the users they share an organization with (the email only where they may list members); anyone else is a 404" },
      summary: "Get a user by their id",
      tags,
      request: { params: UserParams },
      responses: { 200: jsonResponse(User, "The user"), ...errorResponses(404) },
    }),
    async (c) => c.json(await getVisibleUser(c.get("visitorContext") ?? c.get("callerContext"), c.req.valid("param").userId), 200),
  )
  .openapi(
    userRoute({
      method: "patch",
      path: "/users/{userId}",
      operationId: "updateUserById",
      permission: { anyUser: "their own profile only (another user they can see is a 403, anyone else a 404)" },
      summary: "Update a user's own profile: display name and photo",
      tags,
      request: { params: UserParams, body: jsonBody(UpdateUserBody) },
      responses: { 200: jsonResponse(User, "The user has been updated"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await updateOwnProfile(c.get("callerContext"), c.req.valid("param").userId, c.req.valid("json")), 200),
  )
  // Our addition to GitBook's API: a user sees and revokes their own tokens (the operator makes them).
  .openapi(
    userRoute({
      method: "get",
      path: "/user/tokens",
      operationId: "listAuthenticatedUserTokens",
      permission: { anyUser: "the caller's own API tokens" },
      authenticatesInItsRead: true,
      summary: "List the authenticated user's API tokens, newest first (never the tokens themselves)",
      tags,
      request: { query: ApiTokenListQuery },
      responses: { 200: jsonResponse(ApiTokenList, "The user's API tokens"), ...errorResponses(400) },
    }),
    async (c) => c.json(await listCallerApiTokens(requesterOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/user/tokens/{tokenId}",
      operationId: "revokeAuthenticatedUserToken",
      permission: { anyUser: "the caller's own API tokens" },
      summary: "Revoke one of the authenticated user's API tokens (the next request with it is a 401)",
      tags,
      request: { params: ApiTokenParams },
      responses: { 204: noContent("The token is revoked"), ...errorResponses(404) },
    }),
    async (c) => {
      const ctx = c.get("callerContext");
      await revokeApiToken(ctx, ctx.caller.id, c.req.valid("param").tokenId);
      return c.body(null, 204);
    },
  );
