import { OpenAPIHono, createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { MAX_JSON_BODY_BYTES, limitBody } from "../http/body-limit";
import { validationHook } from "../http/validation";
import { ErrorResponse } from "../schemas/common";

/** Every router shares the validation hook, so a bad request reads the same on every route. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export type Router = ReturnType<typeof createRouter>;

/** Routes under /v1 need a user API token (`Authorization: Bearer <token>`). */
export const userSecurity = [{ user: [] }];

interface RouteExtras {
  /** The largest body the route accepts (413 beyond it); MAX_JSON_BODY_BYTES unless it says otherwise. */
  maxBodyBytes?: number;
}

/**
 * A /v1 route: GitBook's route declaration, with the user-token security every one of them has
 * and its body limit.
 */
export function userRoute<R extends Omit<RouteConfig, "security" | "middleware">>({ maxBodyBytes, ...config }: R & RouteExtras) {
  return createRoute({ ...(config as unknown as R), security: userSecurity, middleware: [limitBody(maxBodyBytes ?? MAX_JSON_BODY_BYTES)] });
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/** A 201 response whose Location header is the API URL of what was created (see `created`). */
export function createdResponse<T extends z.ZodType>(schema: T, description: string) {
  return {
    ...jsonResponse(schema, description),
    headers: z.object({ Location: z.string().openapi({ description: "The API URL of what was created" }) }),
  };
}

/** Answers 201 with what was created, and its API URL as the Location header when it has one. */
export function created<T>(c: Context, body: T, location?: string) {
  return c.json(body, 201, location === undefined ? {} : { Location: location });
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
