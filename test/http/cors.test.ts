import { describe, expect, it } from "vitest";
import { createUser } from "../helpers/fixtures";
import { call } from "../helpers/http";

/** CORS: origins come from the CORS_ALLOWED_ORIGINS var; none are allowed by default. */

const APP = "https://app.example.com";
const allowing = (origins: string) => ({ CORS_ALLOWED_ORIGINS: origins });

const preflight = (origin: string, origins: string, path = "/v1/orgs") =>
  call("OPTIONS", path, {
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type,idempotency-key" },
    bindings: allowing(origins),
  });

describe("CORS", () => {
  it("answers an allowed origin's preflight before authentication, with the methods and headers the API reads", async () => {
    const response = await preflight(APP, `https://other.example.com, ${APP}`);
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
    expect(response.headers.get("access-control-allow-methods")).toBe("GET,POST,PUT,PATCH,DELETE");
    expect(response.headers.get("access-control-allow-headers")?.split(",")).toEqual(
      expect.arrayContaining(["Authorization", "Content-Type", "Idempotency-Key", "If-None-Match"]),
    );
    expect(response.headers.get("access-control-max-age")).toBe("600");
  });

  it("gives an allowed origin's requests the CORS headers, errors included, and exposes the API's headers", async () => {
    const user = await createUser("cors");
    const ok = await call("GET", "/v1/user", { token: user.token, headers: { origin: APP }, bindings: allowing(APP) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe(APP);
    expect(ok.headers.get("access-control-expose-headers")?.split(",")).toEqual(
      expect.arrayContaining(["ETag", "Location", "Retry-After", "X-Request-Id", "Idempotent-Replayed"]),
    );
    expect(ok.headers.get("vary")).toMatch(/Origin/);
    // A browser must be able to read why a request failed.
    const refused = await call("GET", "/v1/user", { headers: { origin: APP }, bindings: allowing(APP) });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(APP);
  });

  it("covers the signed file download URLs", async () => {
    const response = await call("GET", "/files/nothing?expires=0&signature=x", { headers: { origin: APP }, bindings: allowing(APP) });
    expect(response.status).toBe(404);
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
    expect((await preflight(APP, APP, "/files/anything")).headers.get("access-control-allow-origin")).toBe(APP);
  });

  it("allows any origin with '*'", async () => {
    const response = await preflight("https://anywhere.example", "*");
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("gives no CORS headers to an origin not listed, nor to any origin by default, and its preflight is not answered", async () => {
    for (const origins of ["", "https://other.example.com"]) {
      const response = await preflight(APP, origins);
      expect(response.status).not.toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      expect(response.headers.get("access-control-allow-methods")).toBeNull();
    }
    const user = await createUser("cors-closed");
    const plain = await call("GET", "/v1/user", { token: user.token, headers: { origin: APP } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
  });
});
