import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../context";
import { errorBody } from "../lib/errors";

/** JSON bodies beyond this are refused with 413 before they are parsed, on every route by default. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Content edits carry files as base64 (each at most MAX_FILE_BYTES), so they may be larger. */
export const MAX_CONTENT_EDIT_BODY_BYTES = 16 * 1024 * 1024;

/**
 * A route's body limit. Routes declare it (the route helper adds it as route middleware), so the
 * app needs to know no route path to apply the larger limit of one of them.
 */
export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize, onError: (c) => c.json(errorBody(413, `Request body exceeds ${maxSize} bytes`), 413) });
}
