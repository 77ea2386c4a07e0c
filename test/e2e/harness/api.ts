/**
 * The Worker's public HTTP API as a user's script calls it (fetch against the running `wrangler dev`),
 * for seeding: every call states the status it expects (200 unless told) and throws with the answer otherwise.
 */

export interface ApiCaller {
  origin: string;
  call<T = any>(method: string, path: string, options?: { body?: unknown; expect?: number; token?: string }): Promise<T>;
}

/** Calls with `token` as the bearer token; without one, as an anonymous visitor. */
export function apiCaller(origin: string, token?: string): ApiCaller {
  return {
    origin,
    async call(method, path, options = {}) {
      const bearer = options.token ?? token;
      const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
      if (options.body !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(`${origin}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await response.text();
      const expected = options.expect ?? 200;
      if (response.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${response.status}: ${text.slice(0, 2000)}`);
      return text ? JSON.parse(text) : undefined;
    },
  };
}
