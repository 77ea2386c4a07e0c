import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { setResponseHeader } from "../../src/http/response-headers";

/** Headers middleware sets after the handler answered: in place, or on a copy when the response's headers are immutable. */
describe("setResponseHeader", () => {
  const app = new Hono()
    .use(async (c, next) => {
      await next();
      setResponseHeader(c, "X-After", "set");
      setResponseHeader(c, "Vary", "Origin", { append: true });
    })
    .get("/mutable", (c) => c.json({ ok: true }, 200, { Vary: "Accept" }))
    // A redirect made with Response.redirect has immutable headers (Fetch standard).
    .get("/immutable", () => Response.redirect("https://example.com/elsewhere", 302));

  it("sets a header, or adds a value to one, on a response the handler made", async () => {
    const response = await app.request("/mutable");
    expect(response.headers.get("X-After")).toBe("set");
    expect(response.headers.get("Vary")).toBe("Accept, Origin");
    expect(await response.json()).toEqual({ ok: true });
  });

  it("sets it on a copy of a response whose headers are immutable, keeping its status and headers", async () => {
    const response = await app.request("/immutable");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://example.com/elsewhere");
    expect(response.headers.get("X-After")).toBe("set");
    expect(response.headers.get("Vary")).toBe("Origin");
  });
});
