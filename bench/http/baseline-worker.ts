import { Hono } from "hono";

/**
 * The baselines, served by `wrangler dev` beside the API (bench/http/reads.mjs), on the
 * same database: a Hono route that does one D1 primary-key query and answers the row as JSON (the
 * API's reads are measured against it), and a static Hono route answering a constant HTML page
 * (the reader's cached pages are): `/static` a small page, and `/static/page/<name>` the body last
 * put there (`PUT`, kept in the isolate's memory): a reader page's own HTML, so that the runtime's
 * compression (which `wrangler dev` applies as Cloudflare's edge would, in the server's process)
 * costs both the same.
 */
const app = new Hono<{ Bindings: { DB: D1Database } }>();

app.get("/baseline/:id", async (c) => {
  // With `?rows=N`, instead, N rows of spaces read in its one query and answered as a list: the
  // least a page of N items read from D1 can cost here.
  const rows = Number(c.req.query("rows") ?? 0);
  if (rows > 0) {
    const { results } = await c.env.DB.prepare("SELECT * FROM spaces LIMIT ?").bind(rows).all();
    return c.json({ items: results, count: results.length });
  }
  const row = await c.env.DB.prepare("SELECT * FROM spaces WHERE id = ?").bind(c.req.param("id")).first();
  // With `?log`, the line the API writes for every request (http/middleware.ts), to see what it costs here.
  if (c.req.query("log") !== undefined) console.log(REQUEST_LOG_LINE);
  if (!row) return c.json({ error: { code: 404, message: "Not found" } }, 404);
  // With `?items=N`, a list's body of N copies of the row: what answering that much JSON costs here.
  const items = Number(c.req.query("items") ?? 0);
  return items > 0 ? c.json({ items: Array.from({ length: items }, () => row), count: items }) : c.json(row);
});

app.get("/static", (c) => c.html(STATIC_PAGE));
app.get("/static/page/:name", (c) => {
  const page = putPages.get(c.req.param("name"));
  return page === undefined ? c.text("Not put", 404) : c.html(page);
});
app.put("/static/page/:name", async (c) => {
  putPages.set(c.req.param("name"), await c.req.text());
  return c.body(null, 204);
});

const putPages = new Map<string, string>();

const REQUEST_LOG_LINE = JSON.stringify({ level: "info", message: "request", requestId: "0123456789abcdef", method: "GET", path: "/v1/spaces/x", status: 200, ms: 1 });

const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head><body><main><h1>Static</h1><p>A constant page.</p></main></body></html>`;

export default app;
