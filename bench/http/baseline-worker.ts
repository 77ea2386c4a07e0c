import { Hono } from "hono";

/**
 * The baselines, served by `wrangler dev` beside the API (bench/http/reads.mjs), on the
 * same database: a Hono route that does one D1 primary-key query and answers the row as JSON (the
 * API's reads are measured against it), and a static Hono route answering a constant HTML page
 * (the reader's cached pages are): `/static` a small page, `/static/<bytes>` one of that many
 * bytes, so a reader page can also be set against a constant page of its own size.
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
app.get("/static/:bytes{[0-9]+}", (c) => c.html(staticPageOf(Number(c.req.param("bytes")))));

const REQUEST_LOG_LINE = JSON.stringify({ level: "info", message: "request", requestId: "0123456789abcdef", method: "GET", path: "/v1/spaces/x", status: 200, ms: 1 });

const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head><body><main><h1>Static</h1><p>A constant page.</p></main></body></html>`;

/** Constant pages of a given size (to within a paragraph, at most 1 MiB), built once per isolate. */
const pagesBySize = new Map<number, string>();
function staticPageOf(bytes: number): string {
  bytes = Math.min(bytes, 1024 * 1024);
  let page = pagesBySize.get(bytes);
  if (page === undefined) {
    const paragraph = "<p>A constant paragraph of the static page, repeated to the size asked for.</p>";
    const body = paragraph.repeat(Math.ceil(Math.max(0, bytes - STATIC_PAGE.length) / paragraph.length));
    page = STATIC_PAGE.replace("</main>", `${body}</main>`);
    pagesBySize.set(bytes, page);
  }
  return page;
}

export default app;
