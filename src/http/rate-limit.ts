import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { errorBody } from "../lib/errors";
import { bearerToken, bearerTokenHash } from "./middleware";
import { setResponseHeader } from "./response-headers";

/**
 * Rate limiting per API token with the Workers Rate Limiting binding (`[[ratelimits]]` in
 * wrangler.toml). It runs before authentication, so guessing tokens is limited too: the key is the
 * token's hash (a secret never leaves the Worker), or the client's address when there is no token.
 *
 * The binding answers only "allowed or not", so the headers state the policy (IETF
 * draft-ietf-httpapi-ratelimit-headers) from the `RATE_LIMIT_REQUESTS` and
 * `RATE_LIMIT_PERIOD_SECONDS` vars, which must equal the binding's `simple` limit and period.
 * A refusal is a 429 with `Retry-After` set to the period: the binding does not say when its
 * window ends, and the period is the longest a client may have to wait.
 */
export const rateLimitPerToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limit = Number(c.env.RATE_LIMIT_REQUESTS);
  const period = Number(c.env.RATE_LIMIT_PERIOD_SECONDS);
  const policy = `${limit};w=${period}`;
  const token = bearerToken(c.req.header("authorization"));
  const key = token ? `token:${await bearerTokenHash(c, token)}` : `address:${c.req.header("cf-connecting-ip") ?? "unknown"}`;
  const { success } = await c.env.RATE_LIMITER.limit({ key });
  if (!success) {
    return c.json(errorBody(429, `Too many requests: at most ${limit} every ${period} seconds per API token; retry after ${period} seconds`), 429, {
      "Retry-After": String(period),
      "RateLimit-Policy": policy,
      "RateLimit-Limit": String(limit),
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": String(period),
    });
  }
  await next();
  setResponseHeader(c, "RateLimit-Policy", policy);
};
