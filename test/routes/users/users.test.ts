import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { GitBookAPIError } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../src/app";
import { createUser, gitbookClient } from "../../helpers/fixtures";
import { ADMIN_TOKEN, ORIGIN, call, errorMessage } from "../../helpers/http";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";

/* Local helpers ------------------------------------------------------------------------------ */

let counter = 0;
/** A fresh address for this file's shared storage; `label` may carry upper-case letters. */
const uniqueEmail = (label = "user") => `${label}-${++counter}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** POST /admin/users with the admin token, or with `token` (null: no Authorization header). */
function adminCreateUser(body: unknown, token: string | null = ADMIN_TOKEN) {
  return call("POST", "/admin/users", { token: token ?? undefined, body });
}

async function createUserThroughAdmin(label = "user") {
  const email = uniqueEmail(label);
  const response = await adminCreateUser({ email, displayName: `Test ${label}` });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { email: email.toLowerCase(), user: response.body.user, token: response.body.token as string };
}

function commonPrefixLength(values: string[]): number {
  const first = values[0] ?? "";
  let length = 0;
  while (length < first.length && values.every((value) => value[length] === first[length])) length++;
  return length;
}

interface ApiTokenRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  [column: string]: unknown;
}

async function apiTokenRows(): Promise<ApiTokenRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM api_tokens").all<ApiTokenRow>();
  return results;
}

/** Calls a fresh app directly, with the given bindings (for configurations SELF cannot have). */
async function callAppWith(bindings: Record<string, unknown>, method: string, path: string, init: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const ctx = createExecutionContext();
  const response = await createApp().fetch(request, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/* POST /admin/users -------------------------------------------------------------------------- */

describe("POST /admin/users", () => {
  it("creates a user (spec User) and an API token that authenticates as them", async () => {
    const email = uniqueEmail("create");
    const response = await adminCreateUser({ email, displayName: "Ada Lovelace" });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["token", "user"]);
    expectSpecSchema("User", response.body.user);
    expect(response.body.user).toMatchObject({ object: "user", displayName: "Ada Lovelace", email });
    expect(response.body.user.id).toEqual(expect.any(String));
    expect(response.body.user.urls.location).toBe(`${ORIGIN}/v1/users/${response.body.user.id}`);
    expect(response.body.token).toEqual(expect.any(String));

    const me = await call("GET", "/v1/user", { token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(response.body.user);
  });

  it("stores the email lower-cased", async () => {
    const local = `Mixed-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
    const response = await adminCreateUser({ email: `${local}@Case.com`, displayName: "Mixed Case" });
    expect(response.status).toBe(201);
    const lower = `${local.toLowerCase()}@case.com`;
    expect(response.body.user.email).toBe(lower);

    const me = await call("GET", "/v1/user", { token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(lower);

    const row = await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(response.body.user.id).first<{ email: string }>();
    expect(row?.email).toBe(lower);
  });

  it("trims the display name", async () => {
    const response = await adminCreateUser({ email: uniqueEmail("trim"), displayName: "  Grace Hopper  " });
    expect(response.status).toBe(201);
    expect(response.body.user.displayName).toBe("Grace Hopper");
  });

  it("issues tokens with at least 128 bits of randomness, different for every user", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await createUserThroughAdmin("entropy")).token);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      // Safe in an Authorization header without quoting.
      expect(token).toMatch(/^[A-Za-z0-9._~+/=-]+$/);
    }
    // Whatever fixed prefix the tokens share carries no randomness: measure what follows it.
    const prefix = commonPrefixLength(tokens);
    const randomParts = tokens.map((token) => token.slice(prefix));
    const alphabet = new Set(randomParts.join(""));
    const isHex = [...alphabet].every((char) => /[0-9a-f]/.test(char));
    const isBase64 = [...alphabet].every((char) => /[A-Za-z0-9_+/=-]/.test(char));
    expect(isHex || isBase64, `unexpected token alphabet ${[...alphabet].join("")}`).toBe(true);
    const bitsPerChar = isHex ? 4 : 6;
    for (const part of randomParts) {
      const significant = part.replace(/=+$/, "");
      expect(significant.length * bitsPerChar).toBeGreaterThanOrEqual(128);
    }
  });

  it("never stores a token in clear: only its SHA-256 hex digest", async () => {
    const { user, token } = await createUserThroughAdmin("hash");
    const rows = await apiTokenRows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        expect(String(value), `api_tokens.${column}`).not.toContain(token);
      }
    }
    const mine = rows.filter((row) => row.user_id === user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.token_hash).toBe(await sha256Hex(token));
    expect(mine[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    // No other table keeps it either.
    const userRow = await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(user.id).first<Record<string, unknown>>();
    for (const [column, value] of Object.entries(userRow ?? {})) {
      expect(String(value), `users.${column}`).not.toContain(token);
    }
  });

  it("refuses a second user with the same email in another case (409)", async () => {
    const email = uniqueEmail("dup");
    const first = await adminCreateUser({ email, displayName: "First" });
    expect(first.status).toBe(201);
    const second = await adminCreateUser({ email: email.toUpperCase(), displayName: "Second" });
    const message = errorMessage(second, 409);
    expect(message.toLowerCase()).toContain("email");
    // The first user is untouched and no token was issued for the refused one.
    const me = await call("GET", "/v1/user", { token: first.body.token });
    expect(me.body.displayName).toBe("First");
    const rows = await apiTokenRows();
    expect(rows.filter((row) => row.user_id === first.body.user.id)).toHaveLength(1);
    const users = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email.toLowerCase()).all();
    expect(users.results).toHaveLength(1);
  });

  it.each([
    ["an invalid email", { email: "not-an-email", displayName: "X" }, "email"],
    ["a missing email", { displayName: "X" }, "email"],
    ["a non-string email", { email: 42, displayName: "X" }, "email"],
    ["a missing displayName", { email: "valid-missing@example.com" }, "displayName"],
    ["an empty displayName", { email: "valid-empty@example.com", displayName: "" }, "displayName"],
    ["a blank displayName", { email: "valid-blank@example.com", displayName: "   " }, "displayName"],
  ])("answers 400 naming the field for %s", async (_label, body, field) => {
    const before = (await apiTokenRows()).length;
    const response = await adminCreateUser(body);
    const message = errorMessage(response, 400);
    expect(message).toContain(field);
    expect((await apiTokenRows()).length).toBe(before);
    const email = (body as { email?: unknown }).email;
    if (typeof email === "string") {
      const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first();
      expect(row).toBeNull();
    }
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await adminCreateUser('{"email": "broken@example.com", "displayName": ');
    const message = errorMessage(response, 400);
    expect(message.toLowerCase()).toContain("json");
  });

  it("answers 415 for a body not sent as JSON", async () => {
    const email = uniqueEmail("text");
    const response = await call("POST", "/admin/users", {
      token: ADMIN_TOKEN,
      body: JSON.stringify({ email, displayName: "Text" }),
      headers: { "content-type": "text/plain" },
    });
    errorMessage(response, 415);
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).toBeNull();
  });

  it.each([
    ["a wrong admin token", { authorization: "Bearer not-the-admin-token" }],
    ["the admin token with a suffix", { authorization: `Bearer ${ADMIN_TOKEN}x` }],
    ["a prefix of the admin token", { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }],
    ["no token", {}],
    ["the admin token as Basic credentials", { authorization: `Basic ${ADMIN_TOKEN}` }],
    ["a user's API token", "user-token"],
  ] as const)("answers 401 for %s and creates nothing", async (_label, headers) => {
    const authorization =
      headers === "user-token" ? { authorization: `Bearer ${(await createUserThroughAdmin("not-admin")).token}` } : headers;
    const email = uniqueEmail("unauthorized");
    const response = await call("POST", "/admin/users", { headers: { ...authorization }, body: { email, displayName: "X" } });
    errorMessage(response, 401);
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).toBeNull();
  });

  it("rejects a bad admin token before looking at the body", async () => {
    const response = await adminCreateUser({ email: "nope" }, "wrong");
    errorMessage(response, 401);
  });

  it("does not accept the admin token as a user API token", async () => {
    errorMessage(await call("GET", "/v1/user", { token: ADMIN_TOKEN }), 401);
  });
});

