import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, RequestContext, TokenContext } from "../context";
import { createDatabase } from "../db/client";
import { RequestBinding } from "../db/request-binding";
import { errorBody, forbidden, unauthorized } from "../lib/errors";
import { looksLikeSiteToken, verifySiteToken } from "../domain/published/site-token";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
import { hashBearerToken } from "../lib/tokens";
import { createUrls } from "../lib/urls";
import { D1_BOOKMARK_HEADER, sessionFor } from "./d1-bookmark";
import { identifyCaller, routeAuthenticatesInItsRead, routeReadsPublishedContent } from "./lazy-authentication";
import { setResponseHeader } from "./response-headers";
import { ServerTiming } from "./server-timing";

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
  setResponseHeader(c, "X-Request-Id", requestId);
  const { status } = c.res;
  log("info", "request", {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status,
    ms: Date.now() - started,
    userId: c.get("callerContext")?.caller.id ?? c.get("callerId"),
    ...(status >= 400 && status < 500 ? { error: await errorMessageOf(c.res) } : {}),
  });
};

/** The message of an error response (`{error:{message}}`), read from a copy of it. */
async function errorMessageOf(response: Response): Promise<string | undefined> {
  if (!response.headers.get("content-type")?.includes("json")) return undefined;
  const body = (await response.clone().json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  return body?.error?.message;
}

/**
 * Builds the per-request services that domain code receives. Every D1 statement goes through the
 * request's binding: one D1 session (read replicas, bookmarks: http/d1-bookmark.ts), and the
 * round trips the `Server-Timing` header reports.
 */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const timing = new ServerTiming();
  const session = sessionFor(c.req.method, c.req.header(D1_BOOKMARK_HEADER));
  const binding = RequestBinding.inSession(c.env.DB, "start" in session ? session.start : "first-unconstrained");
  const context: RequestContext = {
    db: createDatabase(binding.asD1()),
    env: c.env,
    urls: createUrls(c.req.url, c.env.APP_URL),
    defer: (promise) =>
      c.executionCtx.waitUntil(
        promise.catch((error: unknown) => log("error", "deferred work failed", { requestId: c.get("requestId"), error: String(error) })),
      ),
    readAfter: (bookmark) => binding.continueAfter(bookmark),
  };
  c.set("context", context);
  c.set("serverTiming", timing);
  if ("problem" in session) c.res = c.json(errorBody(400, session.problem), 400);
  else await next();
  setResponseHeader(c, "Server-Timing", timing.header(binding.roundTrips));
  const bookmark = binding.bookmark();
  if (bookmark) setResponseHeader(c, D1_BOOKMARK_HEADER, bookmark);
};

/**
 * `Authorization: Bearer <token>` with a known API token, or 401. Routes that authenticate in
 * their read's own round trip get the hashed token only (http/lazy-authentication.ts). A site
 * token (a published URL's `apiToken`, a JWT) is checked by its signature alone, and only the
 * routes that read published content take it; its grant is checked against D1 by their read.
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw unauthorized("Missing API token: send 'Authorization: Bearer <token>'");
  if (looksLikeSiteToken(token)) {
    // Checked before the route: an expired or forged site token is a 401 wherever it is sent.
    const visitor = await verifySiteToken(c.env, token);
    if (!routeReadsPublishedContent(c)) throw forbidden("A site token reads what its site publishes: this operation needs an API token");
    c.set("visitorContext", { ...c.get("context"), visitor });
    return next();
  }
  const tokenContext: TokenContext = { ...c.get("context"), tokenHash: await bearerTokenHash(c, token), identified: (callerId) => c.set("callerId", callerId) };
  c.set("tokenContext", tokenContext);
  if (!routeAuthenticatesInItsRead(c)) c.set("callerContext", await identifyCaller(tokenContext));
  await next();
};

/** The hash of the request's bearer token, computed once (the rate limiter and authentication both key on it). */
export async function bearerTokenHash(c: Context<AppEnv>, token: string): Promise<string> {
  const known = c.get("bearerTokenHash");
  if (known) return known;
  const hash = await hashBearerToken(token);
  c.set("bearerTokenHash", hash);
  return hash;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
