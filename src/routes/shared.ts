import { OpenAPIHono, createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv, CallerContext, ReaderContext, RequesterContext, TokenContext, VisitorContext } from "../context";
import { MAX_JSON_BODY_BYTES, limitBody } from "../http/body-limit";
import { bodyPresence } from "../http/body-presence";
import { idempotentPost } from "../http/idempotency";
import { authenticatesInItsRead, readsPublishedContent } from "../http/lazy-authentication";
import { validationHook } from "../http/validation";
import { ErrorResponse } from "../schemas/common";
import { describePermission, type RoutePermission } from "./permission";

/** Every router shares the validation hook, so a bad request reads the same on every route. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export type Router = ReturnType<typeof createRouter>;

/** Routes under /v1 need a user API token (`Authorization: Bearer <token>`). */
export const userSecurity = [{ user: [] }];
/** The reads of published content also take a site token (a published URL's `apiToken`). */
export const siteSecurity = [{ site: [] }];

const SITE_TOKEN_NOTE =
  "**Site token:** also answers a site's visitor whose token (the `apiToken` of `resolvePublishedContentByUrl`) names the site: what it publishes to that visitor, nothing else.";

interface RouteExtras {
  /** Who may call it: required, documented, and checked for every role by test/http/matrix. */
  permission: RoutePermission;
  /**
   * Its domain read looks the caller up in its own batch (http/lazy-authentication.ts): the
   * handler takes `requesterOf(c)`, and the request costs one round trip less.
   */
  authenticatesInItsRead?: true;
  /** The largest body the route accepts (413 beyond it); MAX_JSON_BODY_BYTES unless it says otherwise. */
  maxBodyBytes?: number;
  /**
   * A site's visitor may call it with a published URL's site token (`apiToken`), reading what the
   * site publishes to them: the handler takes `readerOf(c)`.
   */
  readsPublished?: true;
}

/**
 * A /v1 route: GitBook's route declaration, with the user-token security every one of them has,
 * its body limit, and who may call it (in its description and `x-permission`).
 */
export function userRoute<R extends Omit<RouteConfig, "security" | "middleware">>({ maxBodyBytes, permission, authenticatesInItsRead: inItsRead, readsPublished, ...config }: R & RouteExtras) {
  const description = [config.description, describePermission(permission), readsPublished ? SITE_TOKEN_NOTE : undefined].filter(Boolean).join("\n\n");
  const idempotent = config.method === "post";
  const request = idempotent ? { ...config.request, headers: IdempotencyKeyHeader } : config.request;
  return createRoute({
    ...(config as unknown as R),
    ...(request ? { request } : {}),
    description,
    "x-permission": permission,
    // Typed as declared: the implied errors are for the document, handlers never answer them.
    responses: { ...withImpliedErrors(config), 429: rateLimitedResponse } as R["responses"],
    security: readsPublished ? [...userSecurity, ...siteSecurity] : userSecurity,
    middleware: [
      ...(readsPublished ? [readsPublishedContent] : []),
      ...(inItsRead ? [authenticatesInItsRead] : []),
      ...bodyMiddleware(config.request, maxBodyBytes),
      ...(idempotent ? [idempotentPost] : []),
    ],
  });
}

/**
 * What every route runs before its validators about its body: the size limit (413), then, for a
 * route that takes a JSON body, its declared `required` kept (http/body-presence.ts): an absent
 * required body is a 400, an absent optional one is read as `{}`. The admin routes share it.
 */
export function bodyMiddleware(request: RouteConfig["request"], maxBodyBytes = MAX_JSON_BODY_BYTES) {
  const body = request?.body;
  const takesJson = body?.content["application/json"] !== undefined;
  return [limitBody(maxBodyBytes), ...(takesJson ? [bodyPresence(body?.required === true)] : [])];
}

/** Every POST takes an `Idempotency-Key` (http/idempotency.ts); documented here, checked there. */
const IdempotencyKeyHeader = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .openapi({
      param: { name: "idempotency-key", in: "header" },
      description:
        "A unique key (e.g. a UUID, at most 255 characters): a retry with the same key and body within 24 hours gets the first answer again instead of acting twice; the same key with another body is a 409.",
    }),
});

