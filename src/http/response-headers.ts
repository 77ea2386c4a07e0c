import type { Context } from "hono";

/**
 * Sets a header of the response a handler has already made (middleware, after `next()`).
 *
 * Hono's `c.header` copies the whole Response on every call once one exists, because a response
 * may have immutable headers (one from `fetch` or the cache). Every request passes through three
 * such middleware (four with CORS origins set), and the copies were a measurable part of a read
 * (docs/performance.md, "Reads"), so the header is set (or with `append`, added) in place, and only
 * a response whose headers refuse it is copied.
 */
export function setResponseHeader(c: Context, name: string, value: string, options?: { append: true }): void {
  try {
    if (options?.append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, options);
  }
}
