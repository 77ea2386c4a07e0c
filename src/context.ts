import type { Database } from "./db/client";
import type { ServerTiming } from "./http/server-timing";
import type { UserRow } from "./db/schema";
import type { Urls } from "./lib/urls";
import type { TranslatorBindings } from "./domain/translations/translators/translator";
import type { SiteTokenGrant } from "./domain/published/site-token";

/**
 * Bindings and secrets. ADMIN_TOKEN is optional: a deployment without it has no admin routes.
 * ALLOW_PRIVATE_NETWORK is optional: set (e.g. "true"), outbound requests to user-typed URLs may
 * reach private and loopback addresses (local development only; lib/outbound-fetch.ts). The
 * translator's bindings (TRANSLATION_API_URL, TRANSLATION_API_KEY, the Workers AI `AI` binding)
 * are optional too: a deployment may configure none (domain/translations/translators).
 */
export type Bindings = Omit<Env, "ADMIN_TOKEN"> & { ADMIN_TOKEN?: string; ALLOW_PRIVATE_NETWORK?: string } & TranslatorBindings;

/** What domain code gets for one request: never the Hono context itself. */
export interface RequestContext {
  db: Database;
  env: Bindings;
  urls: Urls;
  /** Keeps work (a queue send) alive after the response, without delaying it. */
  defer(promise: Promise<unknown>): void;
  /**
   * The request's D1 session reads, from now on, at least what `bookmark` saw: a write made in
   * another session (the space's coordinator), which the response must then show.
   */
  readAfter(bookmark: string | null | undefined): void;
}

/** Who is calling, as every request made with a valid API token knows them. */
export interface Caller {
  id: string;
}

/**
 * A request made with a valid API token. A read that identifies its caller in its own statement
 * (`authenticatesInItsRead`) knows their id only; see `UserContext` for the rest.
 */
export interface CallerContext extends RequestContext {
  caller: Caller;
}

/** A request authenticated before its route ran (every route but the hot reads): the caller's user row. */
export interface UserContext extends CallerContext {
  caller: UserRow;
}

/**
 * A request with an API token that is hashed but not looked up yet: the routes that take one
 * (`authenticatesInItsRead`) look the caller up in the batch of their first read, which answers
 * 401 before anything else when the token is unknown (domain/users/callers.ts).
 */
export interface TokenContext extends RequestContext {
  tokenHash: string;
  /** Told who the caller is once the read found them (the request log names them). */
  identified(callerId: string): void;
}

/** What the access loaders take: a caller already identified, or a token to identify in their batch. */
export type RequesterContext = CallerContext | TokenContext;

/**
 * A reader of a published site: the request carried a site token (the `apiToken` of a published
 * URL's lookup, domain/published/site-token.ts) instead of an API token. It may read what that
 * site publishes to that visitor, on the routes that accept it (`readsPublishedContent`), and
 * nothing else.
 */
export interface VisitorContext extends RequestContext {
  visitor: SiteTokenGrant;
}

/** Who may read published content: a member (identified, or by token) or a site's visitor. */
export type ReaderContext = RequesterContext | VisitorContext;

export const isVisitor = (ctx: ReaderContext | RequestContext): ctx is VisitorContext => "visitor" in ctx;

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    requestId: string;
    context: RequestContext;
    callerContext: UserContext;
    tokenContext: TokenContext;
    /** Set instead of the two above when the bearer token is a site token. */
    visitorContext: VisitorContext;
    /** The SHA-256 of the bearer token, once computed. */
    bearerTokenHash: string;
    /** The caller's user id, once known (for the request log). */
    callerId: string;
    serverTiming: ServerTiming;
  };
}
