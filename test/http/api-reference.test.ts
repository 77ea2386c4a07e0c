import { describe, expect, it } from "vitest";
import packageJson from "../../package.json";
import { SCALAR_BUNDLE_PATH, SCALAR_VERSION } from "../../src/http/api-reference";
import { ORIGIN, throughAssets, workerUnderTest } from "../helpers/http";

/** Every URL a tag of the page loads (script src, stylesheet and other link href), as written. */
function loadedUrls(html: string): string[] {
  const attributes = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g), ...html.matchAll(/<link\b[^>]*\bhref="([^"]*)"/g)];
  return attributes.map((match) => match[1]!);
}

describe("the interactive API reference", () => {
  it("is a page served without a token that renders the served OpenAPI document", async () => {
    const response = await workerUnderTest.fetch(`${ORIGIN}/v1/reference`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("/v1/openapi.json");
    expect(html).toContain("Docs content management API reference");
    // The language of its text, which Scalar's integration leaves out; colours that pass WCAG AA.
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/i);
    expect(html).toContain("--scalar-color-3: #636363");
    expect(html).toMatch(/"mcp": \{\s*"disabled": true\s*\}/);
  });

  it("loads every script and stylesheet from the API's own origin: Scalar's bundle, versioned", async () => {
    const html = await (await workerUnderTest.fetch(`${ORIGIN}/v1/reference`)).text();
    const urls = loadedUrls(html);
    expect(urls).toEqual([SCALAR_BUNDLE_PATH]);
    expect(urls.every((url) => new URL(url, ORIGIN).origin === ORIGIN)).toBe(true);
    // Nothing else is named that a browser would fetch: no module import, no CDN, no Scalar font server.
    expect(html).not.toMatch(/\bimport\b|https?:\/\//);
    expect(html).toContain('"withDefaultFonts": false');
  });

  it("names the Scalar version package.json pins", () => {
    expect(packageJson.dependencies["@scalar/api-reference"]).toBe(SCALAR_VERSION);
  });

  it("has its bundle served as a static asset, cacheable for a year, and shadows no route", async () => {
    const bundle = await throughAssets(SCALAR_BUNDLE_PATH);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(bundle.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const script = await bundle.text();
    expect(script).toContain("createApiReference");
    // The routes still answer through the Worker (its request id), the page and the document included.
    for (const path of ["/v1/reference", "/v1/openapi.json"]) {
      const response = await throughAssets(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-request-id"), path).toBeTruthy();
    }
    // A path under /assets/ that is no file is the Worker's 404, not one kept for a year; the headers file is not served.
    for (const path of ["/assets/scalar/0.0.0/standalone.js", "/_headers"]) {
      const missing = await throughAssets(path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get("cache-control"), path).toBeNull();
      expect(((await missing.json()) as { error: { code: number } }).error.code, path).toBe(404);
    }
  });
});
