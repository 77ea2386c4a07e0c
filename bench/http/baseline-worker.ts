import { Hono } from "hono";

/**
 * The baseline, served by `wrangler dev` beside the API (bench/http/reads.mjs): a Hono
 * route that does one D1 primary-key query and answers the row as JSON, on the same database.
 */
export default new Hono<{ Bindings: { DB: D1Database } }>().get("/baseline/:id", async (c) => {
  const row = await c.env.DB.prepare("SELECT * FROM spaces WHERE id = ?").bind(c.req.param("id")).first();
  // With `?log`, the line the API writes for every request (http/middleware.ts), to see what it costs here.
  if (c.req.query("log") !== undefined) console.log(REQUEST_LOG_LINE);
  if (!row) return c.json({ error: { code: 404, message: "Not found" } }, 404);
  // With `?items=N`, a list's body of N copies of the row: what answering that much JSON costs here.
  const items = Number(c.req.query("items") ?? 0);
  return items > 0 ? c.json({ items: Array.from({ length: items }, () => row), count: items }) : c.json(row);
});

const REQUEST_LOG_LINE = JSON.stringify({ level: "info", message: "request", requestId: "0123456789abcdef", method: "GET", path: "/v1/spaces/x", status: 200, ms: 1 });