/* POST /admin/users/{userId}/tokens ----------------------------------------------------------- */

describe("POST /admin/users/{userId}/tokens", () => {
  it("issues another working token, and the first keeps working", async () => {
    const { user, token: first } = await createUserThroughAdmin("tokens");
    const response = await call("POST", `/admin/users/${user.id}/tokens`, { token: ADMIN_TOKEN });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(["token", "apiToken"]);
    const second = response.body.token as string;
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);

    for (const token of [first, second]) {
      const me = await call("GET", "/v1/user", { token });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
    }

    const rows = (await apiTokenRows()).filter((row) => row.user_id === user.id);
    expect(rows.map((row) => row.token_hash).sort()).toEqual([await sha256Hex(first), await sha256Hex(second)].sort());
    for (const row of rows) {
      for (const value of Object.values(row)) expect(String(value)).not.toContain(second);
    }
  });

  it("answers 404 for an unknown user", async () => {
    const response = await call("POST", "/admin/users/no-such-user-id/tokens", { token: ADMIN_TOKEN });
    errorMessage(response, 404);
    expect((await apiTokenRows()).some((row) => row.user_id === "no-such-user-id")).toBe(false);
  });

  it("answers 401 without the admin token", async () => {
    const { user, token } = await createUserThroughAdmin("tokens-auth");
    const before = (await apiTokenRows()).filter((row) => row.user_id === user.id).length;
    errorMessage(await call("POST", `/admin/users/${user.id}/tokens`), 401);
    errorMessage(await call("POST", `/admin/users/${user.id}/tokens`, { token: "wrong-admin-token" }), 401);
    errorMessage(await call("POST", `/admin/users/${user.id}/tokens`, { token }), 401);
    expect((await apiTokenRows()).filter((row) => row.user_id === user.id).length).toBe(before);
  });
});

