import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { setResponseHeader } from "../../src/http/response-headers";

/** Headers middleware sets after the handler answered: in place, or on a copy when the response's headers are immutable. */
describe("setResponseHeader", () => {
  const app = new Hono()
    .use(async (c, next) => {
      await next();
      setResponseHeader(c, "X-After", "set");
    })
    .get("/mutable", (c) => c.json({ ok: true }))
    // A redirect made with Response.redirect has immutable headers (Fetch standard).
    .get("/immutable", () => Response.redirect("https://example.com/elsewhere", 302));

  it("sets a header on a response the handler made", async () => {
    const response = await app.request("/mutable");
    expect(response.headers.get("X-After")).toBe("set");
    expect(await response.json()).toEqual({ ok: true });
  });

  it("sets it on a copy of a response whose headers are immutable, keeping its status and headers", async () => {
    const response = await app.request("/immutable");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://example.com/elsewhere");
    expect(response.headers.get("X-After")).toBe("set");
  });
});
