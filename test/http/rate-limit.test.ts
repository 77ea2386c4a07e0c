import { expect, it } from "vitest";
import { createUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";

/**
 * Rate limiting per token, in a runtime of its own whose limiter allows 5 requests a minute
 * (vitest.config.ts): the binding is the one local mode simulates, not a test double.
 */

const LIMIT = 5;

it("answers 429 with Retry-After and RateLimit-* headers once a token used its requests, and counts each token apart", async () => {
  const [busy, quiet] = await Promise.all([createUser("busy"), createUser("quiet")]);
  for (let i = 0; i < LIMIT; i++) {
    const response = await call("GET", "/v1/user", { token: busy.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("RateLimit-Policy")).toBe(`${LIMIT};w=60`);
  }
  const refused = await call("GET", "/v1/user", { token: busy.token });
  expect(errorMessage(refused, 429)).toBe(`Too many requests: at most ${LIMIT} every 60 seconds per API token; retry after 60 seconds`);
  expect(Object.fromEntries([...refused.headers].filter(([name]) => /^(retry-after|ratelimit-)/.test(name)))).toEqual({
    "retry-after": "60",
    "ratelimit-policy": `${LIMIT};w=60`,
    "ratelimit-limit": String(LIMIT),
    "ratelimit-remaining": "0",
    "ratelimit-reset": "60",
  });
  // Another token of another user is counted on its own.
  expect((await call("GET", "/v1/user", { token: quiet.token })).status).toBe(200);
});

it("limits guesses too: an unknown token is counted like any other, before it is checked", async () => {
  const guess = { authorization: "Bearer gb_api_guess" };
  for (let i = 0; i < LIMIT; i++) errorMessage(await call("GET", "/v1/user", { headers: guess }), 401);
  errorMessage(await call("GET", "/v1/user", { headers: guess }), 429);
});
