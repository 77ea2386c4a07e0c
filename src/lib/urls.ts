/**
 * Builds the absolute URLs that API objects carry (`urls.location`, `urls.app`, ...).
 * API URLs use the origin the request came to, so they are right behind any hostname and in
 * local dev; app URLs use APP_URL when the deployment has a web app, else the same origin.
 */
export interface Urls {
  /** The origin requests came to: where this Worker serves non-API URLs (file downloads). */
  origin: string;
  /** `path` starts with `/`, relative to `/v1`. */
  api(path: string): string;
  app(path: string): string;
}

export function createUrls(requestUrl: string, appUrl: string | undefined): Urls {
  const origin = new URL(requestUrl).origin;
  const appBase = (appUrl || origin).replace(/\/+$/, "");
  return {
    origin,
    api: (path) => `${origin}/v1${path}`,
    app: (path) => `${appBase}${path}`,
  };
}

/** Whether `value` parses as an absolute http(s) URL: what a link, an embed or a card may point to. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