/** On a route that `readsPublished`: a site's visitor, or else the member, as `requesterOf` gives them. */
export function readerOf(c: { get(key: "visitorContext"): VisitorContext | undefined; get(key: "callerContext"): CallerContext | undefined; get(key: "tokenContext"): TokenContext }): ReaderContext {
  return c.get("visitorContext") ?? requesterOf(c);
}

/** Who calls: identified by the middleware, or, on a route that authenticates in its read, the token to identify. */
export function requesterOf(c: { get(key: "callerContext"): CallerContext | undefined; get(key: "tokenContext"): TokenContext }): RequesterContext {
  return c.get("callerContext") ?? c.get("tokenContext");
}

/**
 * The error responses a route's declaration implies, added to what it documents so no status it
 * can answer goes undocumented: 400 from the validation hook when it takes parameters, a query or
 * a body; 413 and 415 from the body limit and the content-type check when it takes a body.
 */
export function withImpliedErrors(config: Pick<RouteConfig, "request" | "responses">): RouteConfig["responses"] {
  const { params, query, body } = config.request ?? {};
  const implied: ErrorStatus[] = [];
  if (params || query || body) implied.push(400);
  if (body) implied.push(413, 415);
  const documented = new Set(Object.keys(config.responses));
  const missing = implied.filter((status) => !documented.has(String(status)));
  return { ...config.responses, ...Object.fromEntries(missing.map((status) => [status, errorResponse(status)])) };
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/**
 * The 200 and 304 of a read of revision content (http/revision-cache.ts): a strong ETag on every
 * answer, and 304 without a body when `If-None-Match` has it.
 */
export function revisionReadResponses<T extends z.ZodType>(schema: T, description: string) {
  const headers = z.object({
    ETag: z.string().openapi({ description: "Strong entity tag of the body: send it back in If-None-Match" }),
    "Cache-Control": z.string().openapi({ description: "private, no-cache: a client may keep the body, and revalidates it with If-None-Match" }),
  });
  return {
    200: { ...jsonResponse(schema, description), headers },
    304: { description: "Not modified: the If-None-Match header has this body's ETag", headers },
  };
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

/**
 * A JSON body the operation requires: left out, it is a 400 (http/body-presence.ts). GitBook's
 * spec says which bodies are required; a route GitBook does not have requires one when its
 * schema has a required field.
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

/** A JSON body the operation may go without: left out, the route validates `{}` in its place. */
export function optionalJsonBody<T extends z.ZodType>(schema: T) {
  return { required: false, content: { "application/json": { schema } } };
}

export const noContent = (description: string) => ({ description });

const ERROR_DESCRIPTIONS = {
  400: "Bad request: the message names the invalid field",
  401: "Missing or invalid API token",
  403: "The caller's role may not take this action",
  404: "No matching resource (or one the caller may not see)",
  409: "The request conflicts with the current state",
  410: "The resource is gone for good",
  413: "The body is larger than the route accepts; the message gives the maximum",
  415: "The body is not JSON: send Content-Type: application/json",
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** The error responses a route documents; 401 is implied by every authenticated route. */
export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(
    [401, ...statuses].map((status) => [status, errorResponse(status as ErrorStatus)]),
  ) as Record<ErrorStatus, ReturnType<typeof errorResponse>>;
}

const errorResponse = (status: ErrorStatus) => jsonResponse(ErrorResponse, ERROR_DESCRIPTIONS[status]);

/** Every /v1 route may answer 429 (src/http/rate-limit.ts), with when to retry. */
const rateLimitedResponse = {
  ...jsonResponse(ErrorResponse, "Too many requests with this API token: retry after `Retry-After` seconds"),
  headers: z.object({
    "Retry-After": z.string().openapi({ description: "Seconds to wait before retrying" }),
    "RateLimit-Policy": z.string().openapi({ description: "The limit and its window in seconds, e.g. `600;w=60`" }),
  }),
};
