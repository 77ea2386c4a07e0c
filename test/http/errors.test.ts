import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { createUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";

describe("errors", () => {
  it("answers an unknown route with a 404 that names the method and path", async () => {
    const user = await createUser();
    const response = await call("DELETE", "/v1/no-such-thing", { token: user.token });
    expect(errorMessage(response, 404)).toBe("No route for DELETE /v1/no-such-thing");
    const outside = await call("GET", "/elsewhere");
    expect(errorMessage(outside, 404)).toBe("No route for GET /elsewhere");
  });

  it("tells a missing resource apart from a missing route", async () => {
    const user = await createUser();
    const response = await call("GET", "/v1/orgs/doesNotExist", { token: user.token });
    expect(errorMessage(response, 404)).toBe("Organization 'doesNotExist' not found");
  });

  it("refuses malformed JSON with a 400", async () => {
    const user = await createUser();
    const response = await call("POST", "/v1/orgs", { token: user.token, body: '{"title": "Broken' });
    expect(errorMessage(response, 400)).toMatch(/malformed json/i);
    const orgs = await call("GET", "/v1/orgs", { token: user.token });
    expect(orgs.body.count).toBe(0);
  });

  it("refuses a JSON route's body sent as another content type with a 415", async () => {
    const user = await createUser();
    const response = await call("POST", "/v1/orgs", {
      token: user.token,
      body: JSON.stringify({ title: "Plain text" }),
      headers: { "content-type": "text/plain" },
    });
    expect(errorMessage(response, 415)).toContain("Content-Type: application/json");
    expect((await call("GET", "/v1/orgs", { token: user.token })).body.count).toBe(0);
  });

  it("names every invalid field of a body, query and path", async () => {
    const user = await createUser();
    const body = await call("POST", "/v1/orgs", { token: user.token, body: { title: "x", emailDomains: ["not a domain"] } });
    const message = errorMessage(body, 400);
    expect(message).toContain("'title'");
    expect(message).toContain("'emailDomains[0]'");

    const query = await call("GET", "/v1/orgs?limit=5000", { token: user.token });
    expect(errorMessage(query, 400)).toContain("Invalid query parameter 'limit'");

    const path = await call("GET", "/v1/orgs/has%20space", { token: user.token });
    expect(errorMessage(path, 400)).toContain("Invalid path parameter 'organizationId'");

    const notAnObject = await call("POST", "/v1/orgs", { token: user.token, body: [1, 2] });
    expect(errorMessage(notAnObject, 400)).toMatch(/^Invalid request body/);
  });

  it("refuses a body over 1 MiB with a 413", async () => {
    const user = await createUser();
    const response = await call("POST", "/v1/orgs", { token: user.token, body: { title: "Big", padding: "x".repeat(1024 * 1024) } });
    expect(errorMessage(response, 413)).toContain("exceeds");
  });

  it("puts a request id on every response, success or error", async () => {
    const user = await createUser();
    const ok = await call("GET", "/v1/user", { token: user.token });
    const unauthorized = await call("GET", "/v1/user");
    for (const response of [ok, unauthorized]) expect(response.headers.get("x-request-id")).toMatch(/^[\w.-]{8,64}$/);
    expect(ok.headers.get("x-request-id")).not.toBe(unauthorized.headers.get("x-request-id"));
    const echoed = await call("GET", "/v1/user", { token: user.token, headers: { "x-request-id": "client-trace-1" } });
    expect(echoed.headers.get("x-request-id")).toBe("client-trace-1");
    const unsafe = await call("GET", "/v1/user", { token: user.token, headers: { "x-request-id": "<script>" } });
    expect(unsafe.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("answers an unexpected failure with a 500 that leaks nothing but the request id", async () => {
    const user = await createUser();
    // A D1 whose every statement fails with an internal-looking message, in a session too.
    const fail = () => {
      throw new Error("D1_ERROR: no such table: secret_internal_table at offset 42");
    };
    const brokenDatabase = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") return fail;
        if (property === "withSession") return () => ({ prepare: fail, batch: fail, getBookmark: () => null });
        return Reflect.get(target, property);
      },
    });
    const response = await createApp().fetch(
      new Request("https://docs.test/v1/orgs", { headers: { authorization: `Bearer ${user.token}` } }),
      { ...env, DB: brokenDatabase },
      createExecutionContext(),
    );
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body).toEqual({ error: { code: 500, message: `Internal server error (request id ${requestId})` } });
    expect(JSON.stringify(body)).not.toMatch(/D1|secret|table|offset/);
  });
});
