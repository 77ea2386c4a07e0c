import type { Database } from "./db/client";
import type { ServerTiming } from "./http/server-timing";
import type { UserRow } from "./db/schema";
import type { Urls } from "./lib/urls";

/** Bindings and secrets. ADMIN_TOKEN is optional: a deployment without it has no admin routes. */
export type Bindings = Omit<Env, "ADMIN_TOKEN"> & { ADMIN_TOKEN?: string };

/** What domain code gets for one request: never the Hono context itself. */
export interface RequestContext {
  db: Database;
  env: Bindings;
  urls: Urls;
  /** Keeps work (a queue send) alive after the response, without delaying it. */
  defer(promise: Promise<unknown>): void;
}

/** A request made with a valid API token. */
export interface CallerContext extends RequestContext {
  caller: UserRow;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    requestId: string;
    context: RequestContext;
    callerContext: CallerContext;
    serverTiming: ServerTiming;
  };
}
