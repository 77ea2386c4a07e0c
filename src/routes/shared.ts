import { OpenAPIHono, createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { validationHook } from "../http/validation";
import { EntityId, ErrorResponse } from "../schemas/common";

/** Every router shares the validation hook, so a bad request reads the same on every route. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export type Router = ReturnType<typeof createRouter>;

/** Routes under /v1 need a user API token (`Authorization: Bearer <token>`). */
export const userSecurity = [{ user: [] }];

/** A /v1 route: GitBook's route declaration, with the user-token security every one of them has. */
export function userRoute<R extends Omit<RouteConfig, "security">>(config: R) {
  return createRoute({ ...config, security: userSecurity });
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

export const noContent = (description: string) => ({ description });

const ERROR_DESCRIPTIONS = {
  400: "Bad request: the message names the invalid field",
  401: "Missing or invalid API token",
  403: "The caller's role may not take this action",
  404: "No matching resource (or one the caller may not see)",
  409: "The request conflicts with the current state",
  410: "The resource is gone for good",
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** The error responses a route documents; 401 is implied by every authenticated route. */
export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(
    [401, ...statuses].map((status) => [status, jsonResponse(ErrorResponse, ERROR_DESCRIPTIONS[status as ErrorStatus])]),
  ) as Record<ErrorStatus, ReturnType<typeof jsonResponse<typeof ErrorResponse>>>;
}

export const pathParam = (name: string, description: string) =>
  EntityId.openapi({ param: { name, in: "path", required: true }, description });

export const OrganizationParams = z.object({
  organizationId: pathParam("organizationId", "The unique id of the organization"),
});
