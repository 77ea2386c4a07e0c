import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../context";
import { errorBody } from "../lib/errors";
import { log } from "../lib/log";

const UNSUPPORTED_MEDIA_TYPE = "Unsupported media type: send the request body as JSON with 'Content-Type: application/json'";

/**
 * Every error leaves as `{error:{code, message}}`. An HTTPException (our ApiError, or Hono's own
 * for malformed JSON and oversized bodies) keeps its status and message; anything else is logged
 * with the request id and answered with a 500 that says nothing about the cause.
 */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof HTTPException && error.status < 500) {
    const message = error.status === 415 ? UNSUPPORTED_MEDIA_TYPE : error.message || "Bad request";
    return c.json(errorBody(error.status, message), error.status);
  }
  const requestId = c.get("requestId");
  log("error", "unhandled error", {
    requestId,
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return c.json(errorBody(500, `Internal server error (request id ${requestId})`), 500);
};

/** An unknown route names the method and path, so it is never taken for a missing resource. */
export const handleNotFound: NotFoundHandler<AppEnv> = (c: Context) =>
  c.json(errorBody(404, `No route for ${c.req.method} ${c.req.path}`), 404);
