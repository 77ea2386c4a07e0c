import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { errorBody } from "../lib/errors";
import { authenticateBeforeRefusing } from "./lazy-authentication";

/**
 * A route's JSON body as its OpenAPI declaration says: `requestBody.required` true or false.
 *
 * @hono/zod-openapi alone does not keep that promise. Without a Content-Type it validates `{}`
 * in place of the body, so a required body whose fields are all optional is never required; and a
 * JSON Content-Type with no bytes (what GitBook's client sends when an optional body is left out)
 * is "Malformed JSON". This route middleware settles an absent body (no bytes, and no Content-Type
 * or a JSON one) before the validators run:
 * - required: a 400 naming the body (after authentication, so a bad token is still a 401);
 * - optional: the request continues as if it carried `{}`, so the route's schema validates it
 *   (and applies its defaults) exactly as for a client that sent `{}`.
 * A body sent without a Content-Type is left to the validators' 415.
 */
export function bodyPresence(required: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await bodyIsAbsent(c))) return next();
    if (required) {
      await authenticateBeforeRefusing(c);
      return c.json(errorBody(400, BODY_REQUIRED), 400);
    }
    c.req.raw = new Request(c.req.raw, { body: "{}", headers: withJsonContentType(c.req.raw.headers) });
    c.req.bodyCache = {};
    return next();
  };
}

export const BODY_REQUIRED = "Invalid request body: a JSON body is required (send one with 'Content-Type: application/json')";

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** No bytes, under no Content-Type or a JSON one (another type is the validators' 415). */
async function bodyIsAbsent(c: Context<AppEnv>): Promise<boolean> {
  const contentType = c.req.header("content-type");
  if (contentType !== undefined && !JSON_MEDIA_TYPE.test(contentType.split(";")[0]!.trim())) return false;
  const raw = c.req.raw;
  if (raw.body === null) return true;
  const length = raw.headers.get("content-length");
  if (length !== null && !raw.headers.has("transfer-encoding")) return Number(length) === 0;
  // A streamed body: read it once (Hono keeps the text for the validator and the idempotency key).
  return (await c.req.text()).length === 0;
}

function withJsonContentType(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.set("content-type", "application/json");
  copy.delete("content-length");
  return copy;
}
