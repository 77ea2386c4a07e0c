import type { MiddlewareHandler } from "hono";
import type { AppEnv, CallerContext, RequestContext } from "../context";
import { createDatabase } from "../db/client";
import { findUserByToken } from "../domain/users/users";
import { unauthorized } from "../lib/errors";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
import { createUrls } from "../lib/urls";

/**
 * Gives the request an id (or keeps a sane one the client sent), returns it as X-Request-Id on
 * every response, and logs one line per request with it: who called (the user id, once the token
 * is known) and, for a refusal (4xx), the message the client got, so a support question ("why is
 * this a 403?") is answered from the logs.
 */
export const requestIdAndLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const given = c.req.header("x-request-id");
  const requestId = given && /^[\w.-]{1,64}$/.test(given) ? given : newId(16);
  c.set("requestId", requestId);
  const started = Date.now();
  await next();
  c.header("X-Request-Id", requestId);
  const { status } = c.res;
  log("info", "request", {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status,
    ms: Date.now() - started,
    userId: c.get("callerContext")?.caller.id,
    ...(status >= 400 && status < 500 ? { error: await errorMessageOf(c.res) } : {}),
  });
};

/** The message of an error response (`{error:{message}}`), read from a copy of it. */
async function errorMessageOf(response: Response): Promise<string | undefined> {
  if (!response.headers.get("content-type")?.includes("json")) return undefined;
  const body = (await response.clone().json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  return body?.error?.message;
}

/** Builds the per-request services that domain code receives. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const context: RequestContext = {
    db: createDatabase(c.env.DB),
    env: c.env,
    urls: createUrls(c.req.url, c.env.APP_URL),
    defer: (promise) =>
      c.executionCtx.waitUntil(
        promise.catch((error: unknown) => log("error", "deferred work failed", { requestId: c.get("requestId"), error: String(error) })),
      ),
  };
  c.set("context", context);
  await next();
};

/** `Authorization: Bearer <token>` with a known API token, or 401. */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw unauthorized("Missing API token: send 'Authorization: Bearer <token>'");
  const context = c.get("context");
  const caller = await findUserByToken(context, token);
  if (!caller) throw unauthorized("Invalid API token");
  const callerContext: CallerContext = { ...context, caller };
  c.set("callerContext", callerContext);
  await next();
};

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
