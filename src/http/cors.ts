import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "../context";
import { setResponseHeader } from "./response-headers";

/**
 * CORS for browser clients. Only origins listed in the `CORS_ALLOWED_ORIGINS` var (comma-separated,
 * or `*` for any) get CORS headers; none are listed by default, so a deployment is closed to
 * browsers until its operator opens it. Registered before authentication: a preflight carries no
 * token and is answered here. Tokens travel in the Authorization header, never in cookies, so no
 * credentials mode is needed, and `*` exposes nothing a page could not already send itself.
 */

/** What a browser client may send: the token, JSON, and the headers this API reads. */
const ALLOWED_REQUEST_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "If-None-Match", "X-Request-Id", "X-D1-Bookmark"];

/** What a browser client may read from a response beyond the CORS-safelisted headers. */
const EXPOSED_RESPONSE_HEADERS = [
  "ETag",
  "Location",
  "Retry-After",
  "RateLimit-Policy",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "Idempotent-Replayed",
  "Server-Timing",
  "X-Request-Id",
  "X-D1-Bookmark",
];

const allowedOrigins = (setting: string | undefined) =>
  (setting ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter(Boolean);

const corsFor = (origin: string) =>
  cors({
    origin,
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    allowHeaders: ALLOWED_REQUEST_HEADERS,
    exposeHeaders: EXPOSED_RESPONSE_HEADERS,
    maxAge: 600,
  });

export const corsForAllowedOrigins: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header("origin");
  const allowed = allowedOrigins(c.env.CORS_ALLOWED_ORIGINS);
  // Another origin gets no CORS headers at all (its browser then refuses the response), and its
  // preflight goes on like any request without a token.
  if (!origin || !(allowed.includes("*") || allowed.includes(origin))) {
    await next();
    // Responses differ by Origin once any origin is allowed: caches must not mix them.
    if (allowed.length > 0) setResponseHeader(c, "Vary", "Origin", { append: true });
    return;
  }
  return corsFor(allowed.includes("*") ? "*" : origin)(c, next);
};
