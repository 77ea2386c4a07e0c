import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv, TokenContext, UserContext } from "../context";
import { findCallerByTokenHash, invalidApiToken } from "../domain/users/callers";

/**
 * Authentication in the read's own round trip. By default the authentication middleware looks
 * the token up before the route runs: one round trip, then the route's own. A route declared with
 * `authenticatesInItsRead` (hot reads: a space, an organization, revision content) skips it: its
 * domain read starts from the caller behind the token, in the same statement as the object and
 * the membership (domain/users/callers.ts), and an unknown token is still a 401 before anything
 * else is looked at.
 */

/** Marks such a route (a no-op middleware the authentication middleware looks for). */
export const authenticatesInItsRead: MiddlewareHandler<AppEnv> = (_c, next) => next();

export function routeAuthenticatesInItsRead(c: Context<AppEnv>): boolean {
  return matchedRoutes(c).some((route) => route.handler === authenticatesInItsRead);
}

/** The caller behind the token, or a 401. One round trip. */
export async function identifyCaller(token: TokenContext): Promise<UserContext> {
  const caller = await findCallerByTokenHash(token, token.tokenHash);
  if (!caller) throw invalidApiToken();
  const { tokenHash: _identified, identified, ...request } = token;
  identified(caller.id);
  return { ...request, caller };
}

/**
 * A request refused before its read (a 400 from validation) has not been authenticated yet on
 * such a route: authenticate it first, so an unknown token is a 401 there as everywhere.
 */
export async function authenticateBeforeRefusing(c: Context<AppEnv>): Promise<void> {
  const token = c.get("tokenContext");
  if (token && !c.get("callerContext")) c.set("callerContext", await identifyCaller(token));
}

/**
 * Marks a route a site's visitor may call with the site token of a published URL's lookup
 * (domain/published/site-token.ts): the reads of what a site publishes. Every other route refuses
 * a site token (403), whatever it is about.
 */
export const readsPublishedContent: MiddlewareHandler<AppEnv> = (_c, next) => next();

export function routeReadsPublishedContent(c: Context<AppEnv>): boolean {
  return matchedRoutes(c).some((route) => route.handler === readsPublishedContent);
}
