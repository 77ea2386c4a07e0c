import { presentUser } from "../domain/users/users";
import { User } from "../schemas/user";
import { createRouter, errorResponses, jsonResponse, userRoute } from "./shared";

export const userRoutes = createRouter().openapi(
  userRoute({
    method: "get",
    path: "/user",
    operationId: "getAuthenticatedUser",
    permission: { anyUser: "the caller's own user" },
    summary: "Get the authenticated user",
    tags: ["users"],
    responses: { 200: jsonResponse(User, "The user who owns the API token"), ...errorResponses() },
  }),
  (c) => {
    const ctx = c.get("callerContext");
    return c.json(presentUser(ctx.caller, ctx.urls), 200);
  },
);