/* ADMIN_TOKEN not configured ------------------------------------------------------------------ */

describe("admin routes without ADMIN_TOKEN", () => {
  it.each([
    ["unset", undefined],
    ["empty", ""],
  ])("answer 404 when ADMIN_TOKEN is %s", async (_label, adminToken) => {
    const bindings = { ADMIN_TOKEN: adminToken };
    const email = uniqueEmail("unconfigured");
    const create = await callAppWith(bindings, "POST", "/admin/users", {
      token: ADMIN_TOKEN,
      body: { email, displayName: "Nobody" },
    });
    errorMessage(create, 404);
    // Also without any token, and for the token route: nothing hints that admin routes exist.
    errorMessage(await callAppWith(bindings, "POST", "/admin/users", { body: { email, displayName: "Nobody" } }), 404);
    const existing = await createUserThroughAdmin("unconfigured-existing");
    errorMessage(await callAppWith(bindings, "POST", `/admin/users/${existing.user.id}/tokens`, { token: ADMIN_TOKEN }), 404);
    // Nothing was written.
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).toBeNull();
    expect((await apiTokenRows()).filter((row) => row.user_id === existing.user.id)).toHaveLength(1);
  });

  it("the same direct call succeeds when ADMIN_TOKEN is configured (control)", async () => {
    const response = await callAppWith({ ADMIN_TOKEN }, "POST", "/admin/users", {
      token: ADMIN_TOKEN,
      body: { email: uniqueEmail("direct"), displayName: "Direct" },
    });
    expect(response.status).toBe(201);
    expectSpecSchema("User", response.body.user);
  });
});

/* GET /v1/user -------------------------------------------------------------------------------- */

describe("GET /v1/user (getAuthenticatedUser)", () => {
  it("returns the token's user, valid against GitBook's spec", async () => {
    const { user, token } = await createUserThroughAdmin("me");
    const response = await call("GET", "/v1/user", { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expectSpecResponse("getAuthenticatedUser", 200, response.body);
    expect(response.body).toEqual(user);
  });

  it("works through GitBook's official client", async () => {
    const fixture = await createUser("client");
    const { data } = await gitbookClient(fixture).user.getAuthenticatedUser();
    expect(data.object).toBe("user");
    expect(data.id).toBe(fixture.id);
    expect(data.email).toBe(fixture.email);
    expectSpecResponse("getAuthenticatedUser", 200, data);
  });

  it("the official client surfaces a 401 for an unknown token", async () => {
    const error = await gitbookClient({ token: "gb_api_unknown-token" })
      .user.getAuthenticatedUser()
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(401);
  });

  it("answers 401 with the error envelope without a token", async () => {
    const response = await call("GET", "/v1/user");
    const message = errorMessage(response, 401);
    expect(message.length).toBeGreaterThan(0);
    expect(Object.keys(response.body)).toEqual(["error"]);
  });

  it("answers 401 for a Basic authorization header", async () => {
    const { token } = await createUserThroughAdmin("basic");
    errorMessage(await call("GET", "/v1/user", { headers: { authorization: "Basic xyz" } }), 401);
    // Even when the "Basic" credentials are a valid API token.
    errorMessage(await call("GET", "/v1/user", { headers: { authorization: `Basic ${token}` } }), 401);
  });

  it("answers 401 for an unknown bearer token or a malformed header", async () => {
    const { token } = await createUserThroughAdmin("malformed");
    for (const authorization of [
      "Bearer gb_api_0000000000000000000000000000000000000000000",
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      "Bearer",
      "Bearer ",
      token,
      `Bearer ${token} extra`,
    ]) {
      const response = await call("GET", "/v1/user", { headers: { authorization } });
      errorMessage(response, 401);
    }
  });

  it("accepts the scheme name in any case", async () => {
    const { user, token } = await createUserThroughAdmin("case");
    for (const scheme of ["bearer", "BEARER", "Bearer"]) {
      const response = await call("GET", "/v1/user", { headers: { authorization: `${scheme} ${token}` } });
      expect(response.status, scheme).toBe(200);
      expect(response.body.id).toBe(user.id);
    }
  });
});
